import type Decimal from "decimal.js";
import type { Ctx } from "../../platform/context.js";
import { HttpError } from "../../platform/errors.js";
import { D, round4, ZERO } from "../ledger/money.js";
import {
  addToBalances,
  batchFor,
  batchInfo,
  insertMovements,
  itemsOf,
  keyOf,
  lockCosts,
  type NewMovement,
  type StockInLine,
  type StockResult,
  type StockSource,
  saveCosts,
  toBase,
  total,
} from "./stock.js";

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
