import { MSG, notEnoughStockMessage } from "@app/contracts";
import type Decimal from "decimal.js";
import { sql } from "drizzle-orm";
import type { Ctx } from "../../platform/context.js";
import { HttpError } from "../../platform/errors.js";
import { D, ZERO } from "../ledger/money.js";
import {
  allowNegative,
  byKey,
  insertMovements,
  inventoryName,
  itemsOf,
  keyOf,
  lockBalances,
  lockCosts,
  type NewMovement,
  type StockResult,
  type StockSource,
  saveCosts,
  total,
} from "./stock.js";

interface LiveMovement {
  movement_id: number;
  item_id: number;
  inventory_id: number;
  batch_id: number;
  qty: Decimal;
  unit_fk: number | null;
  unit_qty: Decimal | null;
  unit_cost: Decimal;
  value: Decimal;
  source_line: number | null;
}

/** Movements of a document that are live: not reversals and not yet reversed. */
export async function liveMovements(ctx: Ctx, source: StockSource): Promise<LiveMovement[]> {
  const r = await ctx.tx.execute<{
    movement_id: string;
    item_fk: number;
    inventory_fk: number;
    batch_fk: number;
    qty: string;
    unit_fk: number | null;
    unit_qty: string | null;
    unit_cost: string;
    value: string;
    source_line: number | null;
  }>(sql`
    select m.movement_id, m.item_fk, m.inventory_fk, m.batch_fk, m.qty::text, m.unit_fk, m.unit_qty::text, m.unit_cost::text, m.value::text, m.source_line
      from stock_movements m
     where m.source_type = ${source.type} and m.source_id = ${source.id} and m.reversal_of is null
       and not exists (select 1 from stock_movements r where r.reversal_of = m.movement_id)
     order by m.movement_id`);
  return r.rows.map((m) => ({
    movement_id: Number(m.movement_id),
    item_id: Number(m.item_fk),
    inventory_id: Number(m.inventory_fk),
    batch_id: Number(m.batch_fk),
    qty: D(m.qty),
    unit_fk: m.unit_fk,
    unit_qty: m.unit_qty === null ? null : D(m.unit_qty),
    unit_cost: D(m.unit_cost),
    value: D(m.value),
    source_line: m.source_line,
  }));
}

/**
 * Undoes a document's stock (return to draft, edit = reverse + new, delete): a mirror movement of
 * each live one, the balances and the average cost restored by the same quantities and values.
 * Taking back goods that came in is guarded like any stock out (422 when they are gone), and is
 * refused as protected when what stays of the item would be worth less than nothing (others of it
 * went out, from another inventory, at an average that counted these goods' cost).
 */
export async function reverseStock(ctx: Ctx, source: StockSource, opts: { date?: Date } = {}): Promise<StockResult> {
  const live = await liveMovements(ctx, source);
  if (!live.length) return { movements: [], value: "0" };
  const date = opts.date ?? ctx.now;
  const pairs = [
    ...new Map(live.map((m) => [`${m.item_id}:${m.inventory_id}`, { item_id: m.item_id, inventory_id: m.inventory_id }])).values(),
  ].sort((a, b) => a.item_id - b.item_id || a.inventory_id - b.inventory_id);
  await lockBalances(ctx, pairs);
  const negative = await allowNegative(ctx);
  const deltas = new Map<string, { item_id: number; inventory_id: number; batch_id: number; qty: Decimal }>();
  for (const m of live) {
    const k = keyOf(m.item_id, m.inventory_id, m.batch_id);
    const d = deltas.get(k) ?? { item_id: m.item_id, inventory_id: m.inventory_id, batch_id: m.batch_id, qty: ZERO };
    deltas.set(k, { ...d, qty: d.qty.minus(m.qty) });
  }
  for (const d of [...deltas.values()].sort(byKey)) {
    const r = await ctx.tx.execute<{ qty: string }>(sql`
      update stock_balances set qty = qty + ${d.qty.toFixed()}, updated_at = now()
       where item_fk = ${d.item_id} and inventory_fk = ${d.inventory_id} and batch_fk = ${d.batch_id}
         and (${negative} or ${d.qty.toFixed()}::numeric >= 0 or qty + ${d.qty.toFixed()}::numeric >= 0)
      returning qty::text`);
    if (!r.rows.length) {
      const [item] = [...(await itemsOf(ctx, [{ item_id: d.item_id }])).values()];
      const have = await ctx.tx.execute<{ qty: string }>(
        sql`select coalesce(sum(qty), 0)::text as qty from stock_balances where item_fk = ${d.item_id} and inventory_fk = ${d.inventory_id}`,
      );
      const msg = notEnoughStockMessage(item!.item_name, await inventoryName(ctx, d.inventory_id), D(have.rows[0]!.qty).toFixed());
      throw new HttpError(422, msg, { quantity: [msg] });
    }
  }
  const costs = await lockCosts(
    ctx,
    live.map((m) => m.item_id),
  );
  const rows: NewMovement[] = live.map((m) => ({
    line_id: m.source_line,
    item_id: m.item_id,
    inventory_id: m.inventory_id,
    batch_id: m.batch_id,
    qty: m.qty.neg(),
    unit_id: m.unit_fk,
    unit_qty: m.unit_qty?.neg() ?? null,
    unit_cost: m.unit_cost,
    value: m.value.neg(),
    reversal_of: m.movement_id,
  }));
  const before = new Map(costs);
  for (const m of rows) {
    const c = costs.get(m.item_id)!;
    const qty = c.qty.plus(m.qty);
    const value = c.value.plus(m.value);
    costs.set(m.item_id, { qty, value, avg: qty.gt(0) ? value.div(qty) : c.avg });
  }
  // Goods taken back whose cost has since gone out with others of the item (sold from another
  // inventory at an average that counted them): what stays would be worth less than nothing.
  for (const [item, c] of costs)
    if (c.qty.gt(0) && c.value.isNeg() && c.value.lt(before.get(item)!.value)) throw new HttpError(422, MSG.protectedDocument);
  await saveCosts(ctx, costs);
  return { movements: await insertMovements(ctx, source, date, rows), value: total(rows, 1) };
}

/**
 * Refuses (422 "Protected, Some of items Returned, Sold or Damaged.") when goods this document
 * brought in have left since: a live movement out of the same item, inventory and batch, written
 * after the document's own, by another document.
 */
export async function assertNotProtected(ctx: Ctx, source: StockSource): Promise<void> {
  const r = await ctx.tx.execute(sql`
    select 1 from stock_movements i
     where i.source_type = ${source.type} and i.source_id = ${source.id} and i.qty > 0 and i.reversal_of is null
       and not exists (select 1 from stock_movements r where r.reversal_of = i.movement_id)
       and exists (
         select 1 from stock_movements o
          where o.item_fk = i.item_fk and o.inventory_fk = i.inventory_fk and o.batch_fk = i.batch_fk
            and o.movement_id > i.movement_id and o.qty < 0 and o.reversal_of is null
            and not (o.source_type = ${source.type} and o.source_id = ${source.id})
            and not exists (select 1 from stock_movements r2 where r2.reversal_of = o.movement_id))
     limit 1`);
  if (r.rows.length) throw new HttpError(422, MSG.protectedDocument);
}
