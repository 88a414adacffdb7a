import { sql } from "drizzle-orm";
import { check, index, integer, numeric, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import { accounts } from "../ledger/accounts.tables.js";
import { currencyRateColumns } from "../settings/settings.tables.js";

/**
 * Money paid or received through a cash account (an expense, an income, a party's receipt or
 * payment): the account, the document's currency and rate, the amount in it and in the cash
 * account's currency, and the date.
 */
export const cashPaymentColumns = () => ({
  account_fk: integer("account_fk")
    .notNull()
    .references(() => accounts.account_id),
  ...currencyRateColumns(),
  amount: numeric("amount", { precision: 20, scale: 3 }).notNull(),
  cash_amount: numeric("cash_amount", { precision: 20, scale: 3 }).notNull(),
  date: timestamp("date", { withTimezone: true }).notNull(),
});

/**
 * A cash, bank or remittance account is a ledger account under `cash_and_banks`; this table
 * holds what only cash accounts have. An account without a row here (the seeded main cash) is
 * a Cash account (type 1).
 */
export const cashAccounts = pgTable(
  "cash_accounts",
  {
    account_id: integer("account_id")
      .primaryKey()
      .references(() => accounts.account_id),
    /** Cash 1, Bank 2, Remittance 3 */
    cash_type: integer("cash_type").notNull().default(1),
    account_no: text("account_no"),
    bank_name: text("bank_name"),
    note: text("note"),
    created_by: integer("created_by"),
    updated_at: timestamp("updated_at", { withTimezone: true }).notNull().default(sql`now()`),
  },
  (t) => [check("cash_accounts_type_check", sql`${t.cash_type} in (1,2,3)`)],
);

/** A transfer between two cash accounts; `amount` is in the from-account's currency, `foreign_amount` in the to-account's. */
export const cashTransactions = pgTable(
  "cash_transactions",
  {
    transaction_id: serial("transaction_id").primaryKey(),
    transaction_no: text("transaction_no"),
    from_account_fk: integer("from_account_fk")
      .notNull()
      .references(() => accounts.account_id),
    to_account_fk: integer("to_account_fk")
      .notNull()
      .references(() => accounts.account_id),
    amount: numeric("amount", { precision: 20, scale: 3 }).notNull(),
    foreign_amount: numeric("foreign_amount", { precision: 20, scale: 3 }).notNull(),
    /** The rate the conversion used (IQD per 1 USD). */
    rate: numeric("rate", { precision: 20, scale: 4 }).notNull(),
    rate_in: numeric("rate_in", { precision: 20, scale: 4 }).notNull(),
    rate_out: numeric("rate_out", { precision: 20, scale: 4 }).notNull(),
    last_rate_in: numeric("last_rate_in", { precision: 20, scale: 4 }),
    last_rate_out: numeric("last_rate_out", { precision: 20, scale: 4 }),
    date: timestamp("date", { withTimezone: true }).notNull(),
    note: text("note"),
    created_by: integer("created_by"),
    updated_by: integer("updated_by"),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().default(sql`now()`),
    updated_at: timestamp("updated_at", { withTimezone: true }).notNull().default(sql`now()`),
  },
  (t) => [
    index("cash_transactions_date_idx").on(t.date),
    check("cash_transactions_accounts_differ", sql`${t.from_account_fk} <> ${t.to_account_fk}`),
    check("cash_transactions_positive", sql`${t.amount} > 0`),
  ],
);
