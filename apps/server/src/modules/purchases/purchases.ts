import type { PurchaseInput } from "@app/contracts";
import { eq } from "drizzle-orm";
import type { Ctx } from "../../platform/context.js";
import { accountByKey, lockForPosting } from "../ledger/ledger.js";
import { nextNumber } from "../numbering/numbering.js";
import { lockOrder, settleOrder } from "../purchase-orders/order-receipts.js";
import { liveMovements } from "../stock/stock.reverse.js";
import { purchaseLines as purchasePostingLines } from "./purchase.ledger.js";
import {
  assertComplete,
  assertDraft,
  assertOpen,
  bringIn,
  lockPurchase,
  postingOf,
  recomputeCosts,
  stored,
  takeBack,
} from "./purchase.posting.js";
import { assertChargesCovered, prepare } from "./purchase.prepare.js";
import { purchaseSource } from "./purchases.list.js";
import { purchaseCharges, purchaseLines, purchases } from "./purchases.tables.js";

/**
 * The purchase use cases: create, edit, delete, complete, return to draft, close. The list is in
 * `purchases.list.ts`, the checks of a purchase as sent in `purchase.prepare.ts`, its stock and
 * entries in `purchase.posting.ts`, the screen's read in `purchases.show.ts`, apply cost in
 * `purchase.apply-cost.ts`, modify sale price in `purchase.sale-prices.ts`.
 */

async function writeChildren(ctx: Ctx, id: number, prepared: Awaited<ReturnType<typeof prepare>>) {
  await ctx.tx.delete(purchaseLines).where(eq(purchaseLines.purchase_fk, id));
  await ctx.tx.delete(purchaseCharges).where(eq(purchaseCharges.purchase_fk, id));
  if (prepared.lines.length) await ctx.tx.insert(purchaseLines).values(prepared.lines.map((l) => ({ ...l, purchase_fk: id })));
  if (prepared.charges.length) await ctx.tx.insert(purchaseCharges).values(prepared.charges.map((c) => ({ ...c.row, purchase_fk: id })));
}

/** A new purchase is a draft: nothing moves until it is completed. */
export async function createPurchase(ctx: Ctx, input: PurchaseInput) {
  const p = await prepare(ctx, input);
  await assertChargesCovered(ctx, p.charges);
  const [row] = await ctx.tx
    .insert(purchases)
    .values({ ...p.row, status: "draft", created_by: ctx.user?.user_id ?? null })
    .returning({ id: purchases.id });
  const id = row!.id;
  await writeChildren(ctx, id, p);
  await ctx.tx
    .update(purchases)
    .set({ number: await nextNumber(ctx, "purchases", "PUR") })
    .where(eq(purchases.id, id));
  return { id };
}

/**
 * Edits a purchase. A draft is simply rewritten; a complete one (unless its goods have left
 * since) has its stock and entries reversed and is brought in again as saved; its charges must
 * then be applied again.
 */
export async function updatePurchase(ctx: Ctx, id: number, input: PurchaseInput) {
  const before = await stored(ctx, id);
  assertOpen(ctx, before);
  // A receipt of an order locks its order first, as receiving does (order-receipts.ts).
  if (before.order_fk) await lockOrder(ctx, before.order_fk);
  const p = await prepare(ctx, input);
  if (before.status === "complete") {
    // Lock the accounts of the new entry and of the entries reversed, before anything else.
    const preview = purchasePostingLines({
      inventory: await accountByKey(ctx.tx, "inventory"),
      supplier: p.supplier,
      cash: p.cash,
      currency_id: p.row.currency_id,
      rate: p.row.rate,
      stock_value: "1",
      total: p.row.total,
      paid: p.row.paid_amount,
    });
    await lockForPosting(ctx, { lines: preview, reversing: purchaseSource(id) });
    const locked = await lockPurchase(ctx, id);
    assertOpen(ctx, locked);
    await takeBack(ctx, locked);
  }
  // After the charges applied before are taken back: their cash is in the accounts again.
  await assertChargesCovered(ctx, p.charges);
  await ctx.tx
    .update(purchases)
    .set({ ...p.row, costs_applied: false, updated_by: ctx.user?.user_id ?? null, updated_at: ctx.now })
    .where(eq(purchases.id, id));
  await writeChildren(ctx, id, p);
  if (before.status === "complete") await bringIn(ctx, await stored(ctx, id), true);
  if (before.order_fk && before.status === "complete") await settleOrder(ctx, before.order_fk, true);
}

export async function deletePurchase(ctx: Ctx, id: number) {
  const p = await stored(ctx, id);
  assertOpen(ctx, p);
  if (p.order_fk) await lockOrder(ctx, p.order_fk);
  if (p.status === "complete") {
    await lockForPosting(ctx, { reversing: purchaseSource(id) });
    await takeBack(ctx, await lockPurchase(ctx, id));
  }
  await ctx.tx.delete(purchases).where(eq(purchases.id, id));
  // What the receipt brought in is still to come on its order.
  if (p.order_fk) await settleOrder(ctx, p.order_fk, false);
}

/** Complete: the goods come into stock and the purchase posts, together. */
export async function completePurchase(ctx: Ctx, id: number) {
  const p = await stored(ctx, id);
  assertOpen(ctx, p);
  assertDraft(p);
  if (p.order_fk) await lockOrder(ctx, p.order_fk);
  const { journal } = await postingOf(ctx, p);
  await lockForPosting(ctx, { lines: journal });
  const locked = await lockPurchase(ctx, id);
  assertDraft(locked);
  await ctx.tx
    .update(purchases)
    .set({ status: "complete", updated_by: ctx.user?.user_id ?? null, updated_at: ctx.now })
    .where(eq(purchases.id, id));
  await bringIn(ctx, locked, true);
  // Within what its order has still to come, unless the user may receive more.
  if (p.order_fk) await settleOrder(ctx, p.order_fk, true);
}

/** Return To Draft: stock and entries reversed, unless goods have left since. */
export async function returnToDraft(ctx: Ctx, id: number) {
  const p = await stored(ctx, id);
  assertOpen(ctx, p);
  assertComplete(p);
  if (p.order_fk) await lockOrder(ctx, p.order_fk);
  await lockForPosting(ctx, { reversing: purchaseSource(id) });
  const locked = await lockPurchase(ctx, id);
  assertComplete(locked);
  await takeBack(ctx, locked);
  // The lines' costs lose the charges again.
  const prepared = await recomputeCosts(ctx, locked);
  for (const l of prepared) await ctx.tx.update(purchaseLines).set({ unit_cost: l.unit_cost }).where(eq(purchaseLines.line_id, l.line_id));
  await ctx.tx
    .update(purchases)
    .set({ status: "draft", costs_applied: false, updated_by: ctx.user?.user_id ?? null, updated_at: ctx.now })
    .where(eq(purchases.id, id));
  // Its quantities are still to come on its order.
  if (p.order_fk) await settleOrder(ctx, p.order_fk, false);
}

export async function setClosed(ctx: Ctx, id: number, closed: boolean) {
  await stored(ctx, id);
  await ctx.tx
    .update(purchases)
    .set({ is_closed: closed, updated_by: ctx.user?.user_id ?? null, updated_at: ctx.now })
    .where(eq(purchases.id, id));
}

/** Live movements of the purchase per line: the batch each line's goods came into. */
export async function batchesOfPurchase(ctx: Ctx, id: number) {
  const live = await liveMovements(ctx, purchaseSource(id));
  const out = new Map<number, number>();
  for (const m of live) if (m.qty.gt(0) && m.source_line !== null) out.set(Number(m.source_line), m.batch_id);
  return out;
}
