import { SALE_MSG } from "@app/contracts";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestApp } from "../../../test/harness.js";
import { stockInconsistencies } from "../stock/stock.fixture.js";
import { dbHelpers, salesFixture } from "./sales.fixture.js";

/**
 * The money rules of a sale as shop staff meet them: the walk-in customer never carries a balance
 * (a cash sale edited to more follows its total, anything that would leave him owing or owed is
 * refused with the books and stock as they were), USD documents change hands in cents, and the
 * overdue warning and the sales report count what returns put on account. Stock and prices as in
 * `salesFixture`: a box of Amoxicillin 30,000 IQD, a piece of soap 1,500 IQD taxed 10%.
 */
let t: TestApp;
let box = 0;
let piece = 0;
let amox = 0;
let soap = 0;
let customer = 0;
let usdTill = 0;
let walkIn = 0;
let mainCash = 0;

const { created, ok, q, balance, onHand } = dbHelpers(() => t);

/** Everything a refusal must leave as it was: the journal, the stock, the documents. */
const books = async () => {
  const [j] = await q<{ n: string; d: string; c: string }>(
    sql`select count(*)::text n, coalesce(sum(sys_debit), 0)::text d, coalesce(sum(sys_credit), 0)::text c from journal_lines`,
  );
  const [docs] = await q<{ s: string; r: string; t: string }>(sql`
    select (select count(*) from sales)::text s, (select count(*) from sale_returns)::text r,
           (select count(*) from consumer_transactions)::text t`);
  return { journal: j, docs, amox: await onHand(amox), soap: await onHand(soap) };
};
const balanced = async () => {
  const [tb] = await q<{ d: string; c: string }>(
    sql`select coalesce(sum(sys_debit),0)::text d, coalesce(sum(sys_credit),0)::text c from journal_lines`,
  );
  expect(tb!.d).toBe(tb!.c);
  expect(await stockInconsistencies(t.database.db)).toEqual([]);
};
/** What the walk-in customer owes (both currencies, system currency): always 0. */
const walkInBalance = async () => {
  const [r] = await q<{ b: string }>(sql`
    select coalesce(sum(b.sys_debit - b.sys_credit), 0)::text b from account_balances b
      join consumers c on b.account_id in (c.account_fk, c.account_usd_fk) where c.consumer_id = ${walkIn}`);
  return Number(r!.b);
};
const sale = (extra: Record<string, unknown> = {}) => ({
  date: "2026-11-21 10:00",
  inventory_fk: 1,
  currency_id: 1,
  discount_type: "item",
  payment_type: "Cash",
  account_fk: mainCash,
  lines: [{ item_fk: amox, unit_fk: box, quantity: "1" }],
  ...extra,
});
const refused = (res: { status: number; body: { errors?: Record<string, string[]> } }, field: string, message: string) => {
  expect(res.status).toBe(422);
  expect(res.body.errors?.[field]).toEqual([message]);
};

beforeAll(async () => {
  ({ t, box, piece, amox, soap, customer, usdTill } = await salesFixture());
  walkIn = Number((await q<{ id: number }>(sql`select consumer_id id from consumers where kind = 'customer' and is_default`))[0]!.id);
  mainCash = Number((await q<{ a: number }>(sql`select account_id a from accounts where system_key = 'main_cash'`))[0]!.a);
});
afterAll(() => t?.close());

describe("the walk-in customer never carries a balance", () => {
  let id = 0;

  it("a completed cash sale edited to a higher quantity: the stale paid amount is refused, the payment following the total is taken", async () => {
    const s = await created("/api/sales", sale());
    id = s.id;
    expect(s).toMatchObject({ consumer_fk: walkIn, total: "30000.000", paid_amount: "30000.000", remaining: "0.000" });
    await ok(`/api/sales/${id}/complete`);
    const cashBefore = await balance(mainCash);
    const before = await books();

    // What the form used to send: the quantity raised, the paid amount as it was.
    const stale = await t.api("PATCH", `/api/sales/${id}`, {
      body: sale({ paid_amount: "30000", lines: [{ item_fk: amox, unit_fk: box, quantity: "2" }] }),
    });
    refused(stale, "paid_amount", SALE_MSG.walkInPaysAll);
    expect(await books()).toEqual(before);
    expect((await t.api("GET", `/api/sales/${id}`)).body.data).toMatchObject({
      status: "complete",
      total: "30000.000",
      remaining: "0.000",
    });

    // The payment follows the total: paid 60,000, nothing left on anybody's account.
    const edited = await t.api("PATCH", `/api/sales/${id}`, {
      body: sale({ paid_amount: null, lines: [{ item_fk: amox, unit_fk: box, quantity: "2" }] }),
    });
    expect(edited.status).toBe(200);
    const after = (await t.api("GET", `/api/sales/${id}`)).body.data;
    expect(after).toMatchObject({ status: "complete", total: "60000.000", paid_amount: "60000.000", remaining: "0.000" });
    expect((await balance(mainCash)).sys - cashBefore.sys).toBe(30000);
    expect(before.amox - (await onHand(amox))).toBe(10);
    expect(await walkInBalance()).toBe(0);
    await balanced();
  });

  it("refuses a sale to him on account or part paid, and a named customer's sale edited onto him with something owed", async () => {
    const before = await books();
    refused(
      await t.api("POST", "/api/sales", { body: sale({ payment_type: "On Account", account_fk: null }) }),
      "payment_type",
      SALE_MSG.walkInPaysAll,
    );
    refused(await t.api("POST", "/api/sales", { body: sale({ paid_amount: "10000" }) }), "paid_amount", SALE_MSG.walkInPaysAll);
    expect(await books()).toEqual(before);

    const owed = await created("/api/sales", sale({ consumer_fk: customer, payment_type: "On Account", account_fk: null }));
    await ok(`/api/sales/${owed.id}/complete`);
    const mid = await books();
    const moved = await t.api("PATCH", `/api/sales/${owed.id}`, {
      body: sale({ consumer_fk: walkIn, payment_type: "On Account", account_fk: null }),
    });
    refused(moved, "payment_type", SALE_MSG.walkInPaysAll);
    expect(await books()).toEqual(mid);
    expect(await walkInBalance()).toBe(0);
    await balanced();
  });

  it("refuses a return of his on account (he is paid back in cash), books and stock unchanged", async () => {
    const shown = (await t.api("GET", `/api/sales/${id}`)).body.data;
    const line = shown.lines[0].line_id;
    const before = await books();
    const res = await t.api("POST", "/api/sale_returns", {
      body: {
        sale_fk: id,
        date: "2026-11-22 10:00",
        inventory_fk: 1,
        received_type: "On Account",
        lines: [{ sale_line_fk: line, quantity: "1" }],
      },
    });
    refused(res, "received_type", SALE_MSG.walkInNoBalance);
    // Without a sale either: the return names nobody, so the walk-in customer.
    const loose = await t.api("POST", "/api/sale_returns", {
      body: {
        date: "2026-11-22 10:00",
        inventory_fk: 1,
        currency_id: 1,
        received_type: "On Account",
        lines: [{ item_fk: soap, unit_fk: piece, quantity: "1", unit_price: "1500" }],
      },
    });
    refused(loose, "received_type", SALE_MSG.walkInNoBalance);
    expect(await books()).toEqual(before);

    const cash = await t.api("POST", "/api/sale_returns", {
      body: {
        sale_fk: id,
        date: "2026-11-22 10:00",
        inventory_fk: 1,
        received_type: "Cash",
        account_fk: mainCash,
        lines: [{ sale_line_fk: line, quantity: "1" }],
      },
    });
    expect(cash.status).toBe(201);
    expect((await onHand(amox)) - before.amox).toBe(10);
    expect(await walkInBalance()).toBe(0);
    await balanced();
  });

  it("refuses a receipt from him and an opening balance for him", async () => {
    const before = await books();
    const receipt = await t.api("POST", "/api/customer_transactions", {
      body: { consumer_id: walkIn, account_id: mainCash, currency_id: 1, amount: "5000", date: "2026-11-22 10:00" },
    });
    refused(receipt, "consumer_id", SALE_MSG.walkInNoBalance);
    const opening = await t.api("POST", "/api/opening_balance_update/1", {
      body: {
        cashes: [],
        customers: [
          { consumer_id: customer, currency_id: 1, amount: "1000" },
          { consumer_id: walkIn, currency_id: 1, amount: "1000" },
        ],
        suppliers: [],
      },
    });
    refused(opening, "customers.1.consumer_id", SALE_MSG.walkInNoBalance);
    expect(await books()).toEqual(before);
    expect(await walkInBalance()).toBe(0);
  });

  it("under many clients at once: every cash sale to him is taken, every sale on account refused, nothing owed", async () => {
    const before = await books();
    const cashBefore = await balance(mainCash);
    const soapLine = [{ item_fk: soap, unit_fk: piece, quantity: "1" }];
    const answers = await Promise.all(
      Array.from({ length: 16 }, (_, i) =>
        t.api("POST", "/api/sales", {
          body: sale(i % 2 ? { payment_type: "On Account", account_fk: null, lines: soapLine } : { lines: soapLine }),
        }),
      ),
    );
    expect(answers.filter((a) => a.status === 201)).toHaveLength(8);
    expect(answers.filter((a) => a.status === 422 && a.body.errors?.payment_type?.[0] === SALE_MSG.walkInPaysAll)).toHaveLength(8);
    const made = answers.filter((a) => a.status === 201).map((a) => a.body.data.id as number);
    const done = await Promise.all(made.map((x) => t.api("POST", `/api/sales/${x}/complete`, { body: {} })));
    expect(done.map((d) => d.status)).toEqual(made.map(() => 200));
    // Soap 1,500 + 10% tax = 1,650 a sale, all of it in the till.
    expect((await balance(mainCash)).sys - cashBefore.sys).toBe(8 * 1650);
    expect(before.soap - (await onHand(soap))).toBe(8);
    expect(await walkInBalance()).toBe(0);
    await balanced();
  });
});

describe("USD documents change hands in cents", () => {
  it("a total below the cent drops its fraction into the rounding discount; the payment is the cents", async () => {
    // A box: 30,000 IQD at 1,470 = 20.408 USD (the price function's 3 decimals): 20.40 due, 0.008 rounded.
    const s = await created("/api/sales", sale({ consumer_fk: customer, currency_id: 2, rate: "1470", account_fk: usdTill }));
    expect(s).toMatchObject({ total: "20.400", rounded_discount: "0.008", paid_amount: "20.400", remaining: "0.000" });
    await ok(`/api/sales/${s.id}/complete`);
    await balanced();
  });

  it("refuses a dollar payment in more than cents, saving nothing", async () => {
    const before = await books();
    const res = await t.api("POST", "/api/sales", {
      body: sale({ consumer_fk: customer, currency_id: 2, rate: "1470", account_fk: usdTill, paid_amount: "10.005" }),
    });
    refused(res, "paid_amount", "must be a number with at most 2 decimals");
    expect(await books()).toEqual(before);
  });
});

describe("what returns put on account counts as paid back", () => {
  let owing = 0;
  let first = 0;

  beforeAll(async () => {
    owing = (await created("/api/customers", { consumer_name: "Slow Payer", overdue_type: "all" })).consumer_id;
    const body = (date: string) =>
      sale({
        date,
        consumer_fk: owing,
        payment_type: "On Account",
        account_fk: null,
        lines: [
          { item_fk: amox, unit_fk: box, quantity: "1" },
          { item_fk: soap, unit_fk: piece, quantity: "5" },
        ],
      });
    first = (await created("/api/sales", body("2026-11-21 09:00"))).id;
    const second = (await created("/api/sales", body("2026-11-21 11:00"))).id;
    await ok(`/api/sales/${first}/complete`);
    await ok(`/api/sales/${second}/complete`);
  });

  it("the overdue warning: two invoices of 38,250 each, then one returned in full on account and a receipt", async () => {
    // 30,000 + 5 × 1,650 = 38,250 a sale.
    const info = async () => (await t.api("GET", `/api/sales/customer_info/${owing}`)).body.data;
    expect((await info()).warnings).toEqual([
      expect.stringMatching(/^The customer has 2 overdue invoices of 76,500 in all, the oldest \d+ days? old\.$/),
    ]);

    const lines = (await t.api("GET", `/api/sales/${first}`)).body.data.lines.map((l: { line_id: number; quantity: string }) => ({
      sale_line_fk: l.line_id,
      quantity: l.quantity,
    }));
    await created("/api/sale_returns", { sale_fk: first, date: "2026-11-22 10:00", inventory_fk: 1, received_type: "On Account", lines });
    expect((await info()).warnings).toEqual([
      expect.stringMatching(/^The customer has 1 overdue invoice of 38,250 in all, the oldest \d+ days? old\.$/),
    ]);

    // Paid 8,250 since: he owes 30,000, and the warning says no more than that.
    await created("/api/customer_transactions", {
      consumer_id: owing,
      account_id: mainCash,
      currency_id: 1,
      amount: "8250",
      date: "2026-11-22 11:00",
    });
    expect((await info()).warnings).toEqual([expect.stringMatching(/^The customer has 1 overdue invoice of 30,000 in all/)]);
    await balanced();
  });

  it("the sales report's Remaining takes the return on account off", async () => {
    const r = (
      await t.api(
        "GET",
        `/api/reports/sales?filter[date_filter]=DATE_PERIOD&filter[date_between]=2026-11-21,2026-11-23&customer_id=${owing}`,
      )
    ).body.data;
    expect(r.data.map((x: { doc: string; remaining: string }) => [x.doc, Number(x.remaining)])).toEqual(
      expect.arrayContaining([
        ["sale", 38250],
        ["sale", 38250],
        ["return", -38250],
      ]),
    );
    expect(Number(r.footer.remaining_iqd)).toBe(38250);
  });
});
