import { MSG, type SaleKind, ZSale, ZSaleShown } from "@app/contracts";
import type { FastifyInstance } from "fastify";
import type { z } from "zod";
import { audit } from "../../platform/audit.js";
import type { Ctx } from "../../platform/context.js";
import { docs, parseId, registerCrud, registerList } from "../../platform/crud.js";
import { notFound } from "../../platform/errors.js";
import { inTx } from "../../platform/http.js";
import { savedOf } from "../../platform/openapi.js";
import type { AppModule } from "../index.js";
import {
  commissionsList,
  completeSale,
  createSale,
  deleteSale,
  returnToDraft,
  SALE_SECTIONS,
  salesList,
  setSaleClosed,
  showSale,
  updateSale,
} from "./sales.js";

type Show = (ctx: Ctx, id: number) => Promise<Record<string, unknown> | undefined>;

/** `POST /api/{endpoint}/{id}/{action}`: one state change in one transaction, audited with the record before and after. */
function action(
  app: FastifyInstance,
  endpoint: string,
  name: string,
  show: Show,
  run: (ctx: Ctx, id: number) => Promise<unknown>,
  row: z.ZodType,
) {
  app.post(
    `/api/${endpoint}/:id/${name}`,
    { config: { permission: `${endpoint}/${name}` }, ...docs({ tags: [endpoint], summary: `${name} one of ${endpoint}`, response: savedOf(row) }) },
    async (req) => {
      const id = parseId((req.params as { id: string }).id);
      const data = await inTx(app, req, async (ctx) => {
        const before = await show(ctx, id);
        if (!before) throw notFound();
        await run(ctx, id);
        const after = await show(ctx, id);
        await audit(ctx, { module: endpoint, action: name, record_id: id, before, after });
        return after;
      });
      return { message: MSG.updated, data };
    },
  );
}

/** Invoice sales (`/api/sales`) and salesman sales (`/api/salesman_sales`): the same document, each its own kind and keys. */
function registerKind(app: FastifyInstance, kind: Exclude<SaleKind, "pos">) {
  const endpoint = SALE_SECTIONS[kind];
  const show: Show = (ctx, id) => showSale(ctx, id, kind);
  registerCrud(app, {
    endpoint,
    section: endpoint,
    list: salesList(kind),
    row: ZSaleShown,
    show,
    create: { schema: ZSale, run: (ctx, input) => createSale(ctx, input, { kind }) },
    update: { schema: ZSale, run: (ctx, id, input) => updateSale(ctx, id, input, kind) },
    remove: (ctx, id) => deleteSale(ctx, id, kind),
  });
  action(app, endpoint, "complete", show, (ctx, id) => completeSale(ctx, id, kind), ZSaleShown);
  action(app, endpoint, "return_to_draft", show, (ctx, id) => returnToDraft(ctx, id, kind), ZSaleShown);
  action(app, endpoint, "close", show, (ctx, id) => setSaleClosed(ctx, id, true, kind), ZSaleShown);
  action(app, endpoint, "open", show, (ctx, id) => setSaleClosed(ctx, id, false, kind), ZSaleShown);
}

export const salesModule: AppModule = {
  name: "sales",
  register(app: FastifyInstance) {
    registerKind(app, "sale");
    registerKind(app, "salesman");
    // The salesman commission view: each complete salesman sale's base and commission, with totals.
    registerList(app, "/api/salesman_commissions", commissionsList, "salesman_sales/index");
  },
};
