import { sql } from "drizzle-orm";
import { sqlBusinessDateTime } from "./business-time.js";
import type { ListColumn } from "./list.js";

// The columns document lists share, in the order each list declares them; read them as
// `import * as listColumns` (`...listColumns.head("q")`). `alias` names the document in the list's
// `from`; its party is `c`, its inventory `i`, its currency `cu` and its author `cb`.

/** The document's id, number and date (in the business's time). */
export const head = (alias: string): Record<string, ListColumn> => ({
  id: { expr: sql.raw(`${alias}.id`), filter: "eq" },
  number: { expr: sql.raw(`${alias}.number`), search: true, filter: "eq" },
  date: { expr: sqlBusinessDateTime(sql.raw(`${alias}.date`)), sortExpr: sql.raw(`${alias}.date`), notNull: true },
});

/** The customer or supplier. */
export const party = (alias: string): Record<string, ListColumn> => ({
  consumer_id: { expr: sql.raw(`${alias}.consumer_fk`), filter: "eq" },
  consumer_name: { expr: sql`c.consumer_name`, search: true, filter: "like" },
});

/** The inventory. */
export const inventory = (alias: string): Record<string, ListColumn> => ({
  inventory_id: { expr: sql.raw(`${alias}.inventory_fk`), filter: "eq" },
  inventory_name: { expr: sql`i.inventory_name` },
});

/** The currency and the rate. */
export const currency = (alias: string): Record<string, ListColumn> => ({
  currency_id: { expr: sql.raw(`${alias}.currency_id`), filter: "eq" },
  currency_name: { expr: sql`cu.currency_name` },
  rate: { expr: sql.raw(`${alias}.rate`) },
});

/** The note and who made the document, and when. */
export const author = (alias: string): Record<string, ListColumn> => ({
  note: { expr: sql.raw(`${alias}.note`), search: true },
  created_by_name: { expr: sql`cb.user_name` },
  created_at: { expr: sql.raw(`${alias}.created_at`) },
});
