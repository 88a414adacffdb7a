import { sql } from "drizzle-orm";
import { boolean, check, index, integer, numeric, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import { authorshipColumns } from "../../platform/columns.js";
import { inventoryFk } from "../catalogue/inventories.tables.js";
import { accounts } from "../ledger/accounts.tables.js";
import { consumerFk } from "../parties/parties.tables.js";
import { documentTotalsColumns, saleLines, sales } from "../sales/sales.tables.js";
import { currencyRateColumns } from "../settings/settings.tables.js";
import { batchColumns, documentLineColumns } from "../stock/stock.tables.js";

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
    consumer_fk: consumerFk(),
    date: timestamp("date", { withTimezone: true }).notNull(),
    /** The return inventory: where the goods come back into. */
    inventory_fk: inventoryFk(),
    /** The sale's currency and in-rate (IQD per 1 USD). */
    ...currencyRateColumns(),
    /** Cash (paid back from `account_fk`) or On Account (the customer's account is credited). */
    received_type: text("received_type").notNull(),
    account_fk: integer("account_fk").references(() => accounts.account_id, { onDelete: "restrict" }),
    /** Revenue, discount and tax given back, and the return amount (revenue − discount + tax), in the return's currency. */
    ...documentTotalsColumns(),
    /** The goods' value back in stock (out of cost of goods sold), system currency. */
    cost_total: numeric("cost_total", { precision: 20, scale: 4 }).notNull().default("0"),
    status: text("status").notNull().default("complete"),
    is_closed: boolean("is_closed").notNull().default(false),
    note: text("note"),
    ...authorshipColumns(),
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
    ...documentLineColumns(),
    /** The price of one unit as sold (or as given, without a sale), in the return's currency. */
    unit_price: numeric("unit_price", { precision: 20, scale: 3 }).notNull(),
    /** This line's share of the sale line's revenue, discount and tax; `line_total` = revenue − discount + tax. */
    revenue: numeric("revenue", { precision: 20, scale: 3 }).notNull(),
    discount_amount: numeric("discount_amount", { precision: 20, scale: 3 }).notNull().default("0"),
    tax_amount: numeric("tax_amount", { precision: 20, scale: 3 }).notNull().default("0"),
    line_total: numeric("line_total", { precision: 20, scale: 3 }).notNull(),
    /** The goods' value as they came back, system currency. */
    cost: numeric("cost", { precision: 20, scale: 4 }).notNull().default("0"),
    ...batchColumns(),
    position: integer("position").notNull().default(0),
  },
  (t) => [
    index("sale_return_lines_return_idx").on(t.return_fk),
    index("sale_return_lines_sale_line_idx").on(t.sale_line_fk),
    check("sale_return_lines_qty_positive", sql`${t.quantity} > 0`),
  ],
);
