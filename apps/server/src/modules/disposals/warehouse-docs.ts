import type { Table } from "drizzle-orm";
import { sql } from "drizzle-orm";
import { z } from "zod";
import { sqlBusinessDateTime, withBusinessDate } from "../../platform/business-time.js";
import type { Ctx } from "../../platform/context.js";
import { notFound } from "../../platform/errors.js";
import type { ListColumn, ListModel } from "../../platform/list.js";
import { rowOf } from "../../platform/openapi.js";
import { assertInventoryAccess, inventoryScope } from "../catalogue/inventories.js";

/** What the three warehouse documents (counts, write-offs, opening stock) share in their tables. */
export interface WarehouseDocTable {
  /** The document table, e.g. `asset_disposals`. */
  table: string;
  /** Its lines' table and the column naming the document. */
  lines: string;
  linesFk: string;
}

/**
 * The list model of a warehouse document: number, date, inventory (scoped to the caller's
 * inventories), lines counted, note and author, plus the document's own columns.
 */
export function warehouseDocList(doc: WarehouseDocTable, own: Record<string, ListColumn>, opts: { amountColumn?: string } = {}): ListModel {
  const d = sql.identifier(doc.table);
  return {
    model: doc.table,
    from: sql`from ${d} d join inventories i on i.inventory_id = d.inventory_fk left join users u on u.user_id = d.created_by`,
    idColumn: "id",
    defaultSort: "date",
    dateColumn: sql`d.date`,
    ...(opts.amountColumn ? { amountColumn: sql`d.${sql.identifier(opts.amountColumn)}` } : {}),
    scope: (ctx) => inventoryScope(ctx, sql`d.inventory_fk`),
    columns: {
      id: { expr: sql`d.id`, filter: "eq" },
      number: { expr: sql`d.number`, search: true, filter: "eq" },
      date: { expr: sqlBusinessDateTime(sql`d.date`), sortExpr: sql`d.date`, notNull: true },
      inventory_id: { expr: sql`d.inventory_fk`, filter: "eq" },
      inventory_name: { expr: sql`i.inventory_name`, search: true },
      ...own,
      items_count: {
        expr: sql`(select count(*) from ${sql.identifier(doc.lines)} l where l.${sql.identifier(doc.linesFk)} = d.id)`,
        sortable: false,
      },
      note: { expr: sql`d.note`, search: true, sortable: false },
      created_by_name: { expr: sql`u.user_name` },
      created_at: { expr: sql`d.created_at` },
    },
  };
}

/**
 * A document's head with its inventory's and authors' names (its business date as written), or
 * undefined; 403 when the caller may not see its inventory.
 */
export async function warehouseDocHead(ctx: Ctx, doc: WarehouseDocTable, id: number) {
  const res = await ctx.tx.execute(sql`
    select d.*, i.inventory_name, cb.user_name as created_by_name, ub.user_name as updated_by_name
      from ${sql.identifier(doc.table)} d join inventories i on i.inventory_id = d.inventory_fk
      left join users cb on cb.user_id = d.created_by left join users ub on ub.user_id = d.updated_by
     where d.id = ${id}`);
  const row = res.rows[0] as { date: Date; inventory_fk: number } & Record<string, unknown>;
  if (!row) return undefined;
  await assertInventoryAccess(ctx, row.inventory_fk);
  return withBusinessDate(row);
}

/** The answer of a warehouse document's show (OpenAPI): its row with the names, and its lines. */
export const warehouseDocShown = (table: Table, line: z.ZodRawShape) =>
  rowOf(table).extend({
    date: z.string(),
    inventory_name: z.string(),
    created_by_name: z.string().nullable(),
    updated_by_name: z.string().nullable(),
    lines: z.array(z.object(line)),
  });

/** Locks a document's row for a state change or an edit and answers its status (404 unknown, 403 not the caller's inventory). */
export async function lockWarehouseDoc(ctx: Ctx, doc: WarehouseDocTable, id: number): Promise<{ status: string; inventory_fk: number }> {
  const res = await ctx.tx.execute<{ status: string; inventory_fk: number }>(
    sql`select status, inventory_fk from ${sql.identifier(doc.table)} where id = ${id} for update`,
  );
  const row = res.rows[0];
  if (!row) throw notFound();
  await assertInventoryAccess(ctx, row.inventory_fk);
  return row;
}
