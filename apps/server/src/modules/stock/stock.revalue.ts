import type Decimal from "decimal.js";
import type { Ctx } from "../../platform/context.js";
import { D, round4, ZERO } from "../ledger/money.js";
import { insertMovements, lockCosts, min, type NewMovement, type StockMovement, type StockSource, saveCosts, total } from "./stock.js";
import { liveMovements } from "./stock.reverse.js";

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
