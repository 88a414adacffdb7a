import { sql } from "drizzle-orm";
import { check, integer, jsonb, pgTable, timestamp } from "drizzle-orm/pg-core";

/** The accounting opening balance (a single document, id 1); its entry is replaced on every save. */
export const openingBalances = pgTable(
  "opening_balances",
  {
    id: integer("id").primaryKey().default(1),
    date: timestamp("date", { withTimezone: true }).notNull(),
    /** The saved form: cash accounts, customers and suppliers with their amounts and rates. */
    payload: jsonb("payload").notNull(),
    updated_by: integer("updated_by"),
    updated_at: timestamp("updated_at", { withTimezone: true }).notNull().default(sql`now()`),
  },
  (t) => [check("opening_balances_single_row", sql`${t.id} = 1`)],
);
