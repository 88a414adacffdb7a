import { sql } from "drizzle-orm";
import { boolean, check, index, integer, numeric, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";

export const currencies = pgTable("currencies", {
  currency_id: integer("currency_id").primaryKey(),
  currency_name: text("currency_name").notNull().unique(),
  symbol: text("symbol").notNull(),
});

/** A document's currency and its rate (IQD per 1 USD): the out-rate or the in-rate, as the document's kind says. */
export const currencyRateColumns = () => ({
  currency_id: integer("currency_id")
    .notNull()
    .references(() => currencies.currency_id),
  rate: numeric("rate", { precision: 20, scale: 4 }).notNull(),
});

/** IQD per 1 USD. `rate` is the out-rate (purchases, expenses), `in_rate` the in-rate (sales, incomes). */
export const currencyRates = pgTable(
  "currency_rates",
  {
    rate_id: serial("rate_id").primaryKey(),
    rate: numeric("rate", { precision: 20, scale: 4 }).notNull(),
    in_rate: numeric("in_rate", { precision: 20, scale: 4 }).notNull(),
    date: timestamp("date", { withTimezone: true }).notNull(),
    created_by: integer("created_by"),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().default(sql`now()`),
  },
  (t) => [index("currency_rates_date_idx").on(t.date), check("currency_rates_positive", sql`${t.rate} > 0 and ${t.in_rate} > 0`)],
);

/** The single row of system configuration (id 1) and the shop profile. */
export const systemConfig = pgTable(
  "system_config",
  {
    id: integer("id").primaryKey().default(1),
    currency_fk: integer("currency_fk")
      .notNull()
      .references(() => currencies.currency_id),
    default_inventory_fk: integer("default_inventory_fk"),
    default_account_fk: integer("default_account_fk"),
    cashier_login_option: text("cashier_login_option").notNull().default("Name"),
    accounting_option: text("accounting_option").notNull().default("Together"),
    allow_negative_stock: boolean("allow_negative_stock").notNull().default(false),
    out_of_stock_min_qty: numeric("out_of_stock_min_qty", { precision: 20, scale: 4 }).notNull().default("0"),
    online_order_accepted_minutes: integer("online_order_accepted_minutes").notNull().default(30),
    pagination_default: integer("pagination_default").notNull().default(10),
    pagination_options: text("pagination_options").notNull().default("10,50,100,200"),
    pos_terminal_marker: text("pos_terminal_marker").notNull().default("SouqPOS"),
    password_min_length: integer("password_min_length").notNull().default(8),
    two_factor_super_user: boolean("two_factor_super_user").notNull().default(false),
    two_factor_role_ids: integer("two_factor_role_ids").array().notNull().default(sql`'{}'::integer[]`),
    shop_name: text("shop_name").notNull().default("Souq"),
    shop_logo: text("shop_logo"),
    receipt_header: text("receipt_header"),
    receipt_footer: text("receipt_footer"),
    /** How many decimals IQD amounts show on screens and prints (0 to 3); stored values keep theirs. */
    iqd_decimals: integer("iqd_decimals").notNull().default(0),
    /**
     * The starter roles, cities and types were written (the first start, or the first start of a
     * version that has them on an install made before): never again, so what a shop deletes stays gone.
     */
    starter_data_given: boolean("starter_data_given").notNull().default(false),
    updated_at: timestamp("updated_at", { withTimezone: true }).notNull().default(sql`now()`),
  },
  (t) => [
    check("system_config_single_row", sql`${t.id} = 1`),
    check("system_config_password_min_length", sql`${t.password_min_length} between 4 and 128`),
    check("system_config_iqd_decimals", sql`${t.iqd_decimals} between 0 and 3`),
  ],
);

export const financialYears = pgTable(
  "financial_years",
  {
    id: serial("id").primaryKey(),
    name: text("name").notNull().unique(),
    start_date: timestamp("start_date", { withTimezone: true }).notNull(),
    end_date: timestamp("end_date", { withTimezone: true }).notNull(),
    is_active: boolean("is_active").notNull().default(false),
    archived: boolean("archived").notNull().default(false),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().default(sql`now()`),
  },
  (t) => [
    check("financial_years_range", sql`${t.end_date} > ${t.start_date}`),
    uniqueIndex("financial_years_one_active").on(t.is_active).where(sql`${t.is_active}`),
  ],
);
