import { CURRENCY_IQD, CURRENCY_USD, can, dueIn, POS_MSG, type PosSaleInput, type PosSaleShown } from "@app/contracts";
import { eq, sql } from "drizzle-orm";
import type { Ctx } from "../../platform/context.js";
import { HttpError, notFound } from "../../platform/errors.js";
import type { ListModel } from "../../platform/list.js";
import { recordSale } from "../dashboard/dashboard.record.js";
import { ratesAt, systemCurrency } from "../ledger/ledger.js";
import { D, round3, ZERO } from "../ledger/money.js";
import { salesList } from "../sales/sales.list.js";
import { showSale } from "../sales/sales.show.js";
import { sales } from "../sales/sales.tables.js";
import type { settlePayments } from "./payments.rule.js";

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
  const moved = customer !== Number(row.consumer_fk);
  // The dashboard's rows name the customer: the sale's rows are undone and written again under the new one.
  if (moved) await recordSale(ctx, id, -1);
  await ctx.tx
    .update(sales)
    .set({ consumer_fk: customer, note: input.note ?? null, updated_by: ctx.user?.user_id ?? null, updated_at: ctx.now })
    .where(eq(sales.id, id));
  if (moved) await recordSale(ctx, id, 1);
}
