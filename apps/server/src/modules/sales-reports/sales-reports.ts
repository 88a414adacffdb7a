import { CURRENCY_IQD, CURRENCY_USD } from "@app/contracts";
import { type SQL, sql } from "drizzle-orm";
import { sqlBusinessDateTime } from "../../platform/business-time.js";
import type { Ctx } from "../../platform/context.js";
import type { ListColumn, RawQuery } from "../../platform/list.js";
import { moneyColumns } from "../../platform/money-columns.js";
import { itemSearch } from "../catalogue/barcodes.js";
import type { DynamicList } from "../ledger/dynamic-list.js";
import { ratesAt } from "../ledger/ledger.js";
import { D, round3 } from "../ledger/money.js";
import { itemConditions, lineFacts, returnConditions, type SalesFilters, saleConditions, salesFilters, toSys } from "./sales-facts.js";

const sysMoney = (expr: SQL): ListColumn => ({ expr: sql`round(${expr}, 3)`, sum: true });

/**
 * System-currency totals also in the other currency, at the out-rate in force at the period's end
 * (converted once, on the totals), so the footer reads in IQD and in USD.
 */
async function withOtherCurrency(ctx: Ctx, f: SalesFilters, footer: Record<string, string>, keys: string[]) {
  const rate = D((await ratesAt(ctx.tx, f.range?.[1] ?? ctx.now)).rate);
  const other = f.sys === CURRENCY_IQD ? CURRENCY_USD : CURRENCY_IQD;
  const out: Record<string, string> = { ...footer, currency_id: String(f.sys), other_currency_id: String(other), rate: rate.toFixed() };
  for (const k of keys) {
    const v = D(footer[k] ?? "0");
    out[`${k}_other`] = round3(rate.isZero() ? 0 : f.sys === CURRENCY_IQD ? v.div(rate) : v.mul(rate)).toFixed();
  }
  return out;
}

/**
 * Sales (SPEC's reports/sales): every complete sale and sale return of the period as a row,
 * returns negative (a return paid back in cash lowers Paid, one put on account lowers Remaining,
 * so the footer's Remaining is what the customers still owe for the period); amounts in the
 * document's currency with footer totals per currency, and the revenue, cost and profit of each
 * in the system currency.
 */
export async function salesReport(ctx: Ctx, raw: RawQuery): Promise<DynamicList> {
  const { filters: f, rest } = await salesFilters(ctx, raw);
  const saleLinesMatch = f.item !== undefined || f.category !== undefined;
  const saleItems = saleLinesMatch
    ? sql`and exists (select 1 from sale_lines l join items i on i.item_id = l.item_fk where l.sale_fk = s.id and ${itemConditions(f)})`
    : sql``;
  const returnItems = saleLinesMatch
    ? sql`and exists (select 1 from sale_return_lines rl join items i on i.item_id = rl.item_fk where rl.return_fk = r.id and ${itemConditions(f)})`
    : sql``;
  const from = sql`from (
      select 'sale'::text doc, s.id, s.number, s.kind, s.date, s.consumer_fk, s.salesman_fk, s.inventory_fk, s.currency_id, s.rate,
             s.gross, s.discount_amount + s.rounded_discount discount, s.subtotal - s.rounded_discount net, s.tax_amount tax, s.total,
             s.paid_amount paid, s.remaining, ${toSys(f, sql`s.subtotal - s.rounded_discount`, sql`s.currency_id`, sql`s.rate`)} revenue,
             s.cost_total cost
        from sales s where ${saleConditions(ctx, f)} ${saleItems}
      union all
      select 'return'::text, r.id, r.number, 'return', r.date, r.consumer_fk, s.salesman_fk, r.inventory_fk, r.currency_id, r.rate,
             -r.subtotal, -r.discount_amount, -(r.subtotal - r.discount_amount), -r.tax_amount, -r.total,
             case when r.received_type = 'Cash' then -r.total else 0 end,
             case when r.received_type = 'On Account' then -r.total else 0 end,
             -${toSys(f, sql`r.subtotal - r.discount_amount`, sql`r.currency_id`, sql`r.rate`)}, -r.cost_total
        from sale_returns r left join sales s on s.id = r.sale_fk where ${returnConditions(ctx, f)} ${returnItems}
    ) d
    join consumers c on c.consumer_id = d.consumer_fk
    join inventories inv on inv.inventory_id = d.inventory_fk
    join currencies cu on cu.currency_id = d.currency_id
    left join users sm on sm.user_id = d.salesman_fk`;
  return {
    raw: rest,
    model: {
      model: "sales_report",
      from,
      idColumn: "row_id",
      defaultSort: "date",
      columns: {
        row_id: { expr: sql`(d.id::bigint * 2 + case when d.doc = 'return' then 1 else 0 end)`, notNull: true },
        doc: { expr: sql`d.doc`, filter: "eq" },
        id: { expr: sql`d.id`, sortable: false },
        number: { expr: sql`d.number`, search: true },
        date: { expr: sqlBusinessDateTime(sql`d.date`), sortExpr: sql`d.date`, notNull: true },
        sale_kind: { expr: sql`d.kind`, sortable: false },
        consumer_id: { expr: sql`d.consumer_fk`, sortable: false },
        consumer_name: { expr: sql`c.consumer_name`, search: true, sortExpr: sql`lower(c.consumer_name)` },
        salesman_name: { expr: sql`sm.user_name`, search: true },
        inventory_name: { expr: sql`inv.inventory_name` },
        currency_id: { expr: sql`d.currency_id`, filter: "eq" },
        currency_name: { expr: sql`cu.currency_name` },
        rate: { expr: sql`d.rate`, sortable: false },
        ...moneyColumns("d", "gross"),
        ...moneyColumns("d", "discount"),
        ...moneyColumns("d", "net"),
        ...moneyColumns("d", "tax"),
        ...moneyColumns("d", "total"),
        ...moneyColumns("d", "paid"),
        ...moneyColumns("d", "remaining"),
        revenue: sysMoney(sql`d.revenue`),
        cost: sysMoney(sql`d.cost`),
        profit: sysMoney(sql`d.revenue - d.cost`),
      },
    },
    footer: (sums) => withOtherCurrency(ctx, f, sums, ["revenue", "cost", "profit"]),
  };
}

/** The line facts per item: sold, returned and net quantities (base units), revenue, cost and profit. */
function perItem(ctx: Ctx, f: SalesFilters): SQL {
  return sql`from (
      select x.item_id,
             coalesce(sum(x.qty) filter (where x.doc = 'sale'), 0) qty_sold,
             coalesce(-sum(x.qty) filter (where x.doc = 'return'), 0) qty_returned,
             sum(x.qty) qty,
             count(distinct x.sale_id) filter (where x.doc = 'sale') sales_count,
             coalesce(sum(x.revenue) filter (where x.doc = 'sale'), 0) sales,
             coalesce(-sum(x.revenue) filter (where x.doc = 'return'), 0) returns,
             sum(x.revenue) net_revenue,
             sum(x.cost) cost,
             max(x.date) filter (where x.doc = 'sale') last_sold
        from (${lineFacts(ctx, f)}) x
       group by x.item_id
    ) t
    join items i on i.item_id = t.item_id
    left join categories cat on cat.category_id = i.category_fk
    left join item_units bu on bu.item_fk = i.item_id and bu.is_base
    left join units bun on bun.unit_id = bu.unit_fk`;
}

const itemColumns: Record<string, ListColumn> = {
  item_id: { expr: sql`t.item_id`, notNull: true },
  item_name: { expr: sql`i.item_name`, sortExpr: sql`lower(i.item_name)`, notNull: true },
  item_code: { expr: sql`i.item_code` },
  category_name: { expr: sql`cat.category_name` },
  base_unit_name: { expr: sql`bun.unit_name`, sortable: false },
  qty_sold: { expr: sql`t.qty_sold`, sum: true },
  qty_returned: { expr: sql`t.qty_returned`, sum: true },
  qty: { expr: sql`t.qty`, sum: true },
  net_revenue: sysMoney(sql`t.net_revenue`),
};

/**
 * Items profit (SPEC's reports/items-profit): per item, revenue net of every discount and of
 * returns, less the cost of goods sold at the cost the goods left the stock with (less the cost of
 * what came back), in the system currency; the footer's totals also in the other currency.
 */
export async function itemsProfitReport(ctx: Ctx, raw: RawQuery): Promise<DynamicList> {
  const { filters: f, rest } = await salesFilters(ctx, raw);
  return {
    raw: rest,
    model: {
      model: "items_profit",
      from: perItem(ctx, f),
      idColumn: "item_id",
      defaultSort: "profit",
      defaultDir: "desc",
      evaluateOnce: true,
      search: (term) => itemSearch(term, "i"),
      columns: {
        ...itemColumns,
        sales: sysMoney(sql`t.sales`),
        returns: sysMoney(sql`t.returns`),
        cost: sysMoney(sql`t.cost`),
        profit: sysMoney(sql`t.net_revenue - t.cost`),
        margin: { expr: sql`round(case when t.net_revenue <> 0 then (t.net_revenue - t.cost) * 100 / t.net_revenue end, 2)` },
      },
    },
    footer: (sums) => withOtherCurrency(ctx, f, sums, ["sales", "returns", "net_revenue", "cost", "profit"]),
  };
}

/** Most active items (SPEC's reports/most-active-items): the items sold most, by net quantity, with how many sales they were in. */
export async function mostActiveItemsReport(ctx: Ctx, raw: RawQuery): Promise<DynamicList> {
  const { filters: f, rest } = await salesFilters(ctx, raw);
  return {
    raw: rest,
    model: {
      model: "most_active_items",
      from: perItem(ctx, f),
      idColumn: "item_id",
      defaultSort: "qty",
      defaultDir: "desc",
      evaluateOnce: true,
      search: (term) => itemSearch(term, "i"),
      columns: {
        ...itemColumns,
        sales_count: { expr: sql`t.sales_count::int`, sum: true },
        last_sold: { expr: sqlBusinessDateTime(sql`t.last_sold`), sortExpr: sql`t.last_sold` },
      },
    },
    footer: (sums) => withOtherCurrency(ctx, f, sums, ["net_revenue"]),
  };
}

/**
 * Promotions (SPEC's reports/promotions): every promotion with what it did in the period: the
 * lines and sales it priced, the quantity (free units among it), the discount it gave and the
 * revenue of those lines net of returns, in the system currency.
 */
export async function promotionsReport(ctx: Ctx, raw: RawQuery): Promise<DynamicList> {
  const { filters: f, rest } = await salesFilters(ctx, raw);
  return {
    raw: rest,
    model: {
      model: "promotions_report",
      from: sql`from promotions p left join (
          select x.promotion_id,
                 count(*) filter (where x.doc = 'sale') lines_count,
                 count(distinct x.sale_id) filter (where x.doc = 'sale') sales_count,
                 sum(x.qty) qty, sum(x.free_qty) free_qty, sum(x.promotion_discount) discount, sum(x.revenue) revenue
            from (${lineFacts(ctx, f)}) x where x.promotion_id is not null group by x.promotion_id
        ) t on t.promotion_id = p.promotion_id`,
      idColumn: "promotion_id",
      defaultSort: "discount",
      defaultDir: "desc",
      evaluateOnce: true,
      columns: {
        promotion_id: { expr: sql`p.promotion_id`, notNull: true },
        title: { expr: sql`p.title`, search: true, sortExpr: sql`lower(p.title)`, notNull: true },
        reward_type: { expr: sql`p.reward_type`, filter: "eq" },
        reward_value: { expr: sql`p.reward_value`, sortable: false },
        start_date: { expr: sql`to_char(p.start_date, 'YYYY-MM-DD')`, sortExpr: sql`p.start_date` },
        end_date: { expr: sql`to_char(p.end_date, 'YYYY-MM-DD')`, sortExpr: sql`p.end_date` },
        is_active: { expr: sql`p.is_active`, filter: "bool" },
        lines_count: { expr: sql`coalesce(t.lines_count, 0)::int`, sum: true },
        sales_count: { expr: sql`coalesce(t.sales_count, 0)::int`, sum: true },
        qty: { expr: sql`coalesce(t.qty, 0)`, sum: true },
        free_qty: { expr: sql`coalesce(t.free_qty, 0)`, sum: true },
        discount: sysMoney(sql`coalesce(t.discount, 0)`),
        revenue: sysMoney(sql`coalesce(t.revenue, 0)`),
      },
    },
    footer: (sums) => withOtherCurrency(ctx, f, sums, ["discount", "revenue"]),
  };
}
