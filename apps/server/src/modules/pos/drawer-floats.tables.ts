import { sql } from "drizzle-orm";
import { check, index, integer, numeric, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import { accounts } from "../ledger/accounts.tables.js";
import { currencies } from "../settings/settings.tables.js";
import { users } from "../staff/staff.tables.js";
import { closingDrawers } from "./pos.tables.js";

/**
 * An opening float: cash given to a cashier's drawer from the safe (a cash account that is not a
 * drawer) at the start of a shift, in one currency. Its journal entry is the one of source
 * `drawer_floats` and this id (as every document's); the drawer closing that counted it is
 * `closing_fk`, null while the drawer is open.
 */
export const drawerFloats = pgTable(
  "drawer_floats",
  {
    id: serial("id").primaryKey(),
    /** The float's number, in the outlet's series (`FL-000001`). */
    number: text("number").notNull(),
    user_fk: integer("user_fk")
      .notNull()
      .references(() => users.user_id, { onDelete: "restrict" }),
    currency_id: integer("currency_id")
      .notNull()
      .references(() => currencies.currency_id),
    /** In the currency. */
    amount: numeric("amount", { precision: 20, scale: 3 }).notNull(),
    from_account_fk: integer("from_account_fk")
      .notNull()
      .references(() => accounts.account_id, { onDelete: "restrict" }),
    /** The cashier's drawer account of the currency. */
    account_fk: integer("account_fk")
      .notNull()
      .references(() => accounts.account_id, { onDelete: "restrict" }),
    closing_fk: integer("closing_fk").references(() => closingDrawers.id, { onDelete: "restrict" }),
    note: text("note"),
    created_by: integer("created_by"),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().default(sql`now()`),
  },
  (t) => [
    check("drawer_floats_positive", sql`${t.amount} > 0`),
    check("drawer_floats_accounts_differ", sql`${t.from_account_fk} <> ${t.account_fk}`),
    // The open drawer's floats: a cashier's rows not closed yet.
    index("drawer_floats_drawer_idx").on(t.user_fk, t.closing_fk),
  ],
);
