import { sql } from "drizzle-orm";
import { index, integer, jsonb, pgTable, serial, timestamp } from "drizzle-orm/pg-core";

/**
 * One run of the recalculation: who ran it, when, and every difference it corrected between the
 * kept balances (stock balances, item costs, account day and month sums) and the movements and
 * journal lines they are the sums of.
 */
export const recalculations = pgTable(
  "recalculations",
  {
    id: serial("id").primaryKey(),
    created_by: integer("created_by"),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().default(sql`now()`),
    stock_differences: integer("stock_differences").notNull().default(0),
    cost_differences: integer("cost_differences").notNull().default(0),
    account_differences: integer("account_differences").notNull().default(0),
    /** Groups of the dashboard's summary rows rewritten from the documents. */
    dashboard_differences: integer("dashboard_differences").notNull().default(0),
    /** The differences as the run reported them (`RecalculationDifference[]`). */
    differences: jsonb("differences").notNull().default(sql`'[]'::jsonb`),
  },
  (t) => [index("recalculations_created_at_idx").on(t.created_at)],
);
