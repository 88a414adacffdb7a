import { CURRENCY_IQD, CURRENCY_USD } from "@app/contracts";
import { type SQL, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.js";
import { addDays, businessDay, startOfBusinessDay } from "../../platform/business-time.js";
import type { Ctx } from "../../platform/context.js";
import { unprocessable } from "../../platform/errors.js";
import { parseDateRange, type RawQuery } from "../../platform/list.js";
import { one } from "../../platform/query-params.js";
import { foldedSearch } from "../../platform/search.js";
import type { DynamicList } from "./dynamic-list.js";
import { monthOf, ratesAt, systemCurrency } from "./ledger.js";
import { D } from "./money.js";

export interface ReportParams {
  /** First and last business day counted (`TIME_ZONE`); undefined start = from the beginning. */
  startDay: string | undefined;
  endDay: string;
  /** The currency figures are shown in, and the rate used when it is not the system currency. */
  currency_id: number;
  system_currency: number;
  rate: string;
  /** The query without the keys the report consumed. */
  rest: RawQuery;
}

/** `filter[date_filter]` / `filter[date_between]`, `currency_id` (or filter[currency_id]) and an optional `rate`. */
export async function reportParams(tx: DbOrTx, ctx: Ctx, raw: RawQuery): Promise<ReportParams> {
  const errors: Record<string, string[]> = {};
  const range = parseDateRange(raw, ctx.now, errors);
  const system = await systemCurrency(tx);
  const curRaw = one(raw.currency_id) ?? one(raw["filter[currency_id]"]);
  const currency_id = curRaw ? Number(curRaw) : system;
  if (currency_id !== CURRENCY_IQD && currency_id !== CURRENCY_USD) errors.currency_id = ["The currency must be IQD (1) or USD (2)."];
  const rateRaw = one(raw.rate);
  if (rateRaw !== undefined && !/^\d{1,15}(\.\d{1,4})?$/.test(rateRaw)) errors.rate = ["must be a number with at most 4 decimals"];
  if (Object.keys(errors).length) throw unprocessable(errors);
  const end = range?.[1] ?? ctx.now;
  const rate = rateRaw && D(rateRaw).gt(0) ? rateRaw : (await ratesAt(tx, end)).rate;
  const { "filter[date_filter]": _a, "filter[date_between]": _b, currency_id: _c, "filter[currency_id]": _d, rate: _e, ...rest } = raw;
  return {
    startDay: range ? businessDay(range[0]) : undefined,
    endDay: businessDay(end),
    currency_id,
    system_currency: system,
    rate,
    rest,
  };
}

/** System-currency amount shown in the chosen currency (3 decimals when converted). */
function conv(p: ReportParams, x: SQL): SQL {
  if (p.currency_id === p.system_currency) return x;
  return p.system_currency === CURRENCY_IQD ? sql`round((${x}) / ${p.rate}::numeric, 3)` : sql`round((${x}) * ${p.rate}::numeric, 3)`;
}
function convDec(p: ReportParams, v: string): string {
  if (p.currency_id === p.system_currency) return D(v).toFixed();
  return (p.system_currency === CURRENCY_IQD ? D(v).div(p.rate) : D(v).mul(p.rate)).toDecimalPlaces(3).toFixed();
}

/** The first day of the month after the month of `day`. */
const nextMonth = (day: string) => monthOf(addDays(monthOf(day), 31));

export interface BalanceRanges {
  /** Whole months from the per-month table: first month (inclusive; undefined = the beginning) to `end` (exclusive). */
  months?: { first: string | undefined; end: string };
  /** Day ranges (both inclusive; undefined start = the beginning) from the per-day table. */
  days: [string | undefined, string][];
}

/**
 * The days from `from` (undefined: the beginning) to `to`, both inclusive, as whole months and
 * the partial months at either end.
 */
export function balanceRanges(from: string | undefined, to: string): BalanceRanges {
  const first = from === undefined || from === monthOf(from) ? from : nextMonth(from);
  const after = addDays(to, 1);
  const end = after === monthOf(after) ? after : monthOf(to);
  if (first !== undefined && first >= end) return { days: [[from, to]] };
  const days: [string | undefined, string][] = [];
  if (from !== undefined && first !== undefined && from < first) days.push([from, addDays(first, -1)]);
  if (end <= to) days.push([end, to]);
  return { months: { first, end }, days };
}

/**
 * The balance rows of the days from `from` to `to` (see balanceRanges), each tagged with `tag`
 * as `p`. Their sums per account equal those of the per-day rows of those days.
 */
export function balanceRows(from: string | undefined, to: string, tag: SQL): SQL[] {
  const cols = sql`account_id, debit, credit, sys_debit, sys_credit, ${tag} p`;
  const r = balanceRanges(from, to);
  const parts = r.days.map(
    ([a, b]) => sql`select ${cols} from account_balances where ${a ? sql`day >= ${a}::date and ` : sql``}day <= ${b}::date`,
  );
  if (r.months) {
    const { first, end } = r.months;
    parts.unshift(
      sql`select ${cols} from account_month_balances where ${first ? sql`month >= ${first}::date and ` : sql``}month < ${end}::date`,
    );
  }
  return parts;
}

/** The journal's source type of the opening balance, whose lines the trial balance counts as opening. */
export const OPENING_SOURCE = "opening_balance";

/**
 * The lines of the opening balance entered on the opening-balance screen (and their reversals)
 * dated inside the period, moved from the period (`p` true, negated) to the opening (`p` false):
 * the closing balance stays, the Opening columns show them. Read through the entries' source index.
 */
function openingEntryRows(p: ReportParams): SQL[] {
  const cols = (sign: SQL, tag: SQL) =>
    sql`select l.account_id, ${sign} * l.debit, ${sign} * l.credit, ${sign} * l.sys_debit, ${sign} * l.sys_credit, ${tag} p
          from journal_entries e join journal_lines l on l.entry_id = e.entry_id
         where e.source_type = ${OPENING_SOURCE}
           ${p.startDay ? sql`and e.date >= ${startOfBusinessDay(p.startDay).toISOString()}::timestamptz` : sql``}
           and e.date < ${startOfBusinessDay(addDays(p.endDay, 1)).toISOString()}::timestamptz`;
  return [cols(sql`-1`, sql`true`), cols(sql`1`, sql`false`)];
}

/**
 * The rows of the period (`p` true) and, for the trial balance, of everything before it (`p`
 * false), where the opening balance entered for the period counts too.
 */
function reportRows(p: ReportParams, opening: boolean): SQL {
  const rows = balanceRows(p.startDay, p.endDay, sql`true`);
  if (opening && p.startDay) rows.push(...balanceRows(undefined, addDays(p.startDay, -1), sql`false`));
  if (opening) rows.push(...openingEntryRows(p));
  return sql.join(rows, sql` union all `);
}

/** Deepest level of the chart the trial balance will walk (a guard against a malformed tree). */
const MAX_DEPTH = 32;

export interface TreeOptions {
  /** Leave out accounts whose roll-up has no opening, movement or closing balance (default true). */
  hideZero: boolean;
  /** Show only the top `depth` levels (1 = the roots); the deepest shown groups carry their roll-ups. */
  depth: number | undefined;
}

/** `filter[hide_zero]` (1/0, default 1) and `filter[depth]` (1..32), also taken without `filter[...]`. */
export function treeOptions(raw: RawQuery): { options: TreeOptions; rest: RawQuery } {
  const errors: Record<string, string[]> = {};
  const hideRaw = one(raw["filter[hide_zero]"]) ?? one(raw.hide_zero);
  const depthRaw = one(raw["filter[depth]"]) ?? one(raw.depth);
  let hideZero = true;
  if (hideRaw !== undefined && hideRaw !== "") {
    if (["1", "true"].includes(hideRaw)) hideZero = true;
    else if (["0", "false"].includes(hideRaw)) hideZero = false;
    else errors["filter.hide_zero"] = ["The hide zero field must be true or false."];
  }
  let depth: number | undefined;
  if (depthRaw !== undefined && depthRaw !== "") {
    if (/^\d{1,2}$/.test(depthRaw) && Number(depthRaw) >= 1 && Number(depthRaw) <= MAX_DEPTH) depth = Number(depthRaw);
    else errors["filter.depth"] = [`The depth must be an integer between 1 and ${MAX_DEPTH}.`];
  }
  if (Object.keys(errors).length) throw unprocessable(errors);
  const { "filter[hide_zero]": _a, hide_zero: _b, "filter[depth]": _c, depth: _d, ...rest } = raw;
  return { options: { hideZero, depth }, rest };
}

/**
 * Trial balance as the chart of accounts' tree, from the per-month and per-day account balances
 * (never from the lines). Each account's own figures (the opening balance before the period, the
 * period's debits and credits, the closing balance) are summed once per account; every row then
 * shows the roll-up of its subtree (a leaf: its own figures; a group: the sum of its descendants
 * and itself) with its `level` (1 = a root), `is_group` and `path` (codes from the root, the
 * tree's order). The footer counts each account's own figures exactly once (the deepest shown
 * groups stand for their hidden subtrees), so total debit = total credit at any depth.
 */
export async function trialBalance(ctx: Ctx, raw: RawQuery): Promise<DynamicList> {
  const { compare, rest: afterCompare } = comparePeriod(raw, ctx.now);
  const p = await reportParams(ctx.tx, ctx, afterCompare);
  const { options, rest } = treeOptions(p.rest);
  // The compared period's figures are converted at the rate at its own end, unless a rate is asked for.
  const asked = one(raw.rate);
  const cp: ReportParams | undefined = compare
    ? {
        ...p,
        startDay: compare[0],
        endDay: compare[1],
        rate: asked && D(asked).gt(0) ? asked : (await ratesAt(ctx.tx, startOfBusinessDay(addDays(compare[1], 1)))).rate,
      }
    : undefined;
  // Rows of the period (`s` 0) and of the compared period (`s` 1), each with its own opening.
  const rows = cp
    ? sql`select b.*, 0 s from (${reportRows(p, true)}) b union all select c.*, 1 s from (${reportRows(cp, true)}) c`
    : sql`select b.*, 0 s from (${reportRows(p, true)}) b`;
  const own = sql`select b.account_id,
        sum(b.debit) filter (where b.p and b.s = 0) debit_fc,
        sum(b.credit) filter (where b.p and b.s = 0) credit_fc,
        coalesce(sum(b.sys_debit - b.sys_credit) filter (where not b.p and b.s = 0), 0) opening,
        coalesce(sum(b.sys_debit) filter (where b.p and b.s = 0), 0) sd,
        coalesce(sum(b.sys_credit) filter (where b.p and b.s = 0), 0) sc,
        coalesce(sum(b.sys_debit - b.sys_credit) filter (where b.s = 0), 0) closing,
        sum(b.debit) filter (where b.p and b.s = 1) c_debit_fc,
        sum(b.credit) filter (where b.p and b.s = 1) c_credit_fc,
        coalesce(sum(b.sys_debit - b.sys_credit) filter (where not b.p and b.s = 1), 0) c_opening,
        coalesce(sum(b.sys_debit) filter (where b.p and b.s = 1), 0) c_sd,
        coalesce(sum(b.sys_credit) filter (where b.p and b.s = 1), 0) c_sc,
        coalesce(sum(b.sys_debit - b.sys_credit) filter (where b.s = 1), 0) c_closing
      from (${rows}) b group by b.account_id`;
  const where = [options.hideZero ? sql`r.activity > 0` : undefined, options.depth ? sql`t.level <= ${options.depth}` : undefined].filter(
    (x): x is SQL => x !== undefined,
  );
  const from = sql`from (with recursive tree as (
        select a.account_id, 1 as level, array[a.code] as path, array[a.account_id] as ancestors
          from accounts a where a.parent_id is null
        union all
        select c.account_id, t.level + 1, t.path || c.code, t.ancestors || c.account_id
          from accounts c join tree t on c.parent_id = t.account_id where t.level < ${MAX_DEPTH}
      ), own as (${own}),
      rolled as (
        select anc.id account_id,
               sum(o.opening) opening, sum(o.sd) sd, sum(o.sc) sc, sum(o.closing) closing,
               sum(greatest(o.opening, 0)) opening_pos, sum(greatest(-o.opening, 0)) opening_neg,
               sum(greatest(o.closing, 0)) closing_pos, sum(greatest(-o.closing, 0)) closing_neg,
               sum(o.c_opening) c_opening, sum(o.c_sd) c_sd, sum(o.c_sc) c_sc, sum(o.c_closing) c_closing,
               sum(greatest(o.c_opening, 0)) c_opening_pos, sum(greatest(-o.c_opening, 0)) c_opening_neg,
               sum(greatest(o.c_closing, 0)) c_closing_pos, sum(greatest(-o.c_closing, 0)) c_closing_neg,
               sum(abs(o.opening) + o.sd + o.sc + abs(o.closing) + abs(o.c_opening) + o.c_sd + o.c_sc + abs(o.c_closing)) activity
          from own o join tree t on t.account_id = o.account_id cross join lateral unnest(t.ancestors) anc(id)
         group by anc.id)
      select a.account_id, a.code, a.account_name, a.system_key, a.type, a.parent_id, a.currency_id, t.level, t.path,
             (a.is_group or exists (select 1 from accounts c where c.parent_id = a.account_id)) is_group,
             ${options.depth ? sql`t.level = ${options.depth}` : sql`false`} cut,
             o.debit_fc, o.credit_fc, o.c_debit_fc, o.c_credit_fc,
             coalesce(o.opening, 0) own_opening, coalesce(o.sd, 0) own_sd, coalesce(o.sc, 0) own_sc, coalesce(o.closing, 0) own_closing,
             coalesce(r.opening, 0) opening, coalesce(r.sd, 0) sd, coalesce(r.sc, 0) sc, coalesce(r.closing, 0) closing,
             coalesce(r.opening_pos, 0) opening_pos, coalesce(r.opening_neg, 0) opening_neg,
             coalesce(r.closing_pos, 0) closing_pos, coalesce(r.closing_neg, 0) closing_neg,
             coalesce(o.c_opening, 0) own_c_opening, coalesce(o.c_sd, 0) own_c_sd, coalesce(o.c_sc, 0) own_c_sc,
             coalesce(o.c_closing, 0) own_c_closing,
             coalesce(r.c_opening, 0) c_opening, coalesce(r.c_sd, 0) c_sd, coalesce(r.c_sc, 0) c_sc, coalesce(r.c_closing, 0) c_closing,
             coalesce(r.c_opening_pos, 0) c_opening_pos, coalesce(r.c_opening_neg, 0) c_opening_neg,
             coalesce(r.c_closing_pos, 0) c_closing_pos, coalesce(r.c_closing_neg, 0) c_closing_neg
        from tree t join accounts a on a.account_id = t.account_id
        left join rolled r on r.account_id = a.account_id
        left join own o on o.account_id = a.account_id
       ${where.length ? sql`where ${sql.join(where, sql` and `)}` : sql``}) tb join currencies cu on cu.currency_id = tb.currency_id`;
  const hidden = (expr: SQL) => ({ expr, sortable: false });
  /** What a row adds to the footer: its own figures, or, at the depth limit, its whole subtree's. */
  const foot = (ownExpr: SQL, subtree: SQL) => ({
    expr: sql`case when tb.cut then ${subtree} else ${ownExpr} end`,
    sum: true,
    sortable: false,
  });
  /** A compared figure in the chosen currency (at the compared period's rate), null without a compared period. */
  const compared = (expr: SQL) => ({ expr: cp ? conv(cp, expr) : sql`null::numeric` });
  const inAccountCurrency = (expr: SQL) => sql`case when tb.is_group then null else coalesce(${expr}, 0) end`;
  return {
    raw: rest,
    model: {
      model: "trial_balance",
      from,
      evaluateOnce: true,
      idColumn: "account_id",
      defaultSort: "path",
      defaultDir: "asc",
      columns: {
        account_id: { expr: sql`tb.account_id`, filter: "eq" },
        code: { expr: sql`tb.code` },
        account_name: { expr: sql`tb.account_name` },
        /** Set on the seeded skeleton: the web shows such an account in the user's language while it keeps its seeded name. */
        system_key: { expr: sql`tb.system_key`, sortable: false },
        /** The name behind four spaces per level below the roots: the tree's indentation in exports. */
        account_name_indented: { expr: sql`repeat(' ', 4 * (tb.level - 1)) || tb.account_name`, sortable: false },
        type: { expr: sql`tb.type`, filter: "eq" },
        parent_id: { expr: sql`tb.parent_id`, filter: "eq" },
        level: { expr: sql`tb.level`, filter: "eq" },
        is_group: { expr: sql`tb.is_group`, filter: "bool" },
        path: { expr: sql`tb.path` },
        account_currency: { expr: sql`cu.currency_name` },
        debit_in_account_currency: { expr: inAccountCurrency(sql`tb.debit_fc`) },
        credit_in_account_currency: { expr: inAccountCurrency(sql`tb.credit_fc`) },
        opening_debit: { expr: conv(p, sql`greatest(tb.opening, 0)`) },
        opening_credit: { expr: conv(p, sql`greatest(-tb.opening, 0)`) },
        debit: { expr: conv(p, sql`tb.sd`) },
        credit: { expr: conv(p, sql`tb.sc`) },
        balance_debit: { expr: conv(p, sql`greatest(tb.closing, 0)`) },
        balance_credit: { expr: conv(p, sql`greatest(-tb.closing, 0)`) },
        // The compared period's figures beside the period's, and the closing balance's change (debit positive).
        compare_debit_in_account_currency: { expr: cp ? inAccountCurrency(sql`tb.c_debit_fc`) : sql`null::numeric` },
        compare_credit_in_account_currency: { expr: cp ? inAccountCurrency(sql`tb.c_credit_fc`) : sql`null::numeric` },
        compare_opening_debit: compared(sql`greatest(tb.c_opening, 0)`),
        compare_opening_credit: compared(sql`greatest(-tb.c_opening, 0)`),
        compare_debit: compared(sql`tb.c_sd`),
        compare_credit: compared(sql`tb.c_sc`),
        compare_balance_debit: compared(sql`greatest(tb.c_closing, 0)`),
        compare_balance_credit: compared(sql`greatest(-tb.c_closing, 0)`),
        difference: { expr: cp ? sql`${conv(p, sql`tb.closing`)} - ${conv(cp, sql`tb.c_closing`)}` : sql`null::numeric` },
        sys_opening_debit: hidden(sql`greatest(tb.opening, 0)`),
        sys_opening_credit: hidden(sql`greatest(-tb.opening, 0)`),
        sys_debit: hidden(sql`tb.sd`),
        sys_credit: hidden(sql`tb.sc`),
        sys_balance_debit: hidden(sql`greatest(tb.closing, 0)`),
        sys_balance_credit: hidden(sql`greatest(-tb.closing, 0)`),
        footer_opening_debit: foot(sql`greatest(tb.own_opening, 0)`, sql`tb.opening_pos`),
        footer_opening_credit: foot(sql`greatest(-tb.own_opening, 0)`, sql`tb.opening_neg`),
        footer_debit: foot(sql`tb.own_sd`, sql`tb.sd`),
        footer_credit: foot(sql`tb.own_sc`, sql`tb.sc`),
        footer_balance_debit: foot(sql`greatest(tb.own_closing, 0)`, sql`tb.closing_pos`),
        footer_balance_credit: foot(sql`greatest(-tb.own_closing, 0)`, sql`tb.closing_neg`),
        ...(cp
          ? {
              footer_compare_opening_debit: foot(sql`greatest(tb.own_c_opening, 0)`, sql`tb.c_opening_pos`),
              footer_compare_opening_credit: foot(sql`greatest(-tb.own_c_opening, 0)`, sql`tb.c_opening_neg`),
              footer_compare_debit: foot(sql`tb.own_c_sd`, sql`tb.c_sd`),
              footer_compare_credit: foot(sql`tb.own_c_sc`, sql`tb.c_sc`),
              footer_compare_balance_debit: foot(sql`greatest(tb.own_c_closing, 0)`, sql`tb.c_closing_pos`),
              footer_compare_balance_credit: foot(sql`greatest(-tb.own_c_closing, 0)`, sql`tb.c_closing_neg`),
            }
          : {}),
      },
      // A match shows with its ancestors, so the tree stays readable.
      search: (term) => {
        return sql`tb.account_id in (with recursive up as (
            select account_id, parent_id from accounts where ${foldedSearch([sql`code`, sql`account_name`], term)}
            union
            select pa.account_id, pa.parent_id from accounts pa join up on pa.account_id = up.parent_id)
          select account_id from up)`;
      },
    },
    // Totals are converted once, so that debit = credit holds in either currency.
    footer: (f) => {
      const totals = (params: ReportParams, prefix: string, key: string) => convDec(params, f[`footer_${prefix}${key}`] ?? "0");
      const keys = ["debit", "credit", "opening_debit", "opening_credit", "balance_debit", "balance_credit"];
      const current = Object.fromEntries(keys.map((k) => [k, totals(p, "", k)]));
      const before = cp ? Object.fromEntries(keys.map((k) => [`compare_${k}`, totals(cp, "compare_", k)])) : {};
      return {
        ...current,
        ...(cp
          ? {
              ...before,
              difference: D(current.balance_debit ?? "0")
                .minus(current.balance_credit ?? "0")
                .minus(D(before.compare_balance_debit ?? "0").minus(before.compare_balance_credit ?? "0"))
                .toFixed(),
              // The days of both periods: the screen opens the ledger between the two closings.
              date_between: `${p.startDay ?? ""},${p.endDay}`,
              compare_date_between: `${cp.startDay},${cp.endDay}`,
              compare_rate: cp.rate,
            }
          : {}),
        currency_id: String(p.currency_id),
        rate: p.rate,
      };
    },
  };
}

/**
 * `filter[compare_date_between]=from,to`: a second period the income statement shows beside the
 * first (its first and last business days), or none.
 */
export function comparePeriod(raw: RawQuery, now: Date): { compare: [string, string] | undefined; rest: RawQuery } {
  const { "filter[compare_date_between]": value, ...rest } = raw;
  const between = one(value);
  if (!between) return { compare: undefined, rest };
  const errors: Record<string, string[]> = {};
  const range = parseDateRange({ "filter[date_between]": between }, now, errors);
  if (errors["filter.date_between"] || !range || !between.split(",")[1]?.trim())
    throw unprocessable({ "filter.compare_date_between": ["The compare period must be two dates in the format YYYY-MM-DD."] });
  return { compare: [businessDay(range[0]), businessDay(range[1])], rest };
}

/** Income statement for the period: income accounts (credit − debit) and expense accounts (debit − credit), and the net profit. */
export async function incomeStatement(ctx: Ctx, raw: RawQuery): Promise<DynamicList> {
  const { compare, rest } = comparePeriod(raw, ctx.now);
  const p = await reportParams(ctx.tx, ctx, rest);
  const rows = compare
    ? sql`${reportRows(p, false)} union all ${sql.join(balanceRows(compare[0], compare[1], sql`false`), sql` union all `)}`
    : reportRows(p, false);
  const from = sql`from (select a.account_id, a.code, a.account_name, a.system_key, a.type, pa.account_name parent_name, pa.system_key parent_system_key,
        coalesce(sum(b.sys_credit - b.sys_debit) filter (where b.p), 0) net_credit,
        coalesce(sum(b.sys_credit - b.sys_debit) filter (where not b.p), 0) compare_net_credit
      from (${rows}) b join accounts a on a.account_id = b.account_id left join accounts pa on pa.account_id = a.parent_id
     where a.type in ('income','expense')
     group by a.account_id, pa.account_id) s`;
  const compared = (expr: SQL) => (compare ? conv(p, expr) : sql`null::numeric`);
  return {
    raw: p.rest,
    model: {
      model: "income_statement",
      from,
      evaluateOnce: true,
      idColumn: "account_id",
      defaultSort: "code",
      defaultDir: "asc",
      columns: {
        account_id: { expr: sql`s.account_id`, filter: "eq" },
        code: { expr: sql`s.code`, search: true },
        account_name: { expr: sql`s.account_name`, search: true },
        system_key: { expr: sql`s.system_key`, sortable: false },
        parent_name: { expr: sql`s.parent_name` },
        parent_system_key: { expr: sql`s.parent_system_key`, sortable: false },
        type: { expr: sql`s.type`, filter: "eq" },
        income: { expr: conv(p, sql`case when s.type = 'income' then s.net_credit else 0 end`), sum: true },
        expense: { expr: conv(p, sql`case when s.type = 'expense' then -s.net_credit else 0 end`), sum: true },
        sys_income: { expr: sql`case when s.type = 'income' then s.net_credit else 0 end`, sum: true, sortable: false },
        sys_expense: { expr: sql`case when s.type = 'expense' then -s.net_credit else 0 end`, sum: true, sortable: false },
        compare_income: { expr: compared(sql`case when s.type = 'income' then s.compare_net_credit else 0 end`) },
        compare_expense: { expr: compared(sql`case when s.type = 'expense' then -s.compare_net_credit else 0 end`) },
        sys_compare_income: {
          expr: sql`case when s.type = 'income' then s.compare_net_credit else 0 end`,
          sum: true,
          sortable: false,
        },
        sys_compare_expense: {
          expr: sql`case when s.type = 'expense' then -s.compare_net_credit else 0 end`,
          sum: true,
          sortable: false,
        },
      },
    },
    footer: (f) => {
      const income = D(f.sys_income ?? 0);
      const expense = D(f.sys_expense ?? 0);
      const compareIncome = D(f.sys_compare_income ?? 0);
      const compareExpense = D(f.sys_compare_expense ?? 0);
      return {
        income: convDec(p, income.toFixed()),
        expense: convDec(p, expense.toFixed()),
        net_profit: convDec(p, income.minus(expense).toFixed()),
        ...(compare
          ? {
              compare_income: convDec(p, compareIncome.toFixed()),
              compare_expense: convDec(p, compareExpense.toFixed()),
              compare_net_profit: convDec(p, compareIncome.minus(compareExpense).toFixed()),
              compare_date_between: `${compare[0]},${compare[1]}`,
            }
          : {}),
        currency_id: String(p.currency_id),
        rate: p.rate,
      };
    },
  };
}
