import type { FastifyInstance } from "fastify";
import { z } from "zod";
import type { AppModule } from "../../platform/app-module.js";
import { registerList } from "../../platform/crud.js";
import { decimals } from "../../platform/openapi.js";
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
    );
    registerDynamicList(
      app,
      "/api/reports/inventories",
      "reports/inventory",
      "inventories_report",
      (ctx, raw) => inventoriesReport(ctx, raw),
      ZInventoryRow,
    );
    registerList(app, "/api/reports/expired_items", expiredItemsReport, "reports/expired_items");
  },
};
