import { sql } from "drizzle-orm";
import { boolean, check, date, index, integer, numeric, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import { items } from "../catalogue/catalogue.tables.js";
import { inventories } from "../catalogue/inventories.tables.js";
import { units } from "../catalogue/units.tables.js";
import { accounts } from "../ledger/accounts.tables.js";
import { consumers } from "../parties/parties.tables.js";
import { saleLines, sales } from "../sales/sales.tables.js";
import { currencies } from "../settings/settings.tables.js";

/**
 * Goods a customer brings back: from a sale (its lines, batches, prices and cost, no more than was
 * sold less what came back) or on their own. Saved complete: the goods come back into stock and
 * the sale's lines are reversed in proportion, in one transaction.
 */
export const saleReturns = pgTable(
  "sale_returns",
  {
    id: serial("id").primaryKey(),
    /** The return invoice number (`SRT-000001`). */
    number: text("number"),
    sale_fk: integer("sale_fk").references(() => sales.id, { onDelete: "restrict" }),
    /** The customer. */
    consumer_fk: integer("consumer_fk")
      .notNull()
      .references(() => consumers.consumer_id, { onDelete: "restrict" }),
    date: timestamp("date", { withTimezone: true }).notNull(),
    /** The return inventory: where the goods come back into. */
    inventory_fk: integer("inventory_fk")
      .notNull()
      .references(() => inventories.inventory_id, { onDelete: "restrict" }),
    /** The sale's currency and in-rate (IQD per 1 USD). */
    currency_id: integer("currency_id")
      .notNull()
      .references(() => currencies.currency_id),
    rate: numeric("rate", { precision: 20, scale: 4 }).notNull(),
    /** Cash (paid back from `account_fk`) or On Account (the customer's account is credited). */
    received_type: text("received_type").notNull(),
    account_fk: integer("account_fk").references(() => accounts.account_id, { onDelete: "restrict" }),
    /** Revenue, discount and tax given back, and the return amount (revenue − discount + tax), in the return's currency. */
    subtotal: numeric("subtotal", { precision: 20, scale: 3 }).notNull().default("0"),
    discount_amount: numeric("discount_amount", { precision: 20, scale: 3 }).notNull().default("0"),
    tax_amount: numeric("tax_amount", { precision: 20, scale: 3 }).notNull().default("0"),
    total: numeric("total", { precision: 20, scale: 3 }).notNull().default("0"),
    /** The goods' value back in stock (out of cost of goods sold), system currency. */
    cost_total: numeric("cost_total", { precision: 20, scale: 4 }).notNull().default("0"),
    status: text("status").notNull().default("complete"),
    is_closed: boolean("is_closed").notNull().default(false),
    note: text("note"),
    created_by: integer("created_by"),
    updated_by: integer("updated_by"),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().default(sql`now()`),
    updated_at: timestamp("updated_at", { withTimezone: true }).notNull().default(sql`now()`),
  },
  (t) => [
    index("sale_returns_date_idx").on(t.date),
    index("sale_returns_sale_idx").on(t.sale_fk),
    index("sale_returns_consumer_idx").on(t.consumer_fk),
    check("sale_returns_status_check", sql`${t.status} in ('draft','complete')`),
    check("sale_returns_received_type_check", sql`${t.received_type} in ('Cash','On Account')`),
  ],
);

export const saleReturnLines = pgTable(
  "sale_return_lines",
  {
    line_id: serial("line_id").primaryKey(),
    return_fk: integer("return_fk")
      .notNull()
      .references(() => saleReturns.id, { onDelete: "cascade" }),
    sale_line_fk: integer("sale_line_fk").references(() => saleLines.line_id, { onDelete: "restrict" }),
    item_fk: integer("item_fk")
      .notNull()
      .references(() => items.item_id, { onDelete: "restrict" }),
    unit_fk: integer("unit_fk")
      .notNull()
      .references(() => units.unit_id, { onDelete: "restrict" }),
    /** Base units in one of the unit. */
    unit_base_qty: numeric("unit_base_qty", { precision: 20, scale: 4 }).notNull(),
    quantity: numeric("quantity", { precision: 20, scale: 4 }).notNull(),
    /** The price of one unit as sold (or as given, without a sale), in the return's currency. */
    unit_price: numeric("unit_price", { precision: 20, scale: 3 }).notNull(),
    /** This line's share of the sale line's revenue, discount and tax; `line_total` = revenue − discount + tax. */
    revenue: numeric("revenue", { precision: 20, scale: 3 }).notNull(),
    discount_amount: numeric("discount_amount", { precision: 20, scale: 3 }).notNull().default("0"),
    tax_amount: numeric("tax_amount", { precision: 20, scale: 3 }).notNull().default("0"),
    line_total: numeric("line_total", { precision: 20, scale: 3 }).notNull(),
    /** The goods' value as they came back, system currency. */
    cost: numeric("cost", { precision: 20, scale: 4 }).notNull().default("0"),
    batch_no: text("batch_no"),
    expire_date: date("expire_date"),
    position: integer("position").notNull().default(0),
  },
  (t) => [
    index("sale_return_lines_return_idx").on(t.return_fk),
    index("sale_return_lines_sale_line_idx").on(t.sale_line_fk),
    check("sale_return_lines_qty_positive", sql`${t.quantity} > 0`),
  ],
);
