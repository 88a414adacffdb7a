import { z } from "zod";

/** What a recalculation compares: stock balances, item costs, account day and month sums. */
export const RECALCULATION_KINDS = ["stock_balance", "item_cost", "account_day", "account_month"] as const;
export type RecalculationKind = (typeof RECALCULATION_KINDS)[number];

/** One figure of one kept row that was not the sum of its movements or journal lines. */
export const ZRecalculationDifference = z.object({
  kind: z.enum(RECALCULATION_KINDS),
  /** qty (stock balance, item cost), value and avg_cost (item cost), debit, credit, sys_debit, sys_credit (accounts). */
  field: z.string(),
  /** The kept figure; null when the row was missing. */
  was: z.string().nullable(),
  now: z.string(),
  item_id: z.number().int().nullable(),
  item_name: z.string().nullable(),
  inventory_id: z.number().int().nullable(),
  inventory_name: z.string().nullable(),
  batch_id: z.number().int().nullable(),
  batch_no: z.string().nullable(),
  expire_date: z.string().nullable(),
  account_id: z.number().int().nullable(),
  account_code: z.string().nullable(),
  account_name: z.string().nullable(),
  system_key: z.string().nullable(),
  /** The day (account_day) or the month's first day (account_month). */
  period: z.string().nullable(),
});
export type RecalculationDifference = z.output<typeof ZRecalculationDifference>;

export const ZRecalculationFindings = z.object({
  differences: z.array(ZRecalculationDifference),
  stock_differences: z.number().int(),
  cost_differences: z.number().int(),
  account_differences: z.number().int(),
  /** Groups of the dashboard's summary rows (dashboard_sales, dashboard_item_sales) that were not what the documents add up to. */
  dashboard_differences: z.number().int(),
});
export type RecalculationFindings = z.output<typeof ZRecalculationFindings>;

/** A run of the history: who ran it, when, and what it corrected. */
export const ZRecalculationRun = ZRecalculationFindings.extend({
  id: z.number().int(),
  created_at: z.string(),
  created_by_name: z.string().nullable(),
});
export type RecalculationRun = z.output<typeof ZRecalculationRun>;

/** A run takes no input: an empty body (anything else is refused, so a stray form cannot start one). */
export const ZRecalculationRequest = z.object({}).strict();
