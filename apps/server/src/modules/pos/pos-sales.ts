import {
  CONFIRM_FIELD,
  CURRENCY_IQD,
  CURRENCY_USD,
  can,
  drawerShortMessage,
  dueIn,
  POS_MSG,
  type PosSaleInput,
  type PosSaleShown,
  type SaleInput,
  tenderExcess,
  tenderExcessMessage,
} from "@app/contracts";
import { eq, sql } from "drizzle-orm";
import { businessDateTime } from "../../platform/business-time.js";
import type { Ctx } from "../../platform/context.js";
import { HttpError, notFound } from "../../platform/errors.js";
import type { ListModel } from "../../platform/list.js";
import type { RuleLine } from "../ledger/journal.js";
import { accountBalance, accountByKey, post, ratesAt, systemCurrency } from "../ledger/ledger.js";
import { D, round3, ZERO } from "../ledger/money.js";
import { paymentStatus } from "../sales/sale.ledger.js";
import { completeSale, createSale, salesList, showSale } from "../sales/sales.js";
import { salePayments, sales } from "../sales/sales.tables.js";
import { settlePayments } from "./payments.rule.js";
import { posSaleInfo } from "./pos.tables.js";
import { assertCashier, cashierPlace, drawerAccounts, loadPosSettings } from "./pos-session.js";

/** The change handed back and the rounding kept: an entry of its own beside the sale's. */
export const changeSource = (saleId: number) => ({ type: "pos_change", id: saleId });

/** Whoever holds `pos_admin_sales/index` or `view_all` sees every cashier's sales; a cashier his own. */
export const seesAllPosSales = (ctx: Ctx) =>
  !!ctx.user && can({ user_id: ctx.user.user_id, permissions: ctx.user.permissions }, "pos_admin_sales/index##pos_admin_sales/view_all");

const base = salesList("pos");
export const posSalesList: ListModel = {
  ...base,
  model: "pos_sales",
  from: sql`${base.from} join pos_sale_info pi on pi.kind = 'sale' and pi.sale_fk = s.id join users pu on pu.user_id = pi.user_fk`,
  scope: (ctx) => {
    const own = base.scope?.(ctx);
    const mine = seesAllPosSales(ctx) ? undefined : sql`pi.user_fk = ${ctx.user?.user_id ?? 0}`;
    return own && mine ? sql`${own} and ${mine}` : (own ?? mine);
  },
  columns: {
    ...base.columns,
    cashier_id: { expr: sql`pi.user_fk`, filter: "eq" },
    cashier_name: { expr: sql`pu.user_name`, search: true, filter: "like" },
    closing_fk: { expr: sql`pi.closing_fk`, filter: "eq" },
    offline: { expr: sql`pi.offline`, filter: "bool" },
    change_amount: { expr: sql`pi.change_amount` },
  },
};

/** An offline sale is dated when the till made it, unless its clock is in the future. */
function saleInstant(ctx: Ctx, input: PosSaleInput): Date {
  if (!input.offline) return ctx.now;
  const at = new Date(input.client_created_at);
  return at.getTime() > ctx.now.getTime() ? ctx.now : at;
}

/**
 * The payments of a settled POS bill as `sale_payments` rows (cash into the cashier's drawer of
 * its currency, FIB into the settings' account, credit left on the customer), what they pay in
 * the system currency and what was tendered (POS sales booked together save theirs so too).
 */
export function paymentRows(
  settled: ReturnType<typeof settlePayments>,
  input: Pick<PosSaleInput, "payments">,
  at: { sys: number; in_rate: string; fib: number | null; drawer: Map<number, number> },
) {
  const rateOf = (cur: number) => (cur === at.sys ? "1" : at.in_rate);
  const rows = settled.applied
    .filter((a) => a.method !== "credit" && a.amount.gt(0))
    .map((a) => ({
      account_fk: a.method === "fib" ? at.fib! : at.drawer.get(a.currency_id)!,
      method: a.method,
      currency_id: a.currency_id,
      rate: rateOf(a.currency_id),
      amount: round3(a.amount).toFixed(),
    }));
  const paid = settled.applied.filter((a) => a.method !== "credit").reduce((s, a) => s.plus(a.sys), ZERO);
  const tendered = input.payments.reduce(
    (s, p) => s.plus(p.currency_id === at.sys ? p.amount : D(p.amount).mul(rateOf(p.currency_id))),
    ZERO,
  );
  return { rows, paid, tendered };
}

/**
 * A POS sale through the sales core, in one transaction: priced and saved (kind 'pos', the
 * cashier's inventory, the system currency at the in-rate), its payments settled (cash per
 * currency into the cashier's drawer, FIB into the POS settings' bank account, credit on the named
 * customer's account within his allowed debit), completed (stock out and posted), then the change
 * and its rounding posted and the POS facts kept for the drawer's closing.
 */
export async function bookPosSale(ctx: Ctx, input: PosSaleInput, key: string | null): Promise<{ id: number }> {
  const user = assertCashier(ctx.user);
  const place = await cashierPlace(ctx.tx, user);
  // The drawer first, shared: a closing of this drawer waits for this sale, or this sale for it.
  const drawer = await drawerAccounts(ctx, user.user_id, "share");
  const settings = await loadPosSettings(ctx.tx);
  const sys = await systemCurrency(ctx.tx);
  const at = saleInstant(ctx, input);
  const { in_rate } = await ratesAt(ctx.tx, at);

  const walkIn = await ctx.tx.execute<{ consumer_id: number }>(
    sql`select consumer_id from consumers where kind = 'customer' and is_default order by consumer_id limit 1`,
  );
  const customer = input.customer_fk ?? Number(walkIn.rows[0]?.consumer_id ?? 0);
  const credit = input.payments.some((p) => p.method === "credit");
  if (credit && (!input.customer_fk || customer === Number(walkIn.rows[0]?.consumer_id)))
    throw new HttpError(422, POS_MSG.creditNeedsCustomer, { customer_fk: [POS_MSG.creditNeedsCustomer] });
  if (input.payments.some((p) => p.method === "fib") && !settings.fib_account_fk)
    throw new HttpError(422, POS_MSG.fibAccountMissing, { payments: [POS_MSG.fibAccountMissing] });

  const lineDiscounts = input.lines.some((l) => l.discount && D(l.discount).gt(0));
  const saleInput: SaleInput = {
    date: businessDateTime(at),
    time: null,
    consumer_fk: customer,
    inventory_fk: place.inventory_id,
    currency_id: sys === CURRENCY_USD ? CURRENCY_USD : CURRENCY_IQD,
    rate: sys === CURRENCY_IQD ? null : in_rate,
    salesman_fk: null,
    discount_type: lineDiscounts || !input.invoice_discount ? "item" : "invoice",
    invoice_discount_type: input.invoice_discount_type ?? "amount",
    invoice_discount: input.invoice_discount ?? null,
    rounded_discount: null,
    payment_type: "On Account",
    account_fk: null,
    paid_amount: "0",
    received_amount: null,
    customer_mobile: null,
    customer_address: null,
    note: input.note ?? null,
    lines: input.lines.map((l) => ({
      item_fk: l.item_fk,
      unit_fk: l.unit_fk,
      quantity: l.quantity,
      unit_price: l.unit_price ?? null,
      discount_type: l.discount_type ?? null,
      discount: l.discount ?? null,
      batch_no: null,
      description: null,
    })),
  };
  const { id } = await createSale(ctx, saleInput, { kind: "pos" });
  const [sale] = await ctx.tx.select().from(sales).where(eq(sales.id, id));
  const total = D(sale!.total);
  if (input.offline && input.client_total != null && !D(input.client_total).eq(total)) {
    const reason = `The price changed since the sale was made: ${D(input.client_total).toFixed()} then, ${total.toFixed()} now.`;
    throw new HttpError(422, reason, { client_total: [reason] });
  }

  // Cash a banknote or more above the bill is a figure typed wrong until the cashier confirms it.
  const excess = input.confirmed
    ? null
    : tenderExcess({ total: total.toFixed(), currency_id: sys, rate: in_rate, payments: input.payments });
  if (excess) {
    const msg = tenderExcessMessage(excess);
    throw new HttpError(422, msg, { payments: [msg], [CONFIRM_FIELD]: [msg] });
  }

  const smallest = { [CURRENCY_IQD]: settings.smallest_iqd_amount, [CURRENCY_USD]: settings.smallest_usd_amount };
  const changeCurrency = input.change_currency_id ?? CURRENCY_IQD;
  const settled = settlePayments({ total, systemCurrency: sys, rate: in_rate, payments: input.payments, changeCurrency, smallest });
  const rateOf = (cur: number) => (cur === sys ? "1" : in_rate);
  const { rows: paidRows, paid, tendered } = paymentRows(settled, input, { sys, in_rate, fib: settings.fib_account_fk, drawer });
  const rows = paidRows.map((r) => ({ ...r, sale_fk: id }));
  if (rows.length) await ctx.tx.insert(salePayments).values(rows);
  await ctx.tx
    .update(sales)
    .set({
      paid_amount: paid.toFixed(),
      remaining: total.minus(paid).toFixed(),
      received_amount: round3(tendered).toFixed(),
      payment_type: total.minus(paid).gt(0) ? "On Account" : "Cash",
      account_fk: rows[0]?.account_fk ?? null,
      payment_status: paymentStatus(total, paid),
    })
    .where(eq(sales.id, id));
  await completeSale(ctx, id, "pos");

  // Cash above the bill stays in its drawer; the change leaves the change currency's drawer; the rounding is the shop's.
  const lines: RuleLine[] = [];
  for (const o of settled.overflow) lines.push({ account_id: drawer.get(o.currency_id)!, debit: o.amount, rate: rateOf(o.currency_id) });
  const change = settled.change;
  if (change.given.gt(0)) {
    // The drawer gives the change from what it held and what this sale put in it; the ledger's
    // guard refuses an overdraft too, this says it in the cashier's terms.
    const account = drawer.get(change.currency_id)!;
    const takenNow = settled.overflow.filter((o) => o.currency_id === change.currency_id).reduce((s, o) => s.plus(o.amount), ZERO);
    const holds = (await accountBalance(ctx.tx, account)).balance.plus(takenNow);
    if (change.given.gt(holds)) {
      const msg = drawerShortMessage((holds.gt(0) ? holds : ZERO).toFixed(), change.given.toFixed(), change.currency_id);
      throw new HttpError(422, msg, { change_currency_id: [msg] });
    }
  }
  if (change.given.gt(0))
    lines.push({ account_id: drawer.get(change.currency_id)!, credit: change.given, rate: rateOf(change.currency_id) });
  // Beside whole dollars, the rest in dinars from the IQD drawer.
  if (change.given_iqd.gt(0)) lines.push({ account_id: drawer.get(CURRENCY_IQD)!, credit: change.given_iqd, rate: rateOf(CURRENCY_IQD) });
  if (change.gain.gt(0)) lines.push({ account_id: (await accountByKey(ctx.tx, "cash_over_short")).account_id, credit: change.gain });
  if (lines.length) await post(ctx, { date: at, source: changeSource(id), description: `Change of POS sale ${sale!.number ?? ""}`, lines });

  await ctx.tx.insert(posSaleInfo).values({
    sale_fk: id,
    kind: "sale",
    user_fk: user.user_id,
    outlet_fk: place.outlet_id,
    idempotency_key: key,
    offline: input.offline ?? false,
    client_created_at: new Date(input.client_created_at),
    change_currency_id: change.currency_id,
    change_amount: change.given.toFixed(),
    change_exact: change.exact.toFixed(),
    change_iqd_amount: change.given_iqd.toFixed(),
    total_sys: total.toFixed(),
    discount_sys: D(sale!.gross).minus(sale!.subtotal).plus(sale!.rounded_discount).toFixed(),
  });
  return { id };
}

/** A POS receipt: the sale as the core shows it, with its cashier, both currencies' totals, the change and its drawer. */
export async function showPosSale(ctx: Ctx, id: number): Promise<PosSaleShown | undefined> {
  const info = await ctx.tx.execute<{
    user_fk: number;
    user_name: string;
    closing_fk: number | null;
    offline: boolean;
    client_created_at: Date | null;
    change_currency_id: number | null;
    change_amount: string;
    change_exact: string;
    change_iqd_amount: string;
  }>(sql`
    select pi.user_fk, u.user_name, pi.closing_fk, pi.offline, pi.client_created_at, pi.change_currency_id,
           pi.change_amount::text, pi.change_exact::text, pi.change_iqd_amount::text
      from pos_sale_info pi join users u on u.user_id = pi.user_fk where pi.kind = 'sale' and pi.sale_fk = ${id}`);
  const pi = info.rows[0];
  if (!pi || (!seesAllPosSales(ctx) && pi.user_fk !== ctx.user?.user_id)) return undefined;
  const s = await showSale(ctx, id, "pos");
  if (!s) return undefined;
  const shown = s as unknown as PosSaleShown;
  const sys = await systemCurrency(ctx.tx);
  const rate = D((await ratesAt(ctx.tx, new Date(shown.date))).in_rate);
  const total = D(shown.total);
  const inIqd = sys === CURRENCY_IQD ? total : round3(total.mul(rate));
  // What a customer paying in dollars hands over: up to the cent.
  const inUsd = sys === CURRENCY_USD ? total : D(dueIn(total, sys, CURRENCY_USD, rate));
  return {
    ...shown,
    // Free units of a promotion left with the line and may come back with it, as a sale return counts them.
    lines: shown.lines.map((l) => ({
      ...l,
      returnable_quantity: D(l.quantity).plus(l.free_quantity).minus(l.returned_quantity).toFixed(),
    })),
    cashier: { user_id: Number(pi.user_fk), user_name: pi.user_name },
    total_iqd: inIqd.toFixed(),
    total_usd: inUsd.toFixed(),
    change: {
      currency_id: Number(pi.change_currency_id ?? sys),
      amount: D(pi.change_amount).toFixed(),
      exact: D(pi.change_exact).toFixed(),
      amount_iqd: D(pi.change_iqd_amount).toFixed(),
    },
    offline: pi.offline,
    client_created_at: pi.client_created_at ? new Date(pi.client_created_at).toISOString() : null,
    closing_fk: pi.closing_fk === null ? null : Number(pi.closing_fk),
  };
}

/** A POS receipt's id by its number: an index look-up (`sales_number_idx`), however many years of sales there are. */
export const posSaleByNumberSql = (number: string) => sql`select id from sales where kind = 'pos' and number = ${number} limit 1`;

/** The receipt with that number (for a return at the till), else 404. */
export async function posSaleByNumber(ctx: Ctx, number: string) {
  const res = await ctx.tx.execute<{ id: number }>(posSaleByNumberSql(number));
  const id = res.rows[0]?.id;
  const found = id ? await showPosSale(ctx, Number(id)) : undefined;
  if (!found) throw notFound();
  return found;
}

/**
 * While its drawer is open a POS sale may take a note, and a customer when nothing is owed on it
 * (the entry names no customer then); once the drawer is closed it is refused.
 */
export async function editPosSale(ctx: Ctx, id: number, input: { customer_fk?: number | null; note?: string | null }) {
  const res = await ctx.tx.execute<{ closing_fk: number | null; remaining: string; consumer_fk: number }>(sql`
    select pi.closing_fk, s.remaining::text, s.consumer_fk from pos_sale_info pi join sales s on s.id = pi.sale_fk
     where pi.kind = 'sale' and pi.sale_fk = ${id} for update of s`);
  const row = res.rows[0];
  if (!row) throw notFound();
  if (row.closing_fk !== null) throw new HttpError(422, POS_MSG.drawerClosed, { id: [POS_MSG.drawerClosed] });
  const customer = input.customer_fk ?? Number(row.consumer_fk);
  if (customer !== Number(row.consumer_fk)) {
    if (D(row.remaining).gt(0)) throw new HttpError(422, POS_MSG.creditCustomerFixed, { customer_fk: [POS_MSG.creditCustomerFixed] });
    const ok = await ctx.tx.execute(sql`select 1 from consumers where consumer_id = ${customer} and kind = 'customer'`);
    if (!ok.rows.length)
      throw new HttpError(422, "The selected customer is invalid.", { customer_fk: ["The selected customer is invalid."] });
  }
  await ctx.tx
    .update(sales)
    .set({ consumer_fk: customer, note: input.note ?? null, updated_by: ctx.user?.user_id ?? null, updated_at: ctx.now })
    .where(eq(sales.id, id));
}
