import { ZQuotation, ZQuotationConvert } from "@app/contracts";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import type { AppModule } from "../../platform/app-module.js";
import { registerAction, registerCrud } from "../../platform/crud.js";
import { rowOf } from "../../platform/openapi.js";
import { convertQuotation } from "./convert-quotation.js";
import { createQuotation, deleteQuotation, quotationsList, showQuotation, updateQuotation } from "./quotations.js";
import { quotationLines, quotations } from "./quotations.tables.js";

export const ZQuotationShown = rowOf(quotations).extend({
  date: z.string(),
  valid_until: z.string(),
  /** open, converted, or expired (open past its valid-until day). */
  shown_status: z.string(),
  consumer_name: z.string(),
  customer_mobile: z.string().nullable(),
  inventory_name: z.string(),
  currency_name: z.string(),
  created_by_name: z.string().nullable(),
  lines: z.array(
    rowOf(quotationLines).extend({
      item_name: z.string(),
      item_code: z.string().nullable(),
      unit_name: z.string(),
      /** The item's unit the line uses (none once the unit is taken off the item), to price the line again. */
      item_unit_id: z.number().int().nullable(),
      promotion_title: z.string().nullable(),
    }),
  ),
});

/** Quotations (SPEC §2 `/sales/sale-quotations`, permission section `quotations`). */
export const quotationsModule: AppModule = {
  name: "quotations",
  register(app: FastifyInstance) {
    registerCrud(app, {
      endpoint: "quotations",
      section: "quotations",
      list: quotationsList,
      row: ZQuotationShown,
      show: showQuotation,
      create: { schema: ZQuotation, run: createQuotation },
      update: { schema: ZQuotation, run: updateQuotation },
      remove: deleteQuotation,
    });
    registerAction(app, {
      endpoint: "quotations",
      name: "convert_to_sale",
      permission: "quotations/convert_to_sale",
      show: showQuotation,
      row: ZQuotationShown,
      body: ZQuotationConvert,
      run: convertQuotation,
    });
  },
};
