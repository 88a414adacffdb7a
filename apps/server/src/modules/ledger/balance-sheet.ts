import { CURRENCY_IQD, CURRENCY_USD } from "@app/contracts";
import { type SQL, sql } from "drizzle-orm";
import { addDays, businessDay, startOfBusinessDay } from "../../platform/business-time.js";
import type { Ctx } from "../../platform/context.js";
import { unprocessable } from "../../platform/errors.js";
import type { RawQuery } from "../../platform/list.js";
import { one } from "../../platform/query-params.js";
import type { DynamicList } from "./dynamic-list.js";
import { ratesAt, systemCurrency } from "./ledger.js";
import { D } from "./money.js";
import { balanceRows, treeOptions } from "./reports.js";

/** The earnings rows under equity: their ids stand below every account's, their keys name them on the screens. */
export const RETAINED_EARNINGS = { id: -1, key: "retained_earnings", name: "Retained earnings" } as const;
export const YEAR_EARNINGS = { id: -2, key: "year_earnings", name: "Net income of the year" } as const;

const DAY = /^\d{4}-\d{2}-\d{2}$/;

interface SheetParams {
  /** The day the balances are taken at (its end), and the day compared with. */
  day: string;
  compareDay: string | undefined;
  currency_id: number;
  system_currency: number;
  /** The rate at each day (or the one asked for), IQD per USD. */
  rate: string;
  compareRate: string;
  rest: RawQuery;
}

async function sheetParams(ctx: Ctx, raw: RawQuery): Promise<SheetParams> {
  const errors: Record<string, string[]> = {};
  const dayRaw = one(raw.date) ?? one(raw["filter[date]"]);
  const compareRaw = one(raw.compare_date) ?? one(raw["filter[compare_date]"]);
  const valid = (v: string) => DAY.test(v) && !Number.isNaN(Date.parse(`${v}T00:00:00Z`));
  if (dayRaw && !valid(dayRaw)) errors.date = ["The date must be a date in the format YYYY-MM-DD."];
  if (compareRaw && !valid(compareRaw)) errors.compare_date = ["The compare date must be a date in the format YYYY-MM-DD."];
  const system = await systemCurrency(ctx.tx);
  const curRaw = one(raw.currency_id) ?? one(raw["filter[currency_id]"]);
  const currency_id = curRaw ? Number(curRaw) : system;
  if (currency_id !== CURRENCY_IQD && currency_id !== CURRENCY_USD) errors.currency_id = ["The currency must be IQD (1) or USD (2)."];
  const rateRaw = one(raw.rate);
  if (rateRaw !== undefined && !/^\d{1,15}(\.\d{1,4})?$/.test(rateRaw)) errors.rate = ["must be a number with at most 4 decimals"];
  if (Object.keys(errors).length) throw unprocessable(errors);
  const day = dayRaw || businessDay(ctx.now);
  const compareDay = compareRaw || undefined;
  const explicit = rateRaw && D(rateRaw).gt(0) ? rateRaw : undefined;
  // A day's rate is the last one set before that day ended.
  const rateAt = async (d: string) => explicit ?? (await ratesAt(ctx.tx, startOfBusinessDay(addDays(d, 1)))).rate;
  const needsRate = currency_id !== system;
  const {
    date: _a,
    "filter[date]": _b,
    compare_date: _c,
    "filter[compare_date]": _d,
    currency_id: _e,
    "filter[currency_id]": _f,
    rate: _g,
    ...rest
  } = raw;
  return {
    day,
    compareDay,
    currency_id,
    system_currency: system,
    rate: needsRate ? await rateAt(day) : "1",
    compareRate: needsRate && compareDay ? await rateAt(compareDay) : "1",
    rest,
  };
}

/** The first day of the financial year `day` falls in (undefined when none covers it: every earlier earning counts as the year's). */
async function yearStart(ctx: Ctx, day: string): Promise<string | undefined> {
  const at = startOfBusinessDay(day).toISOString();
  const r = await ctx.tx.execute<{ start: Date | string }>(
    sql`select start_date as start from financial_years where ${at}::timestamptz >= start_date and ${at}::timestamptz < end_date
         order by start_date desc limit 1`,
  );
  const start = r.rows[0]?.start;
  return start === undefined ? undefined : businessDay(new Date(start));
}

/**
 * The balance sheet at the end of a day: every asset, liability and equity account of the chart's
 * tree with its balance (assets debit less credit, the others credit less debit), rolled up to
 * its groups as in the trial balance, and under equity the earnings not yet moved there: those of
 * the years before the day's financial year (retained earnings) and of that year up to the day.
 * Every posting balances in the system currency, so assets = liabilities + equity + earnings by
 * construction; the totals are converted once, so it holds in the other currency too. With
 * `compare_date`, the same at that day beside it and the change.
 */
export async function balanceSheet(ctx: Ctx, raw: RawQuery): Promise<DynamicList> {
  const p = await sheetParams(ctx, raw);
  const { options, rest } = treeOptions(p.rest);
  const start = await yearStart(ctx, p.day);
  const compareStart = p.compareDay ? await yearStart(ctx, p.compareDay) : undefined;
  // Balance rows up to each day, tagged: 0 the day, 1 the compared day, 2 and 3 the eve of their years.
  const parts: SQL[] = [...balanceRows(undefined, p.day, sql`0`)];
  if (p.compareDay) parts.push(...balanceRows(undefined, p.compareDay, sql`1`));
  if (start) parts.push(...balanceRows(undefined, addDays(start, -1), sql`2`));
  if (p.compareDay && compareStart) parts.push(...balanceRows(undefined, addDays(compareStart, -1), sql`3`));
  const net = (tag: number) => sql`coalesce(sum(b.sys_debit - b.sys_credit) filter (where b.p = ${tag}), 0)`;
  const side = sql`case when a.type = 'asset' then 1 else -1 end`;
  const where = [
    options.hideZero ? sql`(s.at_day <> 0 or s.at_compare <> 0 or s.moved)` : undefined,
    options.depth ? sql`s.level <= ${options.depth}` : undefined,
  ].filter((x): x is SQL => x !== undefined);
  const keep = where.length ? sql`where ${sql.join(where, sql` and `)}` : sql``;
  const from = sql`from (with recursive tree as (
        select a.account_id, 1 as level, array[a.code] as path, array[a.account_id] as ancestors
          from accounts a where a.parent_id is null and a.type in ('asset', 'liability', 'equity')
        union all
        select c.account_id, t.level + 1, t.path || c.code, t.ancestors || c.account_id
          from accounts c join tree t on c.parent_id = t.account_id where t.level < 32
      ), own as (
        select b.account_id, ${net(0)} d0, ${net(1)} d1, ${net(2)} d2, ${net(3)} d3,
               bool_or(b.debit <> 0 or b.credit <> 0) moved
          from (${sql.join(parts, sql` union all `)}) b group by b.account_id
      ), rolled as (
        select anc.id account_id, sum(${side} * o.d0) at_day, sum(${side} * o.d1) at_compare, bool_or(o.moved) moved
          from own o join tree t on t.account_id = o.account_id join accounts a on a.account_id = o.account_id
         cross join lateral unnest(t.ancestors) anc(id)
         group by anc.id
      ), earnings as (
        select -coalesce(sum(o.d2), 0) retained, -coalesce(sum(o.d0 - o.d2), 0) this_year,
               -coalesce(sum(o.d3), 0) retained_compare, -coalesce(sum(o.d1 - o.d3), 0) this_year_compare
          from own o join accounts a on a.account_id = o.account_id where a.type in ('income', 'expense')
      ), equity as (
        select t.account_id, t.path from tree t join accounts a on a.account_id = t.account_id
         where a.system_key = 'equity'
      )
      select s.* from (
        select a.account_id, a.code, a.account_name, a.system_key, a.type, a.parent_id, t.level, t.path,
               (a.is_group or exists (select 1 from accounts c where c.parent_id = a.account_id)) is_group,
               coalesce(r.at_day, 0) + case when a.system_key = 'equity' then e.retained + e.this_year else 0 end at_day,
               coalesce(r.at_compare, 0) + case when a.system_key = 'equity' then e.retained_compare + e.this_year_compare else 0 end at_compare,
               coalesce(r.moved, false) or (a.system_key = 'equity' and (e.retained <> 0 or e.this_year <> 0)) moved
          from tree t join accounts a on a.account_id = t.account_id
          left join rolled r on r.account_id = a.account_id
         cross join earnings e
        union all
        select x.id, x.code, x.name, x.key, 'equity', q.account_id, 2, q.path || x.code, false, x.at_day, x.at_compare,
               x.at_day <> 0 or x.at_compare <> 0
          from equity q cross join earnings e
         cross join lateral (values
           (${RETAINED_EARNINGS.id}::int, '~1', ${RETAINED_EARNINGS.name}::text, ${RETAINED_EARNINGS.key}::text, e.retained, e.retained_compare),
           (${YEAR_EARNINGS.id}::int, '~2', ${YEAR_EARNINGS.name}::text, ${YEAR_EARNINGS.key}::text, e.this_year, e.this_year_compare)
         ) x(id, code, name, key, at_day, at_compare)
      ) s ${keep}) bs`;
  const conv = (x: SQL, rate: string) => {
    if (p.currency_id === p.system_currency) return x;
    return p.system_currency === CURRENCY_IQD ? sql`round((${x}) / ${rate}::numeric, 3)` : sql`round((${x}) * ${rate}::numeric, 3)`;
  };
  const convDec = (v: string, rate: string) => {
    if (p.currency_id === p.system_currency) return D(v).toFixed();
    return (p.system_currency === CURRENCY_IQD ? D(v).div(rate) : D(v).mul(rate)).toDecimalPlaces(3).toFixed();
  };
  const root = (type: string, col: string) => sql`case when bs.level = 1 and bs.type = ${type} then bs.${sql.raw(col)} else 0 end`;
  const hidden = (expr: SQL) => ({ expr, sum: true, sortable: false });
  return {
    raw: rest,
    model: {
      model: "balance_sheet",
      from,
      evaluateOnce: true,
      idColumn: "account_id",
      defaultSort: "path",
      defaultDir: "asc",
      columns: {
        account_id: { expr: sql`bs.account_id`, filter: "eq" },
        code: { expr: sql`case when bs.account_id < 0 then '' else bs.code end` },
        account_name: { expr: sql`bs.account_name` },
        system_key: { expr: sql`bs.system_key`, sortable: false },
        account_name_indented: { expr: sql`repeat(' ', 4 * (bs.level - 1)) || bs.account_name`, sortable: false },
        type: { expr: sql`bs.type`, filter: "eq" },
        parent_id: { expr: sql`bs.parent_id`, filter: "eq" },
        level: { expr: sql`bs.level`, filter: "eq" },
        is_group: { expr: sql`bs.is_group`, filter: "bool" },
        path: { expr: sql`bs.path` },
        amount: { expr: conv(sql`bs.at_day`, p.rate) },
        compare_amount: { expr: p.compareDay ? conv(sql`bs.at_compare`, p.compareRate) : sql`null::numeric` },
        change: {
          expr: p.compareDay ? sql`${conv(sql`bs.at_day`, p.rate)} - ${conv(sql`bs.at_compare`, p.compareRate)}` : sql`null::numeric`,
        },
        sys_amount: { expr: sql`bs.at_day`, sortable: false },
        sys_compare_amount: { expr: sql`bs.at_compare`, sortable: false },
        footer_assets: hidden(root("asset", "at_day")),
        footer_liabilities: hidden(root("liability", "at_day")),
        footer_equity: hidden(root("equity", "at_day")),
        footer_compare_assets: hidden(root("asset", "at_compare")),
        footer_compare_liabilities: hidden(root("liability", "at_compare")),
        footer_compare_equity: hidden(root("equity", "at_compare")),
      },
    },
    // Totals converted once, so that assets = liabilities + equity holds in either currency.
    footer: (f) => {
      const at = (k: string) => f[k] ?? "0";
      const sides = (prefix: string, rate: string) => {
        const assets = at(`footer_${prefix}assets`);
        const liabilities = at(`footer_${prefix}liabilities`);
        const equity = at(`footer_${prefix}equity`);
        return {
          [`${prefix}assets`]: convDec(assets, rate),
          [`${prefix}liabilities`]: convDec(liabilities, rate),
          [`${prefix}equity`]: convDec(equity, rate),
          [`${prefix}liabilities_and_equity`]: convDec(D(liabilities).plus(equity).toFixed(), rate),
        };
      };
      return {
        ...sides("", p.rate),
        ...(p.compareDay ? sides("compare_", p.compareRate) : {}),
        date: p.day,
        ...(p.compareDay ? { compare_date: p.compareDay } : {}),
        currency_id: String(p.currency_id),
        rate: p.rate,
        ...(p.compareDay ? { compare_rate: p.compareRate } : {}),
      };
    },
  };
}
