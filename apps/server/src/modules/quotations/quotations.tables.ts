import { sql } from "drizzle-orm";
import { check, date, index, integer, jsonb, numeric, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { authorshipColumns } from "../../platform/columns.js";
import { inventoryFk } from "../catalogue/inventories.tables.js";
import { consumerFk } from "../parties/parties.tables.js";
import { documentTotalsColumns, invoiceDiscountColumns, lineDiscountColumns } from "../sales/sales.tables.js";
import { currencyRateColumns } from "../settings/settings.tables.js";
import { documentLineColumns } from "../stock/stock.tables.js";

/** A quotation: a sale's lines and prices offered to a customer until a day; no stock, no posting. */
export const quotations = pgTable(
  "quotations",
  {
    id: serial("id").primaryKey(),
    number: text("number"),
    consumer_fk: consumerFk(),
    date: timestamp("date", { withTimezone: true }).notNull(),
    /** The last day the prices hold (the business's day). */
    valid_until: date("valid_until").notNull(),
    /** The inventory the sale made from it takes the goods from. */
    inventory_fk: inventoryFk(),
    /** IQD per 1 USD, the IN rate. */
    ...currencyRateColumns(),
    ...invoiceDiscountColumns(),
    /** Sum of the lines before discounts (gross), the discounts, the tax and the total, in the quotation's currency. */
    ...documentTotalsColumns(),
    /** open or converted */
    status: text("status").notNull().default("open"),
    /** The draft sale Convert To Sale made (the sales core's `sales.id`). */
    sale_fk: integer("sale_fk"),
    converted_at: timestamp("converted_at", { withTimezone: true }),
    converted_by: integer("converted_by"),
    note: text("note"),
    ...authorshipColumns(),
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
    ...documentLineColumns(),
    /** Units given free by a promotion. */
    free_quantity: numeric("free_quantity", { precision: 20, scale: 4 }).notNull().default("0"),
    /** The unit's price in the quotation's currency (the price function's first steps). */
    unit_price: numeric("unit_price", { precision: 20, scale: 3 }).notNull(),
    /** The line's own discount (discount type per item), and every discount on the line: profile, promotion, line and its share of the invoice discount. */
    ...lineDiscountColumns(),
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
