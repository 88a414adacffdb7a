import { sql } from "drizzle-orm";
import {
  bigserial,
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
import { inventoryFk } from "../catalogue/inventories.tables.js";
import { outlets } from "../outlets/outlets.tables.js";
import { sales } from "../sales/sales.tables.js";
import { currencyRateColumns } from "../settings/settings.tables.js";
import { batchFk, documentLineColumns, itemFk } from "../stock/stock.tables.js";
import { onlineCustomerAddresses, onlineCustomers } from "./online-customers.tables.js";

/** Where an order goes, as it was when the order was placed (the customer may change the address later). */
export interface OrderAddress {
  city_id: number;
  city_name: string;
  landmark: string;
  street: string | null;
  lat: string | null;
  lng: string | null;
}

/**
 * An order placed from the mobile app: pending until the shop confirms it, then delivered (a sale
 * is made then, `sale_fk`) or cancelled with a reason. While pending or confirmed its goods are
 * reserved in the stock ledger (`online_order_reservations`), so no till sells them meanwhile.
 */
export const onlineOrders = pgTable(
  "online_orders",
  {
    order_id: serial("order_id").primaryKey(),
    /** Gapless voucher number (modules/numbering). */
    order_no: text("order_no").notNull(),
    customer_fk: integer("customer_fk")
      .notNull()
      .references(() => onlineCustomers.customer_id, { onDelete: "restrict" }),
    address_fk: integer("address_fk").references(() => onlineCustomerAddresses.address_id, { onDelete: "set null" }),
    address: jsonb("address").$type<OrderAddress>().notNull(),
    outlet_fk: integer("outlet_fk").references(() => outlets.outlet_id, { onDelete: "restrict" }),
    /** The inventory the goods are reserved in and leave from. */
    inventory_fk: inventoryFk(),
    /** The order's currency and the in-rate when it was placed. */
    ...currencyRateColumns(),
    /** The lines at their unit sale prices. */
    gross: numeric("gross", { precision: 20, scale: 3 }).notNull().default("0"),
    /** What the price function took off (profile, promotion). */
    discount_amount: numeric("discount_amount", { precision: 20, scale: 3 }).notNull().default("0"),
    total: numeric("total", { precision: 20, scale: 3 }).notNull().default("0"),
    /** pending, confirmed, delivered or cancelled (ONLINE_ORDER_STATUSES). */
    status: text("status").notNull().default("pending"),
    note: text("note"),
    ordered_at: timestamp("ordered_at", { withTimezone: true }).notNull().default(sql`now()`),
    /** The staff member who placed it for the customer; null when the customer did, in the app. */
    ordered_by: integer("ordered_by"),
    confirmed_at: timestamp("confirmed_at", { withTimezone: true }),
    confirmed_by: integer("confirmed_by"),
    delivered_at: timestamp("delivered_at", { withTimezone: true }),
    delivered_by: integer("delivered_by"),
    cancelled_at: timestamp("cancelled_at", { withTimezone: true }),
    /** The staff member who cancelled it; null when the customer did or the accepted time ran out. */
    cancelled_by: integer("cancelled_by"),
    /** customer, staff or expired */
    cancelled_source: text("cancelled_source"),
    /** The cancellation message chosen (settings' order cancellation messages); null with Other. */
    cancel_message_fk: integer("cancel_message_fk"),
    /** The reason as written (Other), or the chosen message's text when it was cancelled. */
    cancel_reason_text: text("cancel_reason_text"),
    /** The app's Idempotency-Key for the placing: a retry finds this order instead of making another. */
    idempotency_key: text("idempotency_key"),
    /** The sale made when the order was delivered. */
    sale_fk: integer("sale_fk").references(() => sales.id, { onDelete: "restrict" }),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().default(sql`now()`),
    updated_at: timestamp("updated_at", { withTimezone: true }).notNull().default(sql`now()`),
  },
  (t) => [
    uniqueIndex("online_orders_order_no_unique").on(t.order_no),
    uniqueIndex("online_orders_idempotency_unique").on(t.customer_fk, t.idempotency_key),
    index("online_orders_customer_idx").on(t.customer_fk, t.ordered_at),
    index("online_orders_status_idx").on(t.status, t.ordered_at),
    check("online_orders_status_check", sql`${t.status} in ('pending','confirmed','delivered','cancelled')`),
    check("online_orders_cancelled_source_check", sql`${t.cancelled_source} in ('customer','staff','expired')`),
  ],
);

export const onlineOrderLines = pgTable(
  "online_order_lines",
  {
    line_id: serial("line_id").primaryKey(),
    order_fk: integer("order_fk")
      .notNull()
      .references(() => onlineOrders.order_id, { onDelete: "cascade" }),
    ...documentLineColumns(),
    /** The unit's sale price before the price function's reductions, in the order's currency. */
    unit_price: numeric("unit_price", { precision: 20, scale: 3 }).notNull(),
    /** The price the customer pays for one unit. */
    net_price: numeric("net_price", { precision: 20, scale: 3 }).notNull(),
    line_total: numeric("line_total", { precision: 20, scale: 3 }).notNull(),
    position: integer("position").notNull().default(0),
  },
  (t) => [index("online_order_lines_order_idx").on(t.order_fk), check("online_order_lines_qty_positive", sql`${t.quantity} > 0`)],
);

/** The order's timeline: every change of state, who made it and when. */
export const onlineOrderEvents = pgTable(
  "online_order_events",
  {
    event_id: bigserial("event_id", { mode: "number" }).primaryKey(),
    order_fk: integer("order_fk")
      .notNull()
      .references(() => onlineOrders.order_id, { onDelete: "cascade" }),
    /** placed, confirmed, delivered, cancelled, returned_to_pending, returned_to_confirmed, expired ... */
    action: text("action").notNull(),
    /** The order's status after the change. */
    status: text("status").notNull(),
    /** The staff member; null when the customer or the server (expiry) made the change. */
    user_fk: integer("user_fk"),
    by_customer: boolean("by_customer").notNull().default(false),
    note: text("note"),
    at: timestamp("at", { withTimezone: true }).notNull().default(sql`now()`),
  },
  (t) => [index("online_order_events_order_idx").on(t.order_fk, t.at)],
);

/**
 * The stock an open order holds, per batch: `stock_balances.reserved` is the sum of these rows,
 * raised when the order is placed and lowered when it is delivered or cancelled.
 */
export const onlineOrderReservations = pgTable(
  "online_order_reservations",
  {
    order_fk: integer("order_fk")
      .notNull()
      .references(() => onlineOrders.order_id, { onDelete: "restrict" }),
    item_fk: itemFk(),
    inventory_fk: inventoryFk(),
    batch_fk: batchFk().notNull(),
    qty: numeric("qty", { precision: 20, scale: 4 }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.order_fk, t.item_fk, t.inventory_fk, t.batch_fk] }),
    check("online_order_reservations_qty_positive", sql`${t.qty} > 0`),
  ],
);
