import { sql } from "drizzle-orm";
import { boolean, check, index, integer, numeric, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import { authorshipColumns } from "../../platform/columns.js";
import { inventoryFk } from "../catalogue/inventories.tables.js";
import { accounts } from "../ledger/accounts.tables.js";
import { consumerFk, consumers } from "../parties/parties.tables.js";
import { purchaseOrders } from "../purchase-orders/purchase-orders.tables.js";
import { currencyRateColumns } from "../settings/settings.tables.js";
import { batchColumns, documentLineColumns } from "../stock/stock.tables.js";

const docColumns = () => ({
  number: text("number"),
  /** The supplier. */
  consumer_fk: consumerFk(),
  reference_no: text("reference_no"),
  date: timestamp("date", { withTimezone: true }).notNull(),
  inventory_fk: inventoryFk(),
  /** The document's currency and its out-rate (IQD per 1 USD). */
  ...currencyRateColumns(),
  /** Cash or On Account. */
  payment_type: text("payment_type").notNull(),
  /** The cash account paid from (purchase) or received into (return). */
  account_fk: integer("account_fk").references(() => accounts.account_id, { onDelete: "restrict" }),
  /** Sum of the lines, in the document's currency. */
  subtotal: numeric("subtotal", { precision: 20, scale: 3 }).notNull().default("0"),
  total: numeric("total", { precision: 20, scale: 3 }).notNull().default("0"),
  /** draft or complete */
  status: text("status").notNull().default("draft"),
  is_closed: boolean("is_closed").notNull().default(false),
  note: text("note"),
  ...authorshipColumns(),
});

/** A purchase from a supplier into an inventory: draft, then complete (stock in and posted). */
export const purchases = pgTable(
  "purchases",
  {
    id: serial("id").primaryKey(),
    ...docColumns(),
    /** amount or percent */
    discount_type: text("discount_type").notNull().default("amount"),
    discount: numeric("discount", { precision: 20, scale: 3 }).notNull().default("0"),
    /** The discount in the document's currency. */
    discount_amount: numeric("discount_amount", { precision: 20, scale: 3 }).notNull().default("0"),
    /** Paid from the cash account, in the document's currency; the rest is owed to the supplier. */
    paid_amount: numeric("paid_amount", { precision: 20, scale: 3 }).notNull().default("0"),
    /** paid, unpaid or partially_paid */
    payment_status: text("payment_status").notNull().default("unpaid"),
    /** The charges were spread over the lines (apply cost). */
    costs_applied: boolean("costs_applied").notNull().default(false),
    /** The purchase order this purchase receives against, if any. */
    order_fk: integer("order_fk").references(() => purchaseOrders.id, { onDelete: "restrict" }),
  },
  (t) => [
    index("purchases_date_idx").on(t.date),
    index("purchases_consumer_idx").on(t.consumer_fk),
    index("purchases_order_idx").on(t.order_fk),
    check("purchases_status_check", sql`${t.status} in ('draft','complete')`),
    check("purchases_payment_type_check", sql`${t.payment_type} in ('Cash','On Account')`),
    check("purchases_discount_type_check", sql`${t.discount_type} in ('amount','percent')`),
    check("purchases_payment_status_check", sql`${t.payment_status} in ('paid','unpaid','partially_paid')`),
  ],
);

export const purchaseLines = pgTable(
  "purchase_lines",
  {
    line_id: serial("line_id").primaryKey(),
    purchase_fk: integer("purchase_fk")
      .notNull()
      .references(() => purchases.id, { onDelete: "cascade" }),
    ...documentLineColumns(),
    bonus: numeric("bonus", { precision: 20, scale: 4 }).notNull().default("0"),
    unit_price: numeric("unit_price", { precision: 20, scale: 3 }).notNull(),
    /** quantity × unit price, in the document's currency. */
    line_total: numeric("line_total", { precision: 20, scale: 3 }).notNull(),
    ...batchColumns(),
    description: text("description"),
    /** Cost of one base unit in the system currency (discount spread, bonus free; charges added by apply cost). */
    unit_cost: numeric("unit_cost", { precision: 24, scale: 6 }).notNull().default("0"),
    position: integer("position").notNull().default(0),
  },
  (t) => [
    index("purchase_lines_purchase_idx").on(t.purchase_fk),
    index("purchase_lines_item_idx").on(t.item_fk),
    check("purchase_lines_qty_positive", sql`${t.quantity} > 0 and ${t.bonus} >= 0`),
  ],
);

/** Transport and other charges of a purchase: each with its own supplier, payment and currency. */
export const purchaseCharges = pgTable(
  "purchase_charges",
  {
    charge_id: serial("charge_id").primaryKey(),
    purchase_fk: integer("purchase_fk")
      .notNull()
      .references(() => purchases.id, { onDelete: "cascade" }),
    /** transport or other */
    kind: text("kind").notNull(),
    /** The supplier owed the charge; none for a charge paid in cash. */
    consumer_fk: integer("consumer_fk").references(() => consumers.consumer_id, { onDelete: "restrict" }),
    payment_type: text("payment_type").notNull(),
    account_fk: integer("account_fk").references(() => accounts.account_id, { onDelete: "restrict" }),
    ...currencyRateColumns(),
    amount: numeric("amount", { precision: 20, scale: 3 }).notNull(),
    note: text("note"),
  },
  (t) => [
    index("purchase_charges_purchase_idx").on(t.purchase_fk),
    check("purchase_charges_kind_check", sql`${t.kind} in ('transport','other')`),
    check("purchase_charges_payment_type_check", sql`${t.payment_type} in ('Cash','On Account')`),
    check("purchase_charges_amount_positive", sql`${t.amount} > 0`),
    check("purchase_charges_supplier_or_cash", sql`${t.consumer_fk} is not null or ${t.payment_type} = 'Cash'`),
  ],
);

/** Goods sent back to a supplier: from a purchase (its lines, batches and cost) or on their own. */
export const purchaseReturns = pgTable(
  "purchase_returns",
  {
    id: serial("id").primaryKey(),
    ...docColumns(),
    purchase_fk: integer("purchase_fk").references(() => purchases.id, { onDelete: "restrict" }),
  },
  (t) => [
    index("purchase_returns_date_idx").on(t.date),
    index("purchase_returns_purchase_idx").on(t.purchase_fk),
    check("purchase_returns_status_check", sql`${t.status} in ('draft','complete')`),
    check("purchase_returns_payment_type_check", sql`${t.payment_type} in ('Cash','On Account')`),
  ],
);

export const purchaseReturnLines = pgTable(
  "purchase_return_lines",
  {
    line_id: serial("line_id").primaryKey(),
    return_fk: integer("return_fk")
      .notNull()
      .references(() => purchaseReturns.id, { onDelete: "cascade" }),
    purchase_line_fk: integer("purchase_line_fk").references(() => purchaseLines.line_id, { onDelete: "restrict" }),
    ...documentLineColumns(),
    bonus: numeric("bonus", { precision: 20, scale: 4 }).notNull().default("0"),
    unit_price: numeric("unit_price", { precision: 20, scale: 3 }).notNull(),
    line_total: numeric("line_total", { precision: 20, scale: 3 }).notNull(),
    ...batchColumns(),
    position: integer("position").notNull().default(0),
  },
  (t) => [
    index("purchase_return_lines_return_idx").on(t.return_fk),
    index("purchase_return_lines_purchase_line_idx").on(t.purchase_line_fk),
    check("purchase_return_lines_qty", sql`${t.quantity} >= 0 and ${t.bonus} >= 0 and ${t.quantity} + ${t.bonus} > 0`),
  ],
);
