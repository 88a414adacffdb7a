import { sql } from "drizzle-orm";
import { check, index, integer, numeric, pgTable, serial, text } from "drizzle-orm/pg-core";
import { authorshipColumns } from "../../platform/columns.js";
import { batchColumns, itemUnitColumns, warehouseDocColumns } from "../stock/stock.tables.js";

/** Opening stock of one inventory, posted against opening-balance equity when saved. */
export const inventoryOpeningBalances = pgTable(
  "inventory_opening_balances",
  {
    id: serial("id").primaryKey(),
    ...warehouseDocColumns(),
    /** Value of the goods (system currency). */
    total_value: numeric("total_value", { precision: 20, scale: 4 }).notNull().default("0"),
    note: text("note"),
    ...authorshipColumns(),
  },
  (t) => [index("inventory_opening_balances_date_idx").on(t.date)],
);

export const inventoryOpeningBalanceLines = pgTable(
  "inventory_opening_balance_lines",
  {
    id: serial("id").primaryKey(),
    opening_fk: integer("opening_fk")
      .notNull()
      .references(() => inventoryOpeningBalances.id, { onDelete: "cascade" }),
    ...itemUnitColumns(),
    quantity: numeric("quantity", { precision: 20, scale: 4 }).notNull(),
    unit_cost: numeric("unit_cost", { precision: 20, scale: 4 }).notNull(),
    ...batchColumns(),
  },
  (t) => [
    index("inventory_opening_balance_lines_opening_idx").on(t.opening_fk),
    check("inventory_opening_balance_lines_qty", sql`${t.quantity} > 0`),
    check("inventory_opening_balance_lines_cost", sql`${t.unit_cost} >= 0`),
  ],
);
