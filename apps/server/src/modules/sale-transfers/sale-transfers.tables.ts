import { sql } from "drizzle-orm";
import { boolean, check, index, integer, numeric, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import { authorshipColumns } from "../../platform/columns.js";
import { inventories, inventoryFk } from "../catalogue/inventories.tables.js";
import { consumerFk } from "../parties/parties.tables.js";
import { sales } from "../sales/sales.tables.js";
import { currencyRateColumns } from "../settings/settings.tables.js";
import { batchFk, documentLineColumns } from "../stock/stock.tables.js";

const docColumns = () => ({
  number: text("number"),
  /** The customer holding the goods. */
  consumer_fk: consumerFk(),
  date: timestamp("date", { withTimezone: true }).notNull(),
  /** Transfer: the inventory the goods leave; return: the inventory they come back into. */
  inventory_fk: inventoryFk(),
  /** The customer's consignment location (set when the goods move). */
  consignment_inventory_fk: integer("consignment_inventory_fk").references(() => inventories.inventory_id, { onDelete: "restrict" }),
  note: text("note"),
  ...authorshipColumns(),
});

const lineColumns = () => ({
  line_id: serial("line_id").primaryKey(),
  ...documentLineColumns(),
  /** A batch named by the user; unset: first expiry first out. */
  batch_fk: batchFk(),
  position: integer("position").notNull().default(0),
});

/** Goods sent to a customer on consignment: pending, then sent (stock moved to the customer's consignment location). */
export const saleTransfers = pgTable(
  "sale_transfers",
  {
    id: serial("id").primaryKey(),
    ...docColumns(),
    /** The document's currency and its IN rate (SPEC §3: sale transfers use the in-rate). */
    ...currencyRateColumns(),
    /** What the goods would sell for (the price function), in the document's currency. */
    total: numeric("total", { precision: 20, scale: 3 }).notNull().default("0"),
    /** pending or sent */
    status: text("status").notNull().default("pending"),
    is_closed: boolean("is_closed").notNull().default(false),
    sent_at: timestamp("sent_at", { withTimezone: true }),
    sent_by: integer("sent_by"),
  },
  (t) => [
    index("sale_transfers_date_idx").on(t.date),
    index("sale_transfers_consumer_idx").on(t.consumer_fk),
    check("sale_transfers_status_check", sql`${t.status} in ('pending','sent')`),
  ],
);

export const saleTransferLines = pgTable(
  "sale_transfer_lines",
  {
    ...lineColumns(),
    transfer_fk: integer("transfer_fk")
      .notNull()
      .references(() => saleTransfers.id, { onDelete: "cascade" }),
    /** The unit's sale price at the in-rate (the price function), in the document's currency. */
    unit_price: numeric("unit_price", { precision: 20, scale: 3 }).notNull().default("0"),
    line_total: numeric("line_total", { precision: 20, scale: 3 }).notNull().default("0"),
  },
  (t) => [index("sale_transfer_lines_transfer_idx").on(t.transfer_fk), check("sale_transfer_lines_qty_positive", sql`${t.quantity} > 0`)],
);

/** Goods back from a customer's consignment location into a chosen inventory; saved complete. */
export const saleTransferReturns = pgTable(
  "sale_transfer_returns",
  {
    id: serial("id").primaryKey(),
    ...docColumns(),
    sale_transfer_fk: integer("sale_transfer_fk").references(() => saleTransfers.id, { onDelete: "restrict" }),
  },
  (t) => [index("sale_transfer_returns_date_idx").on(t.date), index("sale_transfer_returns_consumer_idx").on(t.consumer_fk)],
);

export const saleTransferReturnLines = pgTable(
  "sale_transfer_return_lines",
  {
    ...lineColumns(),
    return_fk: integer("return_fk")
      .notNull()
      .references(() => saleTransferReturns.id, { onDelete: "cascade" }),
  },
  (t) => [
    index("sale_transfer_return_lines_return_idx").on(t.return_fk),
    check("sale_transfer_return_lines_qty_positive", sql`${t.quantity} > 0`),
  ],
);

/**
 * What a consignment invoice took of a sale transfer's line, in the line's unit: so a transfer
 * knows what is left of it (sent, less invoiced, less returned). Counted while its sale is complete.
 */
export const saleTransferInvoiceLines = pgTable(
  "sale_transfer_invoice_lines",
  {
    id: serial("id").primaryKey(),
    transfer_line_fk: integer("transfer_line_fk")
      .notNull()
      .references(() => saleTransferLines.line_id, { onDelete: "restrict" }),
    sale_fk: integer("sale_fk")
      .notNull()
      .references(() => sales.id, { onDelete: "cascade" }),
    quantity: numeric("quantity", { precision: 20, scale: 4 }).notNull(),
  },
  (t) => [
    index("sale_transfer_invoice_lines_line_idx").on(t.transfer_line_fk),
    index("sale_transfer_invoice_lines_sale_idx").on(t.sale_fk),
    check("sale_transfer_invoice_lines_qty_positive", sql`${t.quantity} > 0`),
  ],
);
