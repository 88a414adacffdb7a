// The trial balance and the income statement of a chain of shops after five years: 10,000,000
// journal lines (smoke size 20,000; BENCH_LEDGER_LINES sets another) over the financial years
// 2021 to 2025, which the bench creates as the product does (createYear). Timed, in the same run:
// the product's reports (trialBalance and incomeStatement through runList, what their routes run;
// they read the per-month and per-day account balances) against a raw GROUP BY over every journal
// line, each account's figures checked to be identical on both sides.
//
// How the data is made. post() writes an entry's row and its lines, then adds, per account, the
// entry's sums to the account's row of that business day (account_balances) and of that month
// (account_month_balances): `insert ... on conflict (account_id, day|month) do update set
// debit = debit + excluded.debit, ...`. The bulk of the entries is made the same way a month at a
// time, in one transaction per month: the month's entries and their lines with one INSERT ... SELECT
// over generate_series, then the very same two upserts (same tables, conflict targets and sums
// added) with the month's sums per account and day and per account and month. Nothing is dropped
// or switched off: every index, foreign key and the constraint trigger that checks each entry
// balances at commit stay. Then a share of entries goes through post() itself, on days all over
// the five years, adding to the rows the bulk made. Before anything is timed, both balance tables
// are checked to equal a GROUP BY of the lines per account and day and per account and month.
import { performance } from "node:perf_hooks";
import type { Db } from "@app/server/src/db/client.js";
import { migrate } from "@app/server/src/db/migrate.js";
import { seed } from "@app/server/src/db/seed.js";
import { balanceSheet } from "@app/server/src/modules/ledger/balance-sheet.js";
import { createAccount, post } from "@app/server/src/modules/ledger/ledger.js";
import { accountBalances, accountMonthBalances } from "@app/server/src/modules/ledger/ledger.tables.js";
import { D } from "@app/server/src/modules/ledger/money.js";
import { incomeStatement, trialBalance } from "@app/server/src/modules/ledger/reports.js";
import { createYear } from "@app/server/src/modules/settings/financial-years.js";
import { addDays, businessTimeZone, sqlBusinessDay, startOfBusinessDay } from "@app/server/src/platform/business-time.js";
import type { Ctx } from "@app/server/src/platform/context.js";
import { runList } from "@app/server/src/platform/list.js";
import { sql } from "drizzle-orm";
import { benchDatabase } from "./database.js";
import { percentile } from "./pgbench.js";
import { size, sizeFromEnv, smoke } from "./size.js";

const LINES = sizeFromEnv("BENCH_LEDGER_LINES", 10_000_000, 20_000);
/** A sale: the till debited, sales credited, cost of goods sold debited, inventory credited. */
const LINES_PER_ENTRY = 4;
/** Entries posted through post() itself (the rest in bulk). */
const POSTED = Math.min(size(1_000, 40), Math.floor(LINES / LINES_PER_ENTRY));
const BULK = Math.floor(LINES / LINES_PER_ENTRY) - POSTED;
/** Shops: a till, a supplier, another income and an expense account each. */
const BRANCHES = size(50, 5);
const YEARS = [2021, 2022, 2023, 2024, 2025];
const MONTHS = YEARS.flatMap((y) => Array.from({ length: 12 }, (_, m) => `${y}-${String(m + 1).padStart(2, "0")}-01`));
/** Connections making months at once (each month its own transaction), and clients of post(). */
const WORKERS = sizeFromEnv("BENCH_WORKERS", 2, 2);
const POST_CLIENTS = 4;
/** Timed rounds: the raw GROUP BY once, each report REPORT_RUNS times. */
const ROUNDS = size(5, 1);
const REPORT_RUNS = size(5, 1);
/** Whole months with four years before them; and partial months at both ends. */
const PERIODS = [
  ["2025-01-01", "2025-12-31"],
  ["2025-02-10", "2025-11-20"],
] as const;

/** The balance sheet's day and the day it is compared with: a partial month, and a year's end. */
const SHEET_DAYS = ["2025-11-20", "2024-12-31"] as const;

const n = (v: number) => v.toLocaleString("en");
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

interface Accounts {
  tills: number[];
  suppliers: number[];
  others: number[];
  expenses: number[];
  sales: number;
  cogs: number;
  inventory: number;
}

/** The financial years 2021 to 2025 (the seed opened only the current one), as the product creates them. */
async function createYears(db: Db, ctx: Ctx) {
  for (const y of YEARS) {
    const covered = await db.execute(sql`select 1 from financial_years
      where start_date < ${startOfBusinessDay(`${y + 1}-01-01`).toISOString()}::timestamptz
        and end_date > ${startOfBusinessDay(`${y}-01-01`).toISOString()}::timestamptz`);
    if (covered.rows.length) continue;
    await db.transaction((tx) => createYear({ ...ctx, tx }, { name: `Bench ${y}`, start_date: `${y}-01-01`, end_date: `${y}-12-31` }));
  }
}

async function createAccounts(db: Db): Promise<Accounts> {
  const made: Omit<Accounts, "sales" | "cogs" | "inventory"> = { tills: [], suppliers: [], others: [], expenses: [] };
  await db.transaction(async (tx) => {
    for (let b = 1; b <= BRANCHES; b++) {
      const make = (parentKey: string, name: string) => createAccount(tx, { parentKey, name: `${name} ${b}`, currency_id: 1 });
      made.tills.push(await make("cash_and_banks", "Till"));
      made.suppliers.push(await make("payables", "Supplier"));
      made.others.push(await make("incomes", "Other income"));
      made.expenses.push(await make("expenses", "Shop expenses"));
    }
  });
  const keyed = await db.execute<{ system_key: string; account_id: number }>(
    sql`select system_key, account_id from accounts where system_key in ('sales', 'cogs', 'inventory')`,
  );
  const id = (key: string) => Number(keyed.rows.find((r) => r.system_key === key)!.account_id);
  return { ...made, sales: id("sales"), cogs: id("cogs"), inventory: id("inventory") };
}

/**
 * A sum row that is already there takes the new sums added to it, as post() updates it. (post()
 * writes this update inline, for its own rows: it has no part of its own to call here.)
 */
const addedTo = (sums: typeof accountBalances | typeof accountMonthBalances) => ({
  debit: sql`${sums.debit} + excluded.debit`,
  credit: sql`${sums.credit} + excluded.credit`,
  sys_debit: sql`${sums.sys_debit} + excluded.sys_debit`,
  sys_credit: sql`${sums.sys_credit} + excluded.sys_credit`,
});

/**
 * One month of bulk entries, numbered from `from` to `to` - 1, in one transaction. Entry g is of
 * kind g % 4 at shop (g / 4) * 7 % BRANCHES (each shop has entries of every kind), on day
 * g % (days of the month), 08:00 to 22:00 business time:
 * 0 and 2 a sale (a to the till from sales, 0.7 a of cost from inventory), 1 a purchase and an
 * expense (a / 2 to inventory from the supplier, a / 10 paid from the till), 3 another income and a
 * payment to the supplier. Every amount has at most four decimals: nothing is rounded.
 */
async function bulkMonth(db: Db, a: Accounts, month: string, from: number, to: number) {
  if (to <= from) return;
  const days = new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)), 0)).getUTCDate();
  const ints = (xs: number[]) => `{${xs.join(",")}}`;
  await db.transaction(async (tx) => {
    await tx.execute(sql`
      with e as (
        insert into journal_entries (date, source_type, source_id)
        select (${month}::date + g % ${days} + time '08:00' + ((g * 37) % 50400) * interval '1 second') at time zone ${businessTimeZone()},
               'bench', g
          from generate_series(${from}::int, ${to - 1}::int) g
        returning entry_id, source_id
      ), v as (
        select e.entry_id, e.source_id % 4 k, (e.source_id / 4 * 7) % ${BRANCHES} + 1 b,
               ((e.source_id::bigint * 7919) % 1000000 + 1)::numeric / 4 a
          from e
      )
      insert into journal_lines (entry_id, account_id, debit, credit, rate, sys_debit, sys_credit)
      select v.entry_id, x.account_id, x.debit, x.credit, 1, x.debit, x.credit
        from v cross join lateral (values
          (case v.k when 1 then ${a.inventory} else (${ints(a.tills)}::int[])[v.b] end,
           case v.k when 1 then v.a / 2 else v.a end, 0::numeric),
          (case v.k when 1 then (${ints(a.suppliers)}::int[])[v.b] when 3 then (${ints(a.others)}::int[])[v.b] else ${a.sales} end,
           0::numeric, case v.k when 1 then v.a / 2 else v.a end),
          (case v.k when 1 then (${ints(a.expenses)}::int[])[v.b] when 3 then (${ints(a.suppliers)}::int[])[v.b] else ${a.cogs} end,
           case when v.k in (1, 3) then v.a / 10 else v.a * 0.7 end, 0::numeric),
          (case when v.k in (1, 3) then (${ints(a.tills)}::int[])[v.b] else ${a.inventory} end,
           0::numeric, case when v.k in (1, 3) then v.a / 10 else v.a * 0.7 end)
        ) x(account_id, debit, credit)`);
    // The month's sums, added as post() adds an entry's: per account and business day, and per
    // account and month, into the same tables on the same conflict targets.
    const month_lines = sql`from journal_entries e join journal_lines l on l.entry_id = e.entry_id
      where e.source_type = 'bench' and e.source_id >= ${from} and e.source_id < ${to}`;
    const sums = sql`sum(l.debit), sum(l.credit), sum(l.sys_debit), sum(l.sys_credit)`;
    await tx
      .insert(accountBalances)
      .select(sql`select l.account_id, (${sqlBusinessDay(sql`e.date`)})::date, ${sums} ${month_lines} group by 1, 2`)
      .onConflictDoUpdate({
        target: [accountBalances.account_id, accountBalances.day],
        set: addedTo(accountBalances),
      });
    await tx
      .insert(accountMonthBalances)
      .select(sql`select l.account_id, ${month}::date, ${sums} ${month_lines} group by 1, 2`)
      .onConflictDoUpdate({
        target: [accountMonthBalances.account_id, accountMonthBalances.month],
        set: addedTo(accountMonthBalances),
      });
  });
}

/** POSTED sales through post(), each in a transaction of its own, on days all over the five years. */
async function postEntries(db: Db, a: Accounts) {
  const days = (Date.parse("2026-01-01") - Date.parse("2021-01-01")) / 86_400_000;
  let next = 0;
  const client = async () => {
    for (let k = next++; k < POSTED; k = next++) {
      const amount = D(((k * 7919) % 1_000_000) + 1).div(4);
      const cost = amount.mul("0.7");
      const date = new Date(startOfBusinessDay(addDays("2021-01-01", (k * 389) % days)).getTime() + (8 * 60 + (k % 840)) * 60_000);
      await db.transaction((tx) =>
        post(
          { tx, user: null, now: new Date(), ip: null },
          {
            date,
            source: { type: "bench_post", id: k },
            lines: [
              { account_id: a.tills[k % BRANCHES]!, debit: amount.toFixed() },
              { account_id: a.sales, credit: amount.toFixed() },
              { account_id: a.cogs, debit: cost.toFixed() },
              { account_id: a.inventory, credit: cost.toFixed() },
            ],
          },
        ),
      );
    }
  };
  await Promise.all(Array.from({ length: POST_CLIENTS }, client));
}

/** Every row of both balance tables against the lines' sums: any difference, either way, fails. */
async function checkBalanceTables(db: Db) {
  const res = await db.execute<{ accounts: number; day_rows: number; month_rows: number; day_diff: number; month_diff: number }>(sql`
    with d as materialized (
      select l.account_id, (${sqlBusinessDay(sql`e.date`)})::date as day,
             sum(l.debit) debit, sum(l.credit) credit, sum(l.sys_debit) sys_debit, sum(l.sys_credit) sys_credit
        from journal_lines l join journal_entries e on e.entry_id = l.entry_id group by 1, 2
    ), m as materialized (
      select account_id, date_trunc('month', day)::date as month,
             sum(debit) debit, sum(credit) credit, sum(sys_debit) sys_debit, sum(sys_credit) sys_credit
        from d group by 1, 2
    ), b as (select account_id, day, debit, credit, sys_debit, sys_credit from account_balances),
    bm as (select account_id, month, debit, credit, sys_debit, sys_credit from account_month_balances)
    select (select count(distinct account_id) from d)::int accounts, (select count(*) from d)::int day_rows, (select count(*) from m)::int month_rows,
           (select count(*) from ((select * from b except all select * from d) union all (select * from d except all select * from b)) x)::int day_diff,
           (select count(*) from ((select * from bm except all select * from m) union all (select * from m except all select * from bm)) x)::int month_diff`);
  const r = res.rows[0]!;
  if (r.day_diff || r.month_diff)
    throw new Error(`the balance tables differ from the lines: ${r.day_diff} per-day rows, ${r.month_diff} per-month rows`);
  return r;
}

type Row = Record<string, string>;
interface Own {
  opening: ReturnType<typeof D>;
  debit: ReturnType<typeof D>;
  credit: ReturnType<typeof D>;
}

export default async function ledgerBench() {
  const { database, cleanup } = await benchDatabase("ledger");
  try {
    const db = database.db;
    await migrate(database);
    await seed(db, { adminPassword: "bench-password" });
    const ctx: Ctx = { tx: db, user: null, now: new Date("2026-01-15T00:00:00Z"), ip: null };
    await createYears(db, ctx);
    const accounts = await createAccounts(db);
    console.log(
      `database: ${database.kind}; ${n(BULK + POSTED)} entries of ${LINES_PER_ENTRY} lines (${n((BULK + POSTED) * LINES_PER_ENTRY)} journal lines) ` +
        `over the financial years ${YEARS[0]} to ${YEARS.at(-1)}, ${BRANCHES} shops`,
    );

    const g0 = performance.now();
    let month = 0;
    let made = 0;
    const worker = async () => {
      for (let m = month++; m < MONTHS.length; m = month++) {
        const from = Math.floor((m * BULK) / MONTHS.length);
        const to = Math.floor(((m + 1) * BULK) / MONTHS.length);
        await bulkMonth(db, accounts, MONTHS[m]!, from, to);
        made += to - from;
        if (m % 12 === 11) console.log(`  ${n(made * LINES_PER_ENTRY)} lines, ${seconds(performance.now() - g0)}`);
      }
    };
    await Promise.all(Array.from({ length: WORKERS }, worker));
    const bulkMs = performance.now() - g0;
    const p0 = performance.now();
    await postEntries(db, accounts);
    const postMs = performance.now() - p0;
    const v0 = performance.now();
    await db.execute(sql`vacuum analyze journal_entries, journal_lines, account_balances, account_month_balances`);
    const vacuumMs = performance.now() - v0;
    const counts = (
      await db.execute<{ lines: number; entries: number }>(
        sql`select (select count(*) from journal_lines)::int lines, (select count(*) from journal_entries)::int entries`,
      )
    ).rows[0]!;
    if (counts.lines !== (BULK + POSTED) * LINES_PER_ENTRY || counts.entries !== BULK + POSTED)
      throw new Error(
        `${counts.entries} entries and ${counts.lines} lines written, not ${BULK + POSTED} and ${(BULK + POSTED) * LINES_PER_ENTRY}`,
      );
    console.log(
      `generated ${n(counts.lines)} lines in ${seconds(bulkMs + postMs)}: ${n(BULK)} entries in bulk in ${seconds(bulkMs)} ` +
        `(${n(Math.round((BULK * LINES_PER_ENTRY) / (bulkMs / 1000)))} lines/s, ${WORKERS} connections), ${n(POSTED)} through post() in ${seconds(postMs)}; ` +
        `vacuum analyze ${seconds(vacuumMs)}`,
    );
    const c0 = performance.now();
    const tables = await checkBalanceTables(db);
    if (tables.accounts !== BRANCHES * 4 + 3) throw new Error(`${tables.accounts} accounts have lines, not ${BRANCHES * 4 + 3}`);
    console.log(
      `checked: ${tables.accounts} accounts with lines; account_balances (${n(tables.day_rows)} rows) and account_month_balances (${n(tables.month_rows)} rows) equal the lines' sums per account and day and per account and month (${seconds(performance.now() - c0)})`,
    );

    // Each account's ancestors, for the groups' roll-ups.
    const chart = (
      await db.execute<{ account_id: number; parent_id: number | null; type: string }>(
        sql`select account_id, parent_id, type from accounts`,
      )
    ).rows;
    const parent = new Map(chart.map((r) => [Number(r.account_id), r.parent_id === null ? null : Number(r.parent_id)]));
    const typeOf = new Map(chart.map((r) => [Number(r.account_id), r.type]));
    const withAncestors = (id: number) => {
      const out: number[] = [];
      for (let a: number | null | undefined = id; a !== null && a !== undefined && out.length < 64; a = parent.get(a)) out.push(a);
      return out;
    };

    const list = async (build: typeof trialBalance, from: string, to: string) => {
      const built = await build(ctx, { "filter[date_filter]": "DATE_PERIOD", "filter[date_between]": `${from},${to}`, is_paginated: "0" });
      const env = await runList<Row>(db, built.model, built.raw, ctx);
      if (built.footer) env.footer = await built.footer(env.footer);
      return env;
    };
    const timed = async <T>(times: number[], fn: () => Promise<T>): Promise<T> => {
      const t0 = performance.now();
      const out = await fn();
      times.push(performance.now() - t0);
      return out;
    };
    for (const [from, to] of PERIODS) {
      // The period's bounds: the business's local midnights.
      const start = startOfBusinessDay(from).toISOString();
      const end = startOfBusinessDay(addDays(to, 1)).toISOString();
      const rawQuery = () =>
        db.execute<{ account_id: number; o: string; d: string; c: string }>(sql`
          select l.account_id, coalesce(sum(l.sys_debit - l.sys_credit) filter (where e.date < ${start}::timestamptz), 0)::text o,
                 coalesce(sum(l.sys_debit) filter (where e.date >= ${start}::timestamptz), 0)::text d,
                 coalesce(sum(l.sys_credit) filter (where e.date >= ${start}::timestamptz), 0)::text c
            from journal_lines l join journal_entries e on e.entry_id = l.entry_id
           where e.date < ${end}::timestamptz
           group by l.account_id`);
      const tbMs: number[] = [];
      const isMs: number[] = [];
      const rawMs: number[] = [];
      // One run of each unmeasured (their answers are the ones checked), then rounds in turn.
      const report = await list(trialBalance, from, to);
      const income = await list(incomeStatement, from, to);
      const raw = (await rawQuery()).rows;
      for (let round = 0; round < ROUNDS; round++) {
        await timed(rawMs, rawQuery);
        for (let i = 0; i < REPORT_RUNS; i++) {
          await timed(tbMs, () => list(trialBalance, from, to));
          await timed(isMs, () => list(incomeStatement, from, to));
        }
      }

      // The raw figures per account, and rolled up to every group above it.
      const own = new Map<number, Own>();
      const rolled = new Map<number, Own>();
      for (const r of raw) {
        const id = Number(r.account_id);
        const fig = { opening: D(r.o), debit: D(r.d), credit: D(r.c) };
        if (fig.opening.isZero() && fig.debit.isZero() && fig.credit.isZero()) continue;
        own.set(id, fig);
        for (const a of withAncestors(id)) {
          const s = rolled.get(a) ?? { opening: D(0), debit: D(0), credit: D(0) };
          rolled.set(a, { opening: s.opening.plus(fig.opening), debit: s.debit.plus(fig.debit), credit: s.credit.plus(fig.credit) });
        }
      }
      const problems: string[] = [];
      const same = (what: string, a: unknown, b: ReturnType<typeof D>) => {
        if (!D(String(a ?? "0")).eq(b)) problems.push(`${what}: report ${a}, raw ${b.toFixed()}`);
      };
      const pos = (x: ReturnType<typeof D>) => (x.isPos() ? x : D(0));
      const neg = (x: ReturnType<typeof D>) => (x.isNeg() ? x.neg() : D(0));
      // Trial balance: every row shown, a leaf's own figures or a group's roll-up; every account
      // with figures shown.
      const shown = new Set<number>();
      for (const r of report.data) {
        const id = Number(r.account_id);
        shown.add(id);
        const x = rolled.get(id) ?? { opening: D(0), debit: D(0), credit: D(0) };
        const closing = x.opening.plus(x.debit).minus(x.credit);
        same(`${r.code} opening debit`, r.opening_debit, pos(x.opening));
        same(`${r.code} opening credit`, r.opening_credit, neg(x.opening));
        same(`${r.code} debit`, r.debit, x.debit);
        same(`${r.code} credit`, r.credit, x.credit);
        same(`${r.code} balance debit`, r.balance_debit, pos(closing));
        same(`${r.code} balance credit`, r.balance_credit, neg(closing));
      }
      for (const id of rolled.keys()) if (!shown.has(id)) problems.push(`account ${id} has figures but is not in the trial balance`);
      let totalDebit = D(0);
      let totalCredit = D(0);
      let income_ = D(0);
      let expense_ = D(0);
      const byId = new Map(income.data.map((r) => [Number(r.account_id), r]));
      for (const [id, x] of own) {
        totalDebit = totalDebit.plus(x.debit);
        totalCredit = totalCredit.plus(x.credit);
        const type = typeOf.get(id);
        if (type !== "income" && type !== "expense") continue;
        const row = byId.get(id);
        if (!row) {
          if (!x.debit.isZero() || !x.credit.isZero()) problems.push(`${type} account ${id} is missing from the income statement`);
          continue;
        }
        const net = type === "income" ? x.credit.minus(x.debit) : x.debit.minus(x.credit);
        same(`income statement ${row.code}`, type === "income" ? row.income : row.expense, net);
        if (type === "income") income_ = income_.plus(net);
        else expense_ = expense_.plus(net);
      }
      for (const r of income.data) {
        const x = own.get(Number(r.account_id));
        if (!x && !(D(r.income ?? "0").isZero() && D(r.expense ?? "0").isZero()))
          problems.push(`income statement ${r.code}: figures the lines do not have`);
      }
      if (totalDebit.isZero()) problems.push("nothing was posted in the period");
      same("trial balance footer debit", report.footer.debit, totalDebit);
      same("trial balance footer credit", report.footer.credit, totalCredit);
      same("income statement footer income", income.footer.income, income_);
      same("income statement footer expense", income.footer.expense, expense_);
      same("income statement net profit", income.footer.net_profit, income_.minus(expense_));
      if (problems.length) throw new Error(`the reports and the raw GROUP BY disagree:\n  ${problems.slice(0, 20).join("\n  ")}`);

      const stats = (xs: number[]) => {
        const s = [...xs].sort((a, b) => a - b);
        return { p50: percentile(s, 50), p99: percentile(s, 99), runs: s.length };
      };
      const tb = stats(tbMs);
      const is = stats(isMs);
      const rw = stats(rawMs);
      const fmt = (x: ReturnType<typeof stats>) => `p50 ${x.p50.toFixed(1)} ms, p99 ${x.p99.toFixed(1)} ms (${x.runs} runs)`;
      const leaves = report.data.filter((r) => String(r.is_group) !== "true");
      console.log(`period ${from} .. ${to}`);
      console.log(
        `  trial balance (per-month + per-day balances): ${fmt(tb)}; ${report.data.length} rows (${leaves.length} leaf accounts)`,
      );
      console.log(`  income statement:                             ${fmt(is)}; ${income.data.length} accounts`);
      console.log(`  raw GROUP BY over ${n(counts.lines)} lines:     ${fmt(rw)}`);
      console.log(
        `  raw / trial balance: ${(rw.p50 / tb.p50).toFixed(0)}x at p50, ${(rw.p99 / tb.p99).toFixed(0)}x at p99; ` +
          `raw / income statement: ${(rw.p50 / is.p50).toFixed(0)}x at p50, ${(rw.p99 / is.p99).toFixed(0)}x at p99`,
      );
      console.log(
        `  identical: every account's opening, debit, credit and closing balance (${own.size} accounts, ${report.data.length - leaves.length} groups rolled up), ` +
          `footer debit ${report.footer.debit} = credit ${report.footer.credit}; income statement per account, income ${income.footer.income}, expense ${income.footer.expense}, net profit ${income.footer.net_profit}`,
      );
    }

    // The balance sheet at a day, compared with another, against the raw GROUP BY of every line up
    // to each day's end: the same figure for every account and group (assets debit less credit, the
    // rest credit less debit), the earnings under equity, and assets = liabilities + equity.
    {
      const [day, compareDay] = SHEET_DAYS;
      const sheet = async () => {
        const built = await balanceSheet(ctx, { date: day, compare_date: compareDay, is_paginated: "0", "filter[hide_zero]": "0" });
        const env = await runList<Row>(db, built.model, built.raw, ctx);
        if (built.footer) env.footer = await built.footer(env.footer);
        return env;
      };
      const end = (d: string) => startOfBusinessDay(addDays(d, 1)).toISOString();
      const rawQuery = () =>
        db.execute<{ account_id: number; at_day: string; at_compare: string }>(sql`
          select l.account_id, coalesce(sum(l.sys_debit - l.sys_credit), 0)::text at_day,
                 coalesce(sum(l.sys_debit - l.sys_credit) filter (where e.date < ${end(compareDay)}::timestamptz), 0)::text at_compare
            from journal_lines l join journal_entries e on e.entry_id = l.entry_id
           where e.date < ${end(day)}::timestamptz
           group by l.account_id`);
      const bsMs: number[] = [];
      const rawMs: number[] = [];
      const answer = await sheet();
      const raw = (await rawQuery()).rows;
      for (let round = 0; round < ROUNDS; round++) {
        await timed(rawMs, rawQuery);
        for (let i = 0; i < REPORT_RUNS; i++) await timed(bsMs, sheet);
      }
      const rolled = new Map<number, { a: ReturnType<typeof D>; b: ReturnType<typeof D> }>();
      let earnings = { a: D(0), b: D(0) };
      for (const r of raw) {
        const id = Number(r.account_id);
        const type = typeOf.get(id);
        if (type === "income" || type === "expense") {
          earnings = { a: earnings.a.minus(r.at_day), b: earnings.b.minus(r.at_compare) };
          continue;
        }
        const sign = type === "asset" ? 1 : -1;
        for (const anc of withAncestors(id)) {
          const x = rolled.get(anc) ?? { a: D(0), b: D(0) };
          rolled.set(anc, { a: x.a.plus(D(r.at_day).mul(sign)), b: x.b.plus(D(r.at_compare).mul(sign)) });
        }
      }
      const problems: string[] = [];
      const same = (what: string, a: unknown, b: ReturnType<typeof D>) => {
        if (!D(String(a ?? "0")).eq(b)) problems.push(`${what}: balance sheet ${a}, raw ${b.toFixed()}`);
      };
      const equityRoot = chart.find((c) => c.type === "equity" && c.parent_id === null);
      let earningRows = { a: D(0), b: D(0) };
      for (const r of answer.data) {
        const id = Number(r.account_id);
        if (id < 0) {
          earningRows = { a: earningRows.a.plus(String(r.amount)), b: earningRows.b.plus(String(r.compare_amount)) };
          continue;
        }
        const x = rolled.get(id) ?? { a: D(0), b: D(0) };
        const plus = equityRoot && id === Number(equityRoot.account_id) ? earnings : { a: D(0), b: D(0) };
        same(`${r.code} at ${day}`, r.amount, x.a.plus(plus.a));
        same(`${r.code} at ${compareDay}`, r.compare_amount, x.b.plus(plus.b));
      }
      same("earnings rows", earningRows.a.toFixed(), earnings.a);
      same("earnings rows compared", earningRows.b.toFixed(), earnings.b);
      if (answer.footer.assets !== answer.footer.liabilities_and_equity)
        problems.push(`assets ${answer.footer.assets} <> ${answer.footer.liabilities_and_equity}`);
      if (D(answer.footer.assets ?? "0").isZero()) problems.push("no assets at the day");
      if (problems.length) throw new Error(`the balance sheet and the raw GROUP BY disagree:\n  ${problems.slice(0, 20).join("\n  ")}`);
      const s = [...bsMs].sort((a, b) => a - b);
      const r = [...rawMs].sort((a, b) => a - b);
      const bs = { p50: percentile(s, 50), p95: percentile(s, 95), p99: percentile(s, 99) };
      const rw = { p50: percentile(r, 50), p95: percentile(r, 95) };
      const goal = smoke ? "" : bs.p95 <= 100 && bs.p50 / rw.p50 <= 0.05 ? "  goal met" : "  goal MISSED";
      console.log(`balance sheet at ${day}, compared with ${compareDay}`);
      console.log(
        `  balance sheet: p50 ${bs.p50.toFixed(1)} ms, p95 ${bs.p95.toFixed(1)} ms, p99 ${bs.p99.toFixed(1)} ms (${s.length} runs); ${answer.data.length} rows`,
      );
      console.log(
        `  raw GROUP BY over ${n(counts.lines)} lines: p50 ${rw.p50.toFixed(1)} ms, p95 ${rw.p95.toFixed(1)} ms (${r.length} runs)`,
      );
      console.log(
        `  balance sheet / raw: ${(bs.p50 / rw.p50).toFixed(4)} at p50 (goal p95 <= 100 ms and <= 0.05)${goal}; identical: every account and group at both days, ` +
          `the earnings under equity, assets ${answer.footer.assets} = liabilities and equity ${answer.footer.liabilities_and_equity}`,
      );
    }
  } finally {
    await cleanup();
  }
}
