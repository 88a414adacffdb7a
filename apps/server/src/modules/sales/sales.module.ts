import { type SaleKind, ZSale, ZSaleShown } from "@app/contracts";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import type { AppModule } from "../../platform/app-module.js";
import type { Ctx } from "../../platform/context.js";
import { parseId, registerAction, registerCrud, registerList } from "../../platform/crud.js";
import { notFound } from "../../platform/errors.js";
import { ctxOf } from "../../platform/http.js";
import { answers, dataOf, dropdownOf } from "../../platform/openapi.js";
import { completeSale, createSale, deleteSale, returnToDraft, setSaleClosed, updateSale } from "./sales.js";
import { commissionsList, SALE_SECTIONS, salesList } from "./sales.list.js";
import { customerInfo, salesmen, showSale } from "./sales.show.js";

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
    create: { schema: ZSale, run: (ctx, input, opts) => createSale(ctx, input, { kind, numberLater: opts.completing }) },
    update: { schema: ZSale, run: (ctx, id, input) => updateSale(ctx, id, input, kind) },
    remove: (ctx, id) => deleteSale(ctx, id, kind),
    complete: { permission: `${endpoint}/complete`, action: "complete", run: (ctx, id) => completeSale(ctx, id, kind) },
    // A discount needs `discount`; without `view_all` an invoice sale is read only by the one who made it.
    checks: {
      store: [`${endpoint}/discount`],
      update: [`${endpoint}/discount`, `${endpoint}/unclose`],
      destroy: [`${endpoint}/unclose`],
      // The customer's balance beside the sale is customers/balance_view's.
      show: [...(kind === "sale" ? [`${endpoint}/view_all`] : []), "customers/balance_view"],
      ...(kind === "sale" ? { index: [`${endpoint}/view_all`] } : {}),
    },
  });
  registerAction(app, {
    endpoint,
    name: "complete",
    permission: `${endpoint}/complete`,
    show,
    run: (ctx, id) => completeSale(ctx, id, kind),
    row: ZSaleShown,
    checks: [`${endpoint}/unclose`],
  });
  registerAction(app, {
    endpoint,
    name: "return_to_draft",
    permission: `${endpoint}/return_to_draft`,
    show,
    run: (ctx, id) => returnToDraft(ctx, id, kind),
    row: ZSaleShown,
    checks: [`${endpoint}/unclose`],
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

/** Whoever writes a sale of either kind may read the pickers the form needs. */
const WRITERS = ["sales/store", "sales/update", "salesman_sales/store", "salesman_sales/update"];

const ZCustomerInfo = z.object({
  consumer_id: z.number().int(),
  consumer_name: z.string(),
  mobile: z.string().nullable(),
  address: z.string().nullable(),
  // The balance is null to a user without customers/balance_view.
  customer_credit: z.object({ limit: z.string().nullable(), balance: z.string().nullable() }),
  warnings: z.array(z.string()),
});
const ZSalesman = z.object({
  user_id: z.number().int(),
  name: z.string(),
  commission_type: z.string().nullable(),
});

export const salesModule: AppModule = {
  name: "sales",
  register(app: FastifyInstance) {
    // The customer as the sale form shows him: mobile, address, credit and overdue warnings.
    app.get(
      "/api/sales/customer_info/:id",
      { config: { permission: WRITERS, checks: ["customers/balance_view"] }, ...answers(dataOf(ZCustomerInfo)) },
      async (req) => {
        const ctx = ctxOf(app, req);
        const info = await customerInfo(ctx, parseId((req.params as { id: string }).id));
        if (!info) throw notFound();
        return { data: info };
      },
    );
    app.get("/api/salesman_sales/salesmen", { config: { permission: WRITERS }, ...answers(dropdownOf(ZSalesman)) }, async (req) => ({
      message: await salesmen(ctxOf(app, req)),
    }));
    registerKind(app, "sale");
    registerKind(app, "salesman");
    // The salesman commission view: each complete salesman sale's base and commission, with totals.
    registerList(app, "/api/salesman_commissions", commissionsList, "salesman_sales/index");
  },
};
