import { PURCHASE_MSG, type PurchaseReturnInput } from "@app/contracts";
import type Decimal from "decimal.js";
import { asc, eq, sql } from "drizzle-orm";
import type { Ctx } from "../../platform/context.js";
import { HttpError } from "../../platform/errors.js";
import { assertInventoryAccess } from "../catalogue/inventories.js";
import { docDate } from "../ledger/dates.js";
import { documentRate } from "../ledger/document-rate.js";
import { accountByKey, lockForPosting, post, reverse, systemCurrency } from "../ledger/ledger.js";
import { assertLinesFit } from "../ledger/limits.js";
import { convert, D, round3, ZERO } from "../ledger/money.js";
import { nextNumber } from "../numbering/numbering.js";
import { consumerAccounts } from "../parties/consumers.js";
import {
  assertWithinLimits,
  deleteReturnDoc,
  type ReturnDoc,
  returnList,
  setReturnDocClosed,
  settlementAccount,
  showReturnDoc,
  storedReturn,
  takenPerLine,
} from "../returns/return-docs.js";
import { stockOut } from "../stock/stock.out.js";
import { reverseStock } from "../stock/stock.reverse.js";
import { purchaseReturnLines } from "./purchase.ledger.js";
import { checkLines } from "./purchase.prepare.js";
import { batchesOfPurchase } from "./purchases.js";
import { purchaseLines, purchaseReturns, purchases, purchaseReturnLines as returnLinesTable } from "./purchases.tables.js";

export const returnSource = (id: number) => ({ type: "purchase_return", id });

const doc: ReturnDoc = {
  table: "purchase_returns",
  lines: "purchase_return_lines",
  source: returnSource,
  closed: PURCHASE_MSG.closed,
  expiryAsDay: false,
};

export const purchaseReturnsList = returnList(
  "purchase_returns",
  sql`from purchase_returns r join consumers c on c.consumer_id = r.consumer_fk join inventories i on i.inventory_id = r.inventory_fk
            join currencies cu on cu.currency_id = r.currency_id left join purchases p on p.id = r.purchase_fk
            left join users cb on cb.user_id = r.created_by`,
  {
    purchase_id: { expr: sql`r.purchase_fk`, filter: "eq" },
    purchase_number: { expr: sql`p.number`, search: true },
    consumer_id: { expr: sql`r.consumer_fk`, filter: "eq" },
    consumer_name: { expr: sql`c.consumer_name`, search: true, filter: "like" },
    reference_no: { expr: sql`r.reference_no`, search: true, filter: "like" },
    inventory_name: { expr: sql`i.inventory_name` },
  },
  {
    payment_type: { expr: sql`r.payment_type`, filter: "eq" },
  },
);

async function prepare(ctx: Ctx, input: PurchaseReturnInput) {
  const accountsOf = await consumerAccounts(ctx.tx, "supplier", input.consumer_id);
  await assertInventoryAccess(ctx, input.inventory_id);
  const date = docDate(input.date, ctx.now);
  const rate = await documentRate(ctx.tx, {
    currency_id: input.currency_id,
    rate: input.rate,
    date,
    kind: "out",
    confirmed: input.confirmed,
  });
  // From a purchase its lines carry their own batch: no expiry to type.
  const { bases } = await checkLines(ctx.tx, input.lines, "lines", false);
  const { cash, account: debtor } = await settlementAccount(ctx, {
    cash: input.payment_type === "Cash",
    account: input.account_id,
    partyAccounts: accountsOf,
    currency_id: input.currency_id,
  });
  let purchase: typeof purchases.$inferSelect | undefined;
  const bought = new Map<number, typeof purchaseLines.$inferSelect>();
  if (input.purchase_id) {
    [purchase] = await ctx.tx.select().from(purchases).where(eq(purchases.id, input.purchase_id));
    if (!purchase) throw new HttpError(422, "The selected purchase is invalid.", { purchase_id: ["The selected purchase is invalid."] });
    if (purchase.status !== "complete")
      throw new HttpError(422, PURCHASE_MSG.purchaseNotComplete, { purchase_id: [PURCHASE_MSG.purchaseNotComplete] });
    if (purchase.consumer_fk !== input.consumer_id)
      throw new HttpError(422, PURCHASE_MSG.supplierOfPurchase, { consumer_id: [PURCHASE_MSG.supplierOfPurchase] });
    for (const l of await ctx.tx.select().from(purchaseLines).where(eq(purchaseLines.purchase_fk, purchase.id))) bought.set(l.line_id, l);
    const errors: Record<string, string[]> = {};
    input.lines.forEach((l, i) => {
      const b = l.purchase_line_id ? bought.get(l.purchase_line_id) : undefined;
      if (!b || b.item_fk !== l.item_id || b.unit_fk !== l.unit_id)
        errors[`lines.${i}.purchase_line_id`] = [PURCHASE_MSG.lineNotOfPurchase];
    });
    if (Object.keys(errors).length) throw new HttpError(422, PURCHASE_MSG.lineNotOfPurchase, errors);
  }
  const totals = input.lines.map((l) => round3(D(l.quantity).mul(l.unit_price)));
  const total = totals.reduce<Decimal>((s, v) => s.plus(v), ZERO);
  const sys = await systemCurrency(ctx.tx);
  assertLinesFit(
    input.lines.map((l, i) => ({
      baseQuantity: D(l.quantity)
        .plus(l.bonus ?? 0)
        .mul(bases[i]!),
      amounts: [convert(totals[i]!, input.currency_id, sys, rate)],
    })),
    { field: "total", amounts: [convert(total, input.currency_id, sys, rate)] },
  );
  return {
    purchase,
    bought,
    debtor,
    row: {
      purchase_fk: purchase?.id ?? null,
      consumer_fk: input.consumer_id,
      reference_no: input.reference_no ?? null,
      date,
      // A return from a purchase takes the goods out of the inventory they came into.
      inventory_fk: purchase?.inventory_fk ?? input.inventory_id,
      currency_id: input.currency_id,
      rate,
      payment_type: input.payment_type,
      account_fk: cash?.account_id ?? null,
      subtotal: total.toFixed(),
      total: total.toFixed(),
      status: "complete",
      note: input.note ?? null,
    },
    lines: input.lines.map((l, i) => {
      const b = l.purchase_line_id ? bought.get(l.purchase_line_id) : undefined;
      return {
        purchase_line_fk: b?.line_id ?? null,
        item_fk: l.item_id,
        unit_fk: l.unit_id,
        unit_base_qty: bases[i]!,
        quantity: l.quantity,
        bonus: l.bonus ?? "0",
        unit_price: l.unit_price,
        line_total: totals[i]!.toFixed(),
        batch_no: b ? b.batch_no : (l.batch_no ?? null),
        expire_date: b ? b.expire_date : (l.expire_date ?? null),
        position: i,
      };
    }),
  };
}

/**
 * A return from a purchase may not take more than was bought less what was returned already,
 * quantity and bonus apart. Checked under the purchase's row lock, so two returns at once cannot
 * both take the last units.
 */
async function assertReturnable(ctx: Ctx, p: Awaited<ReturnType<typeof prepare>>, exceptReturn?: number) {
  if (!p.purchase) return;
  await ctx.tx.execute(sql`select 1 from purchases where id = ${p.purchase.id} for no key update`);
  const res = await ctx.tx.execute<{ line: number; q: string; b: string }>(sql`
    select rl.purchase_line_fk as line, sum(rl.quantity)::text as q, sum(rl.bonus)::text as b
      from purchase_return_lines rl join purchase_returns r on r.id = rl.return_fk
     where r.purchase_fk = ${p.purchase.id} and r.status = 'complete' and r.id <> ${exceptReturn ?? 0}
     group by rl.purchase_line_fk`);
  const returned = new Map(res.rows.map((r) => [Number(r.line), { q: D(r.q), b: D(r.b) }]));
  const taken = takenPerLine(
    p.lines,
    (l) => l.purchase_line_fk!,
    (l) => [l.quantity, l.bonus],
  );
  assertWithinLimits(
    [...taken].flatMap(([line, { index, amounts }]) => {
      const b = p.bought.get(line)!;
      const r = returned.get(line) ?? { q: ZERO, b: ZERO };
      return [
        { index, field: "quantity", want: amounts[0]!, left: D(b.quantity).minus(r.q) },
        { index, field: "bonus", want: amounts[1]!, left: D(b.bonus).minus(r.b) },
      ];
    }),
    PURCHASE_MSG.moreThanBought,
  );
}

/** Stock out (at the purchase's cost from its batches, or the average cost) and the posting. */
async function sendBack(ctx: Ctx, id: number, p: Awaited<ReturnType<typeof prepare>>) {
  const sys = await systemCurrency(ctx.tx);
  const stored = await ctx.tx
    .select()
    .from(returnLinesTable)
    .where(eq(returnLinesTable.return_fk, id))
    .orderBy(asc(returnLinesTable.position));
  const batches = p.purchase ? await batchesOfPurchase(ctx, p.purchase.id) : new Map<number, number>();
  const out = await stockOut(
    ctx,
    returnSource(id),
    stored.map((l) => {
      const b = l.purchase_line_fk ? p.bought.get(l.purchase_line_fk) : undefined;
      return {
        line_id: l.line_id,
        item_id: l.item_fk,
        inventory_id: p.row.inventory_fk,
        unit_id: l.unit_fk,
        quantity: D(l.quantity).plus(l.bonus).toFixed(),
        batch_id: b ? (batches.get(b.line_id) ?? null) : null,
        // Out at the cost the goods came in with (per the line's unit).
        unit_cost: b ? D(b.unit_cost).mul(l.unit_base_qty).toFixed() : null,
      };
    }),
    { purpose: "purchase_return", date: p.row.date },
  );
  const lines = purchaseReturnLines(
    {
      inventory: await accountByKey(ctx.tx, "inventory"),
      debtor: p.debtor,
      currency_id: p.row.currency_id,
      rate: p.row.rate,
      amount: p.row.total,
      cost: out.value,
      gains: await accountByKey(ctx.tx, "stock_gains"),
      losses: await accountByKey(ctx.tx, "stock_losses"),
    },
    sys,
  );
  const r = await ctx.tx.execute<{ name: string }>(
    sql`select consumer_name as name from consumers where consumer_id = ${p.row.consumer_fk}`,
  );
  await post(ctx, { date: p.row.date, source: returnSource(id), description: `Purchase return to ${r.rows[0]?.name ?? ""}`.trim(), lines });
}

async function lockAll(ctx: Ctx, p: Awaited<ReturnType<typeof prepare>>, reversing?: number) {
  const extra = ["inventory", "stock_gains", "stock_losses"];
  const ids = [];
  for (const k of extra) ids.push({ account_id: (await accountByKey(ctx.tx, k)).account_id });
  await lockForPosting(ctx, {
    lines: [{ account_id: p.debtor.account_id }, ...ids],
    ...(reversing ? { reversing: returnSource(reversing) } : {}),
  });
}

export async function createReturn(ctx: Ctx, input: PurchaseReturnInput) {
  const p = await prepare(ctx, input);
  await lockAll(ctx, p);
  await assertReturnable(ctx, p);
  const [row] = await ctx.tx
    .insert(purchaseReturns)
    .values({ ...p.row, created_by: ctx.user?.user_id ?? null })
    .returning({ id: purchaseReturns.id });
  const id = row!.id;
  await ctx.tx.insert(returnLinesTable).values(p.lines.map((l) => ({ ...l, return_fk: id })));
  await sendBack(ctx, id, p);
  await ctx.tx
    .update(purchaseReturns)
    .set({ number: await nextNumber(ctx, "purchase_returns", "PRT") })
    .where(eq(purchaseReturns.id, id));
  return { id };
}

/** Edit = the return's stock and entry reversed, then sent back as saved. */
export async function updateReturn(ctx: Ctx, id: number, input: PurchaseReturnInput) {
  await storedReturn(ctx, doc, id);
  const p = await prepare(ctx, input);
  await lockAll(ctx, p, id);
  await assertReturnable(ctx, p, id);
  await reverseStock(ctx, returnSource(id), { date: p.row.date });
  await reverse(ctx, returnSource(id));
  await ctx.tx
    .update(purchaseReturns)
    .set({ ...p.row, updated_by: ctx.user?.user_id ?? null, updated_at: ctx.now })
    .where(eq(purchaseReturns.id, id));
  await ctx.tx.delete(returnLinesTable).where(eq(returnLinesTable.return_fk, id));
  await ctx.tx.insert(returnLinesTable).values(p.lines.map((l) => ({ ...l, return_fk: id })));
  await sendBack(ctx, id, p);
}

export async function deleteReturn(ctx: Ctx, id: number) {
  await deleteReturnDoc(ctx, doc, id);
}

export async function setReturnClosed(ctx: Ctx, id: number, closed: boolean) {
  await setReturnDocClosed(ctx, doc, id, closed);
}

export async function showReturn(ctx: Ctx, id: number) {
  return showReturnDoc(
    ctx,
    doc,
    id,
    sql`
    select r.*, c.consumer_name, i.inventory_name, cu.currency_name, a.account_name, a.system_key as account_system_key,
           p.number as purchase_number, cb.user_name as created_by_name
      from purchase_returns r join consumers c on c.consumer_id = r.consumer_fk join inventories i on i.inventory_id = r.inventory_fk
      join currencies cu on cu.currency_id = r.currency_id left join accounts a on a.account_id = r.account_fk
      left join purchases p on p.id = r.purchase_fk left join users cb on cb.user_id = r.created_by
     where r.id = ${id}`,
  );
}
