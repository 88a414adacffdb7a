import { sql } from "drizzle-orm";
import { boolean, check, date, index, integer, numeric, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import { items } from "../catalogue/catalogue.tables.js";
import { inventories } from "../catalogue/inventories.tables.js";
import { stockBatches } from "../stock/stock.tables.js";

/** An inventory count (count sheet); completing it books the differences as gains and losses. */
export const inventoryAdjustments = pgTable(
  "inventory_adjustments",
  {
    id: serial("id").primaryKey(),
    number: text("number"),
    date: timestamp("date", { withTimezone: true }).notNull(),
    inventory_fk: integer("inventory_fk")
      .notNull()
      .references(() => inventories.inventory_id, { onDelete: "restrict" }),
    set_not_adjusted_to_zero: boolean("set_not_adjusted_to_zero").notNull().default(false),
    status: text("status").notNull().default("draft"),
    /** Value of the gains and of the losses (system currency), set when complete. */
    gain_value: numeric("gain_value", { precision: 20, scale: 4 }).notNull().default("0"),
    loss_value: numeric("loss_value", { precision: 20, scale: 4 }).notNull().default("0"),
    note: text("note"),
    created_by: integer("created_by"),
    updated_by: integer("updated_by"),
    completed_by: integer("completed_by"),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().default(sql`now()`),
    updated_at: timestamp("updated_at", { withTimezone: true }).notNull().default(sql`now()`),
  },
  (t) => [
    index("inventory_adjustments_date_idx").on(t.date),
    check("inventory_adjustments_status", sql`${t.status} in ('draft', 'complete')`),
  ],
);

/** One counted item and batch, in base units; the theoretical quantity is fixed when the count completes. */
export const inventoryAdjustmentLines = pgTable(
  "inventory_adjustment_lines",
  {
    id: serial("id").primaryKey(),
    adjustment_fk: integer("adjustment_fk")
      .notNull()
      .references(() => inventoryAdjustments.id, { onDelete: "cascade" }),
    item_fk: integer("item_fk")
      .notNull()
      .references(() => items.item_id, { onDelete: "restrict" }),
    /** The batch counted; a batch not on hand is named by number and expiry until the count completes. */
    batch_fk: integer("batch_fk").references(() => stockBatches.batch_id, { onDelete: "restrict" }),
    batch_no: text("batch_no"),
    expire_date: date("expire_date", { mode: "string" }),
    counted_qty: numeric("counted_qty", { precision: 20, scale: 4 }).notNull(),
    theoretical_qty: numeric("theoretical_qty", { precision: 20, scale: 4 }),
    /** Counted less theoretical; a line the "set not adjusted to zero" option added counts 0. */
    difference: numeric("difference", { precision: 20, scale: 4 }),
    /** Value of the difference at cost (system currency), gains positive. */
    value: numeric("value", { precision: 20, scale: 4 }),
  },
  (t) => [
    index("inventory_adjustment_lines_adjustment_idx").on(t.adjustment_fk),
    check("inventory_adjustment_lines_qty", sql`${t.counted_qty} >= 0`),
  ],
);
