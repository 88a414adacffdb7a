import { readFile } from "node:fs/promises";
import path from "node:path";
import { MSG } from "@app/contracts";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/harness.js";
import { MIGRATIONS_DIR } from "../../db/migrate.js";

let t: TestApp;

const created = async (url: string, body: unknown) => {
  const res = await t.api("POST", url, { body });
  if (res.status !== 201) throw new Error(`${url}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data;
};

interface LedgerRow {
  line_id: number;
  date: string;
  is_opening: boolean;
  source_type: string;
  source_no: string | null;
  description: string | null;
  account_code: string | null;
  debit: string;
  credit: string;
  balance: string;
  sys_balance: string;
}

const ledger = async (query: string, token?: string) => {
  const res = await t.api("GET", `/api/financial_reports/general_ledger?${query}`, { token });
  return res;
};

let cash: number;
let usd: number;
let incomeType: number;
let expenseType: number;

beforeAll(async () => {
  t = await createTestApp();
  await t.database.db.execute(sql`
    insert into financial_years (name, start_date, end_date)
    select '2025', '2025-01-01 00:00+03'::timestamptz, '2026-01-01 00:00+03'::timestamptz
     where not exists (select 1 from financial_years where start_date < '2026-01-01 00:00+03'::timestamptz
                                                     and end_date > '2025-01-01 00:00+03'::timestamptz)`);
  cash = (await created("/api/cashes", { account_name: "GL Safe", cash_type: 1, currency_id: 1 })).account_id;
  usd = (await created("/api/cashes", { account_name: "GL Bank USD", cash_type: 2, currency_id: 2, bank_name: "B", account_no: "7" }))
    .account_id;
  incomeType = (await created("/api/income_types", { type_name: "GL Commission" })).type_id;
  expenseType = (await created("/api/expense_types", { type_name: "GL Rent" })).type_id;
  const doc = { payment_time: "10:00" };
  await created("/api/incomes", { ...doc, type_id: incomeType, account_id: cash, currency_id: 1, amount: "500000", date: "2025-05-10" });
  await created("/api/incomes", { ...doc, type_id: incomeType, account_id: cash, currency_id: 1, amount: "200000", date: "2025-06-02" });
  await created("/api/expenses", { ...doc, type_id: expenseType, account_id: cash, currency_id: 1, amount: "150000", date: "2025-06-10" });
  await created("/api/incomes", {
    ...doc,
    type_id: incomeType,
    account_id: usd,
    currency_id: 2,
    rate: "1500",
    amount: "100",
    date: "2025-06-05",
  });
});
afterAll(() => t?.close());

describe("general ledger", () => {
  const june = "filter[date_filter]=DATE_PERIOD&filter[date_between]=2025-06-01,2025-06-30";

  it("starts with the balance before the period, then every line with the running balance", async () => {
    const res = await ledger(`account_id=${cash}&${june}&is_paginated=0`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const rows = res.body.data.data as LedgerRow[];
    expect(rows.map((r) => [r.is_opening, Number(r.debit), Number(r.credit), Number(r.balance)])).toEqual([
      [true, 500000, 0, 500000],
      [false, 200000, 0, 700000],
      [false, 0, 150000, 550000],
    ]);
    expect(rows[0]!.date.slice(0, 10)).toBe("2025-06-01");
    expect(rows[1]!.source_type).toBe("incomes");
    expect(rows[1]!.source_no).toMatch(/^INC-/);
    expect(rows[2]!.source_type).toBe("expenses");
    expect(rows[2]!.source_no).toMatch(/^EXP-/);
    const f = res.body.data.footer;
    expect([f.opening, f.debit, f.credit, f.closing].map(Number)).toEqual([500000, 200000, 150000, 550000]);
    // The closing balance is the cash account's own balance.
    const bal = (await t.api("GET", `/api/cash_balance_show?account_id=${cash}`)).body.data.balance;
    expect(Number(f.closing)).toBe(Number(bal));
  });

  it("pages keep the running balance of the whole period", async () => {
    const page2 = await ledger(`account_id=${cash}&${june}&per_page=2&page=2`);
    expect(page2.status).toBe(200);
    expect(page2.body.data.total).toBe(3);
    expect(page2.body.data.data.map((r: LedgerRow) => Number(r.balance))).toEqual([550000]);
  });

  it("a foreign account in its own currency, beside the system currency; a group in the system currency", async () => {
    const res = await ledger(`account_id=${usd}&${june}`);
    const rows = res.body.data.data as LedgerRow[];
    expect(rows.map((r) => [Number(r.debit), Number(r.balance), Number(r.sys_balance)])).toEqual([
      [0, 0, 0],
      [100, 100, 150000],
    ]);
    expect(res.body.data.footer.currency_name).toBe("USD");
    const group = (
      await t.database.db.execute<{ account_id: number }>(sql`select account_id from accounts where system_key = 'cash_and_banks'`)
    ).rows[0]!.account_id;
    const g = await ledger(`account_id=${group}&${june}&is_paginated=0`);
    expect(g.status).toBe(200);
    const gr = g.body.data.data as LedgerRow[];
    expect(gr[0]!.is_opening).toBe(true);
    // Every line of the subtree, each naming its account; dollars counted in dinars.
    expect(gr.some((r) => r.account_code !== null && Number(r.debit) === 150000)).toBe(true);
    expect(g.body.data.footer.is_group).toBe("1");
    expect(Number(gr[gr.length - 1]!.balance)).toBe(Number(g.body.data.footer.closing));
  });

  it("without a period: every line from the beginning, no opening row; exported as xlsx", async () => {
    const res = await ledger(`account_id=${cash}&is_paginated=0`);
    expect((res.body.data.data as LedgerRow[]).map((r) => Number(r.balance))).toEqual([500000, 700000, 550000]);
    const xlsx = await t.api("GET", `/api/financial_reports/general_ledger/export?account_id=${cash}&${june}`);
    expect(xlsx.status).toBe(200);
    expect(xlsx.raw.subarray(0, 2).toString()).toBe("PK");
  });

  it("asks for an account, answers 404 for an unknown one, and needs the trial balance's permission", async () => {
    const none = await ledger(june);
    expect(none.status).toBe(422);
    expect(none.body.message).toBe(MSG.selectItemForTransactions);
    expect((await ledger(`account_id=999999&${june}`)).status).toBe(404);
    const clerk = await t.userWith(["expenses/index"]);
    expect((await ledger(`account_id=${cash}`, clerk.token)).status).toBe(403);
    const accountant = await t.userWith(["financial_reports/trial_balance"]);
    expect((await ledger(`account_id=${cash}`, accountant.token)).status).toBe(200);
  });
});

describe("journal", () => {
  it("lists entries with their lines and documents, for those who may read the logs", async () => {
    const res = await t.api("GET", `/api/journal_entries?filter[account_id]=${cash}&sortColumn=date&sortDir=asc&per_page=50`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const rows = res.body.data.data as {
      source_type: string;
      source_no: string | null;
      amount: string;
      lines: { account_id: number; debit: string; credit: string; sys_debit: string; sys_credit: string }[];
    }[];
    expect(rows.map((r) => r.source_type)).toEqual(["incomes", "incomes", "expenses"]);
    for (const r of rows) {
      const dr = r.lines.reduce((s, l) => s + Number(l.sys_debit), 0);
      const cr = r.lines.reduce((s, l) => s + Number(l.sys_credit), 0);
      expect(dr).toBe(cr);
      expect(Number(r.amount)).toBe(dr);
      expect(r.lines.some((l) => l.account_id === cash)).toBe(true);
    }
    expect(rows[2]!.source_no).toMatch(/^EXP-/);
    const period = await t.api("GET", "/api/journal_entries?filter[date_between]=2025-06-05,2025-06-05");
    expect(period.body.data.data.map((r: { source_type: string }) => r.source_type)).toEqual(["incomes"]);

    const clerk = await t.userWith(["financial_reports/trial_balance"]);
    expect((await t.api("GET", "/api/journal_entries", { token: clerk.token })).status).toBe(403);
    const auditor = await t.userWith(["model_loges/expenses_log"]);
    expect((await t.api("GET", "/api/journal_entries", { token: auditor.token })).status).toBe(200);
    const bad = await t.api("GET", "/api/journal_entries?filter[account_id]=abc");
    expect(bad.status).toBe(422);
  });
});

describe("trial balance: the opening balance in the Opening columns", () => {
  it("counts the opening balance entered for the period as opening, not as the period's movement", async () => {
    const safe = (await created("/api/cashes", { account_name: "TB Opening Safe", cash_type: 1, currency_id: 1 })).account_id;
    const ob = await t.api("POST", "/api/opening_balance_update/1", {
      body: { date: "2025-01-01", cashes: [{ account_id: safe, amount: "900000" }] },
    });
    expect(ob.status, JSON.stringify(ob.body)).toBe(200);
    const tb = await t.api(
      "GET",
      "/api/financial_reports/trial_balance?is_paginated=0&filter[date_filter]=DATE_PERIOD&filter[date_between]=2025-01-01,2025-12-31",
    );
    const rows = tb.body.data.data as {
      account_name: string;
      opening_debit: string;
      opening_credit: string;
      debit: string;
      balance_debit: string;
    }[];
    const row = rows.find((r) => r.account_name === "TB Opening Safe")!;
    expect([row.opening_debit, row.debit, row.balance_debit].map(Number)).toEqual([900000, 0, 900000]);
    const equity = rows.find((r) => r.account_name === "Opening Balance Equity")!;
    expect(Number(equity.opening_credit)).toBeGreaterThanOrEqual(900000);
    expect(tb.body.data.footer.opening_debit).toBe(tb.body.data.footer.opening_credit);
    expect(tb.body.data.footer.debit).toBe(tb.body.data.footer.credit);
    // Saved again (reversal + new entry): still the opening, once.
    await t.api("POST", "/api/opening_balance_update/1", {
      body: { date: "2025-01-01", cashes: [{ account_id: safe, amount: "800000" }] },
    });
    const again = await t.api(
      "GET",
      "/api/financial_reports/trial_balance?is_paginated=0&filter[date_filter]=DATE_PERIOD&filter[date_between]=2025-01-01,2025-12-31",
    );
    const r2 = (again.body.data.data as typeof rows).find((r) => r.account_name === "TB Opening Safe")!;
    expect([r2.opening_debit, r2.debit, r2.balance_debit].map(Number)).toEqual([800000, 0, 800000]);
  });
});

describe("migration 0020: account codes follow the parent's pattern", () => {
  it("renumbers old codes like 11.24 after the siblings that fit, children with their parent, and keeps codes that fit", async () => {
    const file = await readFile(path.join(MIGRATIONS_DIR, "0020_account_codes_ledger_index.sql"), "utf8");
    const renumber = file.split("--> statement-breakpoint").find((s) => s.includes("DO $$"));
    expect(renumber).toBeDefined();
    const db = t.database.db;
    const parent = (
      await db.execute<{ account_id: number; code: string }>(sql`select account_id, code from accounts where system_key = 'cash_and_banks'`)
    ).rows[0]!;
    const fitting = (
      await db.execute<{ code: string }>(sql`select code from accounts where parent_id = ${parent.account_id} order by code`)
    ).rows.map((r) => r.code);
    const highest = Math.max(...fitting.map((c) => Number(c.slice(parent.code.length))));
    const insert = async (code: string, parentId: number) =>
      (
        await db.execute<{ account_id: number }>(
          sql`insert into accounts (code, account_name, parent_id, type, currency_id, is_group)
              values (${code}, ${`Old ${code}`}, ${parentId}, 'asset', 1, false) returning account_id`,
        )
      ).rows[0]!.account_id;
    const old1 = await insert("11.24", parent.account_id);
    const old2 = await insert("11.31", parent.account_id);
    const child = await insert("11.31.2", old2);
    const kept = await insert(`${parent.code}${String(highest + 5).padStart(2, "0")}`, parent.account_id);
    await db.execute(sql.raw(renumber!));
    const code = async (id: number) =>
      (await db.execute<{ code: string }>(sql`select code from accounts where account_id = ${id}`)).rows[0]!.code;
    const next = (n: number) => `${parent.code}${String(n).padStart(2, "0")}`;
    expect(await code(kept)).toBe(next(highest + 5));
    expect(await code(old1)).toBe(next(highest + 6));
    expect(await code(old2)).toBe(next(highest + 7));
    expect(await code(child)).toBe(`${next(highest + 7)}01`);
    // The seeded chart and the accounts made by the app already fit: nothing else moved.
    const before = fitting;
    const after = (
      await db.execute<{ code: string }>(
        sql`select code from accounts where parent_id = ${parent.account_id} and account_id not in (${old1}, ${old2}, ${kept}) order by code`,
      )
    ).rows.map((r) => r.code);
    expect(after).toEqual(before);
    const seeded = await db.execute<{ n: number }>(
      sql`select count(*)::int n from accounts where system_key is not null and code like '%.%'`,
    );
    expect(seeded.rows[0]!.n).toBe(0);
    // Running it again changes nothing.
    const all = async () => (await db.execute<{ code: string }>(sql`select code from accounts order by account_id`)).rows;
    const once = await all();
    await db.execute(sql.raw(renumber!));
    expect(await all()).toEqual(once);
  });
});
