import { rateJumpMessage } from "@app/contracts";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestApp } from "../../../test/harness.js";
import { dbHelpers, salesFixture } from "../sales/sales.fixture.js";
import { stockInconsistencies } from "../stock/stock.fixture.js";

/**
 * A rate typed into a document more than ten times the rate in force (14,800,000 for 1,480), or
 * under a tenth of it, is asked about before anything is booked: 422 with the figures on the rate's
 * field and on `confirmed`, the books and the stock as they were. Sent again with `confirmed: true`
 * it is booked at that rate; a usual rate is booked without a question. The rate in force is the
 * seeded 1,310 (in and out).
 */
let t: TestApp;
let box = 0;
let amox = 0;
let supplier = 0;
let customer = 0;
let usdTill = 0;
let mainCash = 0;
let incomeType = 0;
let expenseType = 0;

const { created, q } = dbHelpers(() => t);

/** Everything a refusal must leave as it was: the journal, the stock, the documents. */
const books = async () => {
  const [j] = await q<{ n: string; d: string; c: string }>(
    sql`select count(*)::text n, coalesce(sum(sys_debit), 0)::text d, coalesce(sum(sys_credit), 0)::text c from journal_lines`,
  );
  const [docs] = await q<Record<string, string>>(sql`
    select (select count(*) from sales)::text sales, (select count(*) from purchases)::text purchases,
           (select count(*) from incomes)::text incomes, (select count(*) from expenses)::text expenses,
           (select count(*) from cash_transactions)::text transfers, (select count(*) from stock_movements)::text moves,
           (select count(*) from journal_entries)::text entries`);
  return { journal: j, docs: docs! };
};
const lastEntry = async () => Number((await q<{ n: number }>(sql`select coalesce(max(entry_id), 0)::int n from journal_entries`))[0]!.n);
/** The rates other than 1 the journal lines posted after entry `after` were converted at. */
const ratesSince = async (after: number) =>
  (
    await q<{ rate: string }>(sql`
      select distinct l.rate::text rate from journal_lines l where l.entry_id > ${after} and l.rate <> 1 order by 1`)
  ).map((r) => Number(r.rate));

/** A saved record's id, as its answer holds it. */
const idOf = (d: { id?: number; transaction_id?: number }) => Number(d.id ?? d.transaction_id);

const up = (rate: string) => rateJumpMessage(rate, "1310", "up");
const down = (rate: string) => rateJumpMessage(rate, "1310", "down");

/** Sends a document three ways: at a jumped rate (refused, nothing booked), confirmed (booked at it), at a usual rate (booked). */
async function asksAboutTheRate(opts: {
  url: string;
  body: (rate: string) => Record<string, unknown>;
  field?: string;
  jumped: string;
  message: string;
  shownRate: (id: number) => Promise<number>;
}) {
  const field = opts.field ?? "rate";
  const before = await books();
  const refused = await t.api("POST", opts.url, { body: opts.body(opts.jumped) });
  expect(refused.status).toBe(422);
  expect(refused.body.message).toBe(opts.message);
  expect(refused.body.errors).toEqual({ [field]: [opts.message], confirmed: [opts.message] });
  expect(await books()).toEqual(before);

  const after = await lastEntry();
  const meant = await created(opts.url, { ...opts.body(opts.jumped), confirmed: true });
  expect(await opts.shownRate(idOf(meant))).toBe(Number(opts.jumped));
  expect(await ratesSince(after)).toEqual([Number(opts.jumped)]);

  const usual = await lastEntry();
  const normal = await created(opts.url, opts.body("1480"));
  expect(await opts.shownRate(idOf(normal))).toBe(1480);
  expect(await ratesSince(usual)).toEqual([1480]);
}

const column =
  (table: string, id: string, col = "rate") =>
  async (n: number) =>
    Number(
      (
        await q<{ r: string }>(sql`select ${sql.identifier(col)}::text r from ${sql.identifier(table)} where ${sql.identifier(id)} = ${n}`)
      )[0]!.r,
    );

beforeAll(async () => {
  ({ t, box, amox, supplier, customer, usdTill } = await salesFixture());
  mainCash = Number((await q<{ a: number }>(sql`select account_id a from accounts where system_key = 'main_cash'`))[0]!.a);
  incomeType = (await created("/api/income_types", { type_name: "Rate Income" })).type_id;
  expenseType = (await created("/api/expense_types", { type_name: "Rate Expense" })).type_id;
  // Dollars in the till for the expenses and transfers: at the rate in force.
  await created("/api/incomes", { type_id: incomeType, account_id: usdTill, currency_id: 2, amount: "5000", payment_time: "09:00" });
});
afterAll(() => t?.close());

describe("a document's rate far from the rate in force is asked about", () => {
  it("a sale in USD at 14,800,000 for 1,480: refused, nothing booked or taken out of stock; confirmed, booked at it", async () => {
    await asksAboutTheRate({
      url: "/api/sales",
      body: (rate) => ({
        consumer_fk: customer,
        inventory_fk: 1,
        currency_id: 2,
        rate,
        discount_type: "item",
        payment_type: "On Account",
        // Priced in dollars: at the jumped rate the day's price in dinars would come to less than a cent.
        lines: [{ item_fk: amox, unit_fk: box, quantity: "1", unit_price: "20" }],
        complete: true,
      }),
      jumped: "14800000",
      message: up("14800000"),
      shownRate: column("sales", "id"),
    });
    expect(await stockInconsistencies(t.database.db)).toEqual([]);
  });

  it("a purchase in USD at a rate under a tenth of the out-rate (148): refused, no stock in; confirmed, booked at it", async () => {
    await asksAboutTheRate({
      url: "/api/purchases",
      body: (rate) => ({
        consumer_id: supplier,
        inventory_id: 1,
        currency_id: 2,
        rate,
        discount_type: "amount",
        payment_type: "On Account",
        lines: [{ item_id: amox, unit_id: box, quantity: "1", unit_price: "10" }],
        complete: true,
      }),
      jumped: "100",
      message: down("100"),
      shownRate: column("purchases", "id"),
    });
    expect(await stockInconsistencies(t.database.db)).toEqual([]);
  });

  it("an expense and an income in USD", async () => {
    await asksAboutTheRate({
      url: "/api/expenses",
      body: (rate) => ({ type_id: expenseType, account_id: usdTill, currency_id: 2, rate, amount: "10", payment_time: "11:00" }),
      jumped: "13101",
      message: up("13101"),
      shownRate: column("expenses", "id"),
    });
    await asksAboutTheRate({
      url: "/api/incomes",
      body: (rate) => ({ type_id: incomeType, account_id: usdTill, currency_id: 2, rate, amount: "10", payment_time: "11:00" }),
      jumped: "130",
      message: down("130"),
      shownRate: column("incomes", "id"),
    });
  });

  it("a cash transfer from dollars to dinars at an in-rate ten thousand times too high", async () => {
    const before = await books();
    const body = (rate_in: string) => ({ from_account_id: usdTill, to_account_id: mainCash, amount: "10", rate_in, rate_out: "1310" });
    await asksAboutTheRate({
      url: "/api/cash_transactions",
      body,
      field: "rate_in",
      jumped: "13100000",
      message: up("13100000"),
      shownRate: column("cash_transactions", "transaction_id"),
    });
    // 10 USD into main cash at the confirmed rate, then at the usual one.
    const [cash] = await q<{ b: string }>(
      sql`select coalesce(sum(debit - credit), 0)::text b from journal_lines l join journal_entries e using (entry_id)
           where l.account_id = ${mainCash} and e.source_type = 'cash_transaction'`,
    );
    expect(Number(cash!.b)).toBe(131_000_000 + 14_800);
    expect(Number((await books()).docs.transfers)).toBe(Number(before.docs.transfers) + 2);
  });

  it("a quotation (no posting) and the opening balances are asked about too", async () => {
    const quotation = (rate: string) => ({
      consumer_fk: customer,
      valid_until: "2099-12-31",
      currency_id: 2,
      rate,
      lines: [{ item_fk: amox, unit_fk: box, quantity: "1" }],
    });
    const before = await q<{ n: number }>(sql`select count(*)::int n from quotations`);
    const refused = await t.api("POST", "/api/quotations", { body: quotation("14800000") });
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toEqual({ rate: [up("14800000")], confirmed: [up("14800000")] });
    expect(await q<{ n: number }>(sql`select count(*)::int n from quotations`)).toEqual(before);
    const meant = await created("/api/quotations", { ...quotation("14800000"), confirmed: true });
    expect(await column("quotations", "id")(meant.id)).toBe(14800000);

    const opening = (extra: Record<string, unknown>) => ({ _method: "PATCH", cashes: [], customers: [], suppliers: [], ...extra });
    const shown = async () => (await t.api("GET", "/api/opening_balance_show/1")).body.data;
    const was = await shown();
    const wrong = await t.api("POST", "/api/opening_balance_update/1", { body: opening({ rate: "1310", in_rate: "130" }) });
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors).toEqual({ in_rate: [down("130")], confirmed: [down("130")] });
    expect(await shown()).toEqual(was);
    const saved = await t.api("POST", "/api/opening_balance_update/1", {
      body: opening({ rate: "1310", in_rate: "130", confirmed: true }),
    });
    expect(saved.status).toBe(200);
    expect((await shown()).payload).toMatchObject({ rate: "1310", in_rate: "130" });
  });

  it("a document without a rate takes the rate in force, and one in dinars carries 1: neither is asked about", async () => {
    const noRate = await created("/api/expenses", {
      type_id: expenseType,
      account_id: usdTill,
      currency_id: 2,
      amount: "1",
      payment_time: "11:00",
    });
    expect(await column("expenses", "id")(noRate.id)).toBe(1310);
    const mainIncome = await created("/api/incomes", {
      type_id: incomeType,
      account_id: mainCash,
      currency_id: 1,
      rate: "1",
      amount: "1000",
      payment_time: "11:00",
    });
    expect(await column("incomes", "id")(mainIncome.id)).toBe(1);
  });
});
