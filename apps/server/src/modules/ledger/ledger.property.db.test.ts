import { MSG } from "@app/contracts";
import { sql } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/harness.js";
import { businessTimeZone } from "../../platform/business-time.js";

/**
 * Random sequences of the accounting documents (create, change, delete, both currencies,
 * changing rates); after every step the ledger's invariants must hold.
 */
let t: TestApp;
const cash: number[] = [];
const customers: number[] = [];
const suppliers: number[] = [];
let expenseType = 0;
let incomeType = 0;
const docs: Record<string, number[]> = {
  incomes: [],
  expenses: [],
  cash_transactions: [],
  customer_transactions: [],
  supplier_transactions: [],
};

const NO_BALANCE = new Set<string>([MSG.noEnoughBalanceIqd, MSG.noEnoughBalanceUsd]);

beforeAll(async () => {
  t = await createTestApp();
  const make = async (url: string, body: unknown) => {
    const res = await t.api("POST", url, { body });
    if (res.status !== 201) throw new Error(JSON.stringify(res.body));
    return res.body.data;
  };
  cash.push((await make("/api/cashes", { account_name: "P IQD", cash_type: 1, currency_id: 1 })).account_id);
  cash.push((await make("/api/cashes", { account_name: "P USD", cash_type: 2, currency_id: 2 })).account_id);
  for (const n of [1, 2]) customers.push((await make("/api/customers", { consumer_name: `PC${n}` })).consumer_id);
  for (const n of [1, 2]) suppliers.push((await make("/api/suppliers", { consumer_name: `PS${n}` })).consumer_id);
  expenseType = (await make("/api/expense_types", { type_name: "P expense" })).type_id;
  incomeType = (await make("/api/income_types", { type_name: "P income" })).type_id;
});
afterAll(() => t?.close());

const cur = fc.constantFrom(1, 2);
const idx = fc.constantFrom(0, 1);
const rate = fc.integer({ min: 1200, max: 1600 }).map(String);
/** Amounts with up to 3 decimals, at least 1. */
const amount = fc.integer({ min: 1000, max: 3_000_000 }).map((n) => (n / 1000).toFixed(3));

const payload = {
  incomes: fc.record({ cash: idx, cur, amount, rate }).map((p) => ({ type_id: () => incomeType, ...p })),
  expenses: fc.record({ cash: idx, cur, amount, rate }).map((p) => ({ type_id: () => expenseType, ...p })),
  cash_transactions: fc.record({ from: idx, amount, rate }),
  customer_transactions: fc.record({ party: idx, cash: idx, cur, amount, rate }),
  supplier_transactions: fc.record({ party: idx, cash: idx, cur, amount, rate }),
};
type Kind = keyof typeof payload;
const KINDS = Object.keys(payload) as Kind[];

function body(kind: Kind, p: Record<string, unknown>) {
  const c = p as { cash: number; cur: number; amount: string; rate: string; from: number; party: number; type_id: () => number };
  switch (kind) {
    case "incomes":
    case "expenses":
      return { type_id: c.type_id(), account_id: cash[c.cash], currency_id: c.cur, amount: c.amount, rate: c.rate, payment_time: "10:00" };
    case "cash_transactions":
      return { from_account_id: cash[c.from], to_account_id: cash[1 - c.from], amount: c.amount, rate_in: c.rate, rate_out: c.rate };
    case "customer_transactions":
      return { consumer_id: customers[c.party], account_id: cash[c.cash], currency_id: c.cur, amount: c.amount, rate: c.rate };
    case "supplier_transactions":
      return { consumer_id: suppliers[c.party], account_id: cash[c.cash], currency_id: c.cur, amount: c.amount, rate: c.rate };
  }
}

const op = fc.oneof(
  ...KINDS.map((kind) => payload[kind].map((p) => ({ op: "create" as const, kind, p: p as Record<string, unknown> }))),
  ...KINDS.map((kind) =>
    fc.tuple(fc.nat(), payload[kind]).map(([n, p]) => ({ op: "update" as const, kind, n, p: p as Record<string, unknown> })),
  ),
  fc.record({ op: fc.constant("delete" as const), kind: fc.constantFrom(...KINDS), n: fc.nat() }),
  fc.record({ op: fc.constant("rate" as const), rate, in_rate: rate }),
  fc.record({
    op: fc.constant("opening" as const),
    iqd: fc.integer({ min: 0, max: 50_000_000 }),
    usd: fc.integer({ min: 0, max: 50_000 }),
    c: fc.integer({ min: -5000, max: 5000 }),
    s: fc.integer({ min: -5000, max: 5000 }),
  }),
);
type Op = typeof op extends fc.Arbitrary<infer T> ? T : never;

async function apply(o: Op) {
  const ok = (res: { status: number; body: { message?: string } }) => {
    if (res.status === 422 && NO_BALANCE.has(res.body.message ?? "")) return;
    expect([200, 201], JSON.stringify(res.body)).toContain(res.status);
  };
  if (o.op === "create") {
    const res = await t.api("POST", `/api/${o.kind}`, { body: body(o.kind, o.p) });
    ok(res);
    if (res.status === 201) docs[o.kind]!.push(res.body.data.id ?? res.body.data.transaction_id);
  } else if (o.op === "update") {
    const ids = docs[o.kind]!;
    if (!ids.length) return;
    ok(await t.api("POST", `/api/${o.kind}/${ids[o.n % ids.length]}`, { body: { _method: "PATCH", ...body(o.kind, o.p) } }));
  } else if (o.op === "delete") {
    const ids = docs[o.kind]!;
    if (!ids.length) return;
    const i = o.n % ids.length;
    const res = await t.api("DELETE", `/api/${o.kind}/${ids[i]}`);
    ok(res);
    if (res.status === 200) ids.splice(i, 1);
  } else if (o.op === "rate") {
    await t.database.db.execute(sql`insert into currency_rates (rate, in_rate, date) values (${o.rate}, ${o.in_rate}, now())`);
  } else {
    ok(
      await t.api("POST", "/api/opening_balance_update/1", {
        body: {
          cashes: [
            { account_id: cash[0], amount: String(o.iqd) },
            { account_id: cash[1], amount: String(o.usd) },
          ],
          customers: [{ consumer_id: customers[0], currency_id: 2, amount: String(o.c) }],
          suppliers: [{ consumer_id: suppliers[1], currency_id: 1, amount: String(o.s * 1000) }],
        },
      }),
    );
  }
}

async function rows<R extends Record<string, unknown>>(q: ReturnType<typeof sql>) {
  return (await t.database.db.execute<R>(q)).rows;
}

async function checkInvariants() {
  // Every entry balances in the system currency.
  expect(await rows(sql`select entry_id from journal_lines group by entry_id having sum(sys_debit) <> sum(sys_credit)`)).toEqual([]);
  // The trial balance balances.
  const tb = (await t.api("GET", "/api/financial_reports/trial_balance?per_page=1000")).body.data;
  expect(tb.footer.debit).toBe(tb.footer.credit);
  expect(tb.footer.balance_debit).toBe(tb.footer.balance_credit);
  // The per-day balances equal the lines, account by account.
  expect(
    await rows(sql`select coalesce(l.account_id, b.account_id) id from
      (select account_id, sum(debit - credit) n, sum(sys_debit - sys_credit) s from journal_lines group by account_id) l
      full join (select account_id, sum(debit - credit) n, sum(sys_debit - sys_credit) s from account_balances group by account_id) b on b.account_id = l.account_id
      where l.n is distinct from b.n or l.s is distinct from b.s`),
  ).toEqual([]);
  // The per-month balances equal the per-day balances and the lines, account by account and month.
  expect(
    await rows(sql`select coalesce(m.account_id, b.account_id, l.account_id) id, coalesce(m.month, b.month, l.month) as month from
      (select account_id, month, debit, credit, sys_debit, sys_credit from account_month_balances) m
      full join (select account_id, date_trunc('month', day)::date as month, sum(debit) debit, sum(credit) credit,
                        sum(sys_debit) sys_debit, sum(sys_credit) sys_credit
                   from account_balances group by 1, 2) b on b.account_id = m.account_id and b.month = m.month
      full join (select l.account_id, date_trunc('month', e.date at time zone ${businessTimeZone()})::date as month, sum(l.debit) debit, sum(l.credit) credit,
                        sum(l.sys_debit) sys_debit, sum(l.sys_credit) sys_credit
                   from journal_lines l join journal_entries e on e.entry_id = l.entry_id group by 1, 2) l
             on l.account_id = coalesce(m.account_id, b.account_id) and l.month = coalesce(m.month, b.month)
      where (m.debit, m.credit, m.sys_debit, m.sys_credit) is distinct from (b.debit, b.credit, b.sys_debit, b.sys_credit)
         or (m.debit, m.credit, m.sys_debit, m.sys_credit) is distinct from (l.debit, l.credit, l.sys_debit, l.sys_credit)`),
  ).toEqual([]);
  // Periods of whole and partial months, with an opening balance from months and days, give the
  // same trial balance as the per-day rows alone.
  const day = (n: number, base = Date.now()) => new Date(base + n * 86_400_000).toISOString().slice(0, 10);
  const monthStart = Date.parse(`${day(0).slice(0, 7)}-01T00:00:00Z`);
  const nextMonth = Date.parse(`${day(32, monthStart).slice(0, 7)}-01T00:00:00Z`);
  for (const [from, to] of [
    ["2020-01-17", day(1)],
    [day(0, nextMonth), day(14, nextMonth)],
    [day(0), day(40)],
    [day(-40), day(0)],
  ] as const) {
    const tb = (await t.api("GET", `/api/financial_reports/trial_balance?per_page=1000&filter[date_between]=${from},${to}`)).body.data;
    // The opening balance entered for the period counts as opening, not as the period's movement.
    const [days] = await rows<{ o: string; d: string; c: string; b: string }>(sql`
      select coalesce(sum(greatest(o, 0)), 0)::text o, coalesce(sum(d), 0)::text d, coalesce(sum(c), 0)::text c,
             coalesce(sum(greatest(o + d - c, 0)), 0)::text b
        from (select x.account_id, x.o + coalesce(ob.d - ob.c, 0) o, x.d - coalesce(ob.d, 0) d, x.c - coalesce(ob.c, 0) c
                from (select account_id, coalesce(sum(sys_debit - sys_credit) filter (where day < ${from}::date), 0) o,
                             coalesce(sum(sys_debit) filter (where day >= ${from}::date), 0) d,
                             coalesce(sum(sys_credit) filter (where day >= ${from}::date), 0) c
                        from account_balances where day <= ${to}::date group by account_id) x
                left join (select l.account_id, sum(l.sys_debit) d, sum(l.sys_credit) c
                             from journal_lines l join journal_entries e on e.entry_id = l.entry_id
                            where e.source_type = 'opening_balance'
                              and (e.date at time zone ${businessTimeZone()})::date between ${from}::date and ${to}::date
                            group by l.account_id) ob on ob.account_id = x.account_id) y`);
    expect([tb.footer.opening_debit, tb.footer.debit, tb.footer.credit, tb.footer.balance_debit].map(Number), `${from},${to}`).toEqual(
      [days!.o, days!.d, days!.c, days!.b].map(Number),
    );
  }
  // The balance sheet balances at any day, in either currency, and its assets are the asset
  // accounts' lines up to that day's end.
  for (const at of [day(0), day(-40), day(40)]) {
    for (const currency of ["", "&currency_id=2&rate=1450"]) {
      const bs = (await t.api("GET", `/api/financial_reports/balance_sheet?is_paginated=0&date=${at}${currency}`)).body.data;
      expect(bs.footer.assets, `balance sheet at ${at}${currency}`).toBe(bs.footer.liabilities_and_equity);
      if (currency) continue;
      const [raw] = await rows<{ a: string }>(sql`
        select coalesce(sum(l.sys_debit - l.sys_credit), 0)::text a
          from journal_lines l join journal_entries e on e.entry_id = l.entry_id join accounts a on a.account_id = l.account_id
         where a.type = 'asset' and (e.date at time zone ${businessTimeZone()})::date <= ${at}::date`);
      expect(Number(bs.footer.assets), `assets at ${at}`).toBe(Number(raw!.a));
    }
  }
  // Money leaves a foreign-currency account at its carrying value: holding no foreign money, it
  // carries no system-currency value either.
  expect(
    await rows(sql`select l.account_id from journal_lines l join accounts a on a.account_id = l.account_id
      where a.currency_id <> (select currency_fk from system_config where id = 1)
      group by l.account_id having sum(l.debit - l.credit) = 0 and sum(l.sys_debit - l.sys_credit) <> 0`),
  ).toEqual([]);
  // Each cash account: balance = its postings, never negative.
  for (const id of cash) {
    const shown = (await t.api("GET", `/api/cash_balance_show?account_id=${id}`)).body.data.balance as string;
    const [raw] = await rows<{ b: string }>(
      sql`select coalesce(sum(debit - credit), 0)::text b from journal_lines where account_id = ${id}`,
    );
    expect(Number(shown)).toBe(Number(raw!.b));
    expect(Number(shown)).toBeGreaterThanOrEqual(0);
  }
  // Party statements add up to their control accounts, per currency and in the system currency.
  for (const [kind, key, sign] of [
    ["customer", "receivables", 1],
    ["supplier", "payables", -1],
  ] as const) {
    const footer = (await t.api("GET", `/api/reports/${kind}_statements?per_page=1`)).body.data.footer;
    const [control] = await rows<{ iqd: string; usd: string; sys: string }>(sql`
      select coalesce(sum(l.debit - l.credit) filter (where a.currency_id = 1), 0)::text iqd,
             coalesce(sum(l.debit - l.credit) filter (where a.currency_id = 2), 0)::text usd,
             coalesce(sum(l.sys_debit - l.sys_credit), 0)::text sys
        from journal_lines l join accounts a on a.account_id = l.account_id
       where a.parent_id = (select account_id from accounts where system_key = ${key})`);
    // (+ 0 turns -0 into 0)
    expect(Number(footer.balance_iqd) + 0).toBe(sign * Number(control!.iqd) + 0);
    expect(Number(footer.balance_usd) + 0).toBe(sign * Number(control!.usd) + 0);
    expect(Number(footer.balance) + 0).toBe(sign * Number(control!.sys) + 0);
  }
}

it("keeps the ledger consistent under random documents", async () => {
  const runs = Number(process.env.PROPERTY_RUNS ?? 4);
  await fc.assert(
    fc.asyncProperty(fc.array(op, { minLength: 2, maxLength: 8 }), async (ops) => {
      for (const o of ops) {
        await apply(o);
        await checkInvariants();
      }
    }),
    { numRuns: runs, endOnFailure: true },
  );
});
