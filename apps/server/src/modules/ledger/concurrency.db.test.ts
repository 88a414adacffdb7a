import { MSG } from "@app/contracts";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/harness.js";

/** Many clients posting from the same cash accounts at once, through the HTTP API. */
let t: TestApp;
const NO_BALANCE = new Set<string>([MSG.noEnoughBalanceIqd, MSG.noEnoughBalanceUsd]);

const created = async (url: string, body: unknown) => {
  const res = await t.api("POST", url, { body });
  if (res.status !== 201) throw new Error(`${url}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data;
};
const balanceOf = async (id: number) => (await t.api("GET", `/api/cash_balance_show?account_id=${id}`)).body.data.balance as string;
const expectTrialBalanceZero = async () => {
  const tb = (await t.api("GET", "/api/financial_reports/trial_balance?per_page=1000")).body.data;
  expect(tb.footer.debit).toBe(tb.footer.credit);
  expect(tb.footer.balance_debit).toBe(tb.footer.balance_credit);
  const raw = await t.database.db.execute<{ n: number }>(
    sql`select count(*)::int n from (select entry_id from journal_lines group by entry_id having sum(sys_debit) <> sum(sys_credit)) x`,
  );
  expect(raw.rows[0]!.n).toBe(0);
};

/** Every answer is a save or SPEC's "No Enough Balance": never a conflict, never a server error. */
function tally(results: { status: number; body: { message?: string } }[]) {
  const saved = results.filter((r) => r.status === 201).length;
  const refused = results.filter((r) => r.status === 422 && NO_BALANCE.has(r.body.message ?? "")).length;
  const other = results.filter((r) => r.status !== 201 && !(r.status === 422 && NO_BALANCE.has(r.body.message ?? "")));
  expect(other.map((r) => `${r.status} ${JSON.stringify(r.body)}`)).toEqual([]);
  return { saved, refused };
}

let incomeType = 0;
let expenseType = 0;

beforeAll(async () => {
  t = await createTestApp();
  incomeType = (await created("/api/income_types", { type_name: "Capital in" })).type_id;
  expenseType = (await created("/api/expense_types", { type_name: "Petty cash" })).type_id;
});
afterAll(() => t?.close());

describe("concurrent postings on PostgreSQL", () => {
  it("64 expenses at once against a cash account that covers exactly 20: 20 saved, 44 refused", async () => {
    const cash = (await created("/api/cashes", { account_name: "Busy till", cash_type: 1, currency_id: 1 })).account_id;
    await created("/api/incomes", { type_id: incomeType, account_id: cash, currency_id: 1, amount: "20000", payment_time: "08:00" });
    const results = await Promise.all(
      Array.from({ length: 64 }, (_, i) =>
        t.api("POST", "/api/expenses", {
          body: { type_id: expenseType, account_id: cash, currency_id: 1, amount: "1000", payment_time: "09:00", note: `#${i}` },
        }),
      ),
    );
    expect(tally(results)).toEqual({ saved: 20, refused: 44 });
    for (const r of results.filter((r) => r.status === 422)) expect(r.body.message).toBe(MSG.noEnoughBalanceIqd);
    expect(Number(await balanceOf(cash))).toBe(0);
    const docs = await t.database.db.execute<{ n: number }>(sql`select count(*)::int n from expenses where account_fk = ${cash}`);
    expect(docs.rows[0]!.n).toBe(20);
    await expectTrialBalanceZero();
  });

  it("expenses, transfers both ways and supplier payments on two accounts: every dinar accounted for", async () => {
    const a = (await created("/api/cashes", { account_name: "Till A", cash_type: 1, currency_id: 1 })).account_id;
    const b = (await created("/api/cashes", { account_name: "Till B", cash_type: 1, currency_id: 1 })).account_id;
    const supplier = (await created("/api/suppliers", { consumer_name: "Busy supplier" })).consumer_id;
    for (const cash of [a, b])
      await created("/api/incomes", { type_id: incomeType, account_id: cash, currency_id: 1, amount: "10000", payment_time: "08:00" });
    type Job = { url: string; body: Record<string, unknown>; out: number | null; into: number | null };
    const jobs: Job[] = [];
    for (let i = 0; i < 16; i++) {
      const [from, to] = i % 2 ? [a, b] : [b, a];
      jobs.push({
        url: "/api/expenses",
        body: { type_id: expenseType, account_id: from, currency_id: 1, amount: "1000", payment_time: "09:00" },
        out: from,
        into: null,
      });
      jobs.push({ url: "/api/cash_transactions", body: { from_account_id: from, to_account_id: to, amount: "1000" }, out: from, into: to });
      jobs.push({ url: "/api/cash_transactions", body: { from_account_id: to, to_account_id: from, amount: "1000" }, out: to, into: from });
      jobs.push({
        url: "/api/supplier_transactions",
        body: { consumer_id: supplier, account_id: to, currency_id: 1, amount: "1000" },
        out: to,
        into: null,
      });
    }
    const results = await Promise.all(jobs.map((j) => t.api("POST", j.url, { body: j.body })));
    const { saved, refused } = tally(results);
    expect(saved + refused).toBe(64);
    // The balances are exactly what the saved documents moved: no lost or doubled update.
    const expected = new Map([
      [a, 10000],
      [b, 10000],
    ]);
    let drained = 0;
    results.forEach((r, i) => {
      if (r.status !== 201) return;
      const j = jobs[i]!;
      expected.set(j.out!, expected.get(j.out!)! - 1000);
      if (j.into) expected.set(j.into, expected.get(j.into)! + 1000);
      else drained++;
    });
    expect(Number(await balanceOf(a))).toBe(expected.get(a));
    expect(Number(await balanceOf(b))).toBe(expected.get(b));
    // Whatever is left is spent one expense at a time: 20,000 pays exactly 20 expenses and
    // payments in all, and both tills end at 0.
    for (const cash of [a, b])
      for (;;) {
        const res = await t.api("POST", "/api/expenses", {
          body: { type_id: expenseType, account_id: cash, currency_id: 1, amount: "1000", payment_time: "18:00" },
        });
        if (res.status !== 201) {
          expect(res.body.message).toBe(MSG.noEnoughBalanceIqd);
          break;
        }
        drained++;
      }
    expect(drained).toBe(20);
    expect(Number(await balanceOf(a))).toBe(0);
    expect(Number(await balanceOf(b))).toBe(0);
    const owed = (await t.api("GET", `/api/reports/supplier_statements?per_page=1`)).body.data.footer;
    const payments = results.filter((r, i) => r.status === 201 && jobs[i]!.url === "/api/supplier_transactions").length;
    expect(Number(owed.balance_iqd)).toBe(-1000 * payments);
    await expectTrialBalanceZero();
  });
});
