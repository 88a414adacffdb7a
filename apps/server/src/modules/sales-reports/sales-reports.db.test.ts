import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestApp } from "../../../test/harness.js";
import { dbHelpers, type SalesFixture, salesFixture } from "../sales/sales.fixture.js";

/**
 * The sales reports over sales and a return made through the API, figures checked by hand (system
 * currency IQD, 1,500 IQD per USD both ways). Bought: 20 boxes of Amoxicillin at 15,000 (1,500 a
 * piece) and 100 pieces of soap at 600. A promotion takes 10% off 10 or more pieces of soap.
 *
 * A (21 Nov, IQD, Baghdad Pharmacy, on account): 2 boxes at 30,000 and 10 soap at 1,500 less the
 *   promotion's 1,500: net 73,500, soap's 10% tax 1,350, total 74,850; cost 30,000 + 6,000.
 * B (22 Nov, USD at 1,500, Erbil Clinic, salesman Karim, on account): 1 box at 20 USD less a 10%
 *   invoice discount: 18 USD = 27,000; cost 15,000.
 * R (23 Nov): 1 box of A comes back on account: 30,000 of revenue and 15,000 of cost.
 */
let t: TestApp;
let piece = 0;
let box = 0;
let amox = 0;
let soap = 0;
let pharmacy = 0;
let clinic = 0;
let karim = 0;
let promotion = 0;
let category = 0;
let saleBody: SalesFixture["saleBody"];
const ids = { a: 0, b: 0, r: 0 };

const { created, ok } = dbHelpers(() => t);
const PERIOD = "filter[date_filter]=DATE_PERIOD&filter[date_between]=2026-11-20,2026-11-23";
const report = async (path: string, extra = "") => {
  const res = await t.api("GET", `/api/reports/${path}?${PERIOD}${extra}`);
  if (res.status !== 200) throw new Error(`${path}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data as { data: Record<string, unknown>[]; footer: Record<string, string>; total: number };
};
const num = (v: unknown) => Number(v);

beforeAll(async () => {
  ({
    t,
    piece,
    box,
    amox,
    soap,
    category,
    customer: pharmacy,
    saleBody,
  } = await salesFixture({
    rate: { rate: "1500", in_rate: "1500", date: "2026-11-01 08:00:00" },
    category: "Antibiotics",
  }));
  clinic = (await created("/api/customers", { consumer_name: "Erbil Clinic" })).consumer_id;
  karim = (await t.userWith(["sales/index"], { is_salesman: "true", sale_man_name: "Karim S", commission_type: "no_commission" })).user_id;
  promotion = (
    await created("/api/promotions", {
      title: "Soap week",
      customer_rule: "all",
      product_rule: "item",
      item_fk: soap,
      amount_rule_type: "quantity",
      rule_value: "10",
      reward_type: "get_discount",
      reward_value: "10",
      start_date: "2026-11-01",
      end_date: "2026-11-30",
    })
  ).promotion_id;
  const a = await created("/api/sales", {
    date: "2026-11-21 10:00",
    consumer_fk: pharmacy,
    inventory_fk: 1,
    currency_id: 1,
    rate: "1500",
    discount_type: "item",
    invoice_discount_type: "amount",
    invoice_discount: "0",
    payment_type: "On Account",
    paid_amount: "0",
    lines: [
      { item_fk: amox, unit_fk: box, quantity: "2" },
      { item_fk: soap, unit_fk: piece, quantity: "10" },
    ],
  });
  ids.a = a.id;
  await ok(`/api/sales/${a.id}/complete`);
  const b = await created(
    "/api/salesman_sales",
    saleBody({
      date: "2026-11-22 11:00",
      consumer_fk: clinic,
      salesman_fk: karim,
      account_fk: null,
      paid_amount: "0",
      lines: [{ item_fk: amox, unit_fk: box, quantity: "1" }],
    }),
  );
  ids.b = b.id;
  await ok(`/api/salesman_sales/${b.id}/complete`);
  const shown = (await t.api("GET", `/api/sales/${a.id}`)).body.data as { lines: { line_id: number; item_fk: number }[] };
  const amoxLine = shown.lines.find((l) => l.item_fk === amox)!.line_id;
  ids.r = (
    await created("/api/sale_returns", {
      sale_fk: a.id,
      date: "2026-11-23 12:00",
      inventory_fk: 1,
      received_type: "On Account",
      lines: [{ sale_line_fk: amoxLine, quantity: "1" }],
    })
  ).id;
});
afterAll(() => t?.close());

describe("sales reports", () => {
  it("lists the sales and the return of the period, the return negative, with totals per currency and the profit", async () => {
    const r = await report("sales", "&sortColumn=date&sortDir=asc");
    const rows = r.data.map((x) => [x.doc, x.id, x.sale_kind, x.consumer_name, x.salesman_name, num(x.net), num(x.tax), num(x.total)]);
    expect(rows).toEqual([
      ["sale", ids.a, "sale", "Baghdad Pharmacy", null, 73500, 1350, 74850],
      ["sale", ids.b, "salesman", "Erbil Clinic", expect.any(String), 18, 0, 18],
      ["return", ids.r, "return", "Baghdad Pharmacy", null, -30000, 0, -30000],
    ]);
    expect(r.data.map((x) => [num(x.discount), num(x.paid), num(x.remaining), num(x.revenue), num(x.cost), num(x.profit)])).toEqual([
      [1500, 0, 74850, 73500, 36000, 37500],
      [2, 0, 18, 27000, 15000, 12000],
      // The return put on account lowers what is still owed, not what was paid.
      [0, 0, -30000, -30000, -15000, -15000],
    ]);
    expect([num(r.footer.paid_iqd), num(r.footer.remaining_iqd)]).toEqual([0, 44850]);
    expect([num(r.footer.total_iqd), num(r.footer.total_usd), num(r.footer.net_iqd), num(r.footer.net_usd)]).toEqual([
      44850, 18, 43500, 18,
    ]);
    expect([num(r.footer.revenue), num(r.footer.cost), num(r.footer.profit)]).toEqual([70500, 36000, 34500]);
    // The same totals in the other currency, at the out-rate in force at the period's end.
    expect([num(r.footer.revenue_other), num(r.footer.profit_other), r.footer.other_currency_id]).toEqual([47, 23, "2"]);
  });

  it("narrows the sales by customer, salesman, item, category, inventory and period", async () => {
    const idsOf = async (extra: string) => (await report("sales", `${extra}&sortColumn=date&sortDir=asc`)).data.map((x) => x.id);
    expect(await idsOf(`&customer_id=${clinic}`)).toEqual([ids.b]);
    expect(await idsOf(`&salesman_id=${karim}`)).toEqual([ids.b]);
    expect(await idsOf(`&item_id=${soap}`)).toEqual([ids.a]);
    expect(await idsOf(`&category_id=${category}`)).toEqual([ids.a, ids.b, ids.r]);
    expect(await idsOf("&inventory_id=1")).toEqual([ids.a, ids.b, ids.r]);
    const day = await t.api("GET", "/api/reports/sales?filter[date_filter]=DATE_PERIOD&filter[date_between]=2026-11-21,2026-11-21");
    expect(day.body.data.data.map((x: { id: number }) => x.id)).toEqual([ids.a]);
    expect((await t.api("GET", `/api/reports/sales?${PERIOD}&customer_id=abc`)).status).toBe(422);
    expect((await t.api("GET", `/api/reports/sales?${PERIOD}&kind=wholesale`)).status).toBe(422);
  });

  it("gives each item's profit: revenue net of discounts and returns less the cost the goods left with", async () => {
    const r = await report("items_profit");
    const byItem = Object.fromEntries(
      r.data.map((x) => [
        x.item_name,
        [
          num(x.qty_sold),
          num(x.qty_returned),
          num(x.qty),
          num(x.sales),
          num(x.returns),
          num(x.net_revenue),
          num(x.cost),
          num(x.profit),
          num(x.margin),
        ],
      ]),
    );
    // Amoxicillin: 30 pieces sold, 10 back; 60,000 + 27,000 − 30,000; cost 45,000 − 15,000.
    expect(byItem["Amoxicillin 500"]).toEqual([30, 10, 20, 87000, 30000, 57000, 30000, 27000, 47.37]);
    expect(byItem["Olive Soap"]).toEqual([10, 0, 10, 13500, 0, 13500, 6000, 7500, 55.56]);
    expect(r.data[0]!.item_name).toBe("Amoxicillin 500");
    expect([num(r.footer.net_revenue), num(r.footer.cost), num(r.footer.profit)]).toEqual([70500, 36000, 34500]);
    expect([num(r.footer.net_revenue_other), num(r.footer.cost_other), num(r.footer.profit_other)]).toEqual([47, 24, 23]);
    const clinicOnly = await report("items_profit", `&customer_id=${clinic}`);
    expect(clinicOnly.data.map((x) => [x.item_name, num(x.net_revenue), num(x.cost)])).toEqual([["Amoxicillin 500", 27000, 15000]]);
  });

  it("agrees with the income statement: sales less discounts and returns less cost of goods sold", async () => {
    const income = await t.api("GET", `/api/financial_reports/income_statement?${PERIOD}`);
    expect(income.status).toBe(200);
    expect(num(income.body.data.footer.net_profit)).toBe(34500);
    const tb = (await t.api("GET", "/api/financial_reports/trial_balance?per_page=1000")).body.data;
    expect(tb.footer.debit).toBe(tb.footer.credit);
  });

  it("ranks the most active items by net quantity with the number of sales", async () => {
    const r = await report("most_active_items");
    expect(r.data.map((x) => [x.item_name, num(x.qty), x.sales_count, num(x.net_revenue)])).toEqual([
      ["Amoxicillin 500", 20, 2, 57000],
      ["Olive Soap", 10, 1, 13500],
    ]);
    expect(r.data[0]!.last_sold).toMatch(/^2026-11-22 /);
  });

  it("shows what each promotion gave in the period", async () => {
    const r = await report("promotions");
    const soapWeek = r.data.find((x) => x.promotion_id === promotion)!;
    expect([
      soapWeek.lines_count,
      soapWeek.sales_count,
      num(soapWeek.qty),
      num(soapWeek.free_qty),
      num(soapWeek.discount),
      num(soapWeek.revenue),
    ]).toEqual([1, 1, 10, 0, 1500, 13500]);
    expect(num(r.footer.discount)).toBe(1500);
    const other = await report("promotions", `&customer_id=${clinic}`);
    expect(num(other.data.find((x) => x.promotion_id === promotion)!.discount)).toBe(0);
  });

  it("names the sale and its return on the customer's statement", async () => {
    const res = await t.api("GET", `/api/customer_transactions/statement?consumer_id=${pharmacy}`);
    expect(res.status).toBe(200);
    const lines = res.body.data.data as { source_type: string; description: string }[];
    expect(lines.map((l) => l.source_type)).toEqual(expect.arrayContaining(["sale", "sale_return"]));
    const ar = await t.api("GET", `/api/customer_transactions/statement?consumer_id=${pharmacy}`, { headers: { "accept-language": "ar" } });
    const sale = (ar.body.data.data as { source_type: string; description: string }[]).find((l) => l.source_type === "sale")!;
    expect(sale.description).toMatch(/^مبيعات \S+ إلى Baghdad Pharmacy$/);
    // The journal names a sale by its number.
    const number = (await t.api("GET", `/api/sales/${ids.a}`)).body.data.number as string;
    const journal = await t.api("GET", "/api/journal_entries?filter[source_type]=sale&per_page=100");
    expect(journal.body.data.data.map((e: { source_no: string | null }) => e.source_no)).toContain(number);
  });

  it("needs each report's own permission", async () => {
    const reader = await t.userWith(["reports/sales"]);
    expect((await t.api("GET", `/api/reports/sales?${PERIOD}`, { token: reader.token })).status).toBe(200);
    expect((await t.api("GET", `/api/reports/items_profit?${PERIOD}`, { token: reader.token })).status).toBe(403);
    expect((await t.api("GET", "/api/reports/salesmen", { token: reader.token })).status).toBe(200);
    const xlsx = await t.api("GET", `/api/reports/items_profit/export?${PERIOD}`, { headers: { "accept-language": "ar" } });
    expect(xlsx.status).toBe(200);
    expect(String(xlsx.headers["content-type"])).toContain("spreadsheetml");
  });
});
