import { randomUUID } from "node:crypto";
import { drawerShortMessage, tenderExcessMessage } from "@app/contracts";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestApp } from "../../../test/harness.js";
import { type PosFixture, posFixture, posHelpers } from "./pos.fixture.js";

/**
 * Figures no customer hands over: cash a banknote or more above the bill (the cash field held the
 * bill's 189,500,000... when "5,000" was typed after it) is asked about, and change the drawer does
 * not hold is refused; a refusal leaves the books and the stock as they were. In-rate 1,480; a bill
 * of one tin of formula and one pack of tea is 30,000 IQD.
 */
let t: TestApp;
let cashier: PosFixture["cashier"];
let formula = 0;
let tea = 0;
let piece = 0;

const { q, balance, onHand, drawer, booksBalance } = posHelpers(
  () => t,
  () => cashier,
);

const bill = (extra: Record<string, unknown> = {}) => ({
  client_created_at: new Date().toISOString(),
  lines: [
    { item_fk: formula, unit_fk: piece, quantity: "1" },
    { item_fk: tea, unit_fk: piece, quantity: "1" },
  ],
  payments: [{ method: "cash", currency_id: 1, amount: "30000" }],
  ...extra,
});
const sell = (body: unknown, key: string = randomUUID()) =>
  t.api("POST", "/api/pos_sales", { token: cashier.token, body, headers: { "idempotency-key": key } });

/** The books line by line, every account's balance, the stock and the sales: what a refusal must leave as it was. */
const books = async () => ({
  lines: await q(
    sql`select line_id, account_id, debit::text, credit::text, sys_debit::text, sys_credit::text from journal_lines order by line_id`,
  ),
  balances: await q(sql`select account_id, month, debit::text, credit::text from account_month_balances order by account_id, month`),
  stock: await q(sql`select item_fk, inventory_fk, batch_fk, qty::text from stock_balances order by 1, 2, 3`),
  sales: await q(sql`select id from sales order by id`),
  keys: await q(sql`select key from idempotency_keys order by key`),
  formula: await onHand(formula),
});

beforeAll(async () => {
  ({ t, cashier, formula, tea, piece } = await posFixture({
    tea: "20",
    cashier: "till plausible",
    permissions: ["pos_sales/store", "pos_sales/show", "pos_sales/index"],
  }));
});
afterAll(() => t?.close());

describe("cash tendered far above the bill", () => {
  it("is refused with the figures unless confirmed, nothing booked; the same key confirmed books it", async () => {
    const books0 = await books();
    const key = randomUUID();
    const typed = bill({ payments: [{ method: "cash", currency_id: 1, amount: "189505000" }] });
    const res = await sell(typed, key);
    expect(res.status).toBe(422);
    const msg = tenderExcessMessage({ over: "189475000", currency_id: 1, note: "50000", note_currency_id: 1 });
    expect(msg).toBe("The cash tendered is 189475000 IQD more than the bill, a 50000 IQD note or more. Check the amount, or confirm it.");
    expect(res.body.message).toBe(msg);
    expect(res.body.errors).toEqual({ payments: [msg], confirmed: [msg] });
    expect(await books()).toEqual(books0);

    const iqd = await balance(await drawer(1));
    const ok = await sell({ ...typed, confirmed: true }, key);
    expect(ok.status).toBe(201);
    expect(ok.body.data.change).toMatchObject({ currency_id: 1, amount: "189475000", exact: "189475000" });
    expect((await balance(await drawer(1))).own - iqd.own).toBe(30000);
    expect(books0.formula - (await onHand(formula))).toBe(1);
    await booksBalance();
  });

  it("passes less than the largest note above the bill, per currency of the cash handed over", async () => {
    // 79,999 IQD for 30,000: 49,999 back, less than a 50,000 note.
    expect((await sell(bill({ payments: [{ method: "cash", currency_id: 1, amount: "79999" }] }))).status).toBe(201);
    const books0 = await books();
    const note = await sell(bill({ payments: [{ method: "cash", currency_id: 1, amount: "80000" }] }));
    expect(note.status).toBe(422);
    expect(note.body.errors.confirmed).toEqual([
      tenderExcessMessage({ over: "50000", currency_id: 1, note: "50000", note_currency_id: 1 }),
    ]);
    expect(await books()).toEqual(books0);
    // 100 USD (148,000 IQD) for 30,000: 118,000 back is less than the 100 USD note (79 USD back); 200 USD is not.
    const dollars = await sell(bill({ payments: [{ method: "cash", currency_id: 2, amount: "100" }], change_currency_id: 2 }));
    expect(dollars.status).toBe(201);
    expect(dollars.body.data.change).toMatchObject({ currency_id: 2, amount: "79" });
    const books1 = await books();
    const usd = await sell(bill({ payments: [{ method: "cash", currency_id: 2, amount: "200" }] }));
    expect(usd.status).toBe(422);
    expect(usd.body.errors.confirmed).toEqual([tenderExcessMessage({ over: "266000", currency_id: 1, note: "100", note_currency_id: 2 })]);
    expect(await books()).toEqual(books1);
    await booksBalance();
  });
});

describe("change the drawer cannot hold", () => {
  it("is refused in the cashier's words, nothing booked, even when confirmed", async () => {
    // The cashier's USD drawer holds what the bill of 100 USD above left in it: 100 less 79 back.
    const usdHolds = (await balance(await drawer(2))).own;
    expect(usdHolds).toBe(21);
    const books0 = await books();
    // 300,000 IQD for 30,000 with the change in dollars: 270,000 IQD = 182 USD, more than the drawer holds.
    const res = await sell(
      bill({ payments: [{ method: "cash", currency_id: 1, amount: "300000" }], change_currency_id: 2, confirmed: true }),
    );
    expect(res.status).toBe(422);
    const msg = drawerShortMessage(String(usdHolds), "182", 2);
    expect(res.body.errors).toEqual({ change_currency_id: [msg] });
    expect(res.body.message).toBe(msg);
    expect(await books()).toEqual(books0);
    // In dinars the same bill's change comes from the 300,000 just taken.
    const iqd = await sell(
      bill({ payments: [{ method: "cash", currency_id: 1, amount: "300000" }], change_currency_id: 1, confirmed: true }),
    );
    expect(iqd.status).toBe(201);
    expect(iqd.body.data.change).toMatchObject({ currency_id: 1, amount: "270000" });
    await booksBalance();
  });
});

describe("change from one drawer, many sales at once", () => {
  it("gives the change exactly as far as the drawer holds it; every other sale is refused and books nothing", async () => {
    // 21 USD for a bill of 30,000 (31,080 IQD): no whole dollar back, the drawer keeps the 21.
    for (let i = 0; i < 2; i++)
      expect((await sell(bill({ payments: [{ method: "cash", currency_id: 2, amount: "21" }], change_currency_id: 2 }))).status).toBe(201);
    const usd = await drawer(2);
    expect((await balance(usd)).own).toBe(63);
    const sold = await onHand(formula);
    // Five at once, each 79,000 IQD for 30,000 with the change in dollars: 49,000 IQD = 33 USD each.
    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        sell(bill({ payments: [{ method: "cash", currency_id: 1, amount: "79000" }], change_currency_id: 2 })),
      ),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([201, 422, 422, 422, 422]);
    for (const a of answers.filter((x) => x.status === 422)) expect(Object.keys(a.body.errors)).toHaveLength(1);
    expect((await balance(usd)).own).toBe(30);
    expect(sold - (await onHand(formula))).toBe(1);
    await booksBalance();
  });
});
