import { CURRENCY_IQD, CURRENCY_USD } from "@app/contracts";
import { type SQL, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.js";
import type { Ctx } from "../../platform/context.js";
import { unprocessable } from "../../platform/errors.js";
import { parseDateRange, type RawQuery } from "../../platform/list.js";
import type { DynamicList } from "./dynamic-list.js";
import { monthOf, ratesAt, systemCurrency } from "./ledger.js";
import { D } from "./money.js";

const one = (v: unknown): string | undefined => (Array.isArray(v) ? one(v[v.length - 1]) : typeof v === "string" ? v : undefined);

export interface ReportParams {
  /** First and last UTC day counted; undefined start = from the beginning. */
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
    startDay: range ? range[0].toISOString().slice(0, 10) : undefined,
    endDay: end.toISOString().slice(0, 10),
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

const addDays = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
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
function balanceRows(from: string | undefined, to: string, tag: SQL): SQL[] {
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

/** The rows of the period (`p` true) and, for the trial balance, of everything before it (`p` false). */
function reportRows(p: ReportParams, opening: boolean): SQL {
  const rows = balanceRows(p.startDay, p.endDay, sql`true`);
  if (opening && p.startDay) rows.push(...balanceRows(undefined, addDays(p.startDay, -1), sql`false`));
  return sql.join(rows, sql` union all `);
}

/**
 * Trial balance from the per-month and per-day account balances (never from the lines): the opening balance
 * before the period, the period's debits and credits, and the closing balance, per account.
 */
export async function trialBalance(ctx: Ctx, raw: RawQuery): Promise<DynamicList> {
  const p = await reportParams(ctx.tx, ctx, raw);
  const from = sql`from (select a.account_id, a.code, a.account_name, a.type, a.parent_id, a.currency_id,
        coalesce(sum(b.debit) filter (where b.p), 0) debit_fc,
        coalesce(sum(b.credit) filter (where b.p), 0) credit_fc,
        coalesce(sum(b.sys_debit - b.sys_credit) filter (where not b.p), 0) opening,
        coalesce(sum(b.sys_debit) filter (where b.p), 0) sd,
        coalesce(sum(b.sys_credit) filter (where b.p), 0) sc,
        coalesce(sum(b.sys_debit - b.sys_credit), 0) closing
      from (${reportRows(p, true)}) b join accounts a on a.account_id = b.account_id
     group by a.account_id) tb join currencies cu on cu.currency_id = tb.currency_id`;
  const hidden = (expr: SQL) => ({ expr, sum: true, sortable: false });
  return {
    raw: p.rest,
    model: {
      model: "trial_balance",
      from,
      evaluateOnce: true,
      idColumn: "account_id",
      defaultSort: "code",
      defaultDir: "asc",
      columns: {
        account_id: { expr: sql`tb.account_id`, filter: "eq" },
        code: { expr: sql`tb.code`, search: true },
        account_name: { expr: sql`tb.account_name`, search: true },
        type: { expr: sql`tb.type`, filter: "eq" },
        parent_id: { expr: sql`tb.parent_id`, filter: "eq" },
        account_currency: { expr: sql`cu.currency_name` },
        debit_in_account_currency: { expr: sql`tb.debit_fc` },
        credit_in_account_currency: { expr: sql`tb.credit_fc` },
        opening_debit: { expr: conv(p, sql`greatest(tb.opening, 0)`), sum: true },
        opening_credit: { expr: conv(p, sql`greatest(-tb.opening, 0)`), sum: true },
        debit: { expr: conv(p, sql`tb.sd`), sum: true },
        credit: { expr: conv(p, sql`tb.sc`), sum: true },
        balance_debit: { expr: conv(p, sql`greatest(tb.closing, 0)`), sum: true },
        balance_credit: { expr: conv(p, sql`greatest(-tb.closing, 0)`), sum: true },
        sys_opening_debit: hidden(sql`greatest(tb.opening, 0)`),
        sys_opening_credit: hidden(sql`greatest(-tb.opening, 0)`),
        sys_debit: hidden(sql`tb.sd`),
        sys_credit: hidden(sql`tb.sc`),
        sys_balance_debit: hidden(sql`greatest(tb.closing, 0)`),
        sys_balance_credit: hidden(sql`greatest(-tb.closing, 0)`),
      },
    },
    // Totals are converted once, so that debit = credit holds in either currency.
    footer: (f) => ({
      debit: convDec(p, f.sys_debit ?? "0"),
      credit: convDec(p, f.sys_credit ?? "0"),
      opening_debit: convDec(p, f.sys_opening_debit ?? "0"),
      opening_credit: convDec(p, f.sys_opening_credit ?? "0"),
      balance_debit: convDec(p, f.sys_balance_debit ?? "0"),
      balance_credit: convDec(p, f.sys_balance_credit ?? "0"),
      currency_id: String(p.currency_id),
      rate: p.rate,
    }),
  };
}

/** Income statement for the period: income accounts (credit − debit) and expense accounts (debit − credit), and the net profit. */
export async function incomeStatement(ctx: Ctx, raw: RawQuery): Promise<DynamicList> {
  const p = await reportParams(ctx.tx, ctx, raw);
  const from = sql`from (select a.account_id, a.code, a.account_name, a.type, pa.account_name parent_name,
        coalesce(sum(b.sys_credit - b.sys_debit), 0) net_credit
      from (${reportRows(p, false)}) b join accounts a on a.account_id = b.account_id left join accounts pa on pa.account_id = a.parent_id
     where a.type in ('income','expense')
     group by a.account_id, pa.account_name) s`;
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
        parent_name: { expr: sql`s.parent_name` },
        type: { expr: sql`s.type`, filter: "eq" },
        income: { expr: conv(p, sql`case when s.type = 'income' then s.net_credit else 0 end`), sum: true },
        expense: { expr: conv(p, sql`case when s.type = 'expense' then -s.net_credit else 0 end`), sum: true },
        sys_income: { expr: sql`case when s.type = 'income' then s.net_credit else 0 end`, sum: true, sortable: false },
        sys_expense: { expr: sql`case when s.type = 'expense' then -s.net_credit else 0 end`, sum: true, sortable: false },
      },
    },
    footer: (f) => {
      const income = D(f.sys_income ?? 0);
      const expense = D(f.sys_expense ?? 0);
      return {
        income: convDec(p, income.toFixed()),
        expense: convDec(p, expense.toFixed()),
        net_profit: convDec(p, income.minus(expense).toFixed()),
        currency_id: String(p.currency_id),
        rate: p.rate,
      };
    },
  };
}
