import { notEnoughStockMessage, SALE_RETURN_MSG } from "@app/contracts";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/harness.js";
import { stockInconsistencies } from "../stock/stock.fixture.js";

/** Many clients selling the last units of one item, and returning one sale's units, at once, on PostgreSQL. */
let t: TestApp;
let piece = 0;
let item = 0;
let mainCash = 0;

const created = async (url: string, body: unknown) => {
  const res = await t.api("POST", url, { body });
  if (res.status !== 201) throw new Error(`${url}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data;
};
const one = async <T extends Record<string, unknown>>(query: ReturnType<typeof sql>) => (await t.database.db.execute<T>(query)).rows[0]!;
const sale = (quantity: string) =>
  created("/api/sales", {
    date: "2026-11-22 10:00",
    inventory_fk: 1,
    currency_id: 1,
    payment_type: "Cash",
    account_fk: mainCash,
    lines: [{ item_fk: item, unit_fk: piece, quantity }],
  });
/** What reached the clients: every status other than the expected ones, with its body. */
const others = (answers: { status: number; body: unknown }[], expected: number[]) =>
  answers.filter((a) => !expected.includes(a.status)).map((a) => `${a.status} ${JSON.stringify(a.body)}`);

beforeAll(async () => {
  t = await createTestApp();
  piece = ((await t.api("GET", "/api/units/list")).body.message as { unit_id: number; unit_name: string }[]).find(
    (u) => u.unit_name === "Piece",
  )!.unit_id;
  item = (
    await created("/api/items", {
      item_name: "Last units",
      has_expire: true,
      item_units: [{ unit_fk: piece, quantity: "1", price: "1000", is_base: true }],
    })
  ).item_id;
  mainCash = Number((await one<{ a: number }>(sql`select account_id a from accounts where system_key = 'main_cash'`)).a);
  const supplier = (await created("/api/suppliers", { consumer_name: "Busy Supplier" })).consumer_id;
  // 20 units in two batches (12 at 400, 8 at 500), so the sales also race over first-expiry-first-out.
  const p = await created("/api/purchases", {
    consumer_id: supplier,
    date: "2026-11-20 09:00",
    inventory_id: 1,
    currency_id: 1,
    discount_type: "amount",
    payment_type: "On Account",
    lines: [
      { item_id: item, unit_id: piece, quantity: "12", unit_price: "400", batch_no: "A", expire_date: "2098-01-01" },
      { item_id: item, unit_id: piece, quantity: "8", unit_price: "500", batch_no: "B", expire_date: "2099-01-01" },
    ],
  });
  expect((await t.api("POST", `/api/purchases/${p.id}/complete`)).status).toBe(200);
});
afterAll(() => t?.close());

describe("sales and sale returns at the same time", () => {
  it("64 sales of one unit completed at once for the last 20 units: exactly 20 complete, 44 told the stock, nothing else", async () => {
    const drafts: number[] = [];
    for (let i = 0; i < 64; i++) drafts.push((await sale("1")).id);
    const answers = await Promise.all(drafts.map((id) => t.api("POST", `/api/sales/${id}/complete`)));
    expect(others(answers, [200, 422])).toEqual([]);
    expect(answers.filter((a) => a.status === 200)).toHaveLength(20);
    const refused = answers.filter((a) => a.status === 422);
    expect(refused).toHaveLength(44);
    for (const a of refused) expect(a.body.message).toBe(notEnoughStockMessage("Last units", "Main Inventory", "0"));
    const stock = await one<{ q: string }>(sql`select coalesce(sum(qty), 0)::text q from stock_balances where item_fk = ${item}`);
    expect(Number(stock.q)).toBe(0);
    const statuses = await one<{ complete: number; draft: number }>(sql`
      select count(*) filter (where status = 'complete')::int complete, count(*) filter (where status = 'draft')::int draft from sales`);
    expect(statuses).toEqual({ complete: 20, draft: 44 });
    // Every unit left once: 12 × 400 + 8 × 500 = 8,800 into cost of goods sold; 20 × 1,000 into the till.
    const books = await one<{ cogs: string; cash: string; inv: string }>(sql`
      select (select sum(l.sys_debit - l.sys_credit) from journal_lines l join accounts a using (account_id) where a.system_key = 'cogs')::text cogs,
             (select sum(l.sys_debit - l.sys_credit) from journal_lines l where l.account_id = ${mainCash})::text cash,
             (select sum(l.sys_debit - l.sys_credit) from journal_lines l join accounts a using (account_id) where a.system_key = 'inventory')::text inv`);
    expect([Number(books.cogs), Number(books.cash), Number(books.inv)]).toEqual([8800, 20000, 0]);
    const numbers = await one<{ n: number }>(sql`select count(distinct number)::int n from sales`);
    expect(numbers.n).toBe(64);
    expect(await stockInconsistencies(t.database.db)).toEqual([]);
  }, 180_000);

  it("24 clients return one unit each of a 10-unit sale: exactly 10 come back, the rest told why", async () => {
    const p = await created("/api/purchases", {
      consumer_id: (await created("/api/suppliers", { consumer_name: "Second Supplier" })).consumer_id,
      date: "2026-11-21 09:00",
      inventory_id: 1,
      currency_id: 1,
      discount_type: "amount",
      payment_type: "On Account",
      lines: [{ item_id: item, unit_id: piece, quantity: "10", unit_price: "450", batch_no: "C", expire_date: "2098-06-01" }],
    });
    expect((await t.api("POST", `/api/purchases/${p.id}/complete`)).status).toBe(200);
    const s = await sale("10");
    expect((await t.api("POST", `/api/sales/${s.id}/complete`)).status).toBe(200);
    const line = s.lines[0].line_id;
    const answers = await Promise.all(
      Array.from({ length: 24 }, () =>
        t.api("POST", "/api/sale_returns", {
          body: {
            sale_fk: s.id,
            inventory_fk: 1,
            received_type: "Cash",
            account_fk: mainCash,
            lines: [{ sale_line_fk: line, quantity: "1" }],
          },
        }),
      ),
    );
    expect(others(answers, [201, 422])).toEqual([]);
    expect(answers.filter((a) => a.status === 201)).toHaveLength(10);
    for (const a of answers.filter((x) => x.status === 422)) expect(a.body.message).toBe(SALE_RETURN_MSG.moreThanSold);
    const back = await one<{ q: string; v: string }>(sql`
      select sum(qty)::text q, sum(value)::text v from stock_movements where source_type = 'sale_return' and item_fk = ${item}`);
    // Back into batch C at the 450 each it left with.
    expect([Number(back.q), Number(back.v)]).toEqual([10, 4500]);
    const inv = await one<{ b: string }>(sql`
      select sum(l.sys_debit - l.sys_credit)::text b from journal_lines l join accounts a using (account_id) where a.system_key = 'inventory'`);
    expect(Number(inv.b)).toBe(4500);
    expect(await stockInconsistencies(t.database.db)).toEqual([]);
  }, 180_000);
});
