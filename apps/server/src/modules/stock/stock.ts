import type Decimal from "decimal.js";
import { type SQL, sql } from "drizzle-orm";
import { intArray } from "../../db/bulk.js";
import type { DbOrTx } from "../../db/client.js";
import type { Ctx } from "../../platform/context.js";
import { HttpError } from "../../platform/errors.js";
import { accountByKey } from "../ledger/ledger.js";
import { D, ZERO } from "../ledger/money.js";
import type { StockAccounts } from "./stock.ledger.js";
import { stockMovements } from "./stock.tables.js";

/**
 * The stock core (docs/architecture/stock.md): every document that moves goods calls these, inside
 * its own transaction, after locking its accounts (`lockForPosting`) and before taking its number.
 * Quantities are in the item's base unit once converted; costs and values in the system currency.
 * This file holds what the moves share (the items and their units, batches, the balance and cost
 * rows and their locks, the movements written); each move is a file of its own: goods in
 * (`stock.in.ts`), goods out (`stock.out.ts`), a document's stock undone (`stock.reverse.ts`),
 * apply cost (`stock.revalue.ts`).
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
export const byKey = <T extends { item_id: number; inventory_id: number; batch_id: number }>(a: T, b: T) =>
  a.item_id - b.item_id || a.inventory_id - b.inventory_id || a.batch_id - b.batch_id;
const idList = (xs: Iterable<number>) =>
  sql.join(
    [...new Set(xs)].map((x) => sql`${x}`),
    sql`, `,
  );

export async function allowNegative(ctx: Ctx): Promise<boolean> {
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
export function toBase(info: ItemInfo, unitId: number | null | undefined, quantity: Decimal.Value) {
  const q = D(quantity);
  if (!q.isFinite() || q.lte(0))
    throw new HttpError(422, "The quantity must be a number greater than 0.", {
      quantity: ["The quantity must be a number greater than 0."],
    });
  const factor = unitId != null ? info.factors.get(unitId)! : D(1);
  return { base: q.mul(factor), factor, unit: unitId ?? info.base_unit };
}

/** The batch row of (item, number, expiry), made on first use. */
export async function batchFor(ctx: Ctx, itemId: number, batchNo: string | null, expire: string | null): Promise<number> {
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

export async function saveCosts(ctx: Ctx, costs: Map<number, CostRow>) {
  for (const [item, c] of [...costs].sort((a, b) => a[0] - b[0]))
    await ctx.tx.execute(sql`
      update stock_item_costs set qty = ${c.qty.toFixed()}, value = ${c.value.toFixed()}, avg_cost = ${c.avg.toDecimalPlaces(6).toFixed()}, updated_at = now()
       where item_fk = ${item}`);
}

export interface NewMovement {
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

export async function insertMovements(ctx: Ctx, source: StockSource, date: Date, rows: NewMovement[]): Promise<StockMovement[]> {
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
export async function addToBalances(
  ctx: Ctx,
  deltas: Map<string, { item_id: number; inventory_id: number; batch_id: number; qty: Decimal }>,
) {
  for (const d of [...deltas.values()].sort(byKey)) {
    await ctx.tx.execute(sql`
      insert into stock_balances (item_fk, inventory_fk, batch_fk, qty) values (${d.item_id}, ${d.inventory_id}, ${d.batch_id}, ${d.qty.toFixed()})
      on conflict (item_fk, inventory_fk, batch_fk) do update set qty = stock_balances.qty + excluded.qty, updated_at = now()`);
  }
}

/** What the movements moved in value, signed: positive when the stock's value rose (goods in), for `sign` 1; `sign` -1 for goods out. */
export const total = (ms: { value: Decimal }[], sign: 1 | -1) =>
  ms
    .reduce((s, m) => s.plus(m.value), ZERO)
    .mul(sign)
    .toFixed();

export interface LockedBalance {
  item_id: number;
  inventory_id: number;
  batch_id: number;
  /** What may leave: on hand less what open online orders hold. */
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
  // What a stock-out may take: on hand less what open online orders hold.
  return sql`
    select b.item_fk, b.inventory_fk, b.batch_fk, (b.qty - b.reserved)::text as qty, to_char(sb.expire_date, 'YYYY-MM-DD') as expire_date
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

export async function inventoryName(ctx: Ctx, id: number): Promise<string> {
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

/** The smaller of two quantities. */
export const min = (a: Decimal, b: Decimal) => (a.lt(b) ? a : b);

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
