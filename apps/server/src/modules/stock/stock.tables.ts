import { sql } from "drizzle-orm";
import {
  bigint,
  bigserial,
  boolean,
  check,
  date,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  unique,
} from "drizzle-orm/pg-core";
import { authorshipColumns } from "../../platform/columns.js";
import { items } from "../catalogue/catalogue.tables.js";
import { inventories, inventoryFk } from "../catalogue/inventories.tables.js";
import { units } from "../catalogue/units.tables.js";

/** The item a stock row or a document line names; an item in use is never deleted. */
export const itemFk = () =>
  integer("item_fk")
    .notNull()
    .references(() => items.item_id, { onDelete: "restrict" });

/** A batch as a document line names it before its batch row exists: its number and expiry date. */
export const batchColumns = () => ({
  batch_no: text("batch_no"),
  expire_date: date("expire_date"),
});

/**
 * A batch of an item: its batch number and expiry date, or neither (the item's one "no batch"
 * row). Every balance and movement names a batch, so the stock key is always (item, inventory,
 * batch) and rows lock in that order.
 */
export const stockBatches = pgTable(
  "stock_batches",
  {
    batch_id: serial("batch_id").primaryKey(),
    item_fk: itemFk(),
    ...batchColumns(),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().default(sql`now()`),
  },
  (t) => [unique("stock_batches_item_batch_unique").on(t.item_fk, t.batch_no, t.expire_date).nullsNotDistinct()],
);

/** The batch a stock row or a line names; a batch in use is never deleted. */
export const batchFk = () => integer("batch_fk").references(() => stockBatches.batch_id, { onDelete: "restrict" });

/** The stock key every balance and movement names: item, inventory and batch. */
const stockKeyColumns = () => ({
  item_fk: itemFk(),
  inventory_fk: inventoryFk(),
  batch_fk: batchFk().notNull(),
});

/** The item and the unit a document line names. */
export const itemUnitColumns = () => ({
  item_fk: itemFk(),
  unit_fk: integer("unit_fk")
    .notNull()
    .references(() => units.unit_id, { onDelete: "restrict" }),
});

/**
 * A trading document's line (purchases, sales, quotations, their returns, sale transfers): its
 * item, its unit with the base units in one of the unit when the line was saved, and the quantity.
 */
export const documentLineColumns = () => ({
  ...itemUnitColumns(),
  unit_base_qty: numeric("unit_base_qty", { precision: 20, scale: 4 }).notNull(),
  quantity: numeric("quantity", { precision: 20, scale: 4 }).notNull(),
});

/** A warehouse line moving goods (a transfer, a write-off): item, unit and quantity, and the batch named, if any. */
export const stockLineColumns = () => ({
  ...itemUnitColumns(),
  quantity: numeric("quantity", { precision: 20, scale: 4 }).notNull(),
  /** None lets the stock-out pick first-expiry-first-out. */
  batch_fk: batchFk(),
});

/** A warehouse document's head (a count, a write-off, an opening stock): its number, date and inventory. */
export const warehouseDocColumns = () => ({
  number: text("number"),
  date: timestamp("date", { withTimezone: true }).notNull(),
  inventory_fk: inventoryFk(),
});

/** A warehouse document's note and authorship, with who completed it (a count, a write-off). */
export const completedDocTailColumns = () => {
  const { created_at, updated_at, ...by } = authorshipColumns();
  return { note: text("note"), ...by, completed_by: integer("completed_by"), created_at, updated_at };
};

/**
 * Quantity on hand per (item, inventory, batch) in the item's base unit, kept in the same
 * transaction as the movements. Never below zero while the system setting "allow negative stock"
 * is off: the trigger `stock_balances_non_negative` (migration) refuses a decrease below zero
 * then, whatever wrote it; stockOut's guarded update refuses first with a readable message.
 */
export const stockBalances = pgTable(
  "stock_balances",
  {
    ...stockKeyColumns(),
    qty: numeric("qty", { precision: 20, scale: 4 }).notNull().default("0"),
    /**
     * Held by open online orders (`online_order_reservations`): a stock-out takes only
     * `qty - reserved`, and the trigger refuses a write leaving fewer on hand than are reserved.
     */
    reserved: numeric("reserved", { precision: 20, scale: 4 }).notNull().default("0"),
    updated_at: timestamp("updated_at", { withTimezone: true }).notNull().default(sql`now()`),
  },
  (t) => [
    primaryKey({ columns: [t.item_fk, t.inventory_fk, t.batch_fk] }),
    index("stock_balances_inventory_idx").on(t.inventory_fk),
    check("stock_balances_reserved_non_negative", sql`${t.reserved} >= 0`),
  ],
);

/**
 * The moving weighted-average cost of an item in the system currency, over every inventory:
 * `qty` and `value` are the sums of the item's movements, `avg_cost` the value of one base unit
 * (kept when the quantity reaches zero, so the next movement out has a cost).
 */
export const stockItemCosts = pgTable("stock_item_costs", {
  item_fk: integer("item_fk")
    .primaryKey()
    .references(() => items.item_id, { onDelete: "restrict" }),
  qty: numeric("qty", { precision: 20, scale: 4 }).notNull().default("0"),
  value: numeric("value", { precision: 24, scale: 4 }).notNull().default("0"),
  avg_cost: numeric("avg_cost", { precision: 24, scale: 6 }).notNull().default("0"),
  updated_at: timestamp("updated_at", { withTimezone: true }).notNull().default(sql`now()`),
});

/**
 * The stock ledger, append-only (triggers refuse UPDATE and DELETE): one row per movement of an
 * item in an inventory and batch, signed quantity in base units, its unit cost and value in the
 * system currency, and the document line it belongs to. A reversal is a mirror row naming the
 * row it reverses (`reversal_of`). Revaluations (apply cost) are rows of quantity 0.
 */
export const stockMovements = pgTable(
  "stock_movements",
  {
    movement_id: bigserial("movement_id", { mode: "number" }).primaryKey(),
    ...stockKeyColumns(),
    qty: numeric("qty", { precision: 20, scale: 4 }).notNull(),
    /** The unit the document used and its quantity in it (for display); `qty` is in base units. */
    unit_fk: integer("unit_fk").references(() => units.unit_id, { onDelete: "restrict" }),
    unit_qty: numeric("unit_qty", { precision: 20, scale: 4 }),
    unit_cost: numeric("unit_cost", { precision: 24, scale: 6 }).notNull().default("0"),
    value: numeric("value", { precision: 24, scale: 4 }).notNull().default("0"),
    source_type: text("source_type").notNull(),
    source_id: integer("source_id").notNull(),
    source_line: integer("source_line"),
    reversal_of: bigint("reversal_of", { mode: "number" }),
    date: timestamp("date", { withTimezone: true }).notNull(),
    created_by: integer("created_by"),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().default(sql`now()`),
  },
  (t) => [
    index("stock_movements_item_idx").on(t.item_fk, t.inventory_fk, t.date),
    index("stock_movements_source_idx").on(t.source_type, t.source_id),
    index("stock_movements_reversal_idx").on(t.reversal_of),
    index("stock_movements_batch_idx").on(t.batch_fk),
  ],
);

/** An item transfer between two inventories: pending, sent (stock left), received (stock arrived). */
export const itemTransfers = pgTable(
  "item_transfers",
  {
    transfer_id: serial("transfer_id").primaryKey(),
    transfer_no: text("transfer_no"),
    date: timestamp("date", { withTimezone: true }).notNull(),
    from_inventory_fk: integer("from_inventory_fk")
      .notNull()
      .references(() => inventories.inventory_id, { onDelete: "restrict" }),
    to_inventory_fk: integer("to_inventory_fk")
      .notNull()
      .references(() => inventories.inventory_id, { onDelete: "restrict" }),
    /** pending, sent, received */
    status: text("status").notNull().default("pending"),
    /** null: not decided yet; true approved (it may be sent); false disapproved. */
    approved: boolean("approved"),
    note: text("note"),
    sent_at: timestamp("sent_at", { withTimezone: true }),
    sent_by: integer("sent_by"),
    received_at: timestamp("received_at", { withTimezone: true }),
    received_by: integer("received_by"),
    ...authorshipColumns(),
  },
  (t) => [
    index("item_transfers_date_idx").on(t.date),
    check("item_transfers_inventories_differ", sql`${t.from_inventory_fk} <> ${t.to_inventory_fk}`),
    check("item_transfers_status_check", sql`${t.status} in ('pending','sent','received')`),
  ],
);

export const itemTransferLines = pgTable(
  "item_transfer_lines",
  {
    line_id: serial("line_id").primaryKey(),
    transfer_fk: integer("transfer_fk")
      .notNull()
      .references(() => itemTransfers.transfer_id, { onDelete: "cascade" }),
    /** The batch named, or none: the send picks first-expiry-first-out. */
    ...stockLineColumns(),
  },
  (t) => [index("item_transfer_lines_transfer_idx").on(t.transfer_fk), check("item_transfer_lines_qty_positive", sql`${t.quantity} > 0`)],
);
