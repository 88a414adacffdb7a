import { type SaleKind, ZSale, ZSaleShown } from "@app/contracts";
import type { FastifyInstance } from "fastify";
import type { Ctx } from "../../platform/context.js";
import { registerAction, registerCrud, registerList } from "../../platform/crud.js";
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
  registerAction(app, {
    endpoint,
    name: "complete",
    permission: `${endpoint}/complete`,
    show,
    run: (ctx, id) => completeSale(ctx, id, kind),
    row: ZSaleShown,
  });
  registerAction(app, {
    endpoint,
    name: "return_to_draft",
    permission: `${endpoint}/return_to_draft`,
    show,
    run: (ctx, id) => returnToDraft(ctx, id, kind),
    row: ZSaleShown,
  });
  registerAction(app, {
    endpoint,
    name: "close",
    permission: `${endpoint}/close`,
    show,
    run: (ctx, id) => setSaleClosed(ctx, id, true, kind),
    row: ZSaleShown,
  });
  registerAction(app, {
    endpoint,
    name: "open",
    permission: `${endpoint}/open`,
    show,
    run: (ctx, id) => setSaleClosed(ctx, id, false, kind),
    row: ZSaleShown,
  });
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
