import { SUPER_USER_ID } from "@app/contracts";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestApp } from "../../../test/harness.js";
import { dbHelpers, salesFixture } from "../sales/sales.fixture.js";

/**
 * The dashboard's figures over a fixture worked out by hand (system currency IQD, 1,500 IQD per
 * USD). Stock: 20 boxes of Amoxicillin (10 pieces a box) and 100 soaps into the main inventory,
 * 5 boxes into a second outlet's, all at 15,000 a box (1,500 a piece).
 *
 * Previous period (19-20 Nov): P (20 Nov 14:00, IQD, paid in cash): 1 box at 30,000, cost 15,000.
 * Period (21-22 Nov):
 *   A (21 Nov 10:00, IQD, Baghdad Pharmacy, 20,000 paid in cash, the rest on account): 2 boxes at
 *     30,000 less a 6,000 invoice discount: net 54,000, cost 30,000.
 *   B (21 Nov 15:00, USD at 1,500, Erbil Clinic, on account): 1 box at 20 USD less 10%: 18 USD
 *     (27,000), discount 2 USD (3,000), cost 15,000 (10 USD).
 *   C (22 Nov 09:00, IQD, Erbil Clinic, second outlet, paid in cash): 1 box at 30,000, cost 15,000.
 *   R (22 Nov 12:00): 1 box of A back on account: 30,000 less its 3,000 share of the discount,
 *     27,000; its cost 15,000 back.
 */
/** The super user, as the route's context has him (every key, every inventory). */
const superUser = {
  user_id: SUPER_USER_ID,
  user_name: "admin",
  email: "",
  outlet_fk: null,
  is_cashier: false,
  permissions: new Set<string>(),
  inventory_ids: [],
  jti: "",
  token_exp: 0,
};
let t: TestApp;
let outlet2 = 0;
let inventory2 = 0;
let pharmacy = 0;
let clinic = 0;
let amox = 0;
let soap = 0;
const { created, ok, q } = dbHelpers(() => t);

const get = async (query: string, token?: string) => {
  const res = await t.api("GET", `/api/dashboard?${query}`, token ? { token } : {});
  return res;
};
const board = async (query: string) => {
  const res = await get(query);
  if (res.status !== 200) throw new Error(`${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
};
const PERIOD = "from=2026-11-21&to=2026-11-22";

beforeAll(async () => {
  const f = await salesFixture({ rate: { rate: "1500", in_rate: "1500", date: "2026-11-01 08:00:00" } });
  t = f.t;
  ({ amox, soap, customer: pharmacy } = f);
  clinic = (await created("/api/customers", { consumer_name: "Erbil Clinic", overdue_type: "all" })).consumer_id;
  outlet2 = (await created("/api/outlets_store", { outlet_name: "Duhok Branch" })).outlet_id;
  inventory2 = (await created("/api/inventories", { inventory_name: "Duhok Store", outlet_fk: outlet2 })).inventory_id;
  const p2 = await created("/api/purchases", {
    consumer_id: f.supplier,
    date: "2026-11-20 09:30",
    inventory_id: inventory2,
    currency_id: 1,
    discount_type: "amount",
    payment_type: "On Account",
    lines: [{ item_id: amox, unit_id: f.box, quantity: "5", unit_price: "15000" }],
  });
  await ok(`/api/purchases/${p2.id}/complete`);
  await q(sql`update items set shortage_alert = 150 where item_id = ${soap}`);
  const mainCash = Number((await q<{ id: number }>(sql`select default_account_fk id from system_config where id = 1`))[0]!.id);
  const sale = async (body: Record<string, unknown>) => {
    const s = await created("/api/sales", {
      consumer_fk: pharmacy,
      inventory_fk: 1,
      currency_id: 1,
      rate: "1500",
      discount_type: "invoice",
      invoice_discount_type: "amount",
      invoice_discount: "0",
      payment_type: "Cash",
      account_fk: mainCash,
      lines: [{ item_fk: amox, unit_fk: f.box, quantity: "1" }],
      ...body,
    });
    await ok(`/api/sales/${s.id}/complete`);
    return s.id as number;
  };
  await sale({ date: "2026-11-20 14:00", paid_amount: "30000" });
  const a = await sale({
    date: "2026-11-21 10:00",
    payment_type: "On Account",
    paid_amount: "20000",
    invoice_discount: "6000",
    lines: [{ item_fk: amox, unit_fk: f.box, quantity: "2" }],
  });
  await sale({
    date: "2026-11-21 15:00",
    consumer_fk: clinic,
    currency_id: 2,
    payment_type: "On Account",
    account_fk: f.usdTill,
    paid_amount: "0",
    invoice_discount_type: "percent",
    invoice_discount: "10",
  });
  // C is made in the Duhok branch by its clerk (a sale counts under the outlet it was made in).
  const clerk = await t.userWith(["sales/store", "sales/complete", "sales/index", "sales/show"], {
    outlet_fk: outlet2,
    inventory_ids: [inventory2],
  });
  const c = await t.api("POST", "/api/sales", {
    token: clerk.token,
    body: {
      ...f.saleBody(),
      date: "2026-11-22 09:00",
      consumer_fk: clinic,
      inventory_fk: inventory2,
      currency_id: 1,
      discount_type: "invoice",
      invoice_discount: "0",
      payment_type: "Cash",
      account_fk: mainCash,
      paid_amount: "30000",
      lines: [{ item_fk: amox, unit_fk: f.box, quantity: "1" }],
    },
  });
  if (c.status !== 201) throw new Error(JSON.stringify(c.body));
  const done = await t.api("POST", `/api/sales/${c.body.data.id}/complete`, { token: clerk.token });
  if (done.status !== 200) throw new Error(JSON.stringify(done.body));
  const line = (await q<{ line_id: number }>(sql`select line_id from sale_lines where sale_fk = ${a}`))[0]!.line_id;
  await created("/api/sale_returns", {
    sale_fk: a,
    date: "2026-11-22 12:00",
    inventory_fk: 1,
    received_type: "On Account",
    lines: [{ sale_line_fk: line, quantity: "1" }],
  });
  // A sale made and then returned to draft counts nowhere.
  const undone = await sale({ date: "2026-11-22 16:00", paid_amount: "30000" });
  await ok(`/api/sales/${undone}/return_to_draft`);
});
afterAll(() => t?.close());

const pick = <T extends Record<string, unknown>>(rows: T[], keys: (keyof T)[]) =>
  rows.map((r) => Object.fromEntries(keys.map((k) => [k, r[k]])));

describe("the dashboard's figures", () => {
  it("gives every card of the period beside the previous period's, in the system currency", async () => {
    const d = await board(`${PERIOD}&currency=system`);
    expect(d.period).toEqual({ from: "2026-11-21", to: "2026-11-22" });
    expect(d.previous_period).toEqual({ from: "2026-11-19", to: "2026-11-20" });
    expect(d).toMatchObject({ currency: "system", currency_id: 1, currency_name: "IQD", pending_online_orders: null });
    expect(d.cards).toEqual({
      net_sales: { value: "84000", previous: "30000", change_pct: "180" },
      sales_count: { value: "3", previous: "1", change_pct: "200" },
      average_ticket: { value: "37000", previous: "30000", change_pct: "23.3" },
      gross_profit: { value: "39000", previous: "15000", change_pct: "160" },
      returns: { value: "27000", previous: "0", change_pct: null },
      discounts: { value: "9000", previous: "0", change_pct: null },
    });
  });

  it("breaks the period down by hour, day, item, customer and outlet", async () => {
    const d = await board(`${PERIOD}&currency=system`);
    expect(d.by_hour).toHaveLength(24);
    expect(d.by_hour.filter((h: { count: number; net_sales: string }) => h.count || h.net_sales !== "0")).toEqual([
      { hour: 9, net_sales: "30000", count: 1 },
      { hour: 10, net_sales: "54000", count: 1 },
      { hour: 12, net_sales: "-27000", count: 0 },
      { hour: 15, net_sales: "27000", count: 1 },
    ]);
    expect(d.by_day).toEqual([
      { day: "2026-11-21", net_sales: "81000", count: 2 },
      { day: "2026-11-22", net_sales: "3000", count: 1 },
    ]);
    expect(d.top_items).toEqual([{ item_id: amox, item_name: "Amoxicillin 500", item_code: null, quantity: "30", net_sales: "84000" }]);
    expect(d.top_customers).toEqual([
      { customer_id: clinic, customer_name: "Erbil Clinic", net_sales: "57000", count: 2 },
      { customer_id: pharmacy, customer_name: "Baghdad Pharmacy", net_sales: "27000", count: 1 },
    ]);
    expect(pick(d.by_outlet, ["outlet_id", "net_sales", "count"])).toEqual([
      { outlet_id: 1, net_sales: "54000", count: 2 },
      { outlet_id: outlet2, net_sales: "30000", count: 1 },
    ]);
  });

  it("counts only a currency's documents, in it, when one is asked", async () => {
    const usd = await board(`${PERIOD}&currency=USD`);
    expect(usd).toMatchObject({ currency_id: 2, currency_name: "USD" });
    expect(usd.cards).toEqual({
      net_sales: { value: "18", previous: "0", change_pct: null },
      sales_count: { value: "1", previous: "0", change_pct: null },
      average_ticket: { value: "18", previous: "0", change_pct: null },
      gross_profit: { value: "8", previous: "0", change_pct: null },
      returns: { value: "0", previous: "0", change_pct: null },
      discounts: { value: "2", previous: "0", change_pct: null },
    });
    const iqd = await board(`${PERIOD}&currency=IQD`);
    expect(iqd.cards).toEqual({
      net_sales: { value: "57000", previous: "30000", change_pct: "90" },
      sales_count: { value: "2", previous: "1", change_pct: "100" },
      average_ticket: { value: "42000", previous: "30000", change_pct: "40" },
      gross_profit: { value: "27000", previous: "15000", change_pct: "80" },
      returns: { value: "27000", previous: "0", change_pct: null },
      discounts: { value: "6000", previous: "0", change_pct: null },
    });
    expect(iqd.top_items[0]).toMatchObject({ quantity: "20", net_sales: "57000" });
  });

  it("narrows to an outlet or an inventory", async () => {
    const o = await board(`${PERIOD}&outlet_fk=${outlet2}`);
    expect(o.cards.net_sales).toEqual({ value: "30000", previous: "0", change_pct: null });
    expect(o.inventory_value.map((r: { inventory_id: number }) => r.inventory_id)).toEqual([inventory2]);
    const i = await board(`${PERIOD}&inventory_fk=1`);
    expect(i.cards.net_sales.value).toBe("54000");
    expect(i.cards.sales_count.value).toBe("2");
  });

  it("gives today's positions: cash, receivables and payables with what is overdue, stock value and shortages", async () => {
    const d = await board(`${PERIOD}&currency=system`);
    const mainCash = d.cash.find(
      (c: { kind: string; balances: { currency_id: number }[] }) => c.kind === "cash" && c.balances[0]!.currency_id === 1,
    );
    expect(mainCash.balances).toEqual([{ currency_id: 1, currency_name: "IQD", balance: "80000" }]);
    // Pharmacy owes 54,000 − 20,000 − 27,000 = 7,000; the clinic 18 USD (27,000), all of it overdue (terms: all).
    expect(d.receivables).toEqual({ total: "34000", overdue: "27000" });
    expect((await board(`${PERIOD}&currency=USD`)).receivables).toEqual({ total: "18", overdue: "18" });
    expect((await board(`${PERIOD}&currency=IQD`)).receivables).toEqual({ total: "7000", overdue: "0" });
    // Bought on account: 300,000 + 60,000 + 75,000.
    expect(d.payables).toEqual({ total: "435000", overdue: "0" });
    // Main: 170 pieces of Amoxicillin at 1,500 and 100 soaps at 600; Duhok: 40 pieces.
    expect(pick(d.inventory_value, ["inventory_id", "value"])).toEqual([
      { inventory_id: 1, value: "315000" },
      { inventory_id: inventory2, value: "60000" },
    ]);
    expect(pick(d.low_stock, ["item_id", "inventory_id", "quantity", "minimum"])).toEqual([
      { item_id: soap, inventory_id: inventory2, quantity: "0", minimum: "150" },
      { item_id: soap, inventory_id: 1, quantity: "100", minimum: "150" },
    ]);
    expect(d.near_expiry).toEqual([]);
  });

  it("answers the same figures from the summary rows as from the documents", async () => {
    const { dashboard } = await import("./dashboard.js");
    const ctx = { tx: t.database.db, user: superUser, now: new Date(), ip: null };
    for (const currency of ["system", "IQD", "USD"] as const) {
      const query = { from: "2026-11-19", to: "2026-11-22", currency };
      const [a, b] = [await dashboard(ctx, query, "summary"), await dashboard(ctx, query, "documents")];
      expect(a.cards?.sales_count.value).not.toBe("0");
      expect(a).toEqual(b);
    }
  });
});

describe("the dashboard's permissions and filters", () => {
  it("refuses a user without dashboard/show, and gives each part only to the key that reads it", async () => {
    const none = await t.userWith(["reports/sales"], { inventory_ids: [1] });
    expect((await get(PERIOD, none.token)).status).toBe(403);
    const all = { inventory_ids: [1, inventory2] };
    const bare = await t.userWith(["dashboard/show"], all);
    const b = await get(PERIOD, bare.token);
    expect(b.status).toBe(200);
    for (const part of ["cards", "by_hour", "by_day", "top_items", "top_customers", "by_outlet", "cash", "receivables", "payables"])
      expect(b.body[part]).toBeNull();
    for (const part of ["inventory_value", "low_stock", "near_expiry"]) expect(b.body[part]).toBeNull();
    const seller = await t.userWith(["dashboard/show", "reports/sales"], all);
    const s = (await get(PERIOD, seller.token)).body;
    expect(s.cards.net_sales.value).toBe("84000");
    expect(s.cards.gross_profit).toBeNull();
    expect(s.cash).toBeNull();
    const keeper = await t.userWith(["dashboard/show", "stocks/index", "cashes/balance_view", "suppliers/balance_view"], all);
    const k = (await get(PERIOD, keeper.token)).body;
    expect(k.cards).toBeNull();
    expect(k.low_stock.length).toBeGreaterThan(0);
    expect(k.cash.length).toBeGreaterThan(0);
    expect(k.payables.total).toBe("435000");
    expect(k.receivables).toBeNull();
  });

  it("counts only the inventories a user may see", async () => {
    const scoped = await t.userWith(["dashboard/show", "reports/sales", "reports/inventory"], { inventory_ids: [inventory2] });
    const d = (await get(PERIOD, scoped.token)).body;
    expect(d.cards.net_sales.value).toBe("30000");
    expect(d.top_customers.map((c: { customer_id: number }) => c.customer_id)).toEqual([clinic]);
    expect(d.inventory_value.map((r: { inventory_id: number }) => r.inventory_id)).toEqual([inventory2]);
  });

  it("refuses bad filters with 422 and the field's message", async () => {
    const cases: [string, string, string][] = [
      ["from=2026-11-31&to=2026-12-01", "from", "must be a date in the format YYYY-MM-DD"],
      ["from=2026-11-21", "to", "must be a date in the format YYYY-MM-DD"],
      ["from=2026-11-22&to=2026-11-21", "to", "The end date must be greater than the start date"],
      ["from=2020-01-01&to=2026-11-21", "to", "The period may not be longer than 732 days."],
      [`${PERIOD}&currency=EUR`, "currency", "The selected currency is invalid."],
      [`${PERIOD}&outlet_fk=abc`, "outlet_fk", "The selected outlet fk is invalid."],
      [`${PERIOD}&inventory_fk=-1`, "inventory_fk", "The selected inventory is invalid."],
    ];
    for (const [query, field, message] of cases) {
      const res = await get(query);
      expect(res.status, query).toBe(422);
      expect(res.body.errors[field], query).toEqual([message]);
    }
  });
});

describe("the dashboard's summary rows", () => {
  it("are folded per past day without changing a figure", async () => {
    const before = await board(`${PERIOD}&currency=system`);
    const { compactDashboard } = await import("./dashboard.summary.js");
    while ((await compactDashboard(t.database.db, new Date())) > 0);
    const open = await q<{ n: number }>(sql`select count(*)::int n from dashboard_sales where doc_id is not null`);
    expect(open[0]!.n).toBe(0);
    expect(await board(`${PERIOD}&currency=system`)).toEqual(before);
  });

  it("are rebuilt by the recalculation, which reports how many groups it corrected", async () => {
    const before = await board(`${PERIOD}&currency=system`);
    await q(sql`update dashboard_sales set net_sys = net_sys + 1000 where id = (select min(id) from dashboard_sales)`);
    await q(sql`delete from dashboard_item_sales where id = (select max(id) from dashboard_item_sales)`);
    expect(await board(`${PERIOD}&currency=system`)).not.toEqual(before);
    const res = await t.api("POST", "/api/recalculations");
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.data.dashboard_differences).toBe(2);
    expect(await board(`${PERIOD}&currency=system`)).toEqual(before);
    const again = await t.api("POST", "/api/recalculations");
    expect(again.body.data.dashboard_differences).toBe(0);
  });

  it("answer a whole month from its month rows, which the recalculation rebuilds too", async () => {
    const month = "from=2026-11-01&to=2026-11-30&currency=system";
    const before = await board(month);
    expect(before.top_items.length).toBeGreaterThan(0);
    const rows = await q<{ n: number }>(sql`select count(*)::int n from dashboard_item_months where month = '2026-11-01'`);
    expect(rows[0]!.n).toBeGreaterThan(0);
    await q(sql`update dashboard_item_months set net_sys = net_sys + 1000 where id = (select min(id) from dashboard_item_months)`);
    expect(await board(month)).not.toEqual(before);
    const res = await t.api("POST", "/api/recalculations");
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.data.dashboard_differences).toBe(1);
    expect(await board(month)).toEqual(before);
  });
});
