import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/harness.js";

/**
 * The balance sheet at the end of a day: assets, liabilities and equity as the chart's tree, the
 * earnings of earlier years (retained) and of the day's year under equity, compared with another
 * day; assets = liabilities + equity in either currency.
 */
let t: TestApp;

const created = async (url: string, body: unknown) => {
  const res = await t.api("POST", url, { body });
  if (res.status !== 201) throw new Error(`${url}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data;
};

interface Row {
  account_id: number;
  code: string;
  account_name: string;
  system_key: string | null;
  type: string;
  level: number;
  parent_id: number | null;
  path: string[];
  amount: string;
  compare_amount: string | null;
  change: string | null;
}

const sheet = async (query: string) => {
  const res = await t.api("GET", `/api/financial_reports/balance_sheet?is_paginated=0&${query}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as { data: Row[]; footer: Record<string, string> };
};
const byKey = (rows: Row[], key: string) => rows.find((r) => r.system_key === key);
const byName = (rows: Row[], name: string) => rows.find((r) => r.account_name === name);

let cash = 0;
beforeAll(async () => {
  t = await createTestApp();
  for (const year of [2025, 2026]) {
    await t.database.db.execute(sql`
      insert into financial_years (name, start_date, end_date)
      select ${String(year)}, ${`${year}-01-01 00:00+03`}::timestamptz, ${`${year + 1}-01-01 00:00+03`}::timestamptz
       where not exists (select 1 from financial_years where start_date < ${`${year + 1}-01-01 00:00+03`}::timestamptz
                                                       and end_date > ${`${year}-01-01 00:00+03`}::timestamptz)`);
  }
  cash = (await created("/api/cashes", { account_name: "BS Safe", cash_type: 1, currency_id: 1 })).account_id;
  const incomeType = (await created("/api/income_types", { type_name: "BS Rent Income" })).type_id;
  const expenseType = (await created("/api/expense_types", { type_name: "BS Electricity" })).type_id;
  await created("/api/incomes", {
    type_id: incomeType,
    account_id: cash,
    currency_id: 1,
    amount: "100000",
    date: "2025-06-10",
    payment_time: "10:00",
  });
  await created("/api/expenses", {
    type_id: expenseType,
    account_id: cash,
    currency_id: 1,
    amount: "30000",
    date: "2026-03-01",
    payment_time: "10:00",
  });
});
afterAll(() => t?.close());

describe("the balance sheet", () => {
  it("shows the cash, the earnings of earlier years and of the year under equity, and balances", async () => {
    const s = await sheet("date=2026-03-15&compare_date=2025-12-31");
    const safe = byName(s.data, "BS Safe")!;
    expect([safe.amount, safe.compare_amount, safe.change].map(Number)).toEqual([70000, 100000, -30000]);
    const retained = byKey(s.data, "retained_earnings")!;
    const year = byKey(s.data, "year_earnings")!;
    expect([retained.amount, retained.compare_amount].map(Number)).toEqual([100000, 0]);
    expect([year.amount, year.compare_amount].map(Number)).toEqual([-30000, 100000]);
    // Under the equity root, after its accounts.
    const equity = byKey(s.data, "equity")!;
    expect(retained.parent_id).toBe(equity.account_id);
    expect(Number(equity.amount)).toBe(70000);
    expect(s.data.indexOf(retained)).toBeGreaterThan(s.data.indexOf(equity));
    // Income and expense accounts are not on it.
    expect(s.data.some((r) => r.type === "income" || r.type === "expense")).toBe(false);
    expect(s.footer.assets).toBe(s.footer.liabilities_and_equity);
    expect(Number(s.footer.assets)).toBe(70000);
    expect(Number(s.footer.compare_assets)).toBe(100000);
    expect(s.footer.compare_assets).toBe(s.footer.compare_liabilities_and_equity);
    expect(s.footer.date).toBe("2026-03-15");
  });

  it("in dollars at the day's rate, the totals converted once, still balanced", async () => {
    // The rate in force at the day's end.
    const atDay = await sheet("date=2026-03-15&currency_id=2");
    expect(Number(atDay.footer.assets)).toBe(Number((70000 / Number(atDay.footer.rate)).toFixed(3)));
    expect(atDay.footer.assets).toBe(atDay.footer.liabilities_and_equity);
    // Or the one asked for.
    const s = await sheet("date=2026-03-15&currency_id=2&rate=1500");
    expect(s.footer.rate).toBe("1500");
    expect(s.footer.assets).toBe("46.667");
    expect(s.footer.assets).toBe(s.footer.liabilities_and_equity);
    expect(byName(s.data, "BS Safe")!.amount).toBe("46.667");
  });

  it("before anything was posted it is empty of figures; zero rows show when asked", async () => {
    const s = await sheet("date=2024-12-31");
    expect(Number(s.footer.assets)).toBe(0);
    expect(byName(s.data, "BS Safe")).toBeUndefined();
    const all = await sheet("date=2024-12-31&filter[hide_zero]=0");
    expect(Number(byName(all.data, "BS Safe")!.amount)).toBe(0);
    expect(byKey(all.data, "liabilities")).toBeDefined();
  });

  it("the income statement beside another period: each account's figure in both, the net profit of each", async () => {
    const res = await t.api(
      "GET",
      "/api/financial_reports/income_statement?is_paginated=0&filter[date_between]=2026-01-01,2026-12-31&filter[compare_date_between]=2025-01-01,2025-12-31",
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const rows = res.body.data.data as {
      account_name: string;
      income: string;
      expense: string;
      compare_income: string;
      compare_expense: string;
    }[];
    const rent = rows.find((r) => r.account_name === "BS Rent Income")!;
    const power = rows.find((r) => r.account_name === "BS Electricity")!;
    expect([rent.income, rent.compare_income].map(Number)).toEqual([0, 100000]);
    expect([power.expense, power.compare_expense].map(Number)).toEqual([30000, 0]);
    const f = res.body.data.footer;
    expect([f.net_profit, f.compare_net_profit].map(Number)).toEqual([-30000, 100000]);
    expect(f.compare_date_between).toBe("2025-01-01,2025-12-31");
    const bad = await t.api("GET", "/api/financial_reports/income_statement?filter[compare_date_between]=2025-01-01");
    expect(bad.status).toBe(422);
    expect(bad.body.errors["filter.compare_date_between"]).toEqual(["The compare period must be two dates in the format YYYY-MM-DD."]);
  });

  it("answers 403 without its permission", async () => {
    const u = await t.userWith(["financial_reports/trial_balance"]);
    expect((await t.api("GET", "/api/financial_reports/balance_sheet", { token: u.token })).status).toBe(403);
  });

  it("refuses a date it cannot read, in words", async () => {
    const res = await t.api("GET", "/api/financial_reports/balance_sheet?date=15/03/2026");
    expect(res.status).toBe(422);
    expect(res.body.errors.date).toEqual(["The date must be a date in the format YYYY-MM-DD."]);
    const bad = await t.api("GET", "/api/financial_reports/balance_sheet?compare_date=2026-13-45");
    expect(bad.status).toBe(422);
  });

  it("exports as xlsx", async () => {
    const res = await t.api("GET", "/api/financial_reports/balance_sheet/export?date=2026-03-15&headers=code,account_name,amount");
    expect(res.status).toBe(200);
    expect(res.raw.subarray(0, 2).toString()).toBe("PK");
  });
});
