import type { SaleKind } from "@app/contracts";
import type Decimal from "decimal.js";
import { asc, eq, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.js";
import { businessDay, startOfBusinessDay } from "../../platform/business-time.js";
import type { Ctx } from "../../platform/context.js";
import { cashAccount } from "../cash/cashes.js";
import { recordSale } from "../dashboard/dashboard.record.js";
import { assertNoLaterPayments } from "../doc-payments/doc-payment-guard.js";
import { accountByKey, createAccount, post, reverse, systemCurrency } from "../ledger/ledger.js";
import { convert, D, round4, ZERO } from "../ledger/money.js";
import { nextNumber } from "../numbering/numbering.js";
import { consumerAccounts, isWalkIn } from "../parties/consumers.js";
import { stockOut } from "../stock/stock.out.js";
import { assertNotProtected, reverseStock } from "../stock/stock.reverse.js";
import { type SalePosting, saleCommission, saleLines as salePostingLines } from "./sale.ledger.js";
import { batchOf, linesOf, type Prepared, type StoredSale, salesmanTerms, walkInOwing } from "./sale.prepare.js";
import { assertCustomerCredit } from "./sales.credit.js";
import { PREFIX, SALE_SECTIONS, saleGuards, saleSource } from "./sales.list.js";
import { saleLines, salePayments, sales, salesmanAccounts } from "./sales.tables.js";

/** A sale going out and coming back: its stock, its number and its entry. */

// ------------------------------------------------------------------ posting

export async function salesmanPayable(ctx: Ctx, salesmanId: number, name: string): Promise<number> {
  const [found] = await ctx.tx.select().from(salesmanAccounts).where(eq(salesmanAccounts.user_fk, salesmanId));
  if (found) return found.account_fk;
  // One maker at a time per salesman.
  await ctx.tx.execute(sql`select 1 from users where user_id = ${salesmanId} for no key update`);
  const [again] = await ctx.tx.select().from(salesmanAccounts).where(eq(salesmanAccounts.user_fk, salesmanId));
  if (again) return again.account_fk;
  const account = await createAccount(ctx.tx, { parentKey: "salesmen_payable", name, currency_id: await systemCurrency(ctx.tx) });
  await ctx.tx.insert(salesmanAccounts).values({ user_fk: salesmanId, account_fk: account });
  return account;
}

export type PaymentRow = { account_fk: number; currency_id: number; rate: string; amount: string };
export type SaleFigures = Pick<
  StoredSale,
  | "consumer_fk"
  | "salesman_fk"
  | "currency_id"
  | "rate"
  | "paid_amount"
  | "gross"
  | "subtotal"
  | "rounded_discount"
  | "tax_amount"
  | "total"
>;

/** The accounts and figures of a sale's entry; `cost` and commission are filled in once the goods have left. */
export async function postingOf(ctx: Ctx, s: SaleFigures, payments: PaymentRow[]) {
  const tx = ctx.tx;
  const sys = await systemCurrency(tx);
  const receivable = (await consumerAccounts(tx, "customer", s.consumer_fk))[s.currency_id]!;
  const payAccounts = [];
  for (const p of payments) payAccounts.push({ ...p, account: await cashAccount(tx, p.account_fk, "account_fk") });
  const key = async (k: string) => (await accountByKey(tx, k)).account_id;
  const accounts = {
    sales: await key("sales"),
    discounts: await key("discounts"),
    tax: await key("sales_tax"),
    cogs: await key("cogs"),
    inventory: await key("inventory"),
  };
  const terms = s.salesman_fk ? await salesmanTerms(tx, s.salesman_fk) : null;
  const commission =
    terms && s.salesman_fk && terms.commission_type && terms.commission_type !== "no_commission"
      ? { expense: await key("commissions"), payable: await salesmanPayable(ctx, s.salesman_fk, `${terms.name} (commission)`) }
      : null;
  const doc: SalePosting = {
    system_currency: sys,
    currency_id: s.currency_id,
    rate: s.rate,
    receivable: { account_id: receivable, currency_id: s.currency_id },
    payments: payAccounts.map((p) => ({ account: p.account, currency_id: p.currency_id, rate: p.rate, amount: p.amount })),
    paid: s.paid_amount,
    gross: s.gross,
    discount: D(s.gross).minus(s.subtotal).plus(s.rounded_discount),
    tax: s.tax_amount,
    total: s.total,
    cost: "0",
    accounts,
    commission: commission ? { ...commission, amount: "1" } : null,
  };
  return { sys, doc, terms };
}

const customerName = async (tx: DbOrTx, consumerId: number) =>
  (await tx.execute<{ name: string }>(sql`select consumer_name as name from consumers where consumer_id = ${consumerId}`)).rows[0]?.name ??
  "";

/** A sale's entry's description: "Sale SAL-000042 to Baghdad Pharmacy". */
const saleDescription = (number: string | null, customer: string) => `Sale ${number ?? ""} to ${customer}`.replace(/\s+/g, " ").trim();

/**
 * The month's commission base of the salesman's other complete sales (the tiers' starting point),
 * net of their complete returns: each sale's base counts in the share of its net revenue (after
 * discounts, before tax) that was not returned, as its commission comes back in that share.
 */
export async function monthBase(tx: DbOrTx, s: StoredSale): Promise<string> {
  const day = businessDay(s.date);
  const from = startOfBusinessDay(`${day.slice(0, 7)}-01`);
  const [y, m] = day.slice(0, 7).split("-").map(Number) as [number, number];
  const next = m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, "0")}-01`;
  const r = await tx.execute<{ b: string }>(sql`
    select coalesce(sum(round(o.commission_base * case when o.subtotal - o.rounded_discount > 0
             then greatest(0, 1 - coalesce(rt.net, 0) / (o.subtotal - o.rounded_discount)) else 1 end, 4)), 0)::text as b
      from sales o
      left join lateral (select sum(r.subtotal - r.discount_amount) as net from sale_returns r
                          where r.sale_fk = o.id and r.status = 'complete') rt on true
     where o.salesman_fk = ${s.salesman_fk} and o.status = 'complete' and o.id <> ${s.id}
       and o.date >= ${from} and o.date < ${startOfBusinessDay(next)}`);
  return r.rows[0]!.b;
}

/**
 * The goods leave (FEFO at average cost, expired batches refused) and the sale posts: receivable
 * or cash, sales, discounts, tax, cost of goods sold and commission. The accounts are locked
 * first (the customer's receivable among them, so the credit check reads a balance nobody else
 * can move), then the stock rows inside `stockOut`.
 */
export const paymentsOf = (tx: DbOrTx, id: number) =>
  tx.select().from(salePayments).where(eq(salePayments.sale_fk, id)).orderBy(asc(salePayments.payment_id));

/** The sale's number in its kind's series of the outlet (after the accounts and the stock, as everywhere). */
export async function numberSale(ctx: Ctx, id: number, kind: SaleKind): Promise<string> {
  const number = await nextNumber(ctx, SALE_SECTIONS[kind], PREFIX[kind]);
  await ctx.tx.update(sales).set({ number }).where(eq(sales.id, id));
  return number;
}

/**
 * What a sale's going out reads that none of the rows it locks guards: its payments, the accounts
 * and figures of its entry, its lines and their batches, the customer's name. Read before the
 * accounts are locked, so that from the locks to the commit each statement is one the sale needs
 * there. A walk-in customer left owing is refused here, before anything is locked.
 */
export async function outgoing(ctx: Ctx, s: StoredSale) {
  const posting = await postingOf(ctx, s, await paymentsOf(ctx.tx, s.id));
  if (!D(s.remaining).isZero() && (await isWalkIn(ctx.tx, s.consumer_fk))) throw walkInOwing("paid_amount");
  const lines = await linesOf(ctx.tx, s.id);
  const stockLines = [];
  for (const [i, l] of lines.entries())
    stockLines.push({
      line_id: l.line_id,
      item_id: l.item_fk,
      inventory_id: s.inventory_fk,
      unit_id: l.unit_fk,
      quantity: D(l.quantity).plus(l.free_quantity).toFixed(),
      batch_id: l.batch_no ? await batchOf(ctx.tx, l.item_fk, l.batch_no, `lines.${i}.batch_no`) : null,
    });
  return { ...posting, lines, stockLines, customer: await customerName(ctx.tx, s.consumer_fk) };
}
export type Outgoing = Awaited<ReturnType<typeof outgoing>>;

/** The accounts `outgoing`'s entry touches, to lock them (see accountLines). */
export const outgoingAccountLines = (o: Outgoing) => salePostingLines({ ...o.doc, cost: "1" });

/**
 * The goods leave and the sale posts (see `outgoing` for what is read before; without it, it is
 * read here). The accounts are locked before this, by the caller; `stamp` is stored with the
 * sale's number and state (who completed it, when).
 */
export async function bringOut(ctx: Ctx, s: StoredSale, read?: Outgoing, stamp: { updated_by?: number | null; updated_at?: Date } = {}) {
  const o = read ?? (await outgoing(ctx, s));
  const { sys, doc, terms, lines, stockLines, customer } = o;
  const remainingSys = convert(s.remaining, s.currency_id, sys, s.rate);
  await assertCustomerCredit(ctx, s.consumer_fk, remainingSys);
  // Read under the salesman's payable account's lock (his other sales wait), and before the stock
  // rows are taken: from them to the commit every statement is one more that the next sale of
  // these items waits for.
  const base = terms && doc.commission ? await monthBase(ctx.tx, s) : null;
  const out = await stockOut(ctx, saleSource(s.id), stockLines, { purpose: "sale", date: s.date });
  // Each line's cost, and the batch it came from when it is one.
  const byLine = new Map<number, { value: Decimal; batches: Map<string, string | null> }>();
  for (const m of out.movements) {
    const e = byLine.get(Number(m.line_id)) ?? { value: ZERO, batches: new Map() };
    e.value = e.value.plus(D(m.value).neg());
    e.batches.set(m.batch_no ?? "", m.expire_date);
    byLine.set(Number(m.line_id), e);
  }
  const costed = lines.map((l) => {
    const e = byLine.get(l.line_id);
    const baseQty = D(l.quantity).plus(l.free_quantity).mul(l.unit_base_qty);
    const one = e && e.batches.size === 1 ? [...e.batches.entries()][0]! : null;
    return {
      line_id: l.line_id,
      unit_cost: e && baseQty.gt(0) ? e.value.div(baseQty).toDecimalPlaces(6).toFixed() : "0",
      batch_no: one?.[0] ? one[0] : null,
      expire_date: one?.[0] ? one[1] : null,
    };
  });
  // Every line's cost in one statement (a line's batch only where it came from one).
  if (costed.length)
    await ctx.tx.execute(sql`
      update sale_lines l set unit_cost = x.unit_cost::numeric,
             batch_no = case when x.batch_no is null then l.batch_no else x.batch_no end,
             expire_date = case when x.batch_no is null then l.expire_date else x.expire_date::date end
        from jsonb_to_recordset(${JSON.stringify(costed)}::jsonb) as x(line_id int, unit_cost text, batch_no text, expire_date text)
       where l.line_id = x.line_id and l.line_id = any(${`{${costed.map((c) => Math.trunc(c.line_id)).join(",")}}`}::int[])`);
  const cost = round4(out.value);
  const revenue = convert(s.subtotal, s.currency_id, sys, s.rate).minus(convert(s.rounded_discount, s.currency_id, sys, s.rate));
  const commission = terms && doc.commission && base !== null ? saleCommission(terms, { revenue, cost }, base) : null;
  // Not numbered yet (saved and completed at once): numbered now, its entry named with it, and
  // the number stored with the sale's state below, in one statement.
  const number = s.number ?? (await nextNumber(ctx, SALE_SECTIONS[s.kind as SaleKind], PREFIX[s.kind as SaleKind]));
  await post(ctx, {
    date: s.date,
    source: saleSource(s.id),
    description: saleDescription(number, customer),
    lines: salePostingLines({
      ...doc,
      cost,
      commission: doc.commission && commission ? { ...doc.commission, amount: commission.amount } : null,
    }),
  });
  await ctx.tx
    .update(sales)
    .set({
      ...stamp,
      number,
      status: "complete",
      cost_total: cost.toFixed(),
      commission_base: commission ? commission.base.toFixed() : "0",
      commission: commission ? commission.amount.toFixed() : "0",
    })
    .where(eq(sales.id, s.id));
  await recordSale(ctx, s.id, 1);
}

/**
 * The accounts a sale's entry touches, to lock them first: its lines as the figures stand, with
 * a cost (known only once the goods have left). The customer's account is among them only when
 * something stays owed, the one case his balance is checked (his allowed debit): a sale paid in
 * full leaves his account, and the other sales to him, alone.
 */
export async function accountLines(ctx: Ctx, s: SaleFigures, payments: PaymentRow[]) {
  const { doc } = await postingOf(ctx, s, payments);
  return salePostingLines({ ...doc, cost: "1" });
}

/** Undoes a complete sale's stock and entry (unless goods were returned since). */
export async function takeBack(ctx: Ctx, s: StoredSale) {
  for (const guard of saleGuards) await guard(ctx, s.id);
  await assertNoLaterPayments(ctx, "sale", s.id);
  await assertNotProtected(ctx, saleSource(s.id));
  await reverseStock(ctx, saleSource(s.id), { date: s.date });
  await reverse(ctx, saleSource(s.id));
  // Its dashboard rows taken off while it still stands complete (the caller makes it a draft or deletes it next).
  await recordSale(ctx, s.id, -1);
}

export async function writeChildren(ctx: Ctx, id: number, p: Prepared) {
  await ctx.tx.delete(saleLines).where(eq(saleLines.sale_fk, id));
  await ctx.tx.delete(salePayments).where(eq(salePayments.sale_fk, id));
  if (p.lines.length) await ctx.tx.insert(saleLines).values(p.lines.map((l) => ({ ...l, sale_fk: id })));
  if (p.payments.length) await ctx.tx.insert(salePayments).values(p.payments.map((x) => ({ ...x, sale_fk: id })));
}
