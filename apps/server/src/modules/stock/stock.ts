import { expiredBatchMessage, MSG, notEnoughStockMessage } from "@app/contracts";
import type Decimal from "decimal.js";
import { type SQL, sql } from "drizzle-orm";
import { intArray } from "../../db/bulk.js";
import type { DbOrTx } from "../../db/client.js";
import { businessDay } from "../../platform/business-time.js";
import type { Ctx } from "../../platform/context.js";
import { HttpError } from "../../platform/errors.js";
import { accountByKey } from "../ledger/ledger.js";
import { D, round4, ZERO } from "../ledger/money.js";
import type { StockAccounts } from "./stock.ledger.js";
import { stockMovements } from "./stock.tables.js";

/**
 * The stock core (ARCHITECTURE.md, "Stock"): every document that moves goods calls these, inside
 * its own transaction, after locking its accounts (`lockForPosting`) and before taking its number.
 * Quantities are in the item's base unit once converted; costs and values in the system currency.
 */

/** The document a movement belongs to; each line carries its own `line_id`. */
export interface StockSource {
  type: string;
  id: number;
}

/** Why stock leaves: only a sale refuses an expired batch. */
export type StockPurpose = "sale" | "transfer" | "adjustment" | "disposal" | "purchase_return" | "other";

export interface StockInLine {
  /** The document's line id, stored on the movement (`source_line`). */
  line_id?: number | null;
  item_id: number;
  inventory_id: number;
  /** A unit of the item (`units.unit_id`); the base unit when absent. */
  unit_id?: number | null;
  /** In `unit_id`, greater than 0. */
  quantity: Decimal.Value;
  /** An existing batch of the item (a transfer receives into the batch that left); else the two below. */
  batch_id?: number | null;
  batch_no?: string | null;
  /** `YYYY-MM-DD`; required when the item has an expiry. */
  expire_date?: string | null;
  /** Cost of one `unit_id` in the system currency. */
  unit_cost?: Decimal.Value | null;
  /** The line's whole value in the system currency; wins over `unit_cost` (bonus units, charges). */
  value?: Decimal.Value | null;
}

export interface StockOutLine {
  line_id?: number | null;
  item_id: number;
  inventory_id: number;
  unit_id?: number | null;
  quantity: Decimal.Value;
  /** Take from this batch only; else first-expiry-first-out over the inventory's batches. */
  batch_id?: number | null;
  /** Leave at this cost of one `unit_id` (a purchase return, at the cost the goods came in with); else the average cost. */
  unit_cost?: Decimal.Value | null;
}

/** A written movement: `qty` and `value` signed (out negative), `unit_cost` per base unit. */
export interface StockMovement {
  movement_id: number;
  line_id: number | null;
  item_id: number;
  inventory_id: number;
  batch_id: number;
  batch_no: string | null;
  expire_date: string | null;
  qty: string;
  unit_cost: string;
  value: string;
}

export interface StockResult {
  movements: StockMovement[];
  /**
   * The value moved, in the system currency (what the journal entry carries): what came in, for
   * goods in; what went out, for goods out; what came back, for a reversal. Below zero only where
   * goods left at a negative average cost (stock let below zero), which raised the stock's value.
   */
  value: string;
}

export interface ItemInfo {
  item_id: number;
  item_name: string;
  has_expire: boolean;
  factors: Map<number, Decimal>;
  base_unit: number | null;
}

export const keyOf = (item: number, inventory: number, batch: number) => `${item}:${inventory}:${batch}`;
const byKey = <T extends { item_id: number; inventory_id: number; batch_id: number }>(a: T, b: T) =>
  a.item_id - b.item_id || a.inventory_id - b.inventory_id || a.batch_id - b.batch_id;
const idList = (xs: Iterable<number>) =>
  sql.join(
    [...new Set(xs)].map((x) => sql`${x}`),
    sql`, `,
  );

async function allowNegative(ctx: Ctx): Promise<boolean> {
  const r = await ctx.tx.execute<{ allow: boolean }>(sql`select allow_negative_stock as allow from system_config where id = 1`);
  return r.rows[0]?.allow === true;
}

/** The items of the lines with their units' base quantities; 422 on an unknown item or a unit the item has not. */
export async function itemsOf(ctx: Ctx, lines: { item_id: number; unit_id?: number | null }[]): Promise<Map<number, ItemInfo>> {
  if (!lines.length) return new Map();
  const res = await ctx.tx.execute<ItemRow>(itemsOfSql(lines.map((l) => l.item_id)));
  const out = itemsFrom(res.rows);
  for (const l of lines) {
    const info = out.get(l.item_id);
    if (!info) throw new HttpError(422, "The selected item is invalid.", { item_id: ["The selected item is invalid."] });
    if (l.unit_id != null && !info.factors.has(l.unit_id))
      throw new HttpError(422, "The selected unit is invalid.", { unit_id: ["The selected unit is invalid."] });
  }
  return out;
}

interface ItemRow extends Record<string, unknown> {
  item_id: number;
  item_name: string;
  has_expire: boolean;
  unit_fk: number | null;
  quantity: string | null;
  is_base: boolean | null;
}

export const itemsOfSql = (itemIds: number[]) => sql`
    select i.item_id, i.item_name, i.has_expire, u.unit_fk, u.quantity::text as quantity, u.is_base
      from items i left join item_units u on u.item_fk = i.item_id
     where i.item_id in (${idList(itemIds)})`;

/** The items `itemsOfSql` read, with their units' base quantities. */
export function itemsFrom(rows: ItemRow[]): Map<number, ItemInfo> {
  const out = new Map<number, ItemInfo>();
  for (const r of rows) {
    const id = Number(r.item_id);
    let info = out.get(id);
    if (!info) {
      info = { item_id: id, item_name: r.item_name, has_expire: r.has_expire, factors: new Map(), base_unit: null };
      out.set(id, info);
    }
    if (r.unit_fk !== null) {
      info.factors.set(Number(r.unit_fk), D(r.quantity));
      if (r.is_base) info.base_unit = Number(r.unit_fk);
    }
  }
  return out;
}

/** Quantity in base units and the factor of the line's unit. */
function toBase(info: ItemInfo, unitId: number | null | undefined, quantity: Decimal.Value) {
  const q = D(quantity);
  if (!q.isFinite() || q.lte(0))
    throw new HttpError(422, "The quantity must be a number greater than 0.", {
      quantity: ["The quantity must be a number greater than 0."],
    });
  const factor = unitId != null ? info.factors.get(unitId)! : D(1);
  return { base: q.mul(factor), factor, unit: unitId ?? info.base_unit };
}

/** The batch row of (item, number, expiry), made on first use. */
async function batchFor(ctx: Ctx, itemId: number, batchNo: string | null, expire: string | null): Promise<number> {
  await ctx.tx.execute(sql`
    insert into stock_batches (item_fk, batch_no, expire_date) values (${itemId}, ${batchNo}, ${expire}::date)
    on conflict on constraint stock_batches_item_batch_unique do nothing`);
  const r = await ctx.tx.execute<{ batch_id: number }>(sql`
    select batch_id from stock_batches
     where item_fk = ${itemId} and batch_no is not distinct from ${batchNo} and expire_date is not distinct from ${expire}::date`);
  return Number(r.rows[0]!.batch_id);
}

export async function batchInfo(ctx: Ctx, batchIds: number[]) {
  const out = new Map<number, { item_id: number; batch_no: string | null; expire_date: string | null }>();
  if (!batchIds.length) return out;
  const r = await ctx.tx.execute<{ batch_id: number; item_fk: number; batch_no: string | null; expire_date: string | null }>(
    sql`select batch_id, item_fk, batch_no, to_char(expire_date, 'YYYY-MM-DD') as expire_date from stock_batches where batch_id in (${idList(batchIds)})`,
  );
  for (const b of r.rows) out.set(Number(b.batch_id), { item_id: Number(b.item_fk), batch_no: b.batch_no, expire_date: b.expire_date });
  return out;
}

export interface CostRow {
  qty: Decimal;
  value: Decimal;
  avg: Decimal;
}

/** Locks the items' cost rows (made on first use) in ascending item order, after the balance rows. */
export async function lockCosts(ctx: Ctx, itemIds: number[]): Promise<Map<number, CostRow>> {
  if (!itemIds.length) return new Map();
  const [made, locked] = lockCostsSql(itemIds);
  await ctx.tx.execute(made);
  return costsFrom((await ctx.tx.execute<CostDbRow>(locked)).rows);
}

type CostDbRow = { item_fk: number; qty: string; value: string; avg_cost: string };

/** The two statements of `lockCosts`: the rows made on first use, then locked in item order. */
export function lockCostsSql(itemIds: number[]): [SQL, SQL] {
  const sorted = [...new Set(itemIds)].sort((a, b) => a - b);
  return [
    sql`
    insert into stock_item_costs (item_fk) select x from unnest(${intArray(sorted)}) as x order by x
    on conflict (item_fk) do nothing`,
    sql`
    select item_fk, qty::text, value::text, avg_cost::text from stock_item_costs where item_fk in (${idList(sorted)})
     order by item_fk for no key update`,
  ];
}

export function costsFrom(rows: CostDbRow[]): Map<number, CostRow> {
  const out = new Map<number, CostRow>();
  for (const c of rows) out.set(Number(c.item_fk), { qty: D(c.qty), value: D(c.value), avg: D(c.avg_cost) });
  return out;
}

async function saveCosts(ctx: Ctx, costs: Map<number, CostRow>) {
  for (const [item, c] of [...costs].sort((a, b) => a[0] - b[0]))
    await ctx.tx.execute(sql`
      update stock_item_costs set qty = ${c.qty.toFixed()}, value = ${c.value.toFixed()}, avg_cost = ${c.avg.toDecimalPlaces(6).toFixed()}, updated_at = now()
       where item_fk = ${item}`);
}

interface NewMovement {
  line_id: number | null;
  item_id: number;
  inventory_id: number;
  batch_id: number;
  qty: Decimal;
  unit_id: number | null;
  unit_qty: Decimal | null;
  unit_cost: Decimal;
  value: Decimal;
  reversal_of?: number | null;
}

async function insertMovements(ctx: Ctx, source: StockSource, date: Date, rows: NewMovement[]): Promise<StockMovement[]> {
  if (!rows.length) return [];
  const payload = rows.map((m) => ({
    item_fk: m.item_id,
    inventory_fk: m.inventory_id,
    batch_fk: m.batch_id,
    qty: m.qty.toFixed(),
    unit_fk: m.unit_id,
    unit_qty: m.unit_qty?.toFixed() ?? null,
    unit_cost: m.unit_cost.toDecimalPlaces(6).toFixed(),
    value: m.value.toFixed(),
    source_line: m.line_id,
    reversal_of: m.reversal_of ?? null,
  }));
  // One multi-row insert; PostgreSQL answers RETURNING in the order of the VALUES.
  const res = await ctx.tx
    .insert(stockMovements)
    .values(payload.map((p) => ({ ...p, source_type: source.type, source_id: source.id, date, created_by: ctx.user?.user_id ?? null })))
    .returning({ movement_id: stockMovements.movement_id });
  const batches = await batchInfo(
    ctx,
    rows.map((m) => m.batch_id),
  );
  return rows.map((m, i) => ({
    movement_id: Number(res[i]!.movement_id),
    line_id: m.line_id,
    item_id: m.item_id,
    inventory_id: m.inventory_id,
    batch_id: m.batch_id,
    batch_no: batches.get(m.batch_id)?.batch_no ?? null,
    expire_date: batches.get(m.batch_id)?.expire_date ?? null,
    qty: m.qty.toFixed(),
    unit_cost: m.unit_cost.toDecimalPlaces(6).toFixed(),
    value: m.value.toFixed(),
  }));
}

/** Adds signed quantities to balance rows, one statement per key in key order (rows made on first use). */
async function addToBalances(ctx: Ctx, deltas: Map<string, { item_id: number; inventory_id: number; batch_id: number; qty: Decimal }>) {
  for (const d of [...deltas.values()].sort(byKey)) {
    await ctx.tx.execute(sql`
      insert into stock_balances (item_fk, inventory_fk, batch_fk, qty) values (${d.item_id}, ${d.inventory_id}, ${d.batch_id}, ${d.qty.toFixed()})
      on conflict (item_fk, inventory_fk, batch_fk) do update set qty = stock_balances.qty + excluded.qty, updated_at = now()`);
  }
}

/** What the movements moved in value, signed: positive when the stock's value rose (goods in), for `sign` 1; `sign` -1 for goods out. */
const total = (ms: { value: Decimal }[], sign: 1 | -1) =>
  ms
    .reduce((s, m) => s.plus(m.value), ZERO)
    .mul(sign)
    .toFixed();

/**
 * Goods in: each line into its batch (made on first use; an expiry is required when the item has
 * one), balance rows raised in key order, the items' moving-average cost raised in item order.
 */
export async function stockIn(ctx: Ctx, source: StockSource, lines: StockInLine[], opts: { date?: Date } = {}): Promise<StockResult> {
  const date = opts.date ?? ctx.now;
  const info = await itemsOf(ctx, lines);
  const given = await batchInfo(
    ctx,
    lines.flatMap((l) => (l.batch_id != null ? [l.batch_id] : [])),
  );
  const rows: NewMovement[] = [];
  for (const l of lines) {
    const item = info.get(l.item_id)!;
    const { base, unit } = toBase(item, l.unit_id, l.quantity);
    let batch: number;
    if (l.batch_id != null) {
      if (given.get(l.batch_id)?.item_id !== l.item_id)
        throw new HttpError(422, "The selected batch is invalid.", { batch_id: ["The selected batch is invalid."] });
      batch = l.batch_id;
    } else {
      const expire = item.has_expire ? (l.expire_date ?? null) : null;
      if (item.has_expire && !expire)
        throw new HttpError(422, "The expire date field is required.", { expire_date: ["The expire date field is required."] });
      batch = await batchFor(ctx, l.item_id, l.batch_no?.trim() || null, expire);
    }
    const value = round4(l.value != null ? D(l.value) : D(l.quantity).mul(D(l.unit_cost ?? 0)));
    if (value.isNeg())
      throw new HttpError(422, "The unit cost must be a number of 0 or more with at most 6 decimals.", {
        unit_cost: ["The unit cost must be a number of 0 or more with at most 6 decimals."],
      });
    rows.push({
      line_id: l.line_id ?? null,
      item_id: l.item_id,
      inventory_id: l.inventory_id,
      batch_id: batch,
      qty: base,
      unit_id: unit,
      unit_qty: D(l.quantity),
      unit_cost: value.div(base),
      value,
    });
  }
  const deltas = new Map<string, { item_id: number; inventory_id: number; batch_id: number; qty: Decimal }>();
  for (const m of rows) {
    const k = keyOf(m.item_id, m.inventory_id, m.batch_id);
    const d = deltas.get(k) ?? { item_id: m.item_id, inventory_id: m.inventory_id, batch_id: m.batch_id, qty: ZERO };
    deltas.set(k, { ...d, qty: d.qty.plus(m.qty) });
  }
  await addToBalances(ctx, deltas);
  const costs = await lockCosts(
    ctx,
    rows.map((m) => m.item_id),
  );
  for (const m of rows) {
    const c = costs.get(m.item_id)!;
    const qty = c.qty.plus(m.qty);
    const value = c.value.plus(m.value);
    costs.set(m.item_id, { qty, value, avg: qty.gt(0) ? value.div(qty) : m.unit_cost });
  }
  await saveCosts(ctx, costs);
  return { movements: await insertMovements(ctx, source, date, rows), value: total(rows, 1) };
}

export interface LockedBalance {
  item_id: number;
  inventory_id: number;
  batch_id: number;
  qty: Decimal;
  expire_date: string | null;
}

/** Locks every balance row of the (item, inventory) pairs, in key order, and answers them. */
export async function lockBalances(ctx: Ctx, pairs: { item_id: number; inventory_id: number }[]): Promise<LockedBalance[]> {
  if (!pairs.length) return [];
  return balancesFrom((await ctx.tx.execute<BalanceRow>(lockBalancesSql(pairs))).rows);
}

type BalanceRow = { item_fk: number; inventory_fk: number; batch_fk: number; qty: string; expire_date: string | null };

export function lockBalancesSql(pairs: { item_id: number; inventory_id: number }[]): SQL {
  const values = sql.join(
    pairs.map((p) => sql`(${p.item_id}::int, ${p.inventory_id}::int)`),
    sql`, `,
  );
  return sql`
    select b.item_fk, b.inventory_fk, b.batch_fk, b.qty::text, to_char(sb.expire_date, 'YYYY-MM-DD') as expire_date
      from stock_balances b join stock_batches sb on sb.batch_id = b.batch_fk
     where (b.item_fk, b.inventory_fk) in (${values})
     order by b.item_fk, b.inventory_fk, b.batch_fk
       for no key update of b`;
}

export function balancesFrom(rows: BalanceRow[]): LockedBalance[] {
  return rows.map((b) => ({
    item_id: Number(b.item_fk),
    inventory_id: Number(b.inventory_fk),
    batch_id: Number(b.batch_fk),
    qty: D(b.qty),
    expire_date: b.expire_date,
  }));
}

async function inventoryName(ctx: Ctx, id: number): Promise<string> {
  const r = await ctx.tx.execute<{ inventory_name: string }>(sql`select inventory_name from inventories where inventory_id = ${id}`);
  const name = r.rows[0]?.inventory_name;
  if (name === undefined)
    throw new HttpError(422, "The selected inventory is invalid.", { inventory_id: ["The selected inventory is invalid."] });
  return name;
}

/** First expiry first out; batches without expiry last; older batches first. */
export const fefo = (a: LockedBalance, b: LockedBalance) =>
  a.expire_date === b.expire_date
    ? a.batch_id - b.batch_id
    : a.expire_date === null
      ? 1
      : b.expire_date === null
        ? -1
        : a.expire_date < b.expire_date
          ? -1
          : 1;

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
    // Guarded: never below zero unless allowed, whatever the rows read above said.
    const r = await ctx.tx.execute(sql`
      update stock_balances set qty = qty + ${d.qty.toFixed()}::numeric, updated_at = now()
       where item_fk = ${d.item_id} and inventory_fk = ${d.inventory_id} and batch_fk = ${d.batch_id}
         and (${negative} or qty >= ${d.qty.neg().toFixed()}::numeric)
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

const min = (a: Decimal, b: Decimal) => (a.lt(b) ? a : b);

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

export interface RevalueLine {
  line_id: number;
  /** Value added to the line's goods, system currency (the line's share of the charges). */
  amount: Decimal.Value;
}

export interface RevalueResult {
  /** Part of the amounts that went on the goods still on hand: Dr inventory. */
  inventory: string;
  /** Part for goods that have left since: Dr cost of goods sold. */
  cogs: string;
  movements: StockMovement[];
}

/**
 * Apply cost: adds value to the goods of a document's lines. The share of each line still on
 * hand (the item's quantity on hand, at most the line's quantity) goes onto the stock as a
 * movement of quantity 0 and raises the item's average cost; the rest belongs to goods already
 * gone (cost of goods sold). The caller posts Dr inventory / Dr cost of goods sold / Cr charges.
 */
export async function revalueStock(
  ctx: Ctx,
  source: StockSource,
  lines: RevalueLine[],
  opts: { date?: Date } = {},
): Promise<RevalueResult> {
  const date = opts.date ?? ctx.now;
  const live = (await liveMovements(ctx, source)).filter((m) => m.qty.gt(0));
  const costs = await lockCosts(
    ctx,
    live.map((m) => m.item_id),
  );
  const rows: NewMovement[] = [];
  let cogs = ZERO;
  for (const l of lines) {
    const amount = round4(l.amount);
    const ms = live.filter((m) => m.source_line === l.line_id);
    const lineQty = ms.reduce((s, m) => s.plus(m.qty), ZERO);
    if (!ms.length || lineQty.lte(0) || amount.isZero()) {
      cogs = cogs.plus(amount);
      continue;
    }
    const m = ms[0]!;
    const c = costs.get(m.item_id)!;
    const onHand = min(D(c.qty.gt(0) ? c.qty : 0), lineQty);
    const toStock = round4(amount.mul(onHand).div(lineQty));
    cogs = cogs.plus(amount.minus(toStock));
    if (toStock.isZero()) continue;
    rows.push({
      line_id: l.line_id,
      item_id: m.item_id,
      inventory_id: m.inventory_id,
      batch_id: m.batch_id,
      qty: ZERO,
      unit_id: m.unit_fk,
      unit_qty: ZERO,
      unit_cost: ZERO,
      value: toStock,
    });
    const value = c.value.plus(toStock);
    costs.set(m.item_id, { qty: c.qty, value, avg: c.qty.gt(0) ? value.div(c.qty) : c.avg });
  }
  await saveCosts(ctx, costs);
  return { inventory: total(rows, 1), cogs: cogs.toFixed(), movements: await insertMovements(ctx, source, date, rows) };
}

/** The seeded accounts the stock posting rules use (`stock.ledger.ts`), found by `system_key`. */
export async function stockAccounts(tx: DbOrTx): Promise<StockAccounts> {
  // One after another: a transaction's queries share its one connection.
  const id = async (key: string) => (await accountByKey(tx, key)).account_id;
  return {
    inventory: await id("inventory"),
    stock_gains: await id("stock_gains"),
    stock_losses: await id("stock_losses"),
    cogs: await id("cogs"),
  };
}
