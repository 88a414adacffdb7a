// 20,000 journal lines, each entry posted through post(): the trial balance and the income statement (from the per-month and
// per-day account balances) against a raw GROUP BY over every line, in the same run, and a check
// that they give the same figures.
import { performance } from "node:perf_hooks";
import { migrate } from "@app/server/src/db/migrate.js";
import { seed } from "@app/server/src/db/seed.js";
import { post } from "@app/server/src/modules/ledger/ledger.js";
import { incomeStatement, trialBalance } from "@app/server/src/modules/ledger/reports.js";
import { addDays, startOfBusinessDay } from "@app/server/src/platform/business-time.js";
import { runList } from "@app/server/src/platform/list.js";
import { sql } from "drizzle-orm";
import { benchDatabase } from "./database.js";

const ENTRIES = 10_000; // two lines each, every one posted through post()
const WORKERS = 8;
const ACCOUNTS = 200;
/** Whole months only; and partial months at both ends with an opening balance. [from, to, raw GROUP BY runs] */
const PERIODS = [
  ["2024-01-01", "2024-12-31", 3],
  ["2024-02-10", "2024-11-20", 1],
] as const;

async function median(fn: () => Promise<unknown>, n = 3) {
  const times: number[] = [];
  for (let i = 0; i < n; i++) {
    const t0 = performance.now();
    await fn();
    times.push(performance.now() - t0);
  }
  return times.sort((a, b) => a - b)[Math.floor(n / 2)]!;
}

export default async function ledgerBench() {
  const { database, cleanup } = await benchDatabase("ledger");
  try {
    const db = database.db;
    await migrate(database);
    await seed(db, { adminPassword: "bench-password" });
    console.log(`database: ${database.kind}; generating ${ENTRIES * 2} journal lines over ${ACCOUNTS} accounts...`);
    const g0 = performance.now();
    await db.execute(sql`insert into accounts (code, account_name, parent_id, type, currency_id)
      select 'B' || g, 'Bench ' || g, (select account_id from accounts where system_key = 'expenses'), 'expense', 1 from generate_series(1, ${ACCOUNTS}) g`);
    const ids = (
      await db.execute<{ account_id: number }>(sql`select account_id from accounts where code like 'B%' order by account_id`)
    ).rows.map((r) => Number(r.account_id));
    // Every entry goes through post() in a transaction of its own, as a document's does, from
    // WORKERS clients at once: the balance tables are filled by the product itself. Entry g is on
    // business day g % 366 of 2024 (wall-clock time in TIME_ZONE): amt debited to one account and
    // credited to another.
    let next = 1;
    const worker = async () => {
      for (let g = next++; g <= ENTRIES; g = next++) {
        const amt = String(((g % 100_000) + 1) / 4);
        const date = new Date(startOfBusinessDay(addDays("2024-01-01", g % 366)).getTime() + (g % 600) * 60_000);
        await db.transaction((tx) =>
          post(
            { tx, user: null, now: new Date(), ip: null },
            {
              date,
              source: { type: "bench", id: g },
              lines: [
                { account_id: ids[(g * 7) % ACCOUNTS]!, debit: amt },
                { account_id: ids[(g * 13 + 1) % ACCOUNTS]!, credit: amt },
              ],
            },
          ),
        );
        if (g % 2000 === 0) console.log(`  posted ${g} entries`);
      }
    };
    await Promise.all(Array.from({ length: WORKERS }, worker));
    await db.execute(sql`analyze`);
    const lines = (await db.execute<{ n: number }>(sql`select count(*)::int n from journal_lines`)).rows[0]!.n;
    console.log(`generated ${lines} lines in ${((performance.now() - g0) / 1000).toFixed(1)} s`);

    const ctx = { tx: db, user: null, now: new Date("2025-01-15T00:00:00Z"), ip: null };
    type Row = Record<string, string>;
    const list = async (build: typeof trialBalance, from: string, to: string) => {
      const built = await build(ctx, { "filter[date_filter]": "DATE_PERIOD", "filter[date_between]": `${from},${to}`, is_paginated: "0" });
      const env = await runList<Row>(db, built.model, built.raw, ctx);
      if (built.footer) env.footer = await built.footer(env.footer);
      return env;
    };
    const dec = (v: unknown) => Number(v).toFixed(4);
    for (const [from, to, rawRuns] of PERIODS) {
      let report: Awaited<ReturnType<typeof list>> | undefined;
      const reportMs = await median(async () => {
        report = await list(trialBalance, from, to);
      }, 7);
      let income: Awaited<ReturnType<typeof list>> | undefined;
      const incomeMs = await median(async () => {
        income = await list(incomeStatement, from, to);
      }, 7);
      let raw: { account_id: number; o: string; d: string; c: string }[] = [];
      // The period's bounds: the business's local midnights.
      const start = startOfBusinessDay(from).toISOString();
      const end = startOfBusinessDay(addDays(to, 1)).toISOString();
      const rawMs = await median(async () => {
        raw = (
          await db.execute<{ account_id: number; o: string; d: string; c: string }>(sql`
            select l.account_id, coalesce(sum(l.sys_debit - l.sys_credit) filter (where e.date < ${start}::timestamptz), 0)::text o,
                   coalesce(sum(l.sys_debit) filter (where e.date >= ${start}::timestamptz), 0)::text d,
                   coalesce(sum(l.sys_credit) filter (where e.date >= ${start}::timestamptz), 0)::text c
              from journal_lines l join journal_entries e on e.entry_id = l.entry_id
             where e.date < ${end}::timestamptz
             group by l.account_id`)
        ).rows;
      }, rawRuns);

      const key = (o: unknown, d: unknown, c: unknown) => `${dec(o)}/${dec(d)}/${dec(c)}`;
      // Leaf accounts carry their own figures; groups their roll-ups (checked below on the expenses root).
      const leaves = (report?.data ?? []).filter((r) => !r.is_group);
      const fromReport = new Map(
        leaves.map((r) => [Number(r.account_id), key(Number(r.opening_debit) - Number(r.opening_credit), r.debit, r.credit)]),
      );
      const mismatches = raw.filter((r) => fromReport.get(Number(r.account_id)) !== key(r.o, r.d, r.c));
      const rawDebit = raw.reduce((s, r) => s + Number(r.d), 0);
      const rawNet = raw.reduce((s, r) => s + Number(r.d) - Number(r.c), 0);
      const root = (report?.data ?? []).find((r) => Number(r.level) === 1 && r.type === "expense");
      console.log(`period ${from} .. ${to}`);
      console.log(
        `  trial balance (per-month + per-day balances): ${reportMs.toFixed(1)} ms, ${report?.data.length} rows (${leaves.length} leaf accounts)`,
      );
      console.log(`  income statement:                             ${incomeMs.toFixed(1)} ms, ${income?.data.length} accounts`);
      console.log(`  raw GROUP BY over ${lines} lines:          ${rawMs.toFixed(1)} ms`);
      console.log(`  ratio raw / trial balance: ${(rawMs / reportMs).toFixed(0)}x`);
      console.log(`  footer debit ${report?.footer.debit} credit ${report?.footer.credit}; raw debit total ${rawDebit}`);
      if (
        mismatches.length ||
        report?.footer.debit !== report?.footer.credit ||
        raw.length !== fromReport.size ||
        dec(rawDebit) !== dec(report?.footer.debit) ||
        dec(rawDebit) !== dec(root?.debit) ||
        dec(rawNet) !== dec(income?.footer.expense)
      ) {
        throw new Error(`the reports and the raw GROUP BY disagree (${mismatches.length} accounts)`);
      }
      console.log(
        "  trial balance (opening, debit, credit per leaf; the expenses root's roll-up) and income statement agree with the raw GROUP BY",
      );
    }
  } finally {
    await cleanup();
  }
}
