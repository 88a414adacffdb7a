import { eq, sql } from "drizzle-orm";
import { intArray } from "../../db/bulk.js";
import type { Ctx } from "../../platform/context.js";
import { checkLines } from "../disposals/warehouse-lines.js";
import { lockAccounts, post } from "../ledger/ledger.js";
import { D, type Dec } from "../ledger/money.js";
import { stockIn } from "../stock/stock.in.js";
import { type StockInLine, type StockOutLine, stockAccounts } from "../stock/stock.js";
import { adjustmentLines } from "../stock/stock.ledger.js";
import { stockOut } from "../stock/stock.out.js";
import { inventoryAdjustmentLines, inventoryAdjustments } from "./adjustments.tables.js";

type Head = typeof inventoryAdjustments.$inferSelect;
type Line = typeof inventoryAdjustmentLines.$inferSelect;

export const SOURCE_ADJUSTMENT = "inventory_adjustment";

/** The batch a line names: its batch on hand, or the batch of that number and expiry if it exists. */
async function resolveBatches(ctx: Ctx, lines: Line[]): Promise<Map<number, number | null>> {
  const out = new Map<number, number | null>();
  for (const l of lines) {
    if (l.batch_fk) {
      out.set(l.id, l.batch_fk);
      continue;
    }
    const r = await ctx.tx.execute<{ batch_id: number }>(sql`
      select batch_id from stock_batches
       where item_fk = ${l.item_fk} and batch_no is not distinct from ${l.batch_no} and expire_date is not distinct from ${l.expire_date}::date`);
    out.set(l.id, r.rows[0] ? Number(r.rows[0].batch_id) : null);
  }
  return out;
}

/**
 * Completes a count: every counted batch against the quantity on hand, and with "set not adjusted
 * to zero" every other batch of the inventory counted as none. Gains come in at the item's average
 * cost, losses leave through stockOut (purpose `adjustment`, the counted batch named), and the
 * entry books both, all in the caller's transaction. Locks in the ledger's order: the accounts,
 * then every balance row of the items in the inventory (key order), then the items' cost rows.
 */
export async function completeCount(ctx: Ctx, head: Head, typed: Line[]) {
  const inventory = head.inventory_fk;
  const acc = await stockAccounts(ctx.tx);
  let lines = typed;
  if (head.set_not_adjusted_to_zero) {
    const batches = await resolveBatches(ctx, lines);
    const counted = new Set(lines.map((l) => `${l.item_fk}:${batches.get(l.id) ?? "new"}`));
    const rest = await ctx.tx.execute<{ item_fk: number; batch_fk: number }>(sql`
      select item_fk, batch_fk from stock_balances where inventory_fk = ${inventory} and qty <> 0 order by item_fk, batch_fk`);
    const missing = rest.rows.filter((b) => !counted.has(`${b.item_fk}:${b.batch_fk}`));
    if (missing.length) {
      await ctx.tx
        .insert(inventoryAdjustmentLines)
        .values(
          missing.map((b) => ({ adjustment_fk: head.id, item_fk: Number(b.item_fk), batch_fk: Number(b.batch_fk), counted_qty: "0" })),
        );
      lines = await ctx.tx.select().from(inventoryAdjustmentLines).where(eq(inventoryAdjustmentLines.adjustment_fk, head.id));
    }
  }
  const items = await checkLines(
    ctx,
    lines.map((l) => ({ item_id: l.item_fk })),
  );
  await lockAccounts(ctx, [acc.inventory, acc.stock_gains, acc.stock_losses]);
  const itemIds = [...new Set(lines.map((l) => l.item_fk))].sort((a, b) => a - b);
  const onHand = new Map<string, Dec>();
  const avg = new Map<number, Dec>();
  if (itemIds.length) {
    const balances = await ctx.tx.execute<{ item_fk: number; batch_fk: number; qty: string }>(sql`
      select item_fk, batch_fk, qty::text from stock_balances
       where inventory_fk = ${inventory} and item_fk = any(${intArray(itemIds)})
       order by item_fk, inventory_fk, batch_fk
         for no key update`);
    for (const b of balances.rows) onHand.set(`${b.item_fk}:${b.batch_fk}`, D(b.qty));
    const costs = await ctx.tx.execute<{ item_fk: number; avg_cost: string }>(
      sql`select item_fk, avg_cost::text from stock_item_costs where item_fk = any(${intArray(itemIds)})`,
    );
    for (const c of costs.rows) avg.set(Number(c.item_fk), D(c.avg_cost));
  }
  const batches = await resolveBatches(ctx, lines);
  const ins: StockInLine[] = [];
  const outs: StockOutLine[] = [];
  const found = new Map<number, { theoretical: Dec; difference: Dec }>();
  for (const l of lines) {
    const batch = batches.get(l.id) ?? null;
    const theoretical = batch === null ? D(0) : (onHand.get(`${l.item_fk}:${batch}`) ?? D(0));
    const difference = D(l.counted_qty).minus(theoretical);
    found.set(l.id, { theoretical, difference });
    const unit_id = items.get(l.item_fk)!.base_unit_id;
    const base = { line_id: l.id, item_id: l.item_fk, inventory_id: inventory, unit_id };
    if (difference.gt(0))
      ins.push({
        ...base,
        quantity: difference.toFixed(),
        ...(batch !== null ? { batch_id: batch } : { batch_no: l.batch_no, expire_date: l.expire_date }),
        unit_cost: (avg.get(l.item_fk) ?? D(0)).toFixed(),
      });
    if (difference.lt(0)) outs.push({ ...base, quantity: difference.neg().toFixed(), batch_id: batch });
  }
  const gained = ins.length ? await stockIn(ctx, { type: SOURCE_ADJUSTMENT, id: head.id }, ins, { date: head.date }) : undefined;
  const lost = outs.length
    ? await stockOut(ctx, { type: SOURCE_ADJUSTMENT, id: head.id }, outs, { purpose: "adjustment", date: head.date })
    : undefined;
  const moved = [...(gained?.movements ?? []), ...(lost?.movements ?? [])];
  for (const l of lines) {
    const f = found.get(l.id)!;
    const mine = moved.filter((m) => m.line_id === l.id);
    const value = mine.reduce((sum, m) => sum.plus(m.value), D(0));
    await ctx.tx
      .update(inventoryAdjustmentLines)
      .set({
        theoretical_qty: f.theoretical.toFixed(),
        difference: f.difference.toFixed(),
        value: value.toFixed(4),
        ...(mine[0] && !l.batch_fk ? { batch_fk: mine[0].batch_id } : {}),
      })
      .where(eq(inventoryAdjustmentLines.id, l.id));
  }
  const gain = gained?.value ?? "0";
  const loss = lost?.value ?? "0";
  const rule = adjustmentLines(acc, gain, loss);
  if (rule.length)
    await post(ctx, {
      date: head.date,
      source: { type: SOURCE_ADJUSTMENT, id: head.id },
      description: `Inventory count ${head.number ?? head.id}`,
      lines: rule,
    });
  await ctx.tx
    .update(inventoryAdjustments)
    .set({ status: "complete", gain_value: gain, loss_value: loss, completed_by: ctx.user?.user_id ?? null, updated_at: ctx.now })
    .where(eq(inventoryAdjustments.id, head.id));
}
