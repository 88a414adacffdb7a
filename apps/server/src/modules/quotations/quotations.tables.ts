import { sql } from "drizzle-orm";
import { check, date, index, integer, jsonb, numeric, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { items } from "../catalogue/catalogue.tables.js";
import { inventories } from "../catalogue/inventories.tables.js";
import { units } from "../catalogue/units.tables.js";
import { consumers } from "../parties/parties.tables.js";
import { currencies } from "../settings/settings.tables.js";

/** A quotation: a sale's lines and prices offered to a customer until a day; no stock, no posting. */
export const quotations = pgTable(
  "quotations",
  {
    id: serial("id").primaryKey(),
    number: text("number"),
    consumer_fk: integer("consumer_fk")
      .notNull()
      .references(() => consumers.consumer_id, { onDelete: "restrict" }),
    date: timestamp("date", { withTimezone: true }).notNull(),
    /** The last day the prices hold (the business's day). */
    valid_until: date("valid_until").notNull(),
    /** The inventory the sale made from it takes the goods from. */
    inventory_fk: integer("inventory_fk")
      .notNull()
      .references(() => inventories.inventory_id, { onDelete: "restrict" }),
    currency_id: integer("currency_id")
      .notNull()
      .references(() => currencies.currency_id),
    /** IQD per 1 USD, the IN rate. */
    rate: numeric("rate", { precision: 20, scale: 4 }).notNull(),
    /** item or invoice */
    discount_type: text("discount_type").notNull().default("item"),
    invoice_discount_type: text("invoice_discount_type").notNull().default("amount"),
    invoice_discount: numeric("invoice_discount", { precision: 20, scale: 3 }).notNull().default("0"),
    /** Sum of the lines before discounts (gross), the discounts, the tax and the total, in the quotation's currency. */
    subtotal: numeric("subtotal", { precision: 20, scale: 3 }).notNull().default("0"),
    discount_amount: numeric("discount_amount", { precision: 20, scale: 3 }).notNull().default("0"),
    tax_amount: numeric("tax_amount", { precision: 20, scale: 3 }).notNull().default("0"),
    total: numeric("total", { precision: 20, scale: 3 }).notNull().default("0"),
    /** open or converted */
    status: text("status").notNull().default("open"),
    /** The draft sale Convert To Sale made (the sales core's `sales.id`). */
    sale_fk: integer("sale_fk"),
    converted_at: timestamp("converted_at", { withTimezone: true }),
    converted_by: integer("converted_by"),
    note: text("note"),
    created_by: integer("created_by"),
    updated_by: integer("updated_by"),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().default(sql`now()`),
    updated_at: timestamp("updated_at", { withTimezone: true }).notNull().default(sql`now()`),
  },
  (t) => [
    index("quotations_date_idx").on(t.date),
    index("quotations_consumer_idx").on(t.consumer_fk),
    uniqueIndex("quotations_sale_unique").on(t.sale_fk),
    check("quotations_status_check", sql`${t.status} in ('open','converted')`),
    check("quotations_converted_sale_check", sql`(${t.status} = 'converted') = (${t.sale_fk} is not null)`),
    check("quotations_discount_type_check", sql`${t.discount_type} in ('item','invoice')`),
    check("quotations_invoice_discount_type_check", sql`${t.invoice_discount_type} in ('amount','percent')`),
  ],
);

export const quotationLines = pgTable(
  "quotation_lines",
  {
    line_id: serial("line_id").primaryKey(),
    quotation_fk: integer("quotation_fk")
      .notNull()
      .references(() => quotations.id, { onDelete: "cascade" }),
    item_fk: integer("item_fk")
      .notNull()
      .references(() => items.item_id, { onDelete: "restrict" }),
    unit_fk: integer("unit_fk")
      .notNull()
      .references(() => units.unit_id, { onDelete: "restrict" }),
    unit_base_qty: numeric("unit_base_qty", { precision: 20, scale: 4 }).notNull(),
    quantity: numeric("quantity", { precision: 20, scale: 4 }).notNull(),
    /** Units given free by a promotion. */
    free_quantity: numeric("free_quantity", { precision: 20, scale: 4 }).notNull().default("0"),
    /** The unit's price in the quotation's currency (the price function's first steps). */
    unit_price: numeric("unit_price", { precision: 20, scale: 3 }).notNull(),
    /** The line's own discount (discount type per item). */
    discount_type: text("discount_type"),
    discount: numeric("discount", { precision: 20, scale: 3 }).notNull().default("0"),
    /** Every discount on the line: profile, promotion, line and its share of the invoice discount. */
    discount_amount: numeric("discount_amount", { precision: 20, scale: 3 }).notNull().default("0"),
    promotion_fk: integer("promotion_fk"),
    tax_amount: numeric("tax_amount", { precision: 20, scale: 3 }).notNull().default("0"),
    line_total: numeric("line_total", { precision: 20, scale: 3 }).notNull(),
    /** The price function's steps, so the screen can show why the price is what it is. */
    steps: jsonb("steps").notNull().default(sql`'[]'::jsonb`),
    description: text("description"),
    position: integer("position").notNull().default(0),
  },
  (t) => [index("quotation_lines_quotation_idx").on(t.quotation_fk), check("quotation_lines_qty_positive", sql`${t.quantity} > 0`)],
);
