import { sql } from "drizzle-orm";
import { check, date, index, integer, numeric, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import { items } from "../catalogue/catalogue.tables.js";
import { inventories } from "../catalogue/inventories.tables.js";
import { units } from "../catalogue/units.tables.js";

/** Opening stock of one inventory, posted against opening-balance equity when saved. */
export const inventoryOpeningBalances = pgTable(
  "inventory_opening_balances",
  {
    id: serial("id").primaryKey(),
    number: text("number"),
    date: timestamp("date", { withTimezone: true }).notNull(),
    inventory_fk: integer("inventory_fk")
      .notNull()
      .references(() => inventories.inventory_id, { onDelete: "restrict" }),
    /** Value of the goods (system currency). */
    total_value: numeric("total_value", { precision: 20, scale: 4 }).notNull().default("0"),
    note: text("note"),
    created_by: integer("created_by"),
    updated_by: integer("updated_by"),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().default(sql`now()`),
    updated_at: timestamp("updated_at", { withTimezone: true }).notNull().default(sql`now()`),
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
    item_fk: integer("item_fk")
      .notNull()
      .references(() => items.item_id, { onDelete: "restrict" }),
    unit_fk: integer("unit_fk")
      .notNull()
      .references(() => units.unit_id, { onDelete: "restrict" }),
    quantity: numeric("quantity", { precision: 20, scale: 4 }).notNull(),
    unit_cost: numeric("unit_cost", { precision: 20, scale: 4 }).notNull(),
    batch_no: text("batch_no"),
    expire_date: date("expire_date", { mode: "string" }),
  },
  (t) => [
    index("inventory_opening_balance_lines_opening_idx").on(t.opening_fk),
    check("inventory_opening_balance_lines_qty", sql`${t.quantity} > 0`),
    check("inventory_opening_balance_lines_cost", sql`${t.unit_cost} >= 0`),
  ],
);
