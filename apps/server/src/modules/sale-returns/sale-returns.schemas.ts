import { SALE_KINDS } from "@app/contracts";
import { z } from "zod";
import { rowOf } from "../../platform/openapi.js";
import { saleReturnLines, saleReturns } from "./sale-returns.tables.js";

/** A sale return as shown (the POS's returns answer with it too). */
export const ZSaleReturnShown = rowOf(saleReturns).extend({
  date: z.string(),
  consumer_name: z.string(),
  customer_mobile: z.string().nullable(),
  inventory_name: z.string(),
  currency_name: z.string(),
  account_name: z.string().nullable(),
  account_system_key: z.string().nullable(),
  sale_number: z.string().nullable(),
  /** The kind of the sale it came from (sale, salesman, pos): the screen its link opens. */
  sale_kind: z.enum(SALE_KINDS).nullable(),
  created_by_name: z.string().nullable(),
  lines: z.array(
    rowOf(saleReturnLines).extend({
      expire_date: z.string().nullable(),
      item_name: z.string(),
      item_code: z.string().nullable(),
      unit_name: z.string(),
    }),
  ),
});
