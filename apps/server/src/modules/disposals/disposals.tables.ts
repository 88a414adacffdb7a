import { sql } from "drizzle-orm";
import { check, index, integer, numeric, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import { items } from "../catalogue/catalogue.tables.js";
import { inventories } from "../catalogue/inventories.tables.js";
import { units } from "../catalogue/units.tables.js";
import { stockBatches } from "../stock/stock.tables.js";

/** A destructed asset (write-off): stolen, destroyed or expired goods; a draft moves nothing, Done takes them out. */
export const assetDisposals = pgTable(
  "asset_disposals",
  {
    id: serial("id").primaryKey(),
    number: text("number"),
    date: timestamp("date", { withTimezone: true }).notNull(),
    inventory_fk: integer("inventory_fk")
      .notNull()
      .references(() => inventories.inventory_id, { onDelete: "restrict" }),
    disposal_type: text("disposal_type").notNull(),
    status: text("status").notNull().default("draft"),
    /** The cost of the goods written off (system currency), set when Done. */
    total_loss: numeric("total_loss", { precision: 20, scale: 4 }).notNull().default("0"),
    note: text("note"),
    created_by: integer("created_by"),
    updated_by: integer("updated_by"),
    completed_by: integer("completed_by"),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().default(sql`now()`),
    updated_at: timestamp("updated_at", { withTimezone: true }).notNull().default(sql`now()`),
  },
  (t) => [
    index("asset_disposals_date_idx").on(t.date),
    check("asset_disposals_type", sql`${t.disposal_type} in ('stolen', 'destruct', 'expired')`),
    check("asset_disposals_status", sql`${t.status} in ('draft', 'complete')`),
  ],
);

export const assetDisposalLines = pgTable(
  "asset_disposal_lines",
  {
    id: serial("id").primaryKey(),
    disposal_fk: integer("disposal_fk")
      .notNull()
      .references(() => assetDisposals.id, { onDelete: "cascade" }),
    item_fk: integer("item_fk")
      .notNull()
      .references(() => items.item_id, { onDelete: "restrict" }),
    unit_fk: integer("unit_fk")
      .notNull()
      .references(() => units.unit_id, { onDelete: "restrict" }),
    quantity: numeric("quantity", { precision: 20, scale: 4 }).notNull(),
    /** The batch named by the user; none lets completion pick first-expiry-first-out. */
    batch_fk: integer("batch_fk").references(() => stockBatches.batch_id, { onDelete: "restrict" }),
    description: text("description"),
    /** The cost the goods left with (system currency), set when Done. */
    loss: numeric("loss", { precision: 20, scale: 4 }).notNull().default("0"),
  },
  (t) => [index("asset_disposal_lines_disposal_idx").on(t.disposal_fk), check("asset_disposal_lines_qty", sql`${t.quantity} > 0`)],
);
