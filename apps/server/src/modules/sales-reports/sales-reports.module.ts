import { SALE_KINDS } from "@app/contracts";
import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import type { AppModule } from "../../platform/app-module.js";
import { answers, decimals, dropdownOf } from "../../platform/openapi.js";
import { PERIOD_PARAMS, reportQuery, zIdParam } from "../../platform/report-query.js";
import { registerDynamicList } from "../ledger/dynamic-list.js";
import { itemsProfitReport, mostActiveItemsReport, promotionsReport, salesReport } from "./sales-reports.js";

/** The sales reports of SPEC §2 (reports/sales, items-profit, most-active-items, promotions), read from the sales and returns. */
const PERMISSIONS = ["reports/sales", "reports/items_profits", "reports/most_active_items", "reports/promotions"] as const;
const money = (...cols: string[]) => decimals(...cols.flatMap((c) => [c, `${c}_iqd`, `${c}_usd`]));

const ZSalesRow = z.object({
  row_id: z.union([z.number().int(), z.string()]),
  doc: z.enum(["sale", "return"]),
  id: z.number().int(),
  number: z.string().nullable(),
  date: z.string(),
  sale_kind: z.string(),
  consumer_id: z.number().int(),
  consumer_name: z.string(),
  salesman_name: z.string().nullable(),
  inventory_name: z.string(),
  currency_id: z.number().int(),
  currency_name: z.string(),
  ...money("gross", "discount", "net", "tax", "total", "paid", "remaining"),
  ...decimals("rate", "revenue", "cost", "profit"),
});
const itemRow = {
  item_id: z.number().int(),
  item_name: z.string(),
  item_code: z.string().nullable(),
  category_name: z.string().nullable(),
  base_unit_name: z.string().nullable(),
  ...decimals("qty_sold", "qty_returned", "qty", "net_revenue"),
};
const ZItemProfitRow = z.object({ ...itemRow, ...decimals("sales", "returns", "cost", "profit", "margin") });
const ZActiveItemRow = z.object({ ...itemRow, sales_count: z.number().int(), last_sold: z.string().nullable() });
const ZPromotionRow = z.object({
  promotion_id: z.number().int(),
  title: z.string(),
  reward_type: z.string(),
  start_date: z.string(),
  end_date: z.string(),
  is_active: z.boolean(),
  lines_count: z.number().int(),
  sales_count: z.number().int(),
  ...decimals("reward_value", "qty", "free_qty", "discount", "revenue"),
});

/** The sales reports' own query parameters, as salesFilters reads them. */
const SALES_QUERY = reportQuery({
  ...PERIOD_PARAMS,
  customer_id: { type: zIdParam().optional().describe("One customer's documents"), alias: "filter[customer_id]" },
  salesman_id: { type: zIdParam().optional().describe("One salesman's documents"), alias: "filter[salesman_id]" },
  item_id: { type: zIdParam().optional().describe("One item's lines"), alias: "filter[item_id]" },
  category_id: { type: zIdParam().optional().describe("The lines of one category's items"), alias: "filter[category_id]" },
  inventory_id: { type: zIdParam().optional().describe("One inventory's documents"), alias: "filter[inventory_id]" },
  kind: {
    type: z.enum(SALE_KINDS, { error: "The filter is not allowed." }).optional().describe("Invoice sales, salesman sales or POS sales"),
    alias: "filter[kind]",
  },
});

export const salesReportsModule: AppModule = {
  name: "sales-reports",
  register(app: FastifyInstance) {
    registerDynamicList(app, "/api/reports/sales", "reports/sales", "sales_report", salesReport, ZSalesRow, SALES_QUERY);
    registerDynamicList(
      app,
      "/api/reports/items_profit",
      "reports/items_profits",
      "items_profit",
      itemsProfitReport,
      ZItemProfitRow,
      SALES_QUERY,
    );
    registerDynamicList(
      app,
      "/api/reports/most_active_items",
      "reports/most_active_items",
      "most_active_items",
      mostActiveItemsReport,
      ZActiveItemRow,
      SALES_QUERY,
    );
    registerDynamicList(
      app,
      "/api/reports/promotions",
      "reports/promotions",
      "promotions_report",
      promotionsReport,
      ZPromotionRow,
      SALES_QUERY,
    );
    // The salesman filter's choices: staff who are salesmen (the reports' readers need not read the staff).
    app.get(
      "/api/reports/salesmen",
      {
        config: { permission: [...PERMISSIONS] },
        ...answers(dropdownOf(z.object({ user_id: z.number().int(), user_name: z.string(), sale_man_name: z.string().nullable() }))),
      },
      async () => ({
        message: (
          await app.db.execute<{ user_id: number; user_name: string; sale_man_name: string | null }>(
            sql`select user_id, user_name, sale_man_name from users where is_salesman order by lower(coalesce(sale_man_name, user_name))`,
          )
        ).rows,
      }),
    );
  },
};
