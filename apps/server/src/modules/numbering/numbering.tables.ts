import { integer, pgTable, primaryKey, text } from "drizzle-orm/pg-core";

/**
 * The last voucher number given per document type and outlet. It is advanced inside the
 * document's own transaction, so a save that fails gives its number back and numbers have no gaps.
 */
export const documentCounters = pgTable(
  "document_counters",
  {
    doc_type: text("doc_type").notNull(),
    outlet_id: integer("outlet_id").notNull(),
    last_number: integer("last_number").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.doc_type, t.outlet_id] })],
);
