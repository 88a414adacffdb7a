import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/harness.js";

/**
 * Realized exchange differences, end to end through the API. Every expected figure is worked out
 * by hand in the comments (IQD per USD; system-currency amounts to 4 decimals).
 */
let t: TestApp;
let usdCash: number;
let iqdCash: number;
let incomeType: number;
let expenseType: number;

const created = async (url: string, body: unknown) => {
  const res = await t.api("POST", url, { body });
  if (res.status !== 201) throw new Error(`${url}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data;
};
/** Foreign and system-currency balance of an account, from its lines. */
const held = async (account: number) => {
  const r = await t.database.db.execute<{ n: string; s: string }>(
    sql`select coalesce(sum(debit - credit), 0)::text n, coalesce(sum(sys_debit - sys_credit), 0)::text s from journal_lines where account_id = ${account}`,
  );
  return [Number(r.rows[0]!.n), Number(r.rows[0]!.s)];
};
/** Exchange differences so far: gains positive. */
const exchangeGain = async () => {
  const r = await t.database.db.execute<{ g: string }>(
    sql`select coalesce(sum(l.sys_credit - l.sys_debit), 0)::text g from journal_lines l
         where l.account_id = (select account_id from accounts where system_key = 'exchange_diff')`,
  );
  return Number(r.rows[0]!.g);
};
const expectTrialBalanceZero = async () => {
  const tb = (await t.api("GET", "/api/financial_reports/trial_balance?per_page=1000")).body.data;
  expect(tb.footer.debit).toBe(tb.footer.credit);
  expect(tb.footer.balance_debit).toBe(tb.footer.balance_credit);
};

beforeAll(async () => {
  t = await createTestApp();
  usdCash = (await created("/api/cashes", { account_name: "Dollar box", cash_type: 1, currency_id: 2 })).account_id;
  iqdCash = (await created("/api/cashes", { account_name: "Dinar box", cash_type: 1, currency_id: 1 })).account_id;
  incomeType = (await created("/api/income_types", { type_name: "Sales of scrap" })).type_id;
  expenseType = (await created("/api/expense_types", { type_name: "Freight" })).type_id;
});
afterAll(() => t?.close());

describe("money leaves a USD account at its carrying value", () => {
  it("bought at 1,300, 1,500 and 1,317, spent at 1,460 and 1,450, sold at 1,380: the emptied box carries 0 IQD", async () => {
    const income = (amount: string, rate: string) =>
      created("/api/incomes", { type_id: incomeType, account_id: usdCash, currency_id: 2, amount, rate, payment_time: "09:00" });
    await income("100", "1300"); // 100 USD, 130,000
    await income("100", "1500"); // 200 USD, 280,000: 1,400 a dollar
    expect(await held(usdCash)).toEqual([200, 280000]);

    // 50 USD of freight at 1,460 costs 73,000; the dollars leave at 1,400 (70,000): 3,000 gained.
    await created("/api/expenses", {
      type_id: expenseType,
      account_id: usdCash,
      currency_id: 2,
      amount: "50",
      rate: "1460",
      payment_time: "10:00",
    });
    expect(await held(usdCash)).toEqual([150, 210000]);
    expect(await exchangeGain()).toBe(3000);

    // 33.333 USD at 1,317 = 43,899.561: 183.333 USD, 253,899.561
    await income("33.333", "1317");
    expect(await held(usdCash)).toEqual([183.333, 253899.561]);

    // A supplier paid 60 USD at 1,450: we owed 87,000; the 60 dollars leave at
    // 253,899.561 × 60 ÷ 183.333 = 83,094.55293… → 83,094.5529, so 3,905.4471 more is gained.
    const supplier = (await created("/api/suppliers", { consumer_name: "Dollar supplier" })).consumer_id;
    await created("/api/supplier_transactions", { consumer_id: supplier, account_id: usdCash, currency_id: 2, amount: "60", rate: "1450" });
    // 123.333 USD, 253,899.561 − 83,094.5529 = 170,805.0081
    expect(await held(usdCash)).toEqual([123.333, 170805.0081]);
    expect(await exchangeGain()).toBe(6905.4471);

    // The rest sold for dinars at 1,380: 123.333 × 1,380 = 170,199.54 IQD for what was carried at
    // 170,805.0081, a loss of 605.4681.
    await created("/api/cash_transactions", {
      from_account_id: usdCash,
      to_account_id: iqdCash,
      amount: "123.333",
      rate_in: "1380",
      rate_out: "1400",
    });
    expect(await held(usdCash)).toEqual([0, 0]);
    expect(await held(iqdCash)).toEqual([170199.54, 170199.54]);
    // 3,000 + 3,905.4471 − 605.4681; and the same as dinars in minus dinars out:
    // (130,000 + 150,000 + 43,899.561) − (73,000 + 87,000) − 170,199.54 = −6,299.979
    expect(await exchangeGain()).toBe(6299.979);
    await expectTrialBalanceZero();
  });

  it("deleting a purchase of dollars after some were spent keeps the emptied account at 0 IQD", async () => {
    const box = (await created("/api/cashes", { account_name: "Second dollar box", cash_type: 1, currency_id: 2 })).account_id;
    const before = await exchangeGain();
    const income = (amount: string, rate: string) =>
      created("/api/incomes", { type_id: incomeType, account_id: box, currency_id: 2, amount, rate, payment_time: "09:00" });
    await income("100", "1300");
    const second = await income("100", "1500"); // 200 USD, 280,000
    // 100 USD at 1,400 (carried 140,000 = spent 140,000): no difference
    await created("/api/expenses", {
      type_id: expenseType,
      account_id: box,
      currency_id: 2,
      amount: "100",
      rate: "1400",
      payment_time: "10:00",
    });
    expect(await held(box)).toEqual([100, 140000]);
    expect(await exchangeGain()).toBe(before);
    // The second purchase (100 USD booked at 150,000) is undone: the 100 USD leave at their
    // carrying 140,000 and the 10,000 left over is a realized gain.
    expect((await t.api("DELETE", `/api/incomes/${second.id}`)).status).toBe(200);
    expect(await held(box)).toEqual([0, 0]);
    expect(await exchangeGain()).toBe(before + 10000);
    await expectTrialBalanceZero();
  });
});

describe("customers' USD opening balances", () => {
  it("open at the in-rate and, paid at a better rate, realize the difference", async () => {
    const customer = (await created("/api/customers", { consumer_name: "Dollar customer" })).consumer_id;
    const before = await exchangeGain();
    const res = await t.api("POST", "/api/opening_balance_update/1", {
      body: { rate: "1310", in_rate: "1300", customers: [{ consumer_id: customer, currency_id: 2, amount: "100" }] },
    });
    expect(res.status).toBe(200);
    const c = await t.database.db.execute<{ account_usd_fk: number }>(
      sql`select account_usd_fk from consumers where consumer_id = ${customer}`,
    );
    const receivable = Number(c.rows[0]!.account_usd_fk);
    // 100 USD × 1,300 (the in-rate, not the out-rate 1,310)
    expect(await held(receivable)).toEqual([100, 130000]);
    // Paid at 1,320: 132,000 into the box for a debt carried at 130,000: 2,000 gained.
    await created("/api/customer_transactions", {
      consumer_id: customer,
      account_id: usdCash,
      currency_id: 2,
      amount: "100",
      rate: "1320",
    });
    expect(await held(receivable)).toEqual([0, 0]);
    expect(await exchangeGain()).toBe(before + 2000);
    await expectTrialBalanceZero();
  });
});

describe("exchange-rate revaluation", () => {
  const dayOffset = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
  it("restates USD accounts at the month-end rate for the day and reverses it the next day", async () => {
    // Yesterday is revalued; the documents are dated the day before.
    const day = dayOffset(-1);
    const before = dayOffset(-2);
    const box = (await created("/api/cashes", { account_name: "Revalued box", cash_type: 1, currency_id: 2 })).account_id;
    const supplier = (await created("/api/suppliers", { consumer_name: "Advance supplier" })).consumer_id;
    const income = (amount: string, rate: string) =>
      created("/api/incomes", { type_id: incomeType, account_id: box, currency_id: 2, amount, rate, date: before, payment_time: "09:00" });
    await income("100", "1300"); // 130,000
    await income("50", "1360"); // 68,000: 150 USD, 198,000 (1,320 a dollar)
    // 40 USD paid in advance at 1,400: the supplier's account holds 40 USD at 56,000; the dollars
    // left the box at 1,320 (52,800): box 110 USD, 145,200.
    await created("/api/supplier_transactions", {
      consumer_id: supplier,
      account_id: box,
      currency_id: 2,
      amount: "40",
      rate: "1400",
      date: before,
    });
    const c = await t.database.db.execute<{ account_usd_fk: number }>(
      sql`select account_usd_fk from consumers where consumer_id = ${supplier}`,
    );
    const advance = Number(c.rows[0]!.account_usd_fk);
    expect(await held(box)).toEqual([110, 145200]);
    expect(await held(advance)).toEqual([40, 56000]);

    const candidates = (await t.api("GET", "/api/exchange_revaluations/accounts")).body.message;
    expect(candidates.map((a: { account_id: number }) => a.account_id)).toEqual(expect.arrayContaining([box, advance]));
    expect(candidates.map((a: { account_id: number }) => a.account_id)).not.toContain(iqdCash);

    const gain = await exchangeGain();
    const res = await t.api("POST", "/api/exchange_revaluations", { body: { date: day, rate: "1450", account_ids: [box, advance] } });
    expect(res.status).toBe(201);
    // At 1,450: the box 110 × 1,450 = 159,500 (+14,300), the advance 40 × 1,450 = 58,000 (+2,000).
    const lines = Object.fromEntries(
      res.body.data.lines.map((l: { account_id: number; difference: string }) => [l.account_id, Number(l.difference)]),
    );
    expect(lines).toEqual({ [box]: 14300, [advance]: 2000 });
    const list = (await t.api("GET", "/api/exchange_revaluations")).body.data;
    expect(Number(list.data[0].difference)).toBe(16300);
    // Posted and reversed: nothing left today.
    expect(await exchangeGain()).toBe(gain);
    expect(await held(box)).toEqual([110, 145200]);
    // On the revaluation day the box shows its value at 1,450, from the next day its carrying value.
    const upTo = async (d: string) => {
      const r = await t.database.db.execute<{ s: string }>(
        sql`select coalesce(sum(sys_debit - sys_credit), 0)::text s from account_balances where account_id = ${box} and day <= ${d}::date`,
      );
      return Number(r.rows[0]!.s);
    };
    expect(await upTo(day)).toBe(159500);
    expect(await upTo(dayOffset(0))).toBe(145200);
    const tb = (await t.api("GET", `/api/financial_reports/trial_balance?per_page=1000&filter[date_between]=${day},${day}`)).body.data;
    expect(tb.footer.balance_debit).toBe(tb.footer.balance_credit);
    const row = tb.data.find((r: { account_id: number }) => r.account_id === box);
    expect(Number(row.balance_debit)).toBe(159500);

    // Spending the box today still goes at its carrying value: 110 USD leave at 145,200.
    await created("/api/expenses", {
      type_id: expenseType,
      account_id: box,
      currency_id: 2,
      amount: "110",
      rate: "1500",
      payment_time: "10:00",
    });
    expect(await held(box)).toEqual([0, 0]);
    await expectTrialBalanceZero();
  });

  it("refuses a system-currency account", async () => {
    const res = await t.api("POST", "/api/exchange_revaluations", { body: { date: dayOffset(-1), rate: "1450", account_ids: [iqdCash] } });
    expect(res.status).toBe(422);
    expect(res.body.errors.account_ids).toEqual(["The selected account is invalid."]);
  });
});
