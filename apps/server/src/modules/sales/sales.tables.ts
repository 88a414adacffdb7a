import { sql } from "drizzle-orm";
import { boolean, check, index, integer, jsonb, numeric, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import { authorshipColumns } from "../../platform/columns.js";
import { inventoryFk } from "../catalogue/inventories.tables.js";
import { accounts } from "../ledger/accounts.tables.js";
import { outlets } from "../outlets/outlets.tables.js";
import { consumerFk } from "../parties/parties.tables.js";
import { promotions } from "../pricing/promotions.tables.js";
import { currencyRateColumns } from "../settings/settings.tables.js";
import { users } from "../staff/staff.tables.js";
import { batchColumns, documentLineColumns } from "../stock/stock.tables.js";

/** How a sale or a quotation discounts: item (each line its own discount) or invoice (one discount over the lines). */
export const invoiceDiscountColumns = () => ({
  discount_type: text("discount_type").notNull().default("item"),
  invoice_discount_type: text("invoice_discount_type").notNull().default("amount"),
  invoice_discount: numeric("invoice_discount", { precision: 20, scale: 3 }).notNull().default("0"),
});

/** A sale or quotation line's own discount, and every reduction of the line (profile, promotion, line and invoice discounts). */
export const lineDiscountColumns = () => ({
  discount_type: text("discount_type"),
  discount: numeric("discount", { precision: 20, scale: 3 }).notNull().default("0"),
  discount_amount: numeric("discount_amount", { precision: 20, scale: 3 }).notNull().default("0"),
});

/** A quotation's or a sale return's amounts, in its currency: subtotal, the discounts, the tax and the total. */
export const documentTotalsColumns = () => ({
  subtotal: numeric("subtotal", { precision: 20, scale: 3 }).notNull().default("0"),
  discount_amount: numeric("discount_amount", { precision: 20, scale: 3 }).notNull().default("0"),
  tax_amount: numeric("tax_amount", { precision: 20, scale: 3 }).notNull().default("0"),
  total: numeric("total", { precision: 20, scale: 3 }).notNull().default("0"),
});

/**
 * A sale to a customer out of an inventory: an invoice sale, a salesman's sale or a POS ticket.
 * Draft, then complete (stock out at average cost and posted, together). Amounts in the sale's
 * currency at its in-rate; `cost_total`, `commission_base` and `commission` in the system currency.
 */
export const sales = pgTable(
  "sales",
  {
    id: serial("id").primaryKey(),
    /** Receipt number, a series per outlet (modules/numbering). */
    number: text("number"),
    /** sale, salesman or pos */
    kind: text("kind").notNull().default("sale"),
    outlet_fk: integer("outlet_fk").references(() => outlets.outlet_id, { onDelete: "restrict" }),
    /** The customer; the walk-in customer by default. */
    consumer_fk: consumerFk(),
    salesman_fk: integer("salesman_fk").references(() => users.user_id, { onDelete: "restrict" }),
    date: timestamp("date", { withTimezone: true }).notNull(),
    inventory_fk: inventoryFk(),
    /** The in-rate: IQD per 1 USD. */
    ...currencyRateColumns(),
    ...invoiceDiscountColumns(),
    /** Every reduction of the lines (profile, promotion, line and invoice discounts). */
    discount_amount: numeric("discount_amount", { precision: 20, scale: 3 }).notNull().default("0"),
    /** Taken off the total to round it. */
    rounded_discount: numeric("rounded_discount", { precision: 20, scale: 3 }).notNull().default("0"),
    tax_amount: numeric("tax_amount", { precision: 20, scale: 3 }).notNull().default("0"),
    /** The lines at their unit sale prices. */
    gross: numeric("gross", { precision: 20, scale: 3 }).notNull().default("0"),
    /** The lines after their discounts, before tax. */
    subtotal: numeric("subtotal", { precision: 20, scale: 3 }).notNull().default("0"),
    /** subtotal + tax − rounded discount: what the customer owes for the sale. */
    total: numeric("total", { precision: 20, scale: 3 }).notNull().default("0"),
    paid_amount: numeric("paid_amount", { precision: 20, scale: 3 }).notNull().default("0"),
    received_amount: numeric("received_amount", { precision: 20, scale: 3 }),
    remaining: numeric("remaining", { precision: 20, scale: 3 }).notNull().default("0"),
    /** Cash or On Account. */
    payment_type: text("payment_type").notNull(),
    /** The cash account the paid part goes into. */
    account_fk: integer("account_fk").references(() => accounts.account_id, { onDelete: "restrict" }),
    payment_status: text("payment_status").notNull().default("unpaid"),
    status: text("status").notNull().default("draft"),
    is_closed: boolean("is_closed").notNull().default(false),
    /** Cost of goods sold at the stock-out, system currency (0 while a draft). */
    cost_total: numeric("cost_total", { precision: 24, scale: 4 }).notNull().default("0"),
    /** What the salesman's commission was reckoned on (revenue or gross profit), system currency. */
    commission_base: numeric("commission_base", { precision: 24, scale: 4 }).notNull().default("0"),
    commission: numeric("commission", { precision: 24, scale: 4 }).notNull().default("0"),
    customer_mobile: text("customer_mobile"),
    customer_address: text("customer_address"),
    note: text("note"),
    ...authorshipColumns(),
  },
  (t) => [
    index("sales_date_idx").on(t.date),
    index("sales_consumer_idx").on(t.consumer_fk),
    index("sales_salesman_idx").on(t.salesman_fk, t.date),
    index("sales_kind_idx").on(t.kind, t.date),
    // A receipt found by its number (a POS return, a scanned receipt) on years of sales.
    index("sales_number_idx").on(t.kind, t.number),
    check("sales_kind_check", sql`${t.kind} in ('sale','salesman','pos')`),
    check("sales_status_check", sql`${t.status} in ('draft','complete')`),
    check("sales_payment_type_check", sql`${t.payment_type} in ('Cash','On Account')`),
    check("sales_discount_type_check", sql`${t.discount_type} in ('item','invoice')`),
    check("sales_invoice_discount_type_check", sql`${t.invoice_discount_type} in ('amount','percent')`),
    check("sales_payment_status_check", sql`${t.payment_status} in ('paid','unpaid','partially_paid')`),
    check("sales_amounts_check", sql`${t.paid_amount} >= 0 and ${t.remaining} >= 0 and ${t.total} >= 0`),
  ],
);

export const saleLines = pgTable(
  "sale_lines",
  {
    line_id: serial("line_id").primaryKey(),
    sale_fk: integer("sale_fk")
      .notNull()
      .references(() => sales.id, { onDelete: "cascade" }),
    ...documentLineColumns(),
    /** Units a get-free promotion gives on top (they leave the stock too). */
    free_quantity: numeric("free_quantity", { precision: 20, scale: 4 }).notNull().default("0"),
    /** The unit's sale price in the sale's currency (or the price set by hand). */
    sale_price: numeric("sale_price", { precision: 20, scale: 3 }).notNull(),
    /** The unit price after the pricing profile and promotion. */
    unit_price: numeric("unit_price", { precision: 20, scale: 3 }).notNull(),
    /** Every reduction of the line: gross less net. */
    ...lineDiscountColumns(),
    promotion_fk: integer("promotion_fk").references(() => promotions.promotion_id, { onDelete: "set null" }),
    tax_amount: numeric("tax_amount", { precision: 20, scale: 3 }).notNull().default("0"),
    /** The line after its discounts, before tax. */
    line_total: numeric("line_total", { precision: 20, scale: 3 }).notNull(),
    /** Cost of one base unit at the stock-out, system currency. */
    unit_cost: numeric("unit_cost", { precision: 24, scale: 6 }).notNull().default("0"),
    ...batchColumns(),
    description: text("description"),
    /** The price function's steps: why the price is what it is. */
    steps: jsonb("steps").notNull().default(sql`'[]'::jsonb`),
    position: integer("position").notNull().default(0),
  },
  (t) => [
    index("sale_lines_sale_idx").on(t.sale_fk),
    index("sale_lines_item_idx").on(t.item_fk),
    check("sale_lines_qty_positive", sql`${t.quantity} > 0 and ${t.free_quantity} >= 0`),
  ],
);

/** Money received for a sale: an invoice sale writes one row for its cash part; a POS sale one per currency and method. */
export const salePayments = pgTable(
  "sale_payments",
  {
    payment_id: serial("payment_id").primaryKey(),
    sale_fk: integer("sale_fk")
      .notNull()
      .references(() => sales.id, { onDelete: "cascade" }),
    account_fk: integer("account_fk")
      .notNull()
      .references(() => accounts.account_id, { onDelete: "restrict" }),
    /** cash, fib, ... */
    method: text("method").notNull().default("cash"),
    ...currencyRateColumns(),
    /** In `currency_id`. */
    amount: numeric("amount", { precision: 20, scale: 3 }).notNull(),
  },
  (t) => [index("sale_payments_sale_idx").on(t.sale_fk), check("sale_payments_amount_positive", sql`${t.amount} > 0`)],
);

/** Each salesman's payable account (commissions owed), made on the first commission. */
export const salesmanAccounts = pgTable("salesman_accounts", {
  user_fk: integer("user_fk")
    .primaryKey()
    .references(() => users.user_id, { onDelete: "restrict" }),
  account_fk: integer("account_fk")
    .notNull()
    .references(() => accounts.account_id, { onDelete: "restrict" }),
});
