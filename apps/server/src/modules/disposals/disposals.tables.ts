import { sql } from "drizzle-orm";
import { boolean, check, index, integer, numeric, pgTable, serial, text } from "drizzle-orm/pg-core";
import { completedDocTailColumns, stockLineColumns, warehouseDocColumns } from "../stock/stock.tables.js";

/** A destructed asset (write-off): stolen, destroyed or expired goods; a draft moves nothing, Done takes them out. */
export const assetDisposals = pgTable(
  "asset_disposals",
  {
    id: serial("id").primaryKey(),
    ...warehouseDocColumns(),
    disposal_type: text("disposal_type").notNull(),
    status: text("status").notNull().default("draft"),
    /** The cost of the goods written off (system currency), set when Done. */
    total_loss: numeric("total_loss", { precision: 20, scale: 4 }).notNull().default("0"),
    /** null: not asked; pending: Done asked by someone who may not approve, nothing moved; approved; disapproved. */
    approval: text("approval"),
    approved_by: integer("approved_by"),
    /** A closed write-off is not changed but by a user who may unclose. */
    is_closed: boolean("is_closed").notNull().default(false),
    ...completedDocTailColumns(),
  },
  (t) => [
    index("asset_disposals_date_idx").on(t.date),
    check("asset_disposals_type", sql`${t.disposal_type} in ('stolen', 'destruct', 'expired')`),
    check("asset_disposals_status", sql`${t.status} in ('draft', 'complete')`),
    check("asset_disposals_approval", sql`${t.approval} is null or ${t.approval} in ('pending', 'approved', 'disapproved')`),
  ],
);

export const assetDisposalLines = pgTable(
  "asset_disposal_lines",
  {
    id: serial("id").primaryKey(),
    disposal_fk: integer("disposal_fk")
      .notNull()
      .references(() => assetDisposals.id, { onDelete: "cascade" }),
    /** The batch named by the user, or none: completion picks first-expiry-first-out. */
    ...stockLineColumns(),
    description: text("description"),
    /** The cost the goods left with (system currency), set when Done. */
    loss: numeric("loss", { precision: 20, scale: 4 }).notNull().default("0"),
  },
  (t) => [index("asset_disposal_lines_disposal_idx").on(t.disposal_fk), check("asset_disposal_lines_qty", sql`${t.quantity} > 0`)],
);
