import { sql } from "drizzle-orm";
import { bigserial, check, date, index, integer, numeric, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/**
 * The dashboard's summary rows: append-only deltas written by the transactions that post the
 * documents (a sale's completion adds its row, its return to draft adds the same row negated),
 * summed on read. No row is shared by two postings, so tills booking at once never wait for each
 * other here. A compaction (dashboard.summary.ts) folds a past day's rows into one per group
 * (`doc_type` 'compacted', no `doc_id`); the recalculation rebuilds them from the documents.
 *
 * `at` is the start of the business hour the document is dated in. Amounts are in the document's
 * currency and, `_sys`, in the system currency at the document's rate; costs come from the
 * system currency (the stock's) into the document's at the same rate. Unbounded numerics: a
 * conversion is kept as PostgreSQL divides it, so the sums are those of the documents.
 */
export const dashboardSales = pgTable(
  "dashboard_sales",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    doc_type: text("doc_type").notNull(),
    doc_id: integer("doc_id"),
    at: timestamp("at", { withTimezone: true }).notNull(),
    outlet_fk: integer("outlet_fk"),
    inventory_fk: integer("inventory_fk").notNull(),
    consumer_fk: integer("consumer_fk").notNull(),
    currency_id: integer("currency_id").notNull(),
    /** Sales counted: +1 a sale, −1 its undoing, 0 a return. */
    count: integer("count").notNull(),
    net: numeric("net").notNull(),
    discount: numeric("discount").notNull(),
    returns: numeric("returns").notNull(),
    cost: numeric("cost").notNull(),
    net_sys: numeric("net_sys").notNull(),
    discount_sys: numeric("discount_sys").notNull(),
    returns_sys: numeric("returns_sys").notNull(),
    cost_sys: numeric("cost_sys").notNull(),
  },
  (t) => [
    // Covering (migration 0046 adds the other columns as INCLUDE): a period's rows read from the index alone.
    index("dashboard_sales_at_idx").on(t.at),
    // What the compaction has left to fold: rows of single documents, by day.
    index("dashboard_sales_open_idx").on(t.at).where(sql`${t.doc_id} is not null`),
    check("dashboard_sales_doc_type_check", sql`${t.doc_type} in ('sale','return','compacted')`),
  ],
);

/** The documents' lines per item, as deltas the same way: base units and net revenue (returns negative). */
export const dashboardItemSales = pgTable(
  "dashboard_item_sales",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    doc_type: text("doc_type").notNull(),
    doc_id: integer("doc_id"),
    /** The business hour (a document's) or the business day's start (compacted). */
    at: timestamp("at", { withTimezone: true }).notNull(),
    outlet_fk: integer("outlet_fk"),
    inventory_fk: integer("inventory_fk").notNull(),
    currency_id: integer("currency_id").notNull(),
    item_fk: integer("item_fk").notNull(),
    qty: numeric("qty").notNull(),
    net: numeric("net").notNull(),
    net_sys: numeric("net_sys").notNull(),
  },
  (t) => [
    // Covering, as dashboard_sales_at_idx (INCLUDE in migration 0046).
    index("dashboard_item_sales_at_idx").on(t.at),
    index("dashboard_item_sales_open_idx").on(t.at).where(sql`${t.doc_id} is not null`),
    check("dashboard_item_sales_doc_type_check", sql`${t.doc_type} in ('sale','return','compacted')`),
  ],
);

/**
 * The folded item rows (doc_id null) of dashboard_item_sales summed per business month, so that
 * a period's whole months are read from one row per month and group. Only the compaction writes
 * here (under its lock, in the statement that folds the day rows: a document's row enters the
 * month when it is folded, and once), and the recalculation rebuilds it; postings never do.
 */
export const dashboardItemMonths = pgTable(
  "dashboard_item_months",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    /** The business month's first day. */
    month: date("month").notNull(),
    outlet_fk: integer("outlet_fk"),
    inventory_fk: integer("inventory_fk").notNull(),
    currency_id: integer("currency_id").notNull(),
    item_fk: integer("item_fk").notNull(),
    qty: numeric("qty").notNull(),
    net: numeric("net").notNull(),
    net_sys: numeric("net_sys").notNull(),
  },
  // Covering (INCLUDE of the other columns in migration 0046).
  (t) => [index("dashboard_item_months_month_idx").on(t.month)],
);
