import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { accounts } from "../ledger/accounts.tables.js";
import { outlets } from "../outlets/outlets.tables.js";
import { saleReturns } from "../sale-returns/sale-returns.tables.js";
import { sales } from "../sales/sales.tables.js";
import { currencies } from "../settings/settings.tables.js";
import { users } from "../staff/staff.tables.js";

const money = (name: string) => numeric(name, { precision: 20, scale: 4 }).notNull().default("0");

/**
 * The single row of POS settings: the FIB bank account, the smallest notes in circulation and
 * whether a paid bill's receipt prints (always, ask the cashier, never), on an 80 or 58 mm roll.
 */
export const posSettings = pgTable(
  "pos_settings",
  {
    id: integer("id").primaryKey().default(1),
    fib_account_fk: integer("fib_account_fk").references(() => accounts.account_id, { onDelete: "set null" }),
    smallest_iqd_amount: numeric("smallest_iqd_amount", { precision: 20, scale: 0 }).notNull().default("250"),
    smallest_usd_amount: numeric("smallest_usd_amount", { precision: 20, scale: 2 }).notNull().default("1"),
    print_receipt: text("print_receipt").notNull().default("never"),
    /** The receipt roll's width in millimetres (80 or 58). */
    receipt_width: integer("receipt_width").notNull().default(80),
    updated_at: timestamp("updated_at", { withTimezone: true }).notNull().default(sql`now()`),
  },
  (t) => [
    check("pos_settings_single_row", sql`${t.id} = 1`),
    check("pos_settings_smallest_positive", sql`${t.smallest_iqd_amount} > 0 and ${t.smallest_usd_amount} > 0`),
    check("pos_settings_print_receipt", sql`${t.print_receipt} in ('always', 'ask', 'never')`),
    check("pos_settings_receipt_width", sql`${t.receipt_width} in (58, 80)`),
  ],
);

/** Each cashier's drawer: one cash account per currency, made on the cashier's first sale. */
export const posDrawers = pgTable(
  "pos_drawers",
  {
    user_fk: integer("user_fk")
      .notNull()
      .references(() => users.user_id, { onDelete: "restrict" }),
    currency_id: integer("currency_id")
      .notNull()
      .references(() => currencies.currency_id),
    account_fk: integer("account_fk")
      .notNull()
      .unique()
      .references(() => accounts.account_id, { onDelete: "restrict" }),
  },
  (t) => [primaryKey({ columns: [t.user_fk, t.currency_id] })],
);

/** Every opening of the cash drawer without a sale: who, when, why. */
export const drawerOpenings = pgTable(
  "drawer_openings",
  {
    id: serial("id").primaryKey(),
    user_fk: integer("user_fk")
      .notNull()
      .references(() => users.user_id, { onDelete: "restrict" }),
    outlet_fk: integer("outlet_fk").references(() => outlets.outlet_id, { onDelete: "restrict" }),
    reason: text("reason").notNull(),
    opened_at: timestamp("opened_at", { withTimezone: true }).notNull().default(sql`now()`),
  },
  (t) => [index("drawer_openings_user_idx").on(t.user_fk, t.opened_at)],
);

/** A drawer closing (Z report): what the drawer took since the last closing and the cash counted. */
export const closingDrawers = pgTable(
  "closing_drawers",
  {
    id: serial("id").primaryKey(),
    /** The closing number, in the outlet's series (`ZC-000001`). */
    number: text("number").notNull(),
    /** The cashier's n-th closing, `{user_code or id}-{n}`. */
    code: text("code").notNull(),
    user_fk: integer("user_fk")
      .notNull()
      .references(() => users.user_id, { onDelete: "restrict" }),
    outlet_fk: integer("outlet_fk").references(() => outlets.outlet_id, { onDelete: "restrict" }),
    /** The previous closing's time (null for the cashier's first). */
    opened_at: timestamp("opened_at", { withTimezone: true }),
    closed_at: timestamp("closed_at", { withTimezone: true }).notNull(),
    receipts_count: integer("receipts_count").notNull().default(0),
    invoices_count: integer("invoices_count").notNull().default(0),
    /** In the system currency. */
    sales_total: money("sales_total"),
    discount_total: money("discount_total"),
    returns_total: money("returns_total"),
    difference_total: money("difference_total"),
    note: text("note"),
    created_by: integer("created_by"),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().default(sql`now()`),
  },
  (t) => [index("closing_drawers_user_idx").on(t.user_fk, t.closed_at), uniqueIndex("closing_drawers_number_unique").on(t.number)],
);

/** Per currency: the cash the books expect in the drawer, the cash counted and the difference posted to over/short. */
export const closingDrawerCash = pgTable(
  "closing_drawer_cash",
  {
    closing_fk: integer("closing_fk")
      .notNull()
      .references(() => closingDrawers.id, { onDelete: "cascade" }),
    currency_id: integer("currency_id")
      .notNull()
      .references(() => currencies.currency_id),
    account_fk: integer("account_fk").references(() => accounts.account_id, { onDelete: "restrict" }),
    /** In the currency. */
    expected: money("expected"),
    counted: money("counted"),
    difference: money("difference"),
    rate: numeric("rate", { precision: 20, scale: 4 }).notNull().default("1"),
  },
  (t) => [primaryKey({ columns: [t.closing_fk, t.currency_id] })],
);

/**
 * What the POS adds to a sale or a return made at the till: its cashier, the drawer closing it
 * belongs to (null while the drawer is open), the change given, and its totals in the system
 * currency for the Z report. A row of kind 'sale' names its sale in `sale_fk`, one of kind
 * 'return' its sale return in `sale_return_fk` (the returned sale is the sale return's own
 * `sale_fk`); the other column is null, which the check enforces.
 */
export const posSaleInfo = pgTable(
  "pos_sale_info",
  {
    id: serial("id").primaryKey(),
    /** The POS sale (kind 'sale'). */
    sale_fk: integer("sale_fk").references(() => sales.id, { onDelete: "restrict" }),
    /** The sale return made at the till (kind 'return'). */
    sale_return_fk: integer("sale_return_fk").references(() => saleReturns.id, { onDelete: "restrict" }),
    /** sale or return */
    kind: text("kind").notNull().default("sale"),
    user_fk: integer("user_fk")
      .notNull()
      .references(() => users.user_id, { onDelete: "restrict" }),
    outlet_fk: integer("outlet_fk").references(() => outlets.outlet_id, { onDelete: "restrict" }),
    closing_fk: integer("closing_fk").references(() => closingDrawers.id, { onDelete: "restrict" }),
    idempotency_key: text("idempotency_key"),
    offline: boolean("offline").notNull().default(false),
    client_created_at: timestamp("client_created_at", { withTimezone: true }),
    change_currency_id: integer("change_currency_id"),
    /** Given, in the change currency; `change_exact` before rounding to the smallest note. */
    change_amount: money("change_amount"),
    change_exact: money("change_exact"),
    /** With change in USD: the rest handed over in IQD (whole dollars first, then dinar notes). */
    change_iqd_amount: money("change_iqd_amount"),
    total_sys: money("total_sys"),
    discount_sys: money("discount_sys"),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().default(sql`now()`),
  },
  (t) => [
    check(
      "pos_sale_info_document",
      sql`(${t.kind} = 'sale' and ${t.sale_fk} is not null and ${t.sale_return_fk} is null)
       or (${t.kind} = 'return' and ${t.sale_return_fk} is not null and ${t.sale_fk} is null)`,
    ),
    // A receipt's row (and the sales' foreign key) by its sale; a return's by its sale return.
    uniqueIndex("pos_sale_info_sale_unique").on(t.sale_fk),
    uniqueIndex("pos_sale_info_sale_return_unique").on(t.sale_return_fk),
    // The open drawer and its closing: a cashier's rows not closed yet.
    index("pos_sale_info_drawer_idx").on(t.user_fk, t.closing_fk),
  ],
);

/** Offline sales the server could not book as they stood, kept for a manager with the reason. */
export const posReviews = pgTable(
  "pos_reviews",
  {
    id: serial("id").primaryKey(),
    idempotency_key: text("idempotency_key").notNull(),
    user_fk: integer("user_fk")
      .notNull()
      .references(() => users.user_id, { onDelete: "restrict" }),
    outlet_fk: integer("outlet_fk").references(() => outlets.outlet_id, { onDelete: "restrict" }),
    body: jsonb("body").notNull(),
    reason: text("reason").notNull(),
    /** The field messages of the refusal. */
    errors: jsonb("errors"),
    /** open, booked or dismissed */
    status: text("status").notNull().default("open"),
    sale_fk: integer("sale_fk"),
    resolution_note: text("resolution_note"),
    resolved_by: integer("resolved_by"),
    resolved_at: timestamp("resolved_at", { withTimezone: true }),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().default(sql`now()`),
  },
  (t) => [index("pos_reviews_status_idx").on(t.status, t.created_at)],
);
