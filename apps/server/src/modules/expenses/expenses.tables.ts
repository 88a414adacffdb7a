import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { authorshipColumns } from "../../platform/columns.js";
import { cashPaymentColumns } from "../cash/cash.tables.js";
import { accounts } from "../ledger/accounts.tables.js";

const moneyType = () => ({
  type_id: serial("type_id").primaryKey(),
  type_name: text("type_name").notNull(),
  account_fk: integer("account_fk")
    .notNull()
    .references(() => accounts.account_id),
  created_at: timestamp("created_at", { withTimezone: true }).notNull().default(sql`now()`),
});

/** An expense type owns a ledger account under `expenses`. */
export const expenseTypes = pgTable("expense_types", moneyType(), (t) => [
  uniqueIndex("expense_types_type_name_unique").on(sql`lower(${t.type_name})`),
]);

/** An income type owns a ledger account under `incomes`. */
export const incomeTypes = pgTable("income_types", moneyType(), (t) => [
  uniqueIndex("income_types_type_name_unique").on(sql`lower(${t.type_name})`),
]);

const moneyDoc = (types: typeof expenseTypes | typeof incomeTypes) => ({
  number: text("number"),
  type_fk: integer("type_fk")
    .notNull()
    .references(() => types.type_id),
  /** Paid from (expense) or into (income) the cash account; the rate is the out-rate for expenses, the in-rate for incomes. */
  ...cashPaymentColumns(),
  payment_time: text("payment_time").notNull(),
  reference_no: text("reference_no"),
  note: text("note"),
  attachment: text("attachment"),
  ...authorshipColumns(),
});

export const expenses = pgTable("expenses", { id: serial("id").primaryKey(), ...moneyDoc(expenseTypes) }, (t) => [
  index("expenses_date_idx").on(t.date),
  check("expenses_amount_min", sql`${t.amount} >= 1`),
]);

export const incomes = pgTable("incomes", { id: serial("id").primaryKey(), ...moneyDoc(incomeTypes) }, (t) => [
  index("incomes_date_idx").on(t.date),
  check("incomes_amount_min", sql`${t.amount} >= 1`),
]);
