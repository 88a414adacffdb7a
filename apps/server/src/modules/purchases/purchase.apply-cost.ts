import { MSG, PURCHASE_MSG } from "@app/contracts";
import type Decimal from "decimal.js";
import { asc, eq } from "drizzle-orm";
import type { Ctx } from "../../platform/context.js";
import { HttpError } from "../../platform/errors.js";
import { assertCashCovers, cashAccount } from "../cash/cashes.js";
import { itemsWithUnits } from "../catalogue/item-units.js";
import type { AccountInfo, RuleLine } from "../ledger/journal.js";
import { accountByKey, lockForPosting, post, systemCurrency } from "../ledger/ledger.js";
import { convert, D, round4 } from "../ledger/money.js";
import { consumerAccounts } from "../parties/consumers.js";
import { revalueStock } from "../stock/stock.revalue.js";
import { appliedCosts, chargeLines, chargeValue } from "./purchase.ledger.js";
import { assertOpen, descriptionOf, linesOf, lockPurchase, recomputeCosts, type StoredPurchase, stored } from "./purchase.posting.js";
import { purchaseSource } from "./purchases.list.js";
import { purchaseCharges, purchaseLines, purchases } from "./purchases.tables.js";

/** The charges spread over the lines by value: each line's value and base-unit cost before and after. */
async function costPlan(ctx: Ctx, p: StoredPurchase) {
  const sys = await systemCurrency(ctx.tx);
  const charges = await ctx.tx
    .select()
    .from(purchaseCharges)
    .where(eq(purchaseCharges.purchase_fk, p.id))
    .orderBy(asc(purchaseCharges.charge_id));
  const chargesValue = charges.reduce<Decimal>((s, c) => s.plus(chargeValue(c, sys)), D(0));
  const base = await recomputeCosts(ctx, p);
  const lines = await linesOf(ctx.tx, p.id);
  const baseQty = lines.map((l) => D(l.quantity).plus(l.bonus).mul(l.unit_base_qty));
  const applied = appliedCosts(
    base.map((b, i) => ({ value: b.value, base_qty: baseQty[i]! })),
    chargesValue,
  );
  return { sys, charges, chargesValue, base, lines, applied };
}

/** Apply cost, previewed: each line's unit cost (of the line's unit) now and with the charges spread over the lines by value. */
export async function applyCostPreview(ctx: Ctx, id: number) {
  const p = await stored(ctx, id);
  const plan = await costPlan(ctx, p);
  const named = await itemsWithUnits(
    ctx.tx,
    plan.lines.map((l) => l.item_fk),
  );
  return {
    id,
    number: p.number,
    status: p.status,
    costs_applied: p.costs_applied,
    currency_id: plan.sys,
    charges_value: plan.chargesValue.toFixed(),
    lines: plan.lines.map((l, i) => {
      const per = D(l.unit_base_qty);
      return {
        line_id: l.line_id,
        item_id: l.item_fk,
        item_name: named.get(l.item_fk)?.item_name ?? "",
        unit_name: named.get(l.item_fk)?.units.get(l.unit_fk)?.unit_name ?? "",
        quantity: l.quantity,
        bonus: l.bonus,
        value: plan.base[i]!.value.toFixed(),
        share: plan.applied[i]!.share.toFixed(),
        unit_cost: round4(D(plan.base[i]!.unit_cost).mul(per)).toFixed(),
        new_unit_cost: round4(plan.applied[i]!.unit_cost.mul(per)).toFixed(),
      };
    }),
  };
}

/**
 * Apply cost: the charges spread over the lines by value, the goods still on hand re-valued (and
 * the average cost with them), the rest to cost of goods sold, and the charges posted: Dr
 * Inventory / Cost of goods sold, Cr each charge's supplier or cash account.
 */
export async function applyCost(ctx: Ctx, id: number) {
  const p = await stored(ctx, id);
  assertOpen(ctx, p);
  if (p.status !== "complete") throw new HttpError(422, PURCHASE_MSG.notComplete);
  if (p.costs_applied) throw new HttpError(422, PURCHASE_MSG.costsApplied);
  const plan = await costPlan(ctx, p);
  if (!plan.charges.length) throw new HttpError(422, PURCHASE_MSG.noCharges);
  const inventory = await accountByKey(ctx.tx, "inventory");
  const cogs = await accountByKey(ctx.tx, "cogs");
  const postings = [];
  const paidInCash = [];
  for (const [i, c] of plan.charges.entries()) {
    let creditor: AccountInfo;
    if (c.payment_type === "Cash" && c.account_fk) {
      const cash = await cashAccount(ctx.tx, c.account_fk, `charges.${i}.account_id`);
      creditor = cash;
      paidInCash.push({
        account: cash,
        amount: convert(c.amount, c.currency_id, cash.currency_id, c.rate),
        field: `charges.${i}.account_id`,
      });
    } else if (c.consumer_fk) {
      creditor = { account_id: (await consumerAccounts(ctx.tx, "supplier", c.consumer_fk))[c.currency_id]!, currency_id: c.currency_id };
    } else throw new HttpError(422, MSG.chooseFromList, { [`charges.${i}.consumer_id`]: [MSG.chooseFromList] });
    postings.push({ creditor, currency_id: c.currency_id, rate: c.rate, amount: c.amount });
  }
  const credits = chargeLines(inventory, postings, plan.sys).filter((l) => l.credit !== undefined);
  await lockForPosting(ctx, { lines: [...credits, { account_id: inventory.account_id }, { account_id: cogs.account_id }] });
  const locked = await lockPurchase(ctx, id);
  assertOpen(ctx, locked);
  if (locked.costs_applied) throw new HttpError(422, PURCHASE_MSG.costsApplied);
  // Under the accounts' locks: what the cash accounts hold cannot change before the entry posts.
  await assertCashCovers(ctx.tx, paidInCash);
  const result = await revalueStock(
    ctx,
    purchaseSource(id),
    plan.lines.map((l, i) => ({ line_id: l.line_id, amount: plan.applied[i]!.share })),
    { date: p.date },
  );
  // What went onto the goods on hand is Inventory; the share of goods already gone, cost of goods sold.
  const journal: RuleLine[] = [
    ...(D(result.inventory).gt(0) ? [{ account_id: inventory.account_id, debit: result.inventory }] : []),
    ...(D(result.cogs).gt(0) ? [{ account_id: cogs.account_id, debit: result.cogs }] : []),
    ...credits,
  ];
  for (const [i, l] of plan.lines.entries())
    await ctx.tx.update(purchaseLines).set({ unit_cost: plan.applied[i]!.unit_cost.toFixed() }).where(eq(purchaseLines.line_id, l.line_id));
  await ctx.tx
    .update(purchases)
    .set({ costs_applied: true, updated_by: ctx.user?.user_id ?? null, updated_at: ctx.now })
    .where(eq(purchases.id, id));
  await post(ctx, {
    date: p.date,
    source: purchaseSource(id),
    description: `Apply cost: ${await descriptionOf(ctx.tx, p)}`,
    lines: journal,
  });
  return applyCostPreview(ctx, id);
}
