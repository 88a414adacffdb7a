import { sql } from "drizzle-orm";
import { integer, numeric, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";

/**
 * An exchange-rate revaluation (month end, usually): its entry restates the chosen
 * foreign-currency accounts at `rate` at the end of `date` and is reversed at the start of the
 * next day, both posted when it is saved.
 */
export const exchangeRevaluations = pgTable("exchange_revaluations", {
  id: serial("id").primaryKey(),
  /** The end of the revaluation's business day. */
  date: timestamp("date", { withTimezone: true }).notNull(),
  rate: numeric("rate", { precision: 20, scale: 4 }).notNull(),
  account_ids: integer("account_ids").array().notNull(),
  note: text("note"),
  created_by: integer("created_by"),
  created_at: timestamp("created_at", { withTimezone: true }).notNull().default(sql`now()`),
});
