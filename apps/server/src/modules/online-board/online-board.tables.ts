import { sql } from "drizzle-orm";
import { check, index, integer, numeric, pgTable, primaryKey, serial, text, timestamp } from "drizzle-orm/pg-core";
import { accounts } from "../ledger/accounts.tables.js";
import { onlineOrders } from "../online-orders/online-orders.tables.js";
import { currencies } from "../settings/settings.tables.js";
import { users } from "../staff/staff.tables.js";

/**
 * A delivery driver's cash in hand: one cash account per driver and currency (under cash and
 * banks, as a cashier's drawer is), which the sale of every order the driver delivers is paid
 * into. Its balance is what the driver holds; a settlement empties it into the shop's cash.
 */
export const deliveryDriverAccounts = pgTable(
  "delivery_driver_accounts",
  {
    driver_fk: integer("driver_fk")
      .notNull()
      .references(() => users.user_id, { onDelete: "restrict" }),
    currency_id: integer("currency_id")
      .notNull()
      .references(() => currencies.currency_id),
    account_fk: integer("account_fk")
      .notNull()
      .references(() => accounts.account_id, { onDelete: "restrict" }),
  },
  (t) => [primaryKey({ columns: [t.driver_fk, t.currency_id] })],
);

/** Home delivery of an order: the driver assigned, the hand-over, and the settlement that took in its cash. */
export const onlineOrderDeliveries = pgTable(
  "online_order_deliveries",
  {
    order_fk: integer("order_fk")
      .primaryKey()
      .references(() => onlineOrders.order_id, { onDelete: "cascade" }),
    driver_fk: integer("driver_fk")
      .notNull()
      .references(() => users.user_id, { onDelete: "restrict" }),
    assigned_at: timestamp("assigned_at", { withTimezone: true }).notNull(),
    assigned_by: integer("assigned_by"),
    /** The goods left with the driver: the order is out for delivery. */
    handed_over_at: timestamp("handed_over_at", { withTimezone: true }),
    handed_over_by: integer("handed_over_by"),
    /** What the driver collected on delivery, in the order's currency (null until delivered). */
    collected_currency_id: integer("collected_currency_id"),
    collected_amount: numeric("collected_amount", { precision: 20, scale: 3 }),
    settlement_fk: integer("settlement_fk").references(() => driverSettlements.id, { onDelete: "restrict" }),
  },
  (t) => [index("online_order_deliveries_driver_idx").on(t.driver_fk, t.settlement_fk)],
);

/** A driver's cash counted and taken into the shop's cash accounts; the difference posts as a drawer closing's does. */
export const driverSettlements = pgTable("driver_settlements", {
  id: serial("id").primaryKey(),
  number: text("number").notNull(),
  driver_fk: integer("driver_fk")
    .notNull()
    .references(() => users.user_id, { onDelete: "restrict" }),
  settled_at: timestamp("settled_at", { withTimezone: true }).notNull(),
  /** The counted difference in the system currency: over positive, short negative. */
  difference_total: numeric("difference_total", { precision: 20, scale: 4 }).notNull().default("0"),
  note: text("note"),
  created_by: integer("created_by"),
});

export const driverSettlementCash = pgTable(
  "driver_settlement_cash",
  {
    settlement_fk: integer("settlement_fk")
      .notNull()
      .references(() => driverSettlements.id, { onDelete: "cascade" }),
    currency_id: integer("currency_id")
      .notNull()
      .references(() => currencies.currency_id),
    /** The driver's account of the currency. */
    driver_account_fk: integer("driver_account_fk")
      .notNull()
      .references(() => accounts.account_id, { onDelete: "restrict" }),
    /** The cash account the counted cash went into (none when nothing was counted). */
    cash_account_fk: integer("cash_account_fk").references(() => accounts.account_id, { onDelete: "restrict" }),
    expected: numeric("expected", { precision: 20, scale: 3 }).notNull(),
    counted: numeric("counted", { precision: 20, scale: 3 }).notNull(),
    difference: numeric("difference", { precision: 20, scale: 3 }).notNull(),
    rate: numeric("rate", { precision: 20, scale: 6 }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.settlement_fk, t.currency_id] }), check("driver_settlement_cash_counted", sql`${t.counted} >= 0`)],
);
