import { sql } from "drizzle-orm";
import { boolean, check, index, integer, numeric, pgTable, serial, text } from "drizzle-orm/pg-core";
import { batchColumns, batchFk, completedDocTailColumns, itemFk, warehouseDocColumns } from "../stock/stock.tables.js";

/** An inventory count (count sheet); completing it books the differences as gains and losses. */
export const inventoryAdjustments = pgTable(
  "inventory_adjustments",
  {
    id: serial("id").primaryKey(),
    ...warehouseDocColumns(),
    set_not_adjusted_to_zero: boolean("set_not_adjusted_to_zero").notNull().default(false),
    status: text("status").notNull().default("draft"),
    /** Value of the gains and of the losses (system currency), set when complete. */
    gain_value: numeric("gain_value", { precision: 20, scale: 4 }).notNull().default("0"),
    loss_value: numeric("loss_value", { precision: 20, scale: 4 }).notNull().default("0"),
    ...completedDocTailColumns(),
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
    item_fk: itemFk(),
    /** The batch counted; a batch not on hand is named by number and expiry until the count completes. */
    batch_fk: batchFk(),
    ...batchColumns(),
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
