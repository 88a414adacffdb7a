import { MSG } from "@app/contracts";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import type { AppModule } from "../../platform/app-module.js";
import { registerList } from "../../platform/crud.js";
import { decimals } from "../../platform/openapi.js";
import { PERIOD_PARAMS, reportQuery, zIdParam } from "../../platform/report-query.js";
import { registerDynamicList } from "../ledger/dynamic-list.js";
import { expiredItemsReport, inventoriesReport, itemTransactions } from "./stock-reports.js";

/** The stock reports (SPEC's reports/item-transaction, reports/inventories, reports/expired-items), read from the stock ledger. */
const ZMovementRow = z.object({
  movement_id: z.union([z.number().int(), z.string()]),
  date: z.string(),
  is_opening: z.boolean(),
  source_type: z.string(),
  source_id: z.number().int().nullable(),
  source_no: z.string().nullable(),
  is_reversal: z.boolean(),
  inventory_name: z.string().nullable(),
  batch_no: z.string().nullable(),
  expire_date: z.string().nullable(),
  unit_name: z.string().nullable(),
  ...decimals("unit_qty", "qty_in", "qty_out", "qty", "balance", "unit_cost", "value", "balance_value", "footer_in", "footer_out"),
});
const ZInventoryRow = z.object({
  inventory_id: z.number().int(),
  inventory_name: z.string(),
  items_count: z.number().int(),
  expired_items: z.number().int(),
  ...decimals("qty", "value"),
});

// The reports' own query parameters, as stock-reports.ts reads them.
const ITEM_TRANSACTIONS_QUERY = reportQuery({
  item_id: { type: zIdParam(MSG.selectItemForTransactions).describe("The item"), alias: "filter[item_id]" },
  inventory_id: { type: zIdParam().optional().describe("One inventory; all the user's when left out"), alias: "filter[inventory_id]" },
  ...PERIOD_PARAMS,
});
const INVENTORIES_QUERY = reportQuery({
  category_id: { type: zIdParam().optional().describe("Count the items of this category only"), alias: "filter[category_id]" },
  brand_id: { type: zIdParam().optional().describe("Count the items of this brand only"), alias: "filter[brand_id]" },
});

export const stockReportsModule: AppModule = {
  name: "stock-reports",
  register(app: FastifyInstance) {
    registerDynamicList(
      app,
      "/api/reports/item_transactions",
      "reports/item_transactions",
      "item_transactions",
      (ctx, raw) => itemTransactions(ctx, raw),
      ZMovementRow,
      ITEM_TRANSACTIONS_QUERY,
    );
    registerDynamicList(
      app,
      "/api/reports/inventories",
      "reports/inventory",
      "inventories_report",
      (ctx, raw) => inventoriesReport(ctx, raw),
      ZInventoryRow,
      INVENTORIES_QUERY,
    );
    registerList(app, "/api/reports/expired_items", expiredItemsReport, "reports/expired_items");
  },
};
