import { MSG } from "@app/contracts";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEST_PASSWORD, type TestApp } from "../../../test/harness.js";
import { stockInconsistencies } from "../stock/stock.fixture.js";
import { dbHelpers, type SalesFixture, salesFixture } from "./sales.fixture.js";

/**
 * Sales through the API with hand-checked books. Stock: 20 boxes of Amoxicillin at 15,000 IQD a
 * box (1,500 a piece) and 100 pieces of soap at 600, bought on account. Sale prices: a box
 * 30,000 IQD (20 USD at the in-rate 1,500), a piece of soap 1,500 IQD (1 USD), soap taxed 10%.
 */
let t: TestApp;
let piece = 0;
let box = 0;
let amox = 0;
let soap = 0;
let customer = 0;
let limited = 0;
let salesman = 0;
let usdTill = 0;
let mainCash = 0;
let saleBody: SalesFixture["saleBody"];

const { created, ok, q, balance, onHand } = dbHelpers(() => t);
const customerAccount = async (consumer: number, col: "account_fk" | "account_usd_fk") =>
  Number((await q<{ a: number }>(sql`select ${sql.identifier(col)} a from consumers where consumer_id = ${consumer}`))[0]!.a);
const entries = async (id: number) =>
  (
    await q<{ n: string }>(sql`select count(*)::text n from journal_entries where source_type = 'sale' and source_id = ${id}
                               and not exists (select 1 from journal_entries r where r.reversal_of = journal_entries.entry_id) and reversal_of is null`)
  )[0]!.n;

beforeAll(async () => {
  ({ t, piece, box, amox, soap, customer, usdTill, saleBody } = await salesFixture({
    customer: { mobile: "07501234567", address: "Karrada" },
  }));
  limited = (await created("/api/customers", { consumer_name: "Careful Clinic", allowed_debit_amount: "50000" })).consumer_id;
  mainCash = Number((await q<{ a: number }>(sql`select account_id a from accounts where system_key = 'main_cash'`))[0]!.a);
  salesman = (
    await created("/api/users", {
      user_name: "karim",
      user_full_name: "Karim Hassan",
      email: "karim@example.com",
      outlet_fk: 1,
      status: "active",
      is_salesman: "true",
      sale_man_name: "Karim S",
      commission_type: "revenue_commission",
      sale_man_commission_percentage: "1",
      sale_man_commission_percentage_1: "2",
      sale_man_commission_percentage_2: "3",
      sale_man_quota_1: "100000",
      sale_man_quota_2: "200000",
      permissions: ["sales/index"],
      inventory_ids: [1],
      new_password: TEST_PASSWORD,
      new_password_confirmation: TEST_PASSWORD,
    })
  ).user_id;
});
afterAll(() => t?.close());

describe("a USD sale at the in-rate with a 10% invoice discount, half paid in cash", () => {
  let id = 0;

  it("is saved as a draft priced by the price function, and moves nothing", async () => {
    const s = await created("/api/sales", saleBody());
    id = s.id;
    // 3 boxes × 20 USD + 20 × 1 USD = 80; 10% off each line: 54 + 18 = 72; tax 10% of 18 = 1.8; total 73.8.
    expect(s).toMatchObject({
      status: "draft",
      kind: "sale",
      gross: "80.000",
      subtotal: "72.000",
      discount_amount: "8.000",
      tax_amount: "1.800",
      total: "73.800",
      paid_amount: "36.900",
      remaining: "36.900",
      payment_status: "partially_paid",
      customer_mobile: "+9647501234567",
      customer_address: "Karrada",
    });
    expect(s.number).toMatch(/^SAL-\d{6}$/);
    expect(s.lines[0]).toMatchObject({ sale_price: "20.000", unit_price: "20.000", line_total: "54.000", discount_amount: "6.000" });
    expect(s.lines[1]).toMatchObject({ line_total: "18.000", tax_amount: "1.800" });
    expect(s.lines[1].steps.map((x: { step: string }) => x.step)).toEqual(["unit_price", "invoice_discount", "tax"]);
    expect(s.payments).toMatchObject([{ account_fk: usdTill, currency_id: 2, amount: "36.900" }]);
    expect(await q(sql`select 1 from stock_movements where source_type = 'sale' and source_id = ${id}`)).toEqual([]);
    expect(await entries(id)).toBe("0");
  });

  it("completes: the goods leave at average cost and the sale posts, together", async () => {
    const s = await ok(`/api/sales/${id}/complete`);
    expect(s.status).toBe("complete");
    // 30 pieces × 1,500 + 20 × 600 = 57,000 IQD.
    expect(s.cost_total).toBe("57000.0000");
    expect(await onHand(amox)).toBe(170);
    expect(await onHand(soap)).toBe(80);
    expect(await balance(usdTill)).toEqual({ own: 36.9, sys: 55350 });
    expect(await balance(await customerAccount(customer, "account_usd_fk"))).toEqual({ own: 36.9, sys: 55350 });
    expect(await balance("discounts")).toEqual({ own: 12000, sys: 12000 });
    expect(await balance("sales")).toEqual({ own: -120000, sys: -120000 });
    expect(await balance("sales_tax")).toEqual({ own: -2700, sys: -2700 });
    expect(await balance("cogs")).toEqual({ own: 57000, sys: 57000 });
    // 300,000 + 60,000 bought, 57,000 sold.
    expect(await balance("inventory")).toEqual({ own: 303000, sys: 303000 });
    expect(await balance("exchange_diff")).toEqual({ own: 0, sys: 0 });
    expect(await entries(id)).toBe("1");
    expect(await stockInconsistencies(t.database.db)).toEqual([]);
  });

  it("a changed complete sale reverses and reposts its stock and its entry", async () => {
    // 1 box: 20 USD less 10% = 18; the 36.9 paid before is more than that and is refused; 9 is paid.
    const bad = await t.api("PATCH", `/api/sales/${id}`, { body: saleBody({ lines: [{ item_fk: amox, unit_fk: box, quantity: "1" }] }) });
    expect(bad.status).toBe(422);
    expect(bad.body.errors.paid_amount).toEqual(["The paid amount may not be greater than the total."]);
    const res = await t.api("PATCH", `/api/sales/${id}`, {
      body: saleBody({ paid_amount: "9", lines: [{ item_fk: amox, unit_fk: box, quantity: "1" }] }),
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ status: "complete", total: "18.000", cost_total: "15000.0000" });
    expect(await onHand(amox)).toBe(190);
    expect(await onHand(soap)).toBe(100);
    expect(await balance("sales")).toEqual({ own: -30000, sys: -30000 });
    expect(await balance(usdTill)).toEqual({ own: 9, sys: 13500 });
    expect(await entries(id)).toBe("1");
    // Back as it was, for the books below.
    const back = await t.api("PATCH", `/api/sales/${id}`, { body: saleBody() });
    expect(back.status).toBe(200);
    expect(await onHand(amox)).toBe(170);
    expect(await balance("sales")).toEqual({ own: -120000, sys: -120000 });
  });
});

describe("salesman sales with a tiered commission", () => {
  const body = (boxes: string) => ({
    date: "2026-11-22 11:00",
    consumer_fk: customer,
    salesman_fk: salesman,
    inventory_fk: 1,
    currency_id: 1,
    payment_type: "Cash",
    account_fk: mainCash,
    lines: [{ item_fk: amox, unit_fk: box, quantity: boxes }],
  });

  it("needs a salesman", async () => {
    const res = await t.api("POST", "/api/salesman_sales", { body: { ...body("1"), salesman_fk: null } });
    expect(res.status).toBe(422);
    expect(res.body.errors.salesman_fk).toEqual(["The salesman field is required."]);
  });

  it("posts 1% up to 100,000 and 2% from there on 150,000: 2,000; then 2% and 3% on 60,000: 1,300", async () => {
    const a = await created("/api/salesman_sales", body("5"));
    expect(a.number).toMatch(/^SMS-\d{6}$/);
    const first = await ok(`/api/salesman_sales/${a.id}/complete`);
    expect(first).toMatchObject({ kind: "salesman", total: "150000.000", commission_base: "150000.0000", commission: "2000.0000" });
    const b = await created("/api/salesman_sales", body("2"));
    const second = await ok(`/api/salesman_sales/${b.id}/complete`);
    expect(second).toMatchObject({ commission_base: "60000.0000", commission: "1300.0000" });
    expect(await balance("commissions")).toEqual({ own: 3300, sys: 3300 });
    const [payable] = await q<{ a: number }>(sql`select account_fk a from salesman_accounts where user_fk = ${salesman}`);
    expect(await balance(Number(payable!.a))).toEqual({ own: -3300, sys: -3300 });
    expect(await balance(mainCash)).toEqual({ own: 210000, sys: 210000 });
    // The sales list of one kind does not show the other.
    expect((await t.api("GET", "/api/sales")).body.data.total).toBe(1);
    expect((await t.api("GET", "/api/salesman_sales")).body.data.total).toBe(2);
    const view = (await t.api("GET", `/api/salesman_commissions?filter[salesman_id]=${salesman}`)).body.data;
    expect(view.total).toBe(2);
    expect(Number(view.footer.commission)).toBe(3300);
    // A salesman sale is not found at the invoice sales' address.
    expect((await t.api("GET", `/api/sales/${a.id}`)).status).toBe(404);
  });

  it("the trial balance balances and the income statement shows sales, discounts, tax-free revenue, COGS and commission", async () => {
    const tb = (await t.api("GET", "/api/financial_reports/trial_balance?per_page=1000")).body.data;
    expect(tb.footer.debit).toBe(tb.footer.credit);
    expect(tb.footer.balance_debit).toBe(tb.footer.balance_credit);
    // Purchases 360,000 on account, the sales' entries: 122,700 (USD sale) + 150,000 + 60,000 cash
    // with their costs 57,000 + 75,000 + 30,000 and commissions 2,000 + 1,300 = 858,000; and the
    // edit's entries: the USD sale's (179,700) reversed and posted again, the one-box version
    // (27,000 paid and owed + 3,000 discount + 15,000 cost = 45,000) posted and reversed.
    const live = 360000 + 122700 + 57000 + 150000 + 75000 + 2000 + 60000 + 30000 + 1300;
    expect(Number(tb.footer.debit)).toBe(live + 2 * 179700 + 2 * 45000);
    const is = (await t.api("GET", "/api/financial_reports/income_statement?per_page=1000")).body.data;
    const line = (key: string) => is.data.find((r: { system_key: string }) => r.system_key === key);
    expect(Number(line("sales").income)).toBe(330000);
    expect(Number(line("discounts").income)).toBe(-12000);
    expect(Number(line("cogs").expense)).toBe(162000);
    expect(Number(line("commissions").expense)).toBe(3300);
    // 330,000 − 12,000 − 162,000 − 3,300.
    expect(Number(is.footer.net_profit)).toBe(152700);
  });
});

describe("the customer's allowed debit amount", () => {
  const body = (boxes: string) => ({
    date: "2026-11-22 12:00",
    consumer_fk: limited,
    inventory_fk: 1,
    currency_id: 1,
    payment_type: "On Account",
    lines: [{ item_fk: amox, unit_fk: box, quantity: boxes }],
  });

  it("refuses a sale that takes the customer past it, with the limit and the balance, and moves nothing", async () => {
    const s = await created("/api/sales", body("2"));
    const before = await onHand(amox);
    const res = await t.api("POST", `/api/sales/${s.id}/complete`, { body: {} });
    expect(res.status).toBe(422);
    expect(res.body.message).toBe("The customer's allowed debit amount is 50000; the balance is 0 and this sale would make it 60000.");
    expect(res.body.errors.consumer_fk).toEqual([res.body.message]);
    expect(await onHand(amox)).toBe(before);
    expect(await entries(s.id)).toBe("0");
    expect((await t.api("GET", `/api/sales/${s.id}`)).body.data.status).toBe("draft");
  });

  it("counts the balance already owed", async () => {
    const one = await created("/api/sales", body("1"));
    await ok(`/api/sales/${one.id}/complete`);
    const two = await created("/api/sales", body("1"));
    const res = await t.api("POST", `/api/sales/${two.id}/complete`, { body: {} });
    expect(res.status).toBe(422);
    expect(res.body.message).toBe("The customer's allowed debit amount is 50000; the balance is 30000 and this sale would make it 60000.");
    // Paid in cash, it takes nothing on account and goes through.
    const paid = await t.api("PATCH", `/api/sales/${two.id}`, { body: { ...body("1"), payment_type: "Cash", account_fk: mainCash } });
    expect(paid.status).toBe(200);
    expect((await ok(`/api/sales/${two.id}/complete`)).status).toBe("complete");
  });

  it("warns of overdue invoices on the sale", async () => {
    await t.database.db.execute(sql`update consumers set overdue_type = 'custom', overdue_days = 1 where consumer_id = ${limited}`);
    const s = await created("/api/sales", { ...body("1"), payment_type: "Cash", account_fk: mainCash });
    // The 30,000 sale of 2026-11-22 is still owed.
    expect(s.warnings).toHaveLength(1);
    expect(s.warnings[0]).toMatch(/^The customer has 1 overdue invoice of 30,000 in all, the oldest \d+ days? old\.$/);
    expect(s.customer_credit).toEqual({ limit: "50000", balance: "30000" });
    // The form reads the same before a sale is saved.
    const info = (await t.api("GET", `/api/sales/customer_info/${limited}`)).body.data;
    expect(info).toMatchObject({ consumer_name: "Careful Clinic", customer_credit: { limit: "50000", balance: "30000" } });
    expect(info.warnings).toEqual(s.warnings);
    expect((await t.api("GET", "/api/salesman_sales/salesmen")).body.message).toEqual([
      { user_id: salesman, name: "Karim S", commission_type: "revenue_commission" },
    ]);
  });
});

describe("protection and validation", () => {
  it("refuses editing, deleting or returning to draft a sale with goods returned", async () => {
    const s = await created("/api/sales", { ...saleBody(), lines: [{ item_fk: soap, unit_fk: piece, quantity: "2" }], paid_amount: "0" });
    await ok(`/api/sales/${s.id}/complete`);
    const [line] = await q<{ line_id: number }>(sql`select line_id from sale_lines where sale_fk = ${s.id}`);
    const table = await q<{ t: string | null }>(sql`select to_regclass('sale_return_lines')::text t`);
    if (!table[0]!.t) {
      // Sale returns are a module of their own; the protection reads their lines by the contract's `sale_line_fk`.
      await t.database.db.execute(sql`create table sale_return_lines (line_id serial primary key, sale_line_fk integer not null
                                        references sale_lines(line_id), quantity numeric not null)`);
      await t.database.db.execute(sql`insert into sale_return_lines (sale_line_fk, quantity) values (${line!.line_id}, 1)`);
    } else {
      const r = await t.api("POST", "/api/sale_returns", {
        body: {
          sale_fk: s.id,
          date: "2026-11-23",
          inventory_fk: 1,
          received_type: "On Account",
          lines: [{ sale_line_fk: line!.line_id, quantity: "1" }],
        },
      });
      expect(r.status).toBe(201);
    }
    for (const [method, url] of [
      ["PATCH", `/api/sales/${s.id}`],
      ["DELETE", `/api/sales/${s.id}`],
      ["POST", `/api/sales/${s.id}/return_to_draft`],
    ] as const) {
      const res = await t.api(method, url, { body: saleBody() });
      expect(res.status).toBe(422);
      expect(res.body.message).toBe(MSG.protectedDocument);
    }
    expect(await entries(s.id)).toBe("1");
  });

  it("a closed sale cannot change; open it first", async () => {
    const s = await created("/api/sales", saleBody());
    await ok(`/api/sales/${s.id}/close`);
    // Refused to anyone who may not unclose (the super user may).
    const clerk = await t.userWith(["sales/show", "sales/complete", "sales/view_all"], { inventory_ids: [1] });
    const res = await t.api("POST", `/api/sales/${s.id}/complete`, { body: {}, token: clerk.token });
    expect(res.status).toBe(422);
    expect(res.body.message).toBe("The document is closed; open it first.");
    await ok(`/api/sales/${s.id}/open`);
    expect((await t.api("DELETE", `/api/sales/${s.id}`)).status).toBe(200);
  });

  it("a price sent by hand counts only on an editable item or with the Discount permission", async () => {
    // The administrator holds every key, Discount among them.
    const s = await created(
      "/api/sales",
      saleBody({ paid_amount: "0", lines: [{ item_fk: amox, unit_fk: box, quantity: "1", unit_price: "25" }] }),
    );
    expect(s.lines[0]).toMatchObject({ sale_price: "25.000" });
    expect(s.lines[0].steps[0]).toMatchObject({ step: "unit_price", manual: true });
    await t.api("DELETE", `/api/sales/${s.id}`);
    // A clerk without the Discount permission gets the price function's price on an item whose price is not editable.
    const clerk = await t.userWith(["sales/store", "sales/show", "sales/index", "sales/destroy"], { inventory_ids: [1] });
    const res = await t.api("POST", "/api/sales", {
      token: clerk.token,
      body: saleBody({
        paid_amount: "0",
        invoice_discount: "0",
        lines: [{ item_fk: amox, unit_fk: box, quantity: "1", unit_price: "25" }],
      }),
    });
    expect(res.status).toBe(201);
    expect(res.body.data.lines[0]).toMatchObject({ sale_price: "20.000" });
    expect(res.body.data.lines[0].steps[0].manual).toBeUndefined();
    await t.api("DELETE", `/api/sales/${res.body.data.id}`);
  });

  it("without View All a clerk reads, changes and deletes only the sales he made, as the list shows him", async () => {
    const others = await created("/api/sales", saleBody({ paid_amount: "0", lines: [{ item_fk: amox, unit_fk: box, quantity: "1" }] }));
    const perms = ["sales/store", "sales/show", "sales/index", "sales/update", "sales/destroy", "sales/complete"];
    const clerk = await t.userWith(perms, { inventory_ids: [1] });
    const own = await t.api("POST", "/api/sales", {
      token: clerk.token,
      body: saleBody({ paid_amount: "0", invoice_discount: "0", lines: [{ item_fk: amox, unit_fk: box, quantity: "1" }] }),
    });
    expect(own.status).toBe(201);
    expect((await t.api("GET", `/api/sales/${own.body.data.id}`, { token: clerk.token })).status).toBe(200);
    expect((await t.api("GET", `/api/sales/${others.id}`, { token: clerk.token })).status).toBe(404);
    expect((await t.api("POST", `/api/sales/${others.id}/complete`, { token: clerk.token, body: {} })).status).toBe(404);
    expect((await t.api("DELETE", `/api/sales/${others.id}`, { token: clerk.token })).status).toBe(404);
    expect((await q<{ status: string }>(sql`select status from sales where id = ${others.id}`))[0]!.status).toBe("draft");
    const list = await t.api("GET", "/api/sales", { token: clerk.token });
    expect(list.body.data.data.map((r: { id: number }) => r.id)).toEqual([own.body.data.id]);
    // With View All he reads the others' sales too.
    const manager = await t.userWith([...perms, "sales/view_all"], { inventory_ids: [1] });
    expect((await t.api("GET", `/api/sales/${others.id}`, { token: manager.token })).status).toBe(200);
    await t.api("DELETE", `/api/sales/${own.body.data.id}`, { token: clerk.token });
    await t.api("DELETE", `/api/sales/${others.id}`);
  });

  it("refuses bad input with field messages", async () => {
    const res = await t.api("POST", "/api/sales", {
      body: { ...saleBody(), lines: [{ item_fk: 999999, unit_fk: box, quantity: "0" }], payment_type: "Later" },
    });
    expect(res.status).toBe(422);
    expect(res.body.errors["lines.0.quantity"]).toEqual(["must be greater than 0"]);
    expect(res.body.errors.payment_type).toEqual(["The selected payment type is invalid."]);
    const unknown = await t.api("POST", "/api/sales", {
      body: { ...saleBody(), lines: [{ item_fk: 999999, unit_fk: box, quantity: "1" }] },
    });
    expect(unknown.status).toBe(422);
    expect(unknown.body.errors["lines.0.item_fk"]).toEqual(["The selected item is invalid."]);
    const noCash = await t.api("POST", "/api/sales", { body: { ...saleBody(), payment_type: "Cash", account_fk: null } });
    expect(noCash.body.errors.account_fk).toEqual(["The account field is required when money is paid."]);
    // Figures each field takes but whose product the books cannot hold: on the line, never a database error.
    const before = await q<{ n: number }>(sql`select count(*)::int as n from sales`);
    const huge = await t.api("POST", "/api/sales", {
      body: { ...saleBody(), lines: [{ item_fk: soap, unit_fk: piece, quantity: "99999999999999", unit_price: "999999999" }] },
    });
    expect(huge.status).toBe(422);
    expect(huge.body.errors["lines.0.quantity"]).toEqual([MSG.amountTooLarge]);
    const quoted = await t.api("POST", "/api/quotations", {
      body: { ...saleBody(), valid_until: "2099-12-31", lines: [{ item_fk: soap, unit_fk: piece, quantity: "99999999999999" }] },
    });
    expect(quoted.status).toBe(422);
    expect(await q<{ n: number }>(sql`select count(*)::int as n from sales`)).toEqual(before);
    expect(await stockInconsistencies(t.database.db)).toEqual([]);
  });
});

describe("a sale in IQD paid into a USD till", () => {
  it("puts the dollars the dinars come to at the day's in-rate in the till, not as many dollars as dinars", async () => {
    const [r] = await q<{ in_rate: string }>(sql`select in_rate::text from currency_rates order by date desc, rate_id desc limit 1`);
    const inRate = Number(r!.in_rate);
    const before = await balance(usdTill);
    // 1 box at 30,000 IQD, half paid in cash into the USD till.
    const s = await created("/api/sales", {
      ...saleBody(),
      currency_id: 1,
      rate: "1",
      discount_type: "item",
      invoice_discount: "0",
      payment_type: "Cash",
      account_fk: usdTill,
      paid_amount: "15000",
      lines: [{ item_fk: amox, unit_fk: box, quantity: "1" }],
    });
    await ok(`/api/sales/${s.id}/complete`);
    const after = await balance(usdTill);
    expect(after.own - before.own).toBeCloseTo(15000 / inRate, 3);
    // The till holds the dollars at the rate (to 4 decimals); the rounding goes to exchange differences.
    expect(after.sys - before.sys).toBeCloseTo(15000, -1);
    await ok(`/api/sales/${s.id}/return_to_draft`);
    expect((await balance(usdTill)).own).toBeCloseTo(before.own, 4);
    await t.api("DELETE", `/api/sales/${s.id}`);
  });
});
