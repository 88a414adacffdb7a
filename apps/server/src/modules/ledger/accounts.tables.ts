import { sql } from "drizzle-orm";
import { boolean, check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { currencies } from "../settings/settings.tables.js";

/** The chart of accounts, a tree. System accounts carry a `system_key` the posting rules look up. */
export const accounts = pgTable(
  "accounts",
  {
    account_id: serial("account_id").primaryKey(),
    code: text("code").notNull(),
    account_name: text("account_name").notNull(),
    parent_id: integer("parent_id"),
    /** asset, liability, equity, income, expense */
    type: text("type").notNull(),
    currency_id: integer("currency_id")
      .notNull()
      .references(() => currencies.currency_id),
    system_key: text("system_key"),
    is_group: boolean("is_group").notNull().default(false),
    is_active: boolean("is_active").notNull().default(true),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().default(sql`now()`),
  },
  (t) => [
    uniqueIndex("accounts_code_unique").on(t.code),
    uniqueIndex("accounts_system_key_unique").on(t.system_key),
    index("accounts_parent_idx").on(t.parent_id),
    check("accounts_type_check", sql`${t.type} in ('asset','liability','equity','income','expense')`),
  ],
);
