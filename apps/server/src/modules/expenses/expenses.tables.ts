import { sql } from "drizzle-orm";
import { check, index, integer, numeric, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { accounts } from "../ledger/accounts.tables.js";
import { currencies } from "../settings/settings.tables.js";

/** An expense type owns a ledger account under `expenses`. */
export const expenseTypes = pgTable(
  "expense_types",
  {
    type_id: serial("type_id").primaryKey(),
    type_name: text("type_name").notNull(),
    account_fk: integer("account_fk")
      .notNull()
      .references(() => accounts.account_id),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().default(sql`now()`),
  },
  (t) => [uniqueIndex("expense_types_type_name_unique").on(sql`lower(${t.type_name})`)],
);

/** An income type owns a ledger account under `incomes`. */
export const incomeTypes = pgTable(
  "income_types",
  {
    type_id: serial("type_id").primaryKey(),
    type_name: text("type_name").notNull(),
    account_fk: integer("account_fk")
      .notNull()
      .references(() => accounts.account_id),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().default(sql`now()`),
  },
  (t) => [uniqueIndex("income_types_type_name_unique").on(sql`lower(${t.type_name})`)],
);

const moneyDoc = (types: typeof expenseTypes | typeof incomeTypes) => ({
  number: text("number"),
  type_fk: integer("type_fk")
    .notNull()
    .references(() => types.type_id),
  /** The cash account paid from (expense) or into (income). */
  account_fk: integer("account_fk")
    .notNull()
    .references(() => accounts.account_id),
  /** The document's currency and rate (IQD per 1 USD): out-rate for expenses, in-rate for incomes. */
  currency_id: integer("currency_id")
    .notNull()
    .references(() => currencies.currency_id),
  rate: numeric("rate", { precision: 20, scale: 4 }).notNull(),
  amount: numeric("amount", { precision: 20, scale: 3 }).notNull(),
  /** The amount in the cash account's currency. */
  cash_amount: numeric("cash_amount", { precision: 20, scale: 3 }).notNull(),
  date: timestamp("date", { withTimezone: true }).notNull(),
  payment_time: text("payment_time").notNull(),
  reference_no: text("reference_no"),
  note: text("note"),
  attachment: text("attachment"),
  created_by: integer("created_by"),
  updated_by: integer("updated_by"),
  created_at: timestamp("created_at", { withTimezone: true }).notNull().default(sql`now()`),
  updated_at: timestamp("updated_at", { withTimezone: true }).notNull().default(sql`now()`),
});

export const expenses = pgTable("expenses", { id: serial("id").primaryKey(), ...moneyDoc(expenseTypes) }, (t) => [
  index("expenses_date_idx").on(t.date),
  check("expenses_amount_min", sql`${t.amount} >= 1`),
]);

export const incomes = pgTable("incomes", { id: serial("id").primaryKey(), ...moneyDoc(incomeTypes) }, (t) => [
  index("incomes_date_idx").on(t.date),
  check("incomes_amount_min", sql`${t.amount} >= 1`),
]);
