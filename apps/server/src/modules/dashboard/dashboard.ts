import {
  CURRENCY_IQD,
  CURRENCY_USD,
  can,
  DASHBOARD_TOP,
  type Dashboard,
  type DashboardCard,
  type DashboardQuery,
  daysCounted,
} from "@app/contracts";
import { type SQL, sql } from "drizzle-orm";
import { addDays, businessTimeZone, endOfBusinessDay, startOfBusinessDay } from "../../platform/business-time.js";
import type { Ctx } from "../../platform/context.js";
import { systemCurrency } from "../ledger/ledger.js";
import { D, type Dec } from "../ledger/money.js";
import { type FactFilters, rawDocFacts, rawItemFacts } from "./dashboard.facts.js";
import { dashboardPositions } from "./dashboard.positions.js";
import { summaryDocFacts, summaryItemFacts } from "./dashboard.summary.js";

/** Keys each part of the answer asks beyond `dashboard/show` (declared as the route's `checks`). */
export const DASHBOARD_CHECKS = {
  sales: "reports/sales",
  profit: "reports/items_profits",
  cash: "cashes/balance_view",
  receivables: "customers/balance_view",
  payables: "suppliers/balance_view",
  inventoryValue: "reports/inventory",
  lowStock: "stocks/index",
  nearExpiry: "reports/expired_items",
} as const;

/** Where the sales figures are read: the summary rows (the route), or the documents (the reference). */
export type FactSource = "summary" | "documents";

const money = (v: string | number | Dec | null | undefined) =>
  D(v ?? 0)
    .toDecimalPlaces(3)
    .toFixed();

function card(value: string | number | Dec, previous: string | number | Dec): DashboardCard {
  const v = D(value);
  const p = D(previous);
  return {
    value: money(v),
    previous: money(p),
    change_pct: p.isZero() ? null : v.minus(p).div(p.abs()).mul(100).toDecimalPlaces(1).toFixed(),
  };
}

const holds = (ctx: Ctx, key: string) => !!ctx.user && can({ user_id: ctx.user.user_id, permissions: ctx.user.permissions }, key);

type Totals = {
  count: string;
  net: string;
  sold: string;
  discount: string;
  returns: string;
  cost: string;
};

/** The dashboard's answer for a period, its parts trimmed to the user's keys. */
export async function dashboard(ctx: Ctx, q: DashboardQuery, source: FactSource = "summary"): Promise<Dashboard> {
  const sys = await systemCurrency(ctx.tx);
  const currencyId = q.currency === "IQD" ? CURRENCY_IQD : q.currency === "USD" ? CURRENCY_USD : null;
  const shownCurrency = currencyId ?? sys;
  const f: FactFilters = { from: q.from, to: q.to, outlet: q.outlet_fk, inventory: q.inventory_fk, currency: q.currency, currencyId, sys };
  const days = daysCounted(q.from, q.to);
  const previous = { from: addDays(q.from, -days), to: addDays(q.from, -1) };
  // The parts at once, each on a connection of its own when the caller's is a pool.
  const [name, sales, positions] = await Promise.all([
    ctx.tx.execute<{ currency_name: string }>(sql`select currency_name from currencies where currency_id = ${shownCurrency}`),
    holds(ctx, DASHBOARD_CHECKS.sales) ? salesParts(ctx, f, previous.from, source) : null,
    dashboardPositions(ctx, f, {
      cash: holds(ctx, DASHBOARD_CHECKS.cash),
      receivables: holds(ctx, DASHBOARD_CHECKS.receivables),
      payables: holds(ctx, DASHBOARD_CHECKS.payables),
      inventoryValue: holds(ctx, DASHBOARD_CHECKS.inventoryValue),
      lowStock: holds(ctx, DASHBOARD_CHECKS.lowStock),
      nearExpiry: holds(ctx, DASHBOARD_CHECKS.nearExpiry),
    }),
  ]);
  return {
    period: { from: q.from, to: q.to },
    previous_period: previous,
    currency: q.currency,
    currency_id: shownCurrency,
    currency_name: name.rows[0]?.currency_name ?? "",
    cards: sales && {
      ...sales.cards,
      gross_profit: holds(ctx, DASHBOARD_CHECKS.profit) ? sales.profit : null,
    },
    by_hour: sales?.byHour ?? null,
    by_day: sales?.byDay ?? null,
    top_items: sales?.topItems ?? null,
    top_customers: sales?.topCustomers ?? null,
    by_outlet: sales?.byOutlet ?? null,
    ...positions,
    pending_online_orders: null,
  };
}

/** The sales parts from one source: the cards beside the previous period's, and the period's breakdowns. */
async function salesParts(ctx: Ctx, f: FactFilters, previousFrom: string, source: FactSource) {
  const zone = businessTimeZone();
  const whole = { start: startOfBusinessDay(previousFrom), end: endOfBusinessDay(f.to) };
  const current = { start: startOfBusinessDay(f.from), end: endOfBusinessDay(f.to) };
  const docs = (range: { start: Date; end: Date }, fromDay: string): SQL =>
    source === "documents" ? rawDocFacts(ctx, f, zone, range) : summaryDocFacts(ctx, f, fromDay, f.to);
  const items = source === "documents" ? rawItemFacts(ctx, f, current) : summaryItemFacts(ctx, f, f.from, f.to);

  // Every figure of both periods in one pass over their rows (the totals of each, the period's
  // breakdowns), and the ranking of items beside it.
  const [groups, top] = await Promise.all([
    ctx.tx.execute<
      Totals & { g: number; cur: boolean; hour: number | null; day: string | null; outlet_fk: number | null; consumer_fk: number | null }
    >(sql`
      select grouping(x.cur, x.hour, x.day, x.outlet_fk, x.consumer_fk)::int as g, x.cur, x.hour, to_char(x.day, 'YYYY-MM-DD') as day,
             x.outlet_fk, x.consumer_fk, sum(x.count)::text as count, sum(x.net)::text as net, sum(x.net + x.returns)::text as sold,
             sum(x.discount)::text as discount, sum(x.returns)::text as returns, sum(x.cost)::text as cost
        from (select y.*, y.day >= ${f.from}::date as cur from (${docs(whole, previousFrom)}) y) x
       group by grouping sets ((x.cur), (x.cur, x.hour), (x.cur, x.day), (x.cur, x.outlet_fk), (x.cur, x.consumer_fk))`),
    ctx.tx.execute<{ item_id: number; item_name: string; item_code: string | null; qty: string; net: string }>(sql`
      select t.item_fk as item_id, i.item_name, i.item_code, t.qty::text as qty, t.net::text as net
        from (select x.item_fk, sum(x.qty) as qty, sum(x.net) as net from (${items}) x group by x.item_fk
              having sum(x.qty) <> 0 or sum(x.net) <> 0
               order by sum(x.net) desc, x.item_fk limit ${DASHBOARD_TOP}) t
        join items i on i.item_id = t.item_fk
       order by t.net desc, t.item_fk`),
  ]);
  const empty: Totals = { count: "0", net: "0", sold: "0", discount: "0", returns: "0", cost: "0" };
  // grouping() bits: cur 16, hour 8, day 4, outlet 2, consumer 1 (a bit set: not grouped by it).
  const now = groups.rows.find((r) => Number(r.g) === 15 && r.cur) ?? empty;
  const before = groups.rows.find((r) => Number(r.g) === 15 && !r.cur) ?? empty;
  const avg = (t: Totals) => (D(t.count).isZero() ? D(0) : D(t.sold).div(t.count));
  // The period's breakdowns; a group whose documents cancel out (a sale and its return, a sale and
  // its undoing folded away) is no group.
  const of = (g: number) => groups.rows.filter((r) => Number(r.g) === g && r.cur && (Number(r.count) !== 0 || !D(r.net).isZero()));
  const hours = new Map(of(7).map((r) => [Number(r.hour), r]));
  const daysMap = new Map(of(11).map((r) => [r.day!, r]));
  const byDay = [];
  for (let d = f.from; d <= f.to; d = addNext(d)) {
    const r = daysMap.get(d);
    byDay.push({ day: d, net_sales: money(r?.net), count: Number(r?.count ?? 0) });
  }
  const outletRows = of(13);
  const customerRows = of(14)
    .sort((a, b) => D(b.net).cmp(D(a.net)) || Number(a.consumer_fk) - Number(b.consumer_fk))
    .slice(0, DASHBOARD_TOP);
  const names = await ctx.tx.execute<{ id: number; name: string; kind: string }>(sql`
    select consumer_id as id, consumer_name as name, 'c' as kind from consumers
     where consumer_id in (${sql.join(
       [0, ...customerRows.map((r) => Number(r.consumer_fk))].map((id) => sql`${id}`),
       sql`, `,
     )})
    union all
    select outlet_id, outlet_name, 'o' from outlets
     where outlet_id in (${sql.join(
       [0, ...outletRows.map((r) => Number(r.outlet_fk ?? 0))].map((id) => sql`${id}`),
       sql`, `,
     )})`);
  const nameOf = (kind: string, id: number | null) => names.rows.find((n) => n.kind === kind && Number(n.id) === id)?.name ?? null;

  return {
    cards: {
      net_sales: card(now.net, before.net),
      sales_count: card(now.count, before.count),
      average_ticket: card(avg(now).toString(), avg(before).toString()),
      returns: card(now.returns, before.returns),
      discounts: card(now.discount, before.discount),
    },
    profit: card(D(now.net).minus(now.cost).toString(), D(before.net).minus(before.cost).toString()),
    byHour: Array.from({ length: 24 }, (_, hour) => {
      const r = hours.get(hour);
      return { hour, net_sales: money(r?.net), count: Number(r?.count ?? 0) };
    }),
    byDay,
    byOutlet: outletRows
      .map((r) => ({
        outlet_id: r.outlet_fk === null ? null : Number(r.outlet_fk),
        outlet_name: nameOf("o", r.outlet_fk === null ? null : Number(r.outlet_fk)),
        net_sales: money(r.net),
        count: Number(r.count),
      }))
      .sort((a, b) => D(b.net_sales).cmp(D(a.net_sales)) || (a.outlet_id ?? 0) - (b.outlet_id ?? 0)),
    topCustomers: customerRows.map((r) => ({
      customer_id: Number(r.consumer_fk),
      customer_name: nameOf("c", Number(r.consumer_fk)) ?? "",
      net_sales: money(r.net),
      count: Number(r.count),
    })),
    topItems: top.rows.map((r) => ({
      item_id: Number(r.item_id),
      item_name: r.item_name,
      item_code: r.item_code,
      quantity: D(r.qty).toDecimalPlaces(4).toFixed(),
      net_sales: money(r.net),
    })),
  };
}

const addNext = (day: string) => addDays(day, 1);
