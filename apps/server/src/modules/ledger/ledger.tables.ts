import { sql } from "drizzle-orm";
import { check, date, index, integer, numeric, pgTable, primaryKey, serial, text, timestamp } from "drizzle-orm/pg-core";
import { accounts } from "./accounts.tables.js";

/**
 * A journal entry: the posting of one financial document. Append-only: a trigger refuses
 * UPDATE and DELETE; a changed or deleted document writes a reversal (`reversal_of`).
 */
export const journalEntries = pgTable(
  "journal_entries",
  {
    entry_id: serial("entry_id").primaryKey(),
    date: timestamp("date", { withTimezone: true }).notNull(),
    source_type: text("source_type").notNull(),
    source_id: integer("source_id").notNull(),
    description: text("description"),
    reversal_of: integer("reversal_of"),
    created_by: integer("created_by"),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().default(sql`now()`),
  },
  (t) => [
    index("journal_entries_source_idx").on(t.source_type, t.source_id),
    index("journal_entries_date_idx").on(t.date),
    index("journal_entries_reversal_idx").on(t.reversal_of),
  ],
);

/**
 * One line: the amount in the account's currency, the rate used, and the amount in the system
 * currency. A deferred constraint trigger checks at commit that each entry's system-currency
 * debits equal its credits.
 */
export const journalLines = pgTable(
  "journal_lines",
  {
    line_id: serial("line_id").primaryKey(),
    entry_id: integer("entry_id")
      .notNull()
      .references(() => journalEntries.entry_id),
    account_id: integer("account_id")
      .notNull()
      .references(() => accounts.account_id),
    debit: numeric("debit", { precision: 20, scale: 4 }).notNull().default("0"),
    credit: numeric("credit", { precision: 20, scale: 4 }).notNull().default("0"),
    rate: numeric("rate", { precision: 20, scale: 4 }).notNull().default("1"),
    sys_debit: numeric("sys_debit", { precision: 20, scale: 4 }).notNull().default("0"),
    sys_credit: numeric("sys_credit", { precision: 20, scale: 4 }).notNull().default("0"),
  },
  (t) => [
    index("journal_lines_entry_idx").on(t.entry_id),
    index("journal_lines_account_entry_idx").on(t.account_id, t.entry_id),
    check("journal_lines_non_negative", sql`${t.debit} >= 0 and ${t.credit} >= 0 and ${t.sys_debit} >= 0 and ${t.sys_credit} >= 0`),
  ],
);

/**
 * Per-account, per-day sums of the lines, kept in the same transaction as the lines, so that
 * balances and reports read a row per account and day instead of every line.
 */
export const accountBalances = pgTable(
  "account_balances",
  {
    account_id: integer("account_id")
      .notNull()
      .references(() => accounts.account_id),
    day: date("day").notNull(),
    debit: numeric("debit", { precision: 24, scale: 4 }).notNull().default("0"),
    credit: numeric("credit", { precision: 24, scale: 4 }).notNull().default("0"),
    sys_debit: numeric("sys_debit", { precision: 24, scale: 4 }).notNull().default("0"),
    sys_credit: numeric("sys_credit", { precision: 24, scale: 4 }).notNull().default("0"),
  },
  (t) => [primaryKey({ columns: [t.account_id, t.day] }), index("account_balances_day_idx").on(t.day)],
);

/**
 * Per-account, per-month sums (`month` is the first day of a month of business days, `TIME_ZONE`), kept in the same
 * transaction as the lines and the per-day rows: a report over whole months reads one row per
 * account and month, and only the partial months at either end of a period from the days.
 */
export const accountMonthBalances = pgTable(
  "account_month_balances",
  {
    account_id: integer("account_id")
      .notNull()
      .references(() => accounts.account_id),
    month: date("month").notNull(),
    debit: numeric("debit", { precision: 24, scale: 4 }).notNull().default("0"),
    credit: numeric("credit", { precision: 24, scale: 4 }).notNull().default("0"),
    sys_debit: numeric("sys_debit", { precision: 24, scale: 4 }).notNull().default("0"),
    sys_credit: numeric("sys_credit", { precision: 24, scale: 4 }).notNull().default("0"),
  },
  (t) => [
    primaryKey({ columns: [t.account_id, t.month] }),
    index("account_month_balances_month_idx").on(t.month),
    check("account_month_balances_first_day", sql`extract(day from ${t.month}) = 1`),
  ],
);
