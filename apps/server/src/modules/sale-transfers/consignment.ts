import { SALE_TRANSFER_MSG } from "@app/contracts";
import { type SQL, sql } from "drizzle-orm";
import type { Ctx } from "../../platform/context.js";
import { HttpError } from "../../platform/errors.js";
import type { ListModel } from "../../platform/list.js";
import { itemSearch } from "../catalogue/barcodes.js";
import { inventories } from "../catalogue/inventories.tables.js";
import { D } from "../ledger/money.js";
import { stockIn } from "../stock/stock.in.js";
import type { StockMovement, StockSource } from "../stock/stock.js";
import { stockOut } from "../stock/stock.out.js";

/**
 * A customer's consignment location: an inventory row flagged with the customer
 * (`inventories.consignment_consumer_fk`), made the first time goods are sent to them. Two
 * first sends at once both end with the same row (the unique index decides).
 */
export async function consignmentInventory(ctx: Ctx, consumerId: number, outletId: number | null): Promise<number> {
  const found = await ctx.tx.execute<{ id: number }>(
    sql`select inventory_id as id from inventories where consignment_consumer_fk = ${consumerId}`,
  );
  if (found.rows[0]) return Number(found.rows[0].id);
  const name = await ctx.tx.execute<{ consumer_name: string }>(sql`select consumer_name from consumers where consumer_id = ${consumerId}`);
  await ctx.tx
    .insert(inventories)
    .values({
      inventory_name: `Consignment: ${name.rows[0]?.consumer_name ?? ""} #${consumerId}`,
      outlet_fk: outletId,
      description: "Goods held by the customer on consignment (sale transfers).",
      consignment_consumer_fk: consumerId,
    })
    .onConflictDoNothing();
  const made = await ctx.tx.execute<{ id: number }>(
    sql`select inventory_id as id from inventories where consignment_consumer_fk = ${consumerId}`,
  );
  if (!made.rows[0]) throw new HttpError(422, SALE_TRANSFER_MSG.noConsignment, { consumer_fk: [SALE_TRANSFER_MSG.noConsignment] });
  return Number(made.rows[0].id);
}

/** The customer's consignment location, or a 422 when nothing was ever sent to them. */
export async function existingConsignment(ctx: Ctx, consumerId: number): Promise<number> {
  const r = await ctx.tx.execute<{ id: number }>(
    sql`select inventory_id as id from inventories where consignment_consumer_fk = ${consumerId}`,
  );
  if (!r.rows[0]) throw new HttpError(422, SALE_TRANSFER_MSG.noConsignment, { consumer_fk: [SALE_TRANSFER_MSG.noConsignment] });
  return Number(r.rows[0].id);
}

/** A consignment location may only be reached through sale transfers, not chosen as a document's inventory. */
export async function assertNotConsignment(ctx: Ctx, inventoryId: number, field = "inventory_fk") {
  const r = await ctx.tx.execute(
    sql`select 1 from inventories where inventory_id = ${inventoryId} and consignment_consumer_fk is not null`,
  );
  if (r.rows.length)
    throw new HttpError(422, SALE_TRANSFER_MSG.consignmentInventory, { [field]: [SALE_TRANSFER_MSG.consignmentInventory] });
}

/**
 * The value at cost (system currency, as text) a consignment document moved under `source`, for
 * the document `id` or one of its lines: a movement reversed since does not count. `out` reads the
 * goods leaving (a negative value) as a positive cost.
 */
export const movedValue = (source: "sale_transfer" | "sale_transfer_return_in", id: SQL, line?: SQL, out = false) =>
  sql`(select coalesce(${out ? sql`-` : sql``}sum(m.value), 0)::text from stock_movements m
        where m.source_type = ${sql.raw(`'${source}'`)} and m.source_id = ${id} ${line ? sql`and m.source_line = ${line}` : sql``}
          and m.reversal_of is null
          and not exists (select 1 from stock_movements r where r.reversal_of = m.movement_id))`;

/** A consignment document's lines as stored: item, unit and its base units (`units`, line by line), quantity, the batch named and the order given. */
export const storedLines = (
  lines: readonly { item_fk: number; unit_fk: number; quantity: string; batch_fk?: number | null }[],
  units: readonly { quantity: string }[],
) =>
  lines.map((l, i) => ({
    item_fk: l.item_fk,
    unit_fk: l.unit_fk,
    unit_base_qty: units[i]!.quantity,
    quantity: l.quantity,
    batch_fk: l.batch_fk ?? null,
    position: i,
  }));

export interface MoveLine {
  line_id: number;
  item_fk: number;
  unit_fk: number;
  quantity: string;
  batch_fk: number | null;
}

/**
 * Moves goods between two inventories as one document: out of `from` (a line's batch, or first
 * expiry first out) at average cost under `out`, then into `to` batch by batch at exactly the cost
 * they left with under `into`, so the average cost does not move and no entry is needed (one
 * inventory account). What is not there answers the stock core's 422 naming item, place and quantity.
 */
export async function moveStock(
  ctx: Ctx,
  sources: { out: StockSource; into: StockSource },
  from: number,
  to: number,
  lines: MoveLine[],
  opts: { purpose: "sale" | "transfer"; date: Date },
) {
  const out = await stockOut(
    ctx,
    sources.out,
    lines.map((l) => ({
      line_id: l.line_id,
      item_id: l.item_fk,
      inventory_id: from,
      unit_id: l.unit_fk,
      quantity: l.quantity,
      batch_id: l.batch_fk,
    })),
    { purpose: opts.purpose, date: opts.date },
  );
  await moveIn(ctx, sources.into, to, out.movements, opts.date);
  return out;
}

/** The goods that left, brought into `to` exactly: same batches, quantities and values. */
async function moveIn(ctx: Ctx, into: StockSource, to: number, left: StockMovement[], date: Date) {
  await stockIn(
    ctx,
    into,
    left.map((m) => ({
      line_id: m.line_id,
      item_id: m.item_id,
      inventory_id: to,
      batch_id: m.batch_id,
      quantity: D(m.qty).neg(),
      value: D(m.value).neg(),
    })),
    { date },
  );
}

/**
 * What each customer holds on consignment (`/api/sale_transfers/consignments`): per customer and
 * item, the quantity in base units and its value at average cost.
 */
export const consignmentsList: ListModel = {
  model: "consignments",
  from: sql`from (select b.item_fk, b.inventory_fk, sum(b.qty) as qty from stock_balances b group by b.item_fk, b.inventory_fk) s
            join inventories inv on inv.inventory_id = s.inventory_fk and inv.consignment_consumer_fk is not null
            join consumers c on c.consumer_id = inv.consignment_consumer_fk
            join items i on i.item_id = s.item_fk
            left join stock_item_costs sc on sc.item_fk = s.item_fk
            left join item_units bu on bu.item_fk = s.item_fk and bu.is_base
            left join units bun on bun.unit_id = bu.unit_fk`,
  idColumn: "consignment_id",
  defaultSort: "consumer_name",
  defaultDir: "asc",
  search: (term) => sql`(${itemSearch(term, "i")} or c.consumer_name ilike ${`%${term}%`})`,
  columns: {
    consignment_id: { expr: sql`s.item_fk::bigint * 1000000 + s.inventory_fk`, notNull: true, sortable: false },
    consumer_id: { expr: sql`c.consumer_id`, filter: "eq" },
    consumer_name: { expr: sql`c.consumer_name`, sortExpr: sql`lower(c.consumer_name)`, notNull: true },
    inventory_id: { expr: sql`s.inventory_fk`, filter: "eq" },
    item_id: { expr: sql`s.item_fk`, filter: "eq" },
    item_name: { expr: sql`i.item_name`, sortExpr: sql`lower(i.item_name)`, notNull: true },
    item_code: { expr: sql`i.item_code` },
    base_unit_id: { expr: sql`bu.unit_fk`, sortable: false },
    base_unit_name: { expr: sql`bun.unit_name`, sortable: false },
    qty: { expr: sql`s.qty`, notNull: true },
    avg_cost: { expr: sql`round(coalesce(sc.avg_cost, 0), 4)` },
    value: { expr: sql`round(s.qty * coalesce(sc.avg_cost, 0), 4)`, sortExpr: sql`s.qty * sc.avg_cost`, sum: true },
  },
  filters: {
    /** `filter[in_stock]=1`: only what the customer still holds. */
    in_stock: (v) => (v === "1" || v === "true" ? sql`s.qty <> 0` : sql`true`),
  },
};
