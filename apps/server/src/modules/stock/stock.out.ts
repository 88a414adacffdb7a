import { expiredBatchMessage, notEnoughStockMessage } from "@app/contracts";
import type Decimal from "decimal.js";
import { sql } from "drizzle-orm";
import { businessDay } from "../../platform/business-time.js";
import type { Ctx } from "../../platform/context.js";
import { HttpError } from "../../platform/errors.js";
import { D, round4, ZERO } from "../ledger/money.js";
import {
  allowNegative,
  batchFor,
  batchInfo,
  byKey,
  fefo,
  insertMovements,
  inventoryName,
  itemsOf,
  keyOf,
  lockBalances,
  lockCosts,
  min,
  type NewMovement,
  type StockOutLine,
  type StockPurpose,
  type StockResult,
  type StockSource,
  saveCosts,
  toBase,
  total,
} from "./stock.js";

/**
 * THE one way stock leaves (transfer, adjustment, write-off, purchase return; sales and the POS
 * next). Converts to base units, locks every balance row of the lines' (item, inventory) pairs in
 * key order, picks first-expiry-first-out unless a batch is named, refuses an expired batch when
 * the purpose is a sale, decrements with guarded updates (`qty >= n` unless negative stock is
 * allowed), and lowers the items' value at their average cost (or the given cost). Not enough
 * stock answers 422 naming the item, the inventory and the quantity on hand.
 */
export async function stockOut(
  ctx: Ctx,
  source: StockSource,
  lines: StockOutLine[],
  opts: { purpose: StockPurpose; date?: Date },
): Promise<StockResult> {
  const date = opts.date ?? ctx.now;
  const today = businessDay(date);
  const info = await itemsOf(ctx, lines);
  const named = await batchInfo(
    ctx,
    lines.flatMap((l) => (l.batch_id != null ? [l.batch_id] : [])),
  );
  for (const l of lines)
    if (l.batch_id != null && named.get(l.batch_id)?.item_id !== l.item_id)
      throw new HttpError(422, "The selected batch is invalid.", { batch_id: ["The selected batch is invalid."] });
  const pairs = [
    ...new Map(lines.map((l) => [`${l.item_id}:${l.inventory_id}`, { item_id: l.item_id, inventory_id: l.inventory_id }])).values(),
  ].sort((a, b) => a.item_id - b.item_id || a.inventory_id - b.inventory_id);
  const locked = await lockBalances(ctx, pairs);
  const negative = await allowNegative(ctx);
  const left = new Map(locked.map((b) => [keyOf(b.item_id, b.inventory_id, b.batch_id), b]));
  const rows: NewMovement[] = [];
  const deltas = new Map<string, { item_id: number; inventory_id: number; batch_id: number; qty: Decimal }>();
  const take = (m: NewMovement) => {
    rows.push(m);
    const k = keyOf(m.item_id, m.inventory_id, m.batch_id);
    const d = deltas.get(k) ?? { item_id: m.item_id, inventory_id: m.inventory_id, batch_id: m.batch_id, qty: ZERO };
    deltas.set(k, { ...d, qty: d.qty.plus(m.qty) });
    const b = left.get(k);
    if (b) b.qty = b.qty.plus(m.qty);
  };
  for (const l of lines) {
    const item = info.get(l.item_id)!;
    const { base, factor, unit } = toBase(item, l.unit_id, l.quantity);
    const perBase = l.unit_cost != null ? D(l.unit_cost).div(factor) : null;
    const all = [...left.values()].filter((b) => b.item_id === l.item_id && b.inventory_id === l.inventory_id);
    const pool = (l.batch_id != null ? all.filter((b) => b.batch_id === l.batch_id) : all).sort(fefo);
    if (opts.purpose === "sale") {
      const named = l.batch_id != null ? pool[0] : undefined;
      if (named?.expire_date && named.expire_date < today) {
        const msg = expiredBatchMessage(item.item_name, named.expire_date);
        throw new HttpError(422, msg, { batch_id: [msg] });
      }
    }
    const usable = pool.filter((b) => b.qty.gt(0) && !(opts.purpose === "sale" && b.expire_date !== null && b.expire_date < today));
    const onHand = pool.reduce((s, b) => s.plus(b.qty.gt(0) ? b.qty : 0), ZERO);
    let need = base;
    for (const b of usable) {
      if (need.lte(0)) break;
      const q = min(need, b.qty);
      take(mv(l, b.batch_id, q, unit, factor, perBase));
      need = need.minus(q);
    }
    if (need.gt(0)) {
      if (!negative) {
        const expired =
          opts.purpose === "sale" ? pool.find((b) => b.qty.gt(0) && b.expire_date !== null && b.expire_date < today) : undefined;
        if (expired) {
          const msg = expiredBatchMessage(item.item_name, expired.expire_date!);
          throw new HttpError(422, msg, { quantity: [msg] });
        }
        const msg = notEnoughStockMessage(item.item_name, await inventoryName(ctx, l.inventory_id), onHand.toFixed());
        throw new HttpError(422, msg, { quantity: [msg] });
      }
      // Allowed below zero: the rest leaves the named batch, else the last batch picked, else the item's "no batch" row.
      const batch = l.batch_id ?? usable.at(-1)?.batch_id ?? pool.at(-1)?.batch_id ?? (await batchFor(ctx, l.item_id, null, null));
      if (!left.has(keyOf(l.item_id, l.inventory_id, batch)))
        left.set(keyOf(l.item_id, l.inventory_id, batch), {
          item_id: l.item_id,
          inventory_id: l.inventory_id,
          batch_id: batch,
          qty: ZERO,
          expire_date: null,
        });
      take(mv(l, batch, need, unit, factor, perBase));
    }
  }
  for (const d of [...deltas.values()].sort(byKey)) {
    // A row first taken below zero (negative stock allowed) is made at 0 and lowered like the rest.
    if (!locked.some((b) => b.item_id === d.item_id && b.inventory_id === d.inventory_id && b.batch_id === d.batch_id))
      await ctx.tx.execute(sql`
        insert into stock_balances (item_fk, inventory_fk, batch_fk, qty) values (${d.item_id}, ${d.inventory_id}, ${d.batch_id}, 0)
        on conflict (item_fk, inventory_fk, batch_fk) do nothing`);
    // Guarded: never below what online orders hold unless negative stock is allowed, whatever the rows read above said.
    const r = await ctx.tx.execute(sql`
      update stock_balances set qty = qty + ${d.qty.toFixed()}::numeric, updated_at = now()
       where item_fk = ${d.item_id} and inventory_fk = ${d.inventory_id} and batch_fk = ${d.batch_id}
         and (${negative} or qty - reserved >= ${d.qty.neg().toFixed()}::numeric)
      returning qty`);
    if (!r.rows.length) {
      const item = info.get(d.item_id)!;
      const msg = notEnoughStockMessage(item.item_name, await inventoryName(ctx, d.inventory_id), "0");
      throw new HttpError(422, msg, { quantity: [msg] });
    }
  }
  const costs = await lockCosts(
    ctx,
    rows.map((m) => m.item_id),
  );
  for (const m of rows) {
    const c = costs.get(m.item_id)!;
    const qty = c.qty.plus(m.qty);
    let value: Decimal;
    if (m.unit_cost.isNeg()) {
      // No cost given: the average; the movement that empties the item takes all its value.
      value = qty.isZero() ? c.value : round4(m.qty.neg().mul(c.avg));
      m.unit_cost = value.div(m.qty.neg());
    } else {
      // A cost given (goods back to their supplier at what they came in for): never more than the
      // item holds, so that what stays never has a value below zero (a negative average cost, which
      // the next sale would take out as a gain); the goods that empty the item take all its value.
      value = round4(m.qty.neg().mul(m.unit_cost));
      if (c.qty.gt(0)) {
        if (qty.isZero()) value = c.value;
        else if (value.gt(c.value)) value = c.value.gt(0) ? c.value : ZERO;
      }
      m.unit_cost = value.div(m.qty.neg());
    }
    m.value = value.neg();
    const rest = c.value.minus(value);
    costs.set(m.item_id, { qty, value: rest, avg: qty.gt(0) ? rest.div(qty) : c.avg });
  }
  await saveCosts(ctx, costs);
  return { movements: await insertMovements(ctx, source, date, rows), value: total(rows, -1) };
}

/** A movement out (negative quantity); `unit_cost` -1 until the average is known under the cost lock. */
function mv(l: StockOutLine, batch: number, q: Decimal, unit: number | null, factor: Decimal, perBase: Decimal | null): NewMovement {
  return {
    line_id: l.line_id ?? null,
    item_id: l.item_id,
    inventory_id: l.inventory_id,
    batch_id: batch,
    qty: q.neg(),
    unit_id: unit,
    unit_qty: q.div(factor).neg(),
    unit_cost: perBase ?? D(-1),
    value: ZERO,
  };
}
