import { sql } from "drizzle-orm";
import { check, index, integer, numeric, pgTable, serial, text } from "drizzle-orm/pg-core";
import { authorshipColumns } from "../../platform/columns.js";
import { cashPaymentColumns } from "../cash/cash.tables.js";
import { consumerFk } from "../parties/parties.tables.js";
import { purchases } from "../purchases/purchases.tables.js";
import { sales } from "../sales/sales.tables.js";

/**
 * A payment after the document: money a customer pays on a sale left on account, or money paid to
 * a supplier on a purchase, some time after it. `amount` is in `currency_id` (what changed hands,
 * at `rate`), `cash_amount` in the cash account's currency and `doc_amount` in the document's:
 * what it settles. Each posts its own entry (source `sale_payment` / `purchase_payment`).
 */
export const documentPayments = pgTable(
  "document_payments",
  {
    payment_id: serial("payment_id").primaryKey(),
    /** sale or purchase */
    doc_type: text("doc_type").notNull(),
    sale_fk: integer("sale_fk").references(() => sales.id, { onDelete: "restrict" }),
    purchase_fk: integer("purchase_fk").references(() => purchases.id, { onDelete: "restrict" }),
    consumer_fk: consumerFk(),
    ...cashPaymentColumns(),
    doc_amount: numeric("doc_amount", { precision: 20, scale: 3 }).notNull(),
    note: text("note"),
    ...authorshipColumns(),
  },
  (t) => [
    index("document_payments_sale_idx").on(t.sale_fk),
    index("document_payments_purchase_idx").on(t.purchase_fk),
    check(
      "document_payments_doc_check",
      sql`(${t.doc_type} = 'sale' and ${t.sale_fk} is not null and ${t.purchase_fk} is null)
        or (${t.doc_type} = 'purchase' and ${t.purchase_fk} is not null and ${t.sale_fk} is null)`,
    ),
    check("document_payments_positive", sql`${t.amount} > 0 and ${t.doc_amount} > 0 and ${t.cash_amount} > 0`),
  ],
);
