import { sql } from "drizzle-orm";
import { check, date, index, integer, jsonb, numeric, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { authorshipColumns } from "../../platform/columns.js";
import { inventoryFk } from "../catalogue/inventories.tables.js";
import { consumerFk } from "../parties/parties.tables.js";
import { currencyRateColumns } from "../settings/settings.tables.js";
import { documentLineColumns } from "../stock/stock.tables.js";

/**
 * A purchase order to a supplier: draft, then ordered; received by one or several purchases
 * (`purchases.order_fk`), each a bill of its own. Nothing moves and nothing posts on the order.
 */
export const purchaseOrders = pgTable(
  "purchase_orders",
  {
    id: serial("id").primaryKey(),
    number: text("number"),
    /** The supplier. */
    consumer_fk: consumerFk(),
    reference_no: text("reference_no"),
    date: timestamp("date", { withTimezone: true }).notNull(),
    expected_date: date("expected_date"),
    /** The inventory the receipts bring the goods into. */
    inventory_fk: inventoryFk(),
    /** The currency and out-rate the expected prices are in. */
    ...currencyRateColumns(),
    /** The lines' expected total, in the order's currency. */
    total: numeric("total", { precision: 20, scale: 3 }).notNull().default("0"),
    /** draft, ordered or closed (the rest cancelled). */
    status: text("status").notNull().default("draft"),
    /** not_received, partially_received or received: kept by every receipt posted or taken back. */
    receive_status: text("receive_status").notNull().default("not_received"),
    ordered_at: timestamp("ordered_at", { withTimezone: true }),
    ordered_by: integer("ordered_by"),
    closed_at: timestamp("closed_at", { withTimezone: true }),
    closed_by: integer("closed_by"),
    /** Photos or scans of the supplier's confirmation: names the server issued. */
    images: jsonb("images").$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    note: text("note"),
    ...authorshipColumns(),
  },
  (t) => [
    index("purchase_orders_date_idx").on(t.date),
    index("purchase_orders_consumer_idx").on(t.consumer_fk),
    check("purchase_orders_status_check", sql`${t.status} in ('draft','ordered','closed')`),
    check("purchase_orders_receive_status_check", sql`${t.receive_status} in ('not_received','partially_received','received')`),
  ],
);

export const purchaseOrderLines = pgTable(
  "purchase_order_lines",
  {
    line_id: serial("line_id").primaryKey(),
    order_fk: integer("order_fk")
      .notNull()
      .references(() => purchaseOrders.id, { onDelete: "cascade" }),
    ...documentLineColumns(),
    /** The price expected from the supplier, in the order's currency. */
    unit_price: numeric("unit_price", { precision: 20, scale: 3 }).notNull().default("0"),
    line_total: numeric("line_total", { precision: 20, scale: 3 }).notNull().default("0"),
    description: text("description"),
    position: integer("position").notNull().default(0),
  },
  (t) => [
    // A receipt's goods count against the order's line of the same item.
    uniqueIndex("purchase_order_lines_item_unique").on(t.order_fk, t.item_fk),
    check("purchase_order_lines_qty_positive", sql`${t.quantity} > 0`),
  ],
);
