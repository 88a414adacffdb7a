import { rateJumpMessage } from "@app/contracts";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/harness.js";

/**
 * A rate typed after the one the field held (1,310 then "1,480": 13,101,480) is asked about
 * before it is saved, and a mistaken rate can be corrected or removed; the documents it already
 * priced keep the rate they were booked with.
 */
let t: TestApp;
let iqdCash = 0;
let expenseType = 0;

const created = async (url: string, body: unknown) => {
  const res = await t.api("POST", url, { body });
  if (res.status !== 201) throw new Error(`${url}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data;
};
const q = async <T extends Record<string, unknown>>(query: ReturnType<typeof sql>) => (await t.database.db.execute<T>(query)).rows;
/** Everything a rate could have moved: the rates, the journal line by line, the account balances, the stock. */
const books = async () => ({
  rates: await q(sql`select rate_id, rate::text, in_rate::text, date from currency_rates order by rate_id`),
  lines: await q(
    sql`select line_id, account_id, debit::text, credit::text, rate::text, sys_debit::text, sys_credit::text from journal_lines order by line_id`,
  ),
  balances: await q(
    sql`select account_id, debit::text, credit::text, sys_debit::text, sys_credit::text from account_month_balances order by account_id, month`,
  ),
  stock: await q(sql`select item_fk, inventory_fk, qty::text from stock_balances order by item_fk, inventory_fk`),
});
const lastRate = async () =>
  (await t.api("GET", "/api/currency_rates/last_rate")).body.data as { rate_id: number; rate: string; in_rate: string };

beforeAll(async () => {
  t = await createTestApp();
  iqdCash = (await created("/api/cashes", { account_name: "RC Cash IQD", cash_type: 1, currency_id: 1 })).account_id;
  expenseType = (await created("/api/expense_types", { type_name: "RC Rent" })).type_id;
  await created("/api/incomes", {
    type_id: (await created("/api/income_types", { type_name: "RC Sales" })).type_id,
    account_id: iqdCash,
    currency_id: 1,
    amount: "5000000",
    payment_time: "09:00",
  });
});
afterAll(() => t?.close());

describe("a rate far from the rate before it", () => {
  it("is refused with both figures unless confirmed, and nothing changes; confirmed, it is saved", async () => {
    const before = await lastRate();
    expect(before.rate).toBe("1310.0000");
    const books0 = await books();

    const typed = await t.api("POST", "/api/currency_rates", { body: { rate: "13101480", in_rate: "1480" } });
    expect(typed.status).toBe(422);
    const msg = rateJumpMessage("13101480", "1310", "up");
    expect(msg).toBe("The rate 13101480 is more than 10 times the rate before it, 1310. Check the rate, or confirm it.");
    expect(typed.body.message).toBe(msg);
    expect(typed.body.errors).toEqual({ rate: [msg], confirmed: [msg] });
    expect(await books()).toEqual(books0);

    // A tenth or less of the rate before it, on the in-rate this time; and a past-dated rate alike.
    const low = await t.api("POST", "/api/currency_rates", { body: { rate: "1320", in_rate: "130" } });
    expect(low.status).toBe(422);
    expect(low.body.errors.in_rate).toEqual([rateJumpMessage("130", "1310", "down")]);
    const year = new Date().getFullYear();
    const past = await t.api("POST", "/api/currency_rates/store_past_date", {
      body: { rate: "131000", date: `${year}-01-02 10:00:00` },
    });
    expect(past.status).toBe(422);
    expect(past.body.errors.confirmed).toHaveLength(1);
    expect(await books()).toEqual(books0);

    // Within ten times either way passes without a question.
    const near = await t.api("POST", "/api/currency_rates", { body: { rate: "1480", in_rate: "1475" } });
    expect(near.status).toBe(201);

    const meant = await t.api("POST", "/api/currency_rates", { body: { rate: "14800", in_rate: "14800", confirmed: true } });
    expect(meant.status).toBe(201);
    expect((await lastRate()).rate).toBe("14800.0000");
    // Put right for the next test: the mistaken one removed.
    expect((await t.api("DELETE", `/api/currency_rates/${meant.body.data.rate_id}`)).status).toBe(200);
    expect((await lastRate()).rate).toBe("1480.0000");
  });
});

describe("correcting and removing a rate", () => {
  it("corrects a mistyped rate and removes one; booked documents keep the rate they were booked with", async () => {
    const prior = await lastRate();
    const wrong = await t.api("POST", "/api/currency_rates", { body: { rate: "1590", in_rate: "1590" } });
    expect(wrong.status).toBe(201);
    const id = wrong.body.data.rate_id as number;
    // A USD expense from the IQD cash, priced at the wrong rate while it was in force.
    // Dated at the end of today, after the rates this test makes whatever the hour it runs.
    const expense = await created("/api/expenses", {
      type_id: expenseType,
      account_id: iqdCash,
      currency_id: 2,
      amount: "10",
      payment_time: "23:59",
    });
    const lines = async () =>
      q(sql`select l.account_id, l.debit::text, l.credit::text, l.rate::text, l.sys_debit::text, l.sys_credit::text
              from journal_lines l join journal_entries e on e.entry_id = l.entry_id
             where e.source_type = 'expenses' and e.source_id = ${expense.id} order by l.line_id`);
    const booked = await lines();
    expect(booked.length).toBeGreaterThan(0);
    const cashBefore = await q(sql`select sum(debit - credit)::text b from journal_lines where account_id = ${iqdCash}`);

    const fixed = await t.api("PATCH", `/api/currency_rates/${id}`, { body: { rate: "1495", in_rate: "1490" } });
    expect(fixed.status).toBe(200);
    expect(fixed.body.data).toMatchObject({ rate_id: id, rate: "1495.0000", in_rate: "1490.0000" });
    expect(await lastRate()).toMatchObject({ rate_id: id, rate: "1495.0000", in_rate: "1490.0000" });
    // The form's way (POST with _method=PATCH) too.
    const form = await t.api("POST", `/api/currency_rates/${id}`, { body: { _method: "PATCH", rate: "1496" } });
    expect(form.status).toBe(200);
    expect(form.body.data).toMatchObject({ rate: "1496.0000", in_rate: "1496.0000" });

    const shown = await t.api("GET", `/api/expenses/${expense.id}`);
    expect(Number(shown.body.data.rate)).toBe(1590);
    expect(await lines()).toEqual(booked);
    // A document made now takes the corrected rate.
    const next = await created("/api/expenses", {
      type_id: expenseType,
      account_id: iqdCash,
      currency_id: 2,
      amount: "1",
      payment_time: "23:59",
    });
    expect(Number((await t.api("GET", `/api/expenses/${next.id}`)).body.data.rate)).toBe(1496);

    // A correction that jumps tenfold is asked about, and nothing changes until confirmed.
    const books0 = await books();
    const jump = await t.api("PATCH", `/api/currency_rates/${id}`, { body: { rate: "14960" } });
    expect(jump.status).toBe(422);
    expect(jump.body.errors.confirmed).toEqual([rateJumpMessage("14960", Number(prior.rate), "up")]);
    expect(await books()).toEqual(books0);
    const future = await t.api("PATCH", `/api/currency_rates/${id}`, { body: { rate: "1500", date: "2999-01-01 00:00:00" } });
    expect(future.status).toBe(422);
    expect(future.body.errors.date).toEqual(["The date must be a date before or equal to now."]);
    expect(await books()).toEqual(books0);

    const removed = await t.api("DELETE", `/api/currency_rates/${id}`);
    expect(removed.status).toBe(200);
    expect((await t.api("GET", `/api/currency_rates/${id}`)).status).toBe(404);
    expect((await lastRate()).rate).toBe(prior.rate);
    expect(await lines()).toEqual(booked);
    expect(Number((await t.api("GET", `/api/expenses/${expense.id}`)).body.data.rate)).toBe(1590);
    const cashAfter = await q(sql`select sum(debit - credit)::text b from journal_lines where account_id = ${iqdCash}`);
    // Only the later expense of 1 USD at 1,496 left the cash since.
    expect(Number(cashAfter[0]!.b)).toBe(Number(cashBefore[0]!.b) - 1496);
    const [tb] = await q<{ d: string; c: string }>(sql`select sum(sys_debit)::text d, sum(sys_credit)::text c from journal_lines`);
    expect(tb!.d).toBe(tb!.c);
  });

  it("checks the permissions of correction and removal", async () => {
    const rate = await created("/api/currency_rates", { rate: "1482" });
    const clerk = await t.userWith(["currency_rates/index", "currency_rates/show", "currency_rates/store"]);
    const books0 = await books();
    expect((await t.api("PATCH", `/api/currency_rates/${rate.rate_id}`, { token: clerk.token, body: { rate: "1483" } })).status).toBe(403);
    expect((await t.api("DELETE", `/api/currency_rates/${rate.rate_id}`, { token: clerk.token })).status).toBe(403);
    expect(await books()).toEqual(books0);
    const editor = await t.userWith(["currency_rates/update", "currency_rates/destroy"]);
    expect((await t.api("PATCH", `/api/currency_rates/${rate.rate_id}`, { token: editor.token, body: { rate: "1483" } })).status).toBe(200);
    expect((await t.api("DELETE", `/api/currency_rates/${rate.rate_id}`, { token: editor.token })).status).toBe(200);
    expect((await t.api("PATCH", "/api/currency_rates/999999", { body: { rate: "1483" } })).status).toBe(404);
  });
});
