import { MSG } from "@app/contracts";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/harness.js";

let t: TestApp;
let iqdCash: number;
let usdCash: number;
let expenseType: number;
let customer: number;

const created = async (url: string, body: unknown) => {
  const res = await t.api("POST", url, { body });
  if (res.status !== 201) throw new Error(`${url}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data;
};
const count = async (table: string) =>
  Number((await t.database.db.execute<{ n: number }>(sql`select count(*)::int n from ${sql.identifier(table)}`)).rows[0]!.n);

beforeAll(async () => {
  t = await createTestApp();
  iqdCash = (await created("/api/cashes", { account_name: "DC Cash IQD", cash_type: 1, currency_id: 1 })).account_id;
  usdCash = (await created("/api/cashes", { account_name: "DC Cash USD", cash_type: 1, currency_id: 2 })).account_id;
  expenseType = (await created("/api/expense_types", { type_name: "DC Rent" })).type_id;
  customer = (await created("/api/customers", { consumer_name: "DC Customer" })).consumer_id;
  await created("/api/incomes", {
    type_id: (await created("/api/income_types", { type_name: "DC Sales" })).type_id,
    account_id: iqdCash,
    currency_id: 1,
    amount: "5000000",
    payment_time: "09:00",
  });
});
afterAll(() => t?.close());

describe("a document's date lies in an open financial year", () => {
  it("a date no financial year contains is refused with its reason, and nothing is saved", async () => {
    const before = await count("expenses");
    const res = await t.api("POST", "/api/expenses", {
      body: { type_id: expenseType, account_id: iqdCash, currency_id: 1, amount: "1000", date: "2001-01-01", payment_time: "10:00" },
    });
    expect(res.status).toBe(422);
    expect(res.body.message).toBe(MSG.noFinancialYear);
    expect(res.body.errors).toEqual({ date: [MSG.noFinancialYear] });
    expect(await count("expenses")).toBe(before);
  });

  it("a receipt dated outside every year is refused too", async () => {
    const res = await t.api("POST", "/api/customer_transactions", {
      body: { consumer_id: customer, account_id: iqdCash, currency_id: 1, amount: "10", date: "1999-03-01" },
    });
    expect(res.status).toBe(422);
    expect(res.body.message).toBe(MSG.noFinancialYear);
  });
});

describe("a foreign document carries its rate", () => {
  it("an expense in USD at rate 1 is refused while the out-rate is not 1", async () => {
    const res = await t.api("POST", "/api/expenses", {
      body: { type_id: expenseType, account_id: usdCash, currency_id: 2, rate: "1", amount: "150", payment_time: "10:00" },
    });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({ rate: [MSG.foreignRateRequired] });
  });

  it("without a rate it takes the out-rate in force; in the system currency rate 1 is fine", async () => {
    const usd = await created("/api/expenses", {
      type_id: expenseType,
      account_id: iqdCash,
      currency_id: 2,
      amount: "1",
      payment_time: "10:00",
    });
    const shown = await t.api("GET", `/api/expenses/${usd.id}`);
    expect(Number(shown.body.data.rate)).toBe(1310);
    await created("/api/expenses", {
      type_id: expenseType,
      account_id: iqdCash,
      currency_id: 1,
      rate: "1",
      amount: "10",
      payment_time: "10:00",
    });
  });

  it("a customer receipt in USD at rate 1 is refused against the in-rate", async () => {
    const res = await t.api("POST", "/api/customer_transactions", {
      body: { consumer_id: customer, account_id: usdCash, currency_id: 2, rate: "1", amount: "10" },
    });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({ rate: [MSG.foreignRateRequired] });
  });

  it("when the rate in force is 1, a foreign document may be at 1", async () => {
    // A rate of 1 is far below the rate before it: saved as meant, confirmed.
    const rate = await created("/api/currency_rates", { rate: "1", in_rate: "1", confirmed: true });
    // A rate takes effect at the moment it is saved: every rate a day earlier, in the same order,
    // so that today's last minute lies after this one whatever the hour the test runs (10:00 fell
    // before it from 10:00 Baghdad time on, and 23:59 during the day's last minute).
    await t.database.db.execute(sql`update currency_rates set date = date - interval '1 day'`);
    expect(rate.rate_id).toBeGreaterThan(0);
    const doc = await created("/api/expenses", {
      type_id: expenseType,
      account_id: iqdCash,
      currency_id: 2,
      rate: "1",
      amount: "3",
      payment_time: "23:59",
    });
    expect(doc.id).toBeGreaterThan(0);
  });
});

describe("list footers total each currency apart", () => {
  it("the expenses footer answers IQD and USD sums, not their mix", async () => {
    const res = await t.api("GET", "/api/expenses?per_page=1");
    const rows = (await t.api("GET", "/api/expenses?is_paginated=0")).body.data.data as { currency_id: number; amount: string }[];
    const sum = (c: number) => rows.filter((r) => r.currency_id === c).reduce((s, r) => s + Number(r.amount), 0);
    expect(Number(res.body.data.footer.amount_iqd)).toBe(sum(1));
    expect(Number(res.body.data.footer.amount_usd)).toBe(sum(2));
    expect(res.body.data.footer.amount).toBeUndefined();
  });
});

describe("account codes follow the chart's pattern", () => {
  it("accounts made under a parent number on from its code: 1101, 1102 ..., never 11.24", async () => {
    const codes = await t.database.db.execute<{ code: string; parent: string }>(sql`
      select a.code, p.code parent from accounts a join accounts p on p.account_id = a.parent_id
       where a.account_name in ('DC Cash IQD', 'DC Cash USD', 'DC Rent', 'DC Sales', 'DC Customer') or a.system_key = 'main_cash'
       order by a.account_id`);
    expect(codes.rows.length).toBeGreaterThanOrEqual(5);
    for (const r of codes.rows) expect(r.code).toMatch(new RegExp(`^${r.parent}\\d{2,}$`));
    const cash = codes.rows.filter((r) => r.parent === "11").map((r) => r.code);
    expect(cash).toEqual(["1101", "1102", "1103"]);
  });
});
