import { type SQL, sql } from "drizzle-orm";
import type { ListColumn, ListModel } from "../../platform/list.js";
import { inventoryScope } from "./inventories.js";

/**
 * The list of a document kept in an inventory: the documents of the caller's inventories, sorted
 * by date, their amount the document's column `amount` when it has one. `alias` names the
 * document in `from`; its id column is `id`.
 */
export const inventoryDocumentList = (
  model: string,
  alias: string,
  from: SQL,
  columns: Record<string, ListColumn>,
  amount?: string,
): ListModel => ({
  model,
  from,
  scope: (ctx) => inventoryScope(ctx, sql.raw(`${alias}.inventory_fk`)),
  idColumn: "id",
  defaultSort: "date",
  dateColumn: sql.raw(`${alias}.date`),
  ...(amount ? { amountColumn: sql.raw(`${alias}.${amount}`) } : {}),
  columns,
});
