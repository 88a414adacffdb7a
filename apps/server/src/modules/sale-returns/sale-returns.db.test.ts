import { MSG, SALE_RETURN_MSG } from "@app/contracts";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEST_PASSWORD, type TestApp } from "../../../test/harness.js";
import { dbHelpers, type SalesFixture, salesFixture, stockUp } from "../sales/sales.fixture.js";
import { stockInconsistencies } from "../stock/stock.fixture.js";

/**
 * Sale returns through the API with hand-checked books. Stock: 20 boxes of Amoxicillin bought at
 * 15,000 IQD a box (1,500 a piece) and 100 pieces of soap at 600. A USD sale at the in-rate 1,500
 * with a 10% invoice discount, half paid into a USD till: 3 boxes at 20 USD (60, 6 off: 54) and
 * 20 soaps at 1 USD (20, 2 off: 18, 10% tax 1.8): 73.8 USD, 36.9 paid. Then part of it comes back.
 */
let t: TestApp;
let piece = 0;
let amox = 0;
let soap = 0;
let customer = 0;
let usdTill = 0;
let saleId = 0;
let amoxLine = 0;
let soapLine = 0;

const { created, ok, q, balance, onHand } = dbHelpers(() => t);
const usdReceivable = async () =>
  Number((await q<{ a: number }>(sql`select account_usd_fk a from consumers where consumer_id = ${customer}`))[0]!.a);
/** The trial balance's footer for the whole year: debit = credit. */
const trialBalance = async () => {
  const res = await t.api("GET", "/api/financial_reports/trial_balance?is_paginated=0&filter[date_filter]=THIS_YEAR");
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data.footer as Record<string, string>;
};
const saleReturn = (lines: unknown[], extra: Record<string, unknown> = {}) =>
  t.api("POST", "/api/sale_returns", {
    body: { sale_fk: saleId, date: "2026-11-22 11:00", inventory_fk: 1, received_type: "On Account", lines, ...extra },
  });

const mainCashId = async () =>
  Number((await q<{ a: number }>(sql`select account_id a from accounts where system_key = 'main_cash'`))[0]!.a);
/** An item sold by the piece at 30,000 IQD, 10 of them bought at 12,000 from a new supplier on 20 Nov 2026. */
const bottlesInStock = async (name: string, supplierName: string) => {
  const item = (
    await created("/api/items", { item_name: name, item_units: [{ unit_fk: piece, quantity: "1", price: "30000", is_base: true }] })
  ).item_id;
  const supplier = (await created("/api/suppliers", { consumer_name: supplierName })).consumer_id;
  await stockUp(t, supplier, [{ item_id: item, unit_id: piece, quantity: "10", unit_price: "12000" }], "2026-11-20 09:00");
  return item as number;
};
/** An active salesman of outlet 1 and inventory 1, earning a commission on revenue as `fields` say. */
const salesmanOf = async (userName: string, fields: Record<string, string>) =>
  (
    await created("/api/users", {
      user_name: userName,
      email: `${userName}@example.com`,
      outlet_fk: 1,
      status: "active",
      is_salesman: "true",
      commission_type: "revenue_commission",
      ...fields,
      permissions: ["sales/index"],
      inventory_ids: [1],
      new_password: TEST_PASSWORD,
      new_password_confirmation: TEST_PASSWORD,
    })
  ).user_id as number;

beforeAll(async () => {
  let saleBody: SalesFixture["saleBody"];
  ({ t, piece, amox, soap, customer, usdTill, saleBody } = await salesFixture());
  const s = await created("/api/sales", saleBody());
  saleId = s.id;
  expect(s).toMatchObject({ total: "73.800", paid_amount: "36.900" });
  await ok(`/api/sales/${saleId}/complete`);
  [amoxLine, soapLine] = s.lines.map((l: { line_id: number }) => l.line_id);
});
afterAll(() => t?.close());

describe("part of a half-cash USD sale with a percent invoice discount comes back", () => {
  it("before: what the sale posted (sales 120,000, discounts 12,000, tax 2,700, cost 57,000)", async () => {
    expect(await balance("sales")).toEqual({ own: -120000, sys: -120000 });
    expect(await balance("discounts")).toEqual({ own: 12000, sys: 12000 });
    expect(await balance("sales_tax")).toEqual({ own: -2700, sys: -2700 });
    expect(await balance("cogs")).toEqual({ own: 57000, sys: 57000 });
    const r = (await t.api("GET", `/api/sale_returns/returnable/${saleId}`)).body.data;
    expect(r.lines.map((l: Record<string, string>) => [l.sold, l.returned, l.returnable, l.net_unit_price])).toEqual([
      ["3", "0", "3", "18"],
      ["20", "0", "20", "0.99"],
    ]);
  });

  it("1 box and 5 soaps back on the customer's account: revenue, discount and tax in proportion, the goods at the cost they left with", async () => {
    const res = await saleReturn([
      { sale_line_fk: amoxLine, quantity: "1" },
      { sale_line_fk: soapLine, quantity: "5" },
    ]);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const r = res.body.data;
    // Amoxicillin 1 of 3: 20 revenue, 2 discount. Soap 5 of 20: 5 revenue, 0.5 discount, 0.45 tax.
    expect(r).toMatchObject({
      number: "SRT-000001",
      sale_number: expect.stringMatching(/^SAL-/),
      consumer_name: "Baghdad Pharmacy",
      currency_id: 2,
      rate: "1500.0000",
      received_type: "On Account",
      subtotal: "25.000",
      discount_amount: "2.500",
      tax_amount: "0.450",
      total: "22.950",
      // 10 pieces at 1,500 + 5 at 600.
      cost_total: "18000.0000",
    });
    expect(
      r.lines.map((l: Record<string, string>) => [l.quantity, l.revenue, l.discount_amount, l.tax_amount, l.line_total, l.cost]),
    ).toEqual([
      ["1.0000", "20.000", "2.000", "0.000", "18.000", "15000.0000"],
      ["5.0000", "5.000", "0.500", "0.450", "4.950", "3000.0000"],
    ]);
    expect(await onHand(amox)).toBe(180);
    expect(await onHand(soap)).toBe(85);
    // At 1,500: 25 × 1,500 = 37,500 back out of sales; 2.5 → 3,750 off the discounts; 0.45 → 675 off the tax.
    expect(await balance("sales_returns")).toEqual({ own: 37500, sys: 37500 });
    expect(await balance("discounts")).toEqual({ own: 8250, sys: 8250 });
    expect(await balance("sales_tax")).toEqual({ own: -2025, sys: -2025 });
    expect(await balance("cogs")).toEqual({ own: 39000, sys: 39000 });
    // 360,000 bought, 57,000 sold, 18,000 back.
    expect(await balance("inventory")).toEqual({ own: 321000, sys: 321000 });
    // 36.9 owed less 22.95 = 13.95 USD (20,925 IQD); the till keeps its 36.9.
    expect(await balance(await usdReceivable())).toEqual({ own: 13.95, sys: 20925 });
    expect(await balance(usdTill)).toEqual({ own: 36.9, sys: 55350 });
    expect(await balance("exchange_diff")).toEqual({ own: 0, sys: 0 });
    expect(await stockInconsistencies(t.database.db)).toEqual([]);
  });

  it("more than was sold less what came back is refused, naming the line; nothing is saved", async () => {
    const res = await saleReturn([{ sale_line_fk: amoxLine, quantity: "3" }]);
    expect(res.status).toBe(422);
    expect(res.body.errors["lines.0.quantity"]).toEqual([SALE_RETURN_MSG.moreThanSold]);
    // Two lines of the same sale line add up: 1 + 2 > 2 left.
    const split = await saleReturn([
      { sale_line_fk: amoxLine, quantity: "1" },
      { sale_line_fk: amoxLine, quantity: "2" },
    ]);
    expect(split.status).toBe(422);
    const other = await saleReturn([{ sale_line_fk: 999999, quantity: "1" }]);
    expect(other.status).toBe(422);
    expect(other.body.errors["lines.0.sale_line_fk"]).toEqual([SALE_RETURN_MSG.lineNotOfSale]);
    const cashless = await saleReturn([{ sale_line_fk: soapLine, quantity: "1" }], { received_type: "Cash" });
    expect(cashless.status).toBe(422);
    expect(cashless.body.errors.account_fk).toEqual([SALE_RETURN_MSG.cashAccountRequired]);
    expect((await q(sql`select 1 from sale_returns`)).length).toBe(1);
    expect(await onHand(amox)).toBe(180);
  });

  it("the sale is protected now: no edit, no return to draft, no delete", async () => {
    for (const res of [await t.api("POST", `/api/sales/${saleId}/return_to_draft`), await t.api("DELETE", `/api/sales/${saleId}`)]) {
      expect(res.status).toBe(422);
      expect(res.body.message).toBe(MSG.protectedDocument);
    }
  });

  it("the rest of the soap paid back in cash from the USD till: the last part takes what rounding left", async () => {
    const res = await saleReturn([{ sale_line_fk: soapLine, quantity: "15" }], { received_type: "Cash", account_fk: usdTill });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    // 20 − 5 revenue, 2 − 0.5 discount, 1.8 − 0.45 tax: 14.85 USD; 15 × 600 cost.
    expect(res.body.data).toMatchObject({ subtotal: "15.000", discount_amount: "1.500", tax_amount: "1.350", total: "14.850" });
    expect(res.body.data.cost_total).toBe("9000.0000");
    expect(await balance(usdTill)).toEqual({ own: 22.05, sys: 33075 });
    expect(await balance("sales_tax")).toEqual({ own: 0, sys: 0 });
    const left = (await t.api("GET", `/api/sale_returns/returnable/${saleId}`)).body.data.lines;
    expect(left.map((l: Record<string, string>) => l.returnable)).toEqual(["2", "0"]);
    const none = await saleReturn([{ sale_line_fk: soapLine, quantity: "1" }]);
    expect(none.status).toBe(422);
  });

  it("the customer's statement shows the return, linked to it; the trial balance is level", async () => {
    const st = await t.api("GET", `/api/customer_transactions/statement?consumer_id=${customer}`);
    expect(st.status).toBe(200);
    const line = st.body.data.data.find((r: { source_type: string }) => r.source_type === "sale_return");
    // Named by its number, as the sale's line is, so one return is told from another.
    const number = (await t.api("GET", `/api/sale_returns/${line.source_id}`)).body.data.number;
    expect(number).toMatch(/^SRT-\d+/);
    expect(line).toMatchObject({ description: `Sale return ${number} from Baghdad Pharmacy`, credit: "22.9500" });
    const ar = await t.api("GET", `/api/customer_transactions/statement?consumer_id=${customer}`, { headers: { "accept-language": "ar" } });
    expect(ar.body.data.data.find((r: { source_type: string }) => r.source_type === "sale_return").description).toBe(
      `مرتجع مبيعات ${number} من Baghdad Pharmacy`,
    );
    const tb = await trialBalance();
    expect(tb.debit).toBe(tb.credit);
    expect(tb.balance_debit).toBe(tb.balance_credit);
  });
});

describe("a return without a sale, edited and deleted", () => {
  let id = 0;

  // The walk-in customer carries no balance: he is paid back in cash.
  let mainCash = 0;

  it("2 soaps from the walk-in customer at the unit's price with its tax, back at the average cost", async () => {
    mainCash = await mainCashId();
    // Cash in the till to pay him back from.
    await created("/api/customer_transactions", {
      consumer_id: customer,
      account_id: mainCash,
      currency_id: 1,
      amount: "5000",
      date: "2026-11-23",
    });
    const res = await t.api("POST", "/api/sale_returns", {
      body: {
        date: "2026-11-23",
        inventory_fk: 1,
        currency_id: 1,
        received_type: "Cash",
        account_fk: mainCash,
        lines: [{ item_fk: soap, unit_fk: piece, quantity: "2" }],
      },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    id = res.body.data.id;
    // 2 × 1,500 = 3,000 and 10% tax; at 600 each.
    expect(res.body.data).toMatchObject({
      consumer_name: "Walk-in Customer",
      sale_fk: null,
      subtotal: "3000.000",
      tax_amount: "300.000",
      total: "3300.000",
    });
    expect(res.body.data.cost_total).toBe("1200.0000");
    expect(await onHand(soap)).toBe(102);
  });

  it("an edit takes the first back and books the new one; a delete leaves nothing", async () => {
    const res = await t.api("PATCH", `/api/sale_returns/${id}`, {
      body: {
        date: "2026-11-23",
        inventory_fk: 1,
        currency_id: 1,
        received_type: "Cash",
        account_fk: mainCash,
        lines: [{ item_fk: soap, unit_fk: piece, quantity: "1", unit_price: "1000" }],
      },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ subtotal: "1000.000", tax_amount: "100.000", total: "1100.000", cost_total: "600.0000" });
    expect(await onHand(soap)).toBe(101);
    expect((await t.api("DELETE", `/api/sale_returns/${id}`)).status).toBe(200);
    expect(await onHand(soap)).toBe(100);
    const live = await q<{ n: number }>(sql`
      select count(*)::int n from journal_entries e where e.source_type = 'sale_return' and e.source_id = ${id}
         and e.reversal_of is null and not exists (select 1 from journal_entries r where r.reversal_of = e.entry_id)`);
    expect(live[0]!.n).toBe(0);
    expect(await stockInconsistencies(t.database.db)).toEqual([]);
    const tb = await trialBalance();
    expect(tb.debit).toBe(tb.credit);
  });

  it("a closed return refuses changes until opened", async () => {
    const r = await saleReturn([{ sale_line_fk: amoxLine, quantity: "1" }]);
    expect(r.status).toBe(201);
    await ok(`/api/sale_returns/${r.body.data.id}/close`);
    // Refused to anyone who may not unclose (the super user may).
    const clerk = await t.userWith(["sale_returns/show", "sale_returns/destroy"], { inventory_ids: [1] });
    const refused = await t.api("DELETE", `/api/sale_returns/${r.body.data.id}`, { token: clerk.token });
    expect(refused.status).toBe(422);
    expect(refused.body.message).toBe(SALE_RETURN_MSG.closed);
    await ok(`/api/sale_returns/${r.body.data.id}/open`);
    expect((await t.api("DELETE", `/api/sale_returns/${r.body.data.id}`)).status).toBe(200);
  });
});

describe("a return from a salesman sale takes his commission back in proportion", () => {
  /**
   * Karim earns 2% of revenue (no quotas). He sells 3 bottles of Vitamin C at 30,000 IQD in cash:
   * revenue 90,000, commission 1,800 (Dr Salesman Commissions / Cr his payable). A bottle back is a
   * third of the net revenue: 600 back (Dr his payable / Cr Salesman Commissions); the return edited
   * to 2 bottles takes 1,200; deleted, nothing; all 3 back, all 1,800.
   */
  it("posts Dr payable / Cr commissions for the share returned, and follows edits and deletes", async () => {
    const vitamin = await bottlesInStock("Vitamin C", "Duhok Vitamins");
    const salesman = await salesmanOf("karim-returns", { sale_man_name: "Karim R", sale_man_commission_percentage: "2" });
    const mainCash = await mainCashId();
    const s = await created("/api/salesman_sales", {
      date: "2026-11-22 10:00",
      consumer_fk: customer,
      salesman_fk: salesman,
      inventory_fk: 1,
      currency_id: 1,
      payment_type: "Cash",
      account_fk: mainCash,
      lines: [{ item_fk: vitamin, unit_fk: piece, quantity: "3" }],
    });
    expect(await ok(`/api/salesman_sales/${s.id}/complete`)).toMatchObject({ commission_base: "90000.0000", commission: "1800.0000" });
    const line = s.lines[0].line_id;
    const payable = Number((await q<{ a: number }>(sql`select account_fk a from salesman_accounts where user_fk = ${salesman}`))[0]!.a);
    const commissions = (await balance("commissions")).sys;
    const earned = async () => ({ payable: (await balance(payable)).sys, expense: (await balance("commissions")).sys - commissions });
    expect(await earned()).toEqual({ payable: -1800, expense: 0 });

    const body = (quantity: string) => ({
      sale_fk: s.id,
      date: "2026-11-22 12:00",
      inventory_fk: 1,
      received_type: "Cash",
      account_fk: mainCash,
      lines: [{ sale_line_fk: line, quantity }],
    });
    // The commissions view: what the sale earned, what its returns took back, what is left.
    const view = async () => {
      const rows = (await t.api("GET", `/api/salesman_commissions?filter[salesman_id]=${salesman}`)).body.data.data;
      const row = rows.find((x: { id: number }) => x.id === s.id);
      return [Number(row.commission), Number(row.commission_returned), Number(row.commission_net)];
    };
    expect(await view()).toEqual([1800, 0, 1800]);
    const r = await t.api("POST", "/api/sale_returns", { body: body("1") });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    expect(await earned()).toEqual({ payable: -1200, expense: -600 });
    expect(await view()).toEqual([1800, 600, 1200]);
    const entry = await q<{ debit: string; credit: string; key: string | null; account_id: number }>(sql`
      select l.debit::text, l.credit::text, a.system_key as key, a.account_id from journal_lines l
        join journal_entries e on e.entry_id = l.entry_id join accounts a on a.account_id = l.account_id
       where e.source_type = 'sale_return' and e.source_id = ${r.body.data.id}
         and (a.system_key = 'commissions' or a.account_id = ${payable})
       order by l.debit desc`);
    expect(entry.map((l) => [l.key ?? Number(l.account_id), Number(l.debit), Number(l.credit)])).toEqual([
      [payable, 600, 0],
      ["commissions", 0, 600],
    ]);

    const edited = await t.api("PATCH", `/api/sale_returns/${r.body.data.id}`, { body: body("2") });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(await earned()).toEqual({ payable: -600, expense: -1200 });
    expect(await view()).toEqual([1800, 1200, 600]);
    expect((await t.api("DELETE", `/api/sale_returns/${r.body.data.id}`)).status).toBe(200);
    expect(await earned()).toEqual({ payable: -1800, expense: 0 });
    expect(await view()).toEqual([1800, 0, 1800]);

    // In two parts, 1 then 2: 600 + 1,200, all of it once everything is back.
    expect((await t.api("POST", "/api/sale_returns", { body: body("1") })).status).toBe(201);
    expect((await t.api("POST", "/api/sale_returns", { body: body("2") })).status).toBe(201);
    expect(await earned()).toEqual({ payable: 0, expense: -1800 });
    expect(await view()).toEqual([1800, 1800, 0]);
    const footer = (await t.api("GET", `/api/salesman_commissions?filter[salesman_id]=${salesman}`)).body.data.footer;
    expect([Number(footer.commission), Number(footer.commission_returned), Number(footer.commission_net)]).toEqual([1800, 1800, 0]);
    const tb = await trialBalance();
    expect(tb.debit).toBe(tb.credit);
  });

  /**
   * Dana earns 1% up to 100,000 a month, 2% up to 200,000 and 3% beyond. Her first sale, 5 bottles
   * at 30,000 (150,000), earns 1,000 + 1,000 = 2,000. Two bottles come back: that sale now counts
   * 90,000 towards the month. Her next sale of 2 bottles (60,000) starts there: 10,000 at 1% and
   * 50,000 at 2% = 1,100 (it would be 1,300 had the returned 60,000 still counted).
   */
  it("a return lowers the month's base for the salesman's later tiers", async () => {
    const zinc = await bottlesInStock("Zinc", "Zakho Minerals");
    const dana = await salesmanOf("dana-tiers", {
      sale_man_name: "Dana T",
      sale_man_commission_percentage: "1",
      sale_man_commission_percentage_1: "2",
      sale_man_commission_percentage_2: "3",
      sale_man_quota_1: "100000",
      sale_man_quota_2: "200000",
    });
    const mainCash = await mainCashId();
    const sale = async (bottles: string) => {
      const s = await created("/api/salesman_sales", {
        date: "2026-11-23 10:00",
        consumer_fk: customer,
        salesman_fk: dana,
        inventory_fk: 1,
        currency_id: 1,
        payment_type: "Cash",
        account_fk: mainCash,
        lines: [{ item_fk: zinc, unit_fk: piece, quantity: bottles }],
      });
      return { s, done: await ok(`/api/salesman_sales/${s.id}/complete`) };
    };
    const first = await sale("5");
    expect(first.done).toMatchObject({ commission_base: "150000.0000", commission: "2000.0000" });
    const back = await t.api("POST", "/api/sale_returns", {
      body: {
        sale_fk: first.s.id,
        date: "2026-11-23 12:00",
        inventory_fk: 1,
        received_type: "Cash",
        account_fk: mainCash,
        lines: [{ sale_line_fk: first.s.lines[0].line_id, quantity: "2" }],
      },
    });
    expect(back.status, JSON.stringify(back.body)).toBe(201);
    const second = await sale("2");
    expect(second.done).toMatchObject({ commission_base: "60000.0000", commission: "1100.0000" });
    const rows = (await t.api("GET", `/api/salesman_commissions?filter[salesman_id]=${dana}`)).body.data.data as Record<string, string>[];
    rows.sort((a, b) => Number(a.id) - Number(b.id));
    expect(
      rows.map((x: Record<string, string>) => [Number(x.commission), Number(x.commission_returned), Number(x.commission_net)]),
    ).toEqual([
      [2000, 800, 1200],
      [1100, 0, 1100],
    ]);
  });
});
