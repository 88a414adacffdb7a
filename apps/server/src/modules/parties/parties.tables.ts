import { sql } from "drizzle-orm";
import { boolean, check, index, integer, numeric, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { fold, foldedText, searchGrams } from "../../db/fold.js";
import { authorshipColumns } from "../../platform/columns.js";
import { cashPaymentColumns } from "../cash/cash.tables.js";
import { cities } from "../catalogue/catalogue.tables.js";
import { accounts } from "../ledger/accounts.tables.js";
import { pricingProfiles } from "../pricing/pricing.tables.js";

/**
 * Customers and suppliers (SPEC's "consumer"). Each has a receivable (customer) or payable
 * (supplier) ledger account per currency: `account_fk` in IQD, `account_usd_fk` in USD.
 */
export const consumers = pgTable(
  "consumers",
  {
    consumer_id: serial("consumer_id").primaryKey(),
    /** customer or supplier */
    kind: text("kind").notNull(),
    consumer_name: text("consumer_name").notNull(),
    code: text("code"),
    mobile: text("mobile"),
    office_phone: text("office_phone"),
    /** The list search's text: name, code, mobile and phone, folded (see foldedText), stored. */
    search_text: text("search_text")
      .notNull()
      .generatedAlwaysAs(foldedText("consumer_name", "code", "mobile", "office_phone")),
    address: text("address"),
    /** The city of the address, from the cities list. */
    city_fk: integer("city_fk").references(() => cities.city_id, { onDelete: "restrict" }),
    note: text("note"),
    /** Customers: the most the customer may owe (in the system currency); null is no limit. */
    allowed_debit_amount: numeric("allowed_debit_amount", { precision: 20, scale: 3 }),
    /** Customers: the pricing list (pricing_profiles); a profile in use cannot be deleted. */
    pricing_profile_fk: integer("pricing_profile_fk").references(() => pricingProfiles.profile_id, { onDelete: "restrict" }),
    pending_amount: numeric("pending_amount", { precision: 20, scale: 3 }),
    overdue_days: integer("overdue_days"),
    /** all (every overdue invoice) or custom (after overdue_days) */
    overdue_type: text("overdue_type"),
    /** positive or negative */
    balance_status: text("balance_status"),
    is_default: boolean("is_default").notNull().default(false),
    is_active: boolean("is_active").notNull().default(true),
    account_fk: integer("account_fk").references(() => accounts.account_id),
    account_usd_fk: integer("account_usd_fk").references(() => accounts.account_id),
    created_by: integer("created_by"),
    updated_by: integer("updated_by"),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().default(sql`now()`),
    updated_at: timestamp("updated_at", { withTimezone: true }).notNull().default(sql`now()`),
  },
  (t) => [
    uniqueIndex("consumers_consumer_name_unique").on(t.kind, sql`lower(${t.consumer_name})`),
    uniqueIndex("consumers_code_unique").on(t.kind, t.code),
    // The list search (name, code, mobile, phone) over the stored folded text's grams: a word
    // anywhere, for one- and two-letter terms the start of a word or column, the start of a number,
    // in any letters (pg_trgm finds no trigram in Arabic letters on a C character type).
    index("consumers_search_grams_idx").using("gin", searchGrams(t.search_text)),
    // filter[mobile]: the mobile as it is typed, matched in the folded mobile alone.
    index("consumers_mobile_trgm_idx").using("gin", sql`${fold(t.mobile)} gin_trgm_ops`),
    check("consumers_kind_check", sql`${t.kind} in ('customer','supplier')`),
    check("consumers_overdue_type_check", sql`${t.overdue_type} is null or ${t.overdue_type} in ('all','custom')`),
    check("consumers_balance_status_check", sql`${t.balance_status} is null or ${t.balance_status} in ('positive','negative')`),
  ],
);

/** The customer or supplier a trading document is with; a party with documents is never deleted. */
export const consumerFk = () =>
  integer("consumer_fk")
    .notNull()
    .references(() => consumers.consumer_id, { onDelete: "restrict" });

/** A receipt from a customer or a payment to a supplier, through a cash account. */
export const consumerTransactions = pgTable(
  "consumer_transactions",
  {
    transaction_id: serial("transaction_id").primaryKey(),
    kind: text("kind").notNull(),
    transaction_no: text("transaction_no"),
    consumer_fk: integer("consumer_fk")
      .notNull()
      .references(() => consumers.consumer_id),
    /** In the party balance's currency: the receivable or payable account it settles. */
    ...cashPaymentColumns(),
    note: text("note"),
    ...authorshipColumns(),
  },
  (t) => [
    index("consumer_transactions_consumer_idx").on(t.consumer_fk),
    index("consumer_transactions_date_idx").on(t.date),
    check("consumer_transactions_kind_check", sql`${t.kind} in ('customer','supplier')`),
    check("consumer_transactions_positive", sql`${t.amount} > 0`),
  ],
);
