import { sql } from "drizzle-orm";
import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/harness.js";

let t: TestApp;

const created = async (url: string, body: unknown) => {
  const res = await t.api("POST", url, { body });
  if (res.status !== 201) throw new Error(`${url}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data;
};

interface Row {
  account_id: number;
  account_name: string;
  level: number;
  is_group: boolean;
  parent_id: number | null;
  path: string[];
  opening_debit: string;
  opening_credit: string;
  debit: string;
  credit: string;
  balance_debit: string;
  balance_credit: string;
  debit_in_account_currency: string | null;
  credit_in_account_currency: string | null;
  compare_opening_debit?: string | null;
  compare_opening_credit?: string | null;
  compare_debit?: string | null;
  compare_credit?: string | null;
  compare_balance_debit?: string | null;
  compare_balance_credit?: string | null;
  compare_debit_in_account_currency?: string | null;
  compare_credit_in_account_currency?: string | null;
  difference?: string | null;
}

const report = async (query: string) => {
  const res = await t.api("GET", `/api/financial_reports/trial_balance?is_paginated=0&${query}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as { data: Row[]; footer: Record<string, string> };
};
/** The figures of a row as numbers: opening Dr/Cr, period Dr/Cr, closing Dr/Cr. */
const figures = (r: Row | undefined) =>
  r && [r.opening_debit, r.opening_credit, r.debit, r.credit, r.balance_debit, r.balance_credit].map(Number);
const byName = (rows: Row[], name: string) => rows.find((r) => r.account_name === name);

beforeAll(async () => {
  t = await createTestApp();
  // Documents are dated inside a financial year; the seed opens only the current one, and these
  // tests date documents in 2025 and 2026 whatever year it is.
  for (const year of [2025, 2026]) {
    await t.database.db.execute(sql`
      insert into financial_years (name, start_date, end_date)
      select ${String(year)}, ${`${year}-01-01 00:00+03`}::timestamptz, ${`${year + 1}-01-01 00:00+03`}::timestamptz
       where not exists (select 1 from financial_years where start_date < ${`${year + 1}-01-01 00:00+03`}::timestamptz
                                                       and end_date > ${`${year}-01-01 00:00+03`}::timestamptz)`);
  }
});
afterAll(() => t?.close());

describe("business days (TIME_ZONE, Asia/Baghdad by default)", () => {
  it("an expense at 01:00 local time on 1 April counts on 1 April, not on 31 March", async () => {
    const cash = (await created("/api/cashes", { account_name: "TZ Safe", cash_type: 1, currency_id: 1 })).account_id;
    const incomeType = (await created("/api/income_types", { type_name: "TZ Income" })).type_id;
    const expenseType = (await created("/api/expense_types", { type_name: "TZ Night Expense" })).type_id;
    await created("/api/incomes", {
      type_id: incomeType,
      account_id: cash,
      currency_id: 1,
      amount: "50000",
      date: "2026-03-01",
      payment_time: "10:00",
    });
    const exp = await created("/api/expenses", {
      type_id: expenseType,
      account_id: cash,
      currency_id: 1,
      amount: "7000",
      date: "2026-04-01",
      payment_time: "01:00",
    });
    // Stored as the instant 2026-03-31 22:00 UTC, shown back as the wall-clock time written.
    const show = await t.api("GET", `/api/expenses/${exp.id}`);
    expect(show.body.data.date).toBe("2026-04-01 01:00:00");
    const stored = await t.database.db.execute<{ at_utc: string; day: string }>(sql`
      select to_char(e.date at time zone 'UTC', 'YYYY-MM-DD HH24:MI') at_utc, to_char(b.day, 'YYYY-MM-DD') as day
        from expenses e join account_balances b on b.account_id = (select account_fk from expense_types where type_id = ${expenseType})
       where e.id = ${exp.id}`);
    expect(stored.rows).toEqual([{ at_utc: "2026-03-31 22:00", day: "2026-04-01" }]);

    const april = await report("filter[date_filter]=DATE_PERIOD&filter[date_between]=2026-04-01,2026-04-01");
    expect(figures(byName(april.data, "TZ Night Expense"))).toEqual([0, 0, 7000, 0, 7000, 0]);
    expect(april.footer.debit).toBe(april.footer.credit);
    const march31 = await report("filter[date_filter]=DATE_PERIOD&filter[date_between]=2026-03-31,2026-03-31");
    expect(byName(march31.data, "TZ Night Expense")).toBeUndefined();
    const shown = await report("filter[date_filter]=DATE_PERIOD&filter[date_between]=2026-03-31,2026-03-31&filter[hide_zero]=0");
    expect(figures(byName(shown.data, "TZ Night Expense"))).toEqual([0, 0, 0, 0, 0, 0]);
    // The expenses list filtered to 1 April finds it; filtered to 31 March, not.
    const list = async (day: string) =>
      (await t.api("GET", `/api/expenses?filter[date_between]=${day},${day}`)).body.data.data.map((r: { id: number }) => r.id);
    expect(await list("2026-04-01")).toContain(exp.id);
    expect(await list("2026-03-31")).not.toContain(exp.id);
  });
});

describe("trial balance as a tree", () => {
  // Assets > Cash and Banks > {TB Cash IQD, TB Bank USD}; Income > Other Incomes > TB Sales;
  // Expenses > Operating Expenses > {TB Rent, TB Fuel}. Opening in May, the period is June 2025.
  const period = "filter[date_filter]=DATE_PERIOD&filter[date_between]=2025-06-01,2025-06-30";
  beforeAll(async () => {
    const iqd = (await created("/api/cashes", { account_name: "TB Cash IQD", cash_type: 1, currency_id: 1 })).account_id;
    const usd = (
      await created("/api/cashes", { account_name: "TB Bank USD", cash_type: 2, currency_id: 2, bank_name: "B", account_no: "9" })
    ).account_id;
    const sales = (await created("/api/income_types", { type_name: "TB Sales" })).type_id;
    const rent = (await created("/api/expense_types", { type_name: "TB Rent" })).type_id;
    const fuel = (await created("/api/expense_types", { type_name: "TB Fuel" })).type_id;
    const doc = { payment_time: "12:00" };
    await created("/api/incomes", { ...doc, type_id: sales, account_id: iqd, currency_id: 1, amount: "450000", date: "2025-05-10" });
    await created("/api/incomes", {
      ...doc,
      type_id: sales,
      account_id: usd,
      currency_id: 2,
      rate: "1500",
      amount: "100",
      date: "2025-06-05",
    });
    await created("/api/expenses", { ...doc, type_id: rent, account_id: iqd, currency_id: 1, amount: "150000", date: "2025-06-10" });
    await created("/api/expenses", {
      ...doc,
      type_id: fuel,
      account_id: usd,
      currency_id: 2,
      rate: "1500",
      amount: "20",
      date: "2025-06-12",
    });
  });

  it("rolls the figures up to every group, in IQD (hand-checked)", async () => {
    const tb = await report(`${period}&currency_id=1`);
    const rows = tb.data;
    // Leaves: their own figures.
    expect(figures(byName(rows, "TB Cash IQD"))).toEqual([450000, 0, 0, 150000, 300000, 0]);
    expect(figures(byName(rows, "TB Bank USD"))).toEqual([0, 0, 150000, 30000, 120000, 0]);
    const bank = byName(rows, "TB Bank USD");
    expect([bank?.debit_in_account_currency, bank?.credit_in_account_currency].map(Number)).toEqual([100, 20]);
    expect(figures(byName(rows, "TB Sales"))).toEqual([0, 450000, 0, 150000, 0, 600000]);
    expect(figures(byName(rows, "TB Rent"))).toEqual([0, 0, 150000, 0, 150000, 0]);
    expect(figures(byName(rows, "TB Fuel"))).toEqual([0, 0, 30000, 0, 30000, 0]);
    // Groups: the sums of their subtrees.
    expect(figures(byName(rows, "Cash and Banks"))).toEqual([450000, 0, 150000, 180000, 420000, 0]);
    expect(figures(byName(rows, "Assets"))).toEqual([450000, 0, 150000, 180000, 420000, 0]);
    expect(figures(byName(rows, "Other Incomes"))).toEqual([0, 450000, 0, 150000, 0, 600000]);
    expect(figures(byName(rows, "Income"))).toEqual([0, 450000, 0, 150000, 0, 600000]);
    expect(figures(byName(rows, "Operating Expenses"))).toEqual([0, 0, 180000, 0, 180000, 0]);
    expect(figures(byName(rows, "Expenses"))).toEqual([0, 0, 180000, 0, 180000, 0]);
    expect(byName(rows, "Cash and Banks")).toMatchObject({ level: 2, is_group: true, debit_in_account_currency: null });
    expect(byName(rows, "Assets")).toMatchObject({ level: 1, is_group: true, parent_id: null, system_key: "assets" });
    expect(byName(rows, "TB Rent")).toMatchObject({ level: 3, is_group: false });
    // Zero accounts are hidden by default (Main Cash, Inventory, Liabilities, ...).
    expect(byName(rows, "Main Cash")).toBeUndefined();
    expect(byName(rows, "Liabilities")).toBeUndefined();
    // Tree order: each group directly before its subtree.
    const names = rows.map((r) => r.account_name);
    expect(names.slice(0, 4)).toEqual([
      "Assets",
      "Cash and Banks",
      ...["TB Cash IQD", "TB Bank USD"].sort((a, b) => names.indexOf(a) - names.indexOf(b)),
    ]);
    expect(names.indexOf("Operating Expenses")).toBe(names.indexOf("Expenses") + 1);
    // The footer counts each posting once (leaves only): debit = credit.
    expect(tb.footer).toMatchObject({
      opening_debit: "450000",
      opening_credit: "450000",
      debit: "330000",
      credit: "330000",
      balance_debit: "600000",
      balance_credit: "600000",
    });
  });

  it("beside a compared period: its opening, movements and closing, and the closing's change (hand-checked)", async () => {
    // June 2025 compared with May 2025, when only the 450,000 income was posted.
    const may = "filter[compare_date_between]=2025-05-01,2025-05-31";
    const tb = await report(`${period}&currency_id=1&${may}`);
    const compared = (r: Row | undefined) =>
      r &&
      [
        r.compare_opening_debit,
        r.compare_opening_credit,
        r.compare_debit,
        r.compare_credit,
        r.compare_balance_debit,
        r.compare_balance_credit,
      ].map(Number);
    const cash = byName(tb.data, "TB Cash IQD");
    // The period's own figures do not move.
    expect(figures(cash)).toEqual([450000, 0, 0, 150000, 300000, 0]);
    expect(compared(cash)).toEqual([0, 0, 450000, 0, 450000, 0]);
    expect(Number(cash?.difference)).toBe(-150000);
    expect([cash?.compare_debit_in_account_currency, cash?.compare_credit_in_account_currency].map(Number)).toEqual([450000, 0]);
    const bank = byName(tb.data, "TB Bank USD");
    expect(compared(bank)).toEqual([0, 0, 0, 0, 0, 0]);
    expect(Number(bank?.difference)).toBe(120000);
    expect(compared(byName(tb.data, "TB Sales"))).toEqual([0, 0, 0, 450000, 0, 450000]);
    expect(Number(byName(tb.data, "TB Sales")?.difference)).toBe(-150000);
    expect(Number(byName(tb.data, "TB Rent")?.difference)).toBe(150000);
    expect(Number(byName(tb.data, "TB Fuel")?.difference)).toBe(30000);
    // Groups roll the compared figures up too.
    expect(compared(byName(tb.data, "Cash and Banks"))).toEqual([0, 0, 450000, 0, 450000, 0]);
    expect(Number(byName(tb.data, "Cash and Banks")?.difference)).toBe(-30000);
    expect(byName(tb.data, "Cash and Banks")?.compare_debit_in_account_currency).toBeNull();
    expect(compared(byName(tb.data, "Expenses"))).toEqual([0, 0, 0, 0, 0, 0]);
    expect(tb.footer).toMatchObject({
      debit: "330000",
      credit: "330000",
      compare_opening_debit: "0",
      compare_opening_credit: "0",
      compare_debit: "450000",
      compare_credit: "450000",
      compare_balance_debit: "450000",
      compare_balance_credit: "450000",
      difference: "0",
      date_between: "2025-06-01,2025-06-30",
      compare_date_between: "2025-05-01,2025-05-31",
    });

    // At the top level alone the roots carry their subtrees' compared figures; the footer is unchanged.
    const top = await report(`${period}&currency_id=1&${may}&filter[depth]=1`);
    expect(compared(byName(top.data, "Assets"))).toEqual([0, 0, 450000, 0, 450000, 0]);
    expect(compared(byName(top.data, "Income"))).toEqual([0, 0, 0, 450000, 0, 450000]);
    expect(Number(byName(top.data, "Assets")?.difference)).toBe(-30000);
    expect(top.footer).toMatchObject({ compare_debit: "450000", compare_credit: "450000", compare_balance_credit: "450000" });

    // Compared with the first half of June: the 5 June income is in its movements, the rest in June's alone.
    const half = await report(`${period}&currency_id=2&rate=1500&filter[compare_date_between]=2025-06-01,2025-06-15`);
    expect(compared(byName(half.data, "TB Bank USD"))).toEqual([0, 0, 100, 20, 80, 0]);
    expect(compared(byName(half.data, "TB Cash IQD"))).toEqual([300, 0, 0, 100, 200, 0]);
    expect(Number(byName(half.data, "TB Cash IQD")?.difference)).toBe(0);
    expect(half.footer).toMatchObject({
      compare_opening_debit: "300",
      compare_debit: "220",
      compare_credit: "220",
      compare_balance_debit: "400",
    });

    // The xlsx in Arabic: the compared columns under their Arabic titles, the figures as numbers.
    const res = await t.api(
      "GET",
      `/api/financial_reports/trial_balance/export?${period}&currency_id=1&${may}&search=TB%20Cash%20IQD&headers=account_name,balance_debit,compare_debit,compare_balance_debit,difference`,
      { headers: { "accept-language": "ar" } },
    );
    expect(res.status).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.raw as unknown as ArrayBuffer);
    const ws = wb.worksheets[0]!;
    expect((ws.getRow(1).values as unknown[]).slice(1)).toEqual([
      "اسم الحساب",
      "الرصيد المدين",
      "المدين في فترة المقارنة",
      "الرصيد المدين في فترة المقارنة",
      "الفرق",
    ]);
    const line: unknown[] = [];
    ws.eachRow((r, n) => {
      if (n > 1 && r.getCell(1).value === "TB Cash IQD") line.push(...(r.values as unknown[]).slice(2));
    });
    expect(line).toEqual([300000, 450000, 450000, -150000]);

    // Without a compared period the columns are empty; a half-given one is refused in SPEC's words.
    const plain = await report(`${period}&currency_id=1`);
    expect(byName(plain.data, "TB Cash IQD")).toMatchObject({ compare_debit: null, difference: null });
    expect(plain.footer.compare_debit).toBeUndefined();
    const bad = await t.api("GET", "/api/financial_reports/trial_balance?filter[compare_date_between]=2025-05-01");
    expect(bad.status).toBe(422);
    expect(bad.body.errors["filter.compare_date_between"]).toEqual(["The compare period must be two dates in the format YYYY-MM-DD."]);
  });

  it("in USD at a stated rate, and limited to the top levels", async () => {
    const tb = await report(`${period}&currency_id=2&rate=1500`);
    expect(figures(byName(tb.data, "TB Cash IQD"))).toEqual([300, 0, 0, 100, 200, 0]);
    expect(figures(byName(tb.data, "Cash and Banks"))).toEqual([300, 0, 100, 120, 280, 0]);
    expect(figures(byName(tb.data, "Income"))).toEqual([0, 300, 0, 100, 0, 400]);
    expect(figures(byName(tb.data, "Expenses"))).toEqual([0, 0, 120, 0, 120, 0]);
    expect(tb.footer).toMatchObject({ opening_debit: "300", opening_credit: "300", debit: "220", credit: "220", balance_debit: "400" });

    // Depth 1: the roots only, each with its roll-up; the footer is unchanged.
    const top = await report(`${period}&currency_id=1&filter[depth]=1`);
    expect(top.data.map((r) => r.account_name)).toEqual(["Assets", "Income", "Expenses"]);
    expect(figures(byName(top.data, "Assets"))).toEqual([450000, 0, 150000, 180000, 420000, 0]);
    expect(top.footer).toMatchObject({ opening_debit: "450000", debit: "330000", credit: "330000", balance_credit: "600000" });
    const two = await report(`${period}&currency_id=1&filter[depth]=2`);
    expect(two.data.every((r) => r.level <= 2)).toBe(true);
    expect(two.footer).toMatchObject({ debit: "330000", credit: "330000", balance_debit: "600000", balance_credit: "600000" });

    // Every account of the chart when zero accounts are shown; a search keeps the ancestors.
    const all = await report(`${period}&currency_id=1&filter[hide_zero]=0`);
    expect(byName(all.data, "Main Cash")).toBeDefined();
    expect(all.footer.debit).toBe("330000");
    const found = await report(`${period}&currency_id=1&search=TB%20Rent`);
    expect(found.data.map((r) => r.account_name)).toEqual(["Expenses", "Operating Expenses", "TB Rent"]);

    for (const bad of ["filter[depth]=0", "filter[depth]=x", "filter[hide_zero]=maybe"]) {
      const res = await t.api("GET", `/api/financial_reports/trial_balance?${bad}`);
      expect(res.status).toBe(422);
    }
  });
});
