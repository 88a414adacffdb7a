import { ZSaleReturn } from "@app/contracts";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import type { AppModule } from "../../platform/app-module.js";
import { parseId, registerAction, registerCrud } from "../../platform/crud.js";
import { notFound } from "../../platform/errors.js";
import { ctxOf } from "../../platform/http.js";
import { answers, dataOf, zDecimal } from "../../platform/openapi.js";
import { assertInventoryAccess } from "../catalogue/inventories.js";
import { returnableLines, saleOf } from "./returnable.js";
import {
  createSaleReturn,
  deleteSaleReturn,
  saleReturnsList,
  setSaleReturnClosed,
  showSaleReturn,
  updateSaleReturn,
} from "./sale-returns.js";
import { ZSaleReturnShown } from "./sale-returns.schemas.js";

const ZReturnable = z.object({
  sale: z.object({
    id: z.number().int(),
    number: z.string().nullable(),
    consumer_fk: z.number().int(),
    inventory_fk: z.number().int(),
    currency_id: z.number().int(),
    rate: zDecimal,
    status: z.string(),
    payment_type: z.string(),
    account_fk: z.number().int().nullable(),
    consumer_name: z.string(),
    currency_name: z.string(),
  }),
  lines: z.array(
    z.object({
      sale_line_id: z.number().int(),
      item_fk: z.number().int(),
      item_name: z.string(),
      unit_fk: z.number().int(),
      unit_name: z.string(),
      unit_price: zDecimal,
      net_unit_price: zDecimal,
      batch_no: z.string().nullable(),
      expire_date: z.string().nullable(),
      sold: zDecimal,
      returned: zDecimal,
      returnable: zDecimal,
    }),
  ),
});

const SECTION = "sale_returns";

export const saleReturnsModule: AppModule = {
  name: "sale-returns",
  register(app: FastifyInstance) {
    // What of a sale can still come back (a return's screen from a sale; `except` leaves out the return being edited).
    app.get(
      "/api/sale_returns/returnable/:saleId",
      {
        config: { permission: [`${SECTION}/store`, `${SECTION}/update`] },
        ...answers(dataOf(ZReturnable), { querystring: z.object({ except: z.number().int().min(1).optional() }) }),
      },
      async (req) => {
        const saleId = parseId((req.params as { saleId: string }).saleId);
        const raw = (req.query as { except?: string }).except;
        const except = raw ? parseId(raw) : 0;
        const ctx = ctxOf(app, req);
        const sale = await saleOf(ctx, saleId);
        if (!sale) throw notFound();
        await assertInventoryAccess(ctx, sale.inventory_fk);
        return { data: { sale, lines: await returnableLines(ctx, saleId, except) } };
      },
    );
    registerCrud(app, {
      endpoint: "sale_returns",
      section: SECTION,
      list: saleReturnsList,
      row: ZSaleReturnShown,
      show: showSaleReturn,
      create: { schema: ZSaleReturn, run: createSaleReturn },
      update: { schema: ZSaleReturn, run: updateSaleReturn },
      remove: deleteSaleReturn,
      checks: { update: [`${SECTION}/unclose`], destroy: [`${SECTION}/unclose`] },
    });
    for (const [name, closed] of [
      ["close", true],
      ["open", false],
    ] as const)
      registerAction(app, {
        endpoint: "sale_returns",
        name,
        permission: `${SECTION}/${name}`,
        show: showSaleReturn,
        row: ZSaleReturnShown,
        run: (ctx, id) => setSaleReturnClosed(ctx, id, closed),
      });
  },
};
