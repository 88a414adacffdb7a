import { PURCHASE_MSG } from "@app/contracts";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/harness.js";
import { pieceAndBoxItem } from "../catalogue/items.fixture.js";
import { dbHelpers, unitIds } from "../sales/sales.fixture.js";

/** Many clients completing purchases and returning goods of one item to one supplier at once, on PostgreSQL. */
let t: TestApp;
let box = 0;
let item = 0;
let supplier = 0;

const { created } = dbHelpers(() => t);
const one = async <T extends Record<string, unknown>>(query: ReturnType<typeof sql>) => (await t.database.db.execute<T>(query)).rows[0]!;

const purchase = (quantity: string) =>
  created("/api/purchases", {
    consumer_id: supplier,
    inventory_id: 1,
    currency_id: 1,
    payment_type: "On Account",
    discount_type: "amount",
    lines: [{ item_id: item, unit_id: box, quantity, unit_price: "10000" }],
  });

beforeAll(async () => {
  t = await createTestApp();
  const units = await unitIds(t);
  box = units.box;
  item = await pieceAndBoxItem(t, units, "Paracetamol", { piece: "1500", box: "15000" });
  supplier = (await created("/api/suppliers", { consumer_name: "One Supplier" })).consumer_id;
});
afterAll(() => t?.close());

describe("purchases and returns at the same time", () => {
  it("32 clients complete 32 purchases of one item from one supplier: every one lands, nothing is lost", async () => {
    const drafts: number[] = [];
    for (let i = 0; i < 32; i++) drafts.push((await purchase("1")).id);
    const answers = await Promise.all(drafts.map((id) => t.api("POST", `/api/purchases/${id}/complete`)));
    expect(answers.map((a) => a.status)).toEqual(drafts.map(() => 200));
    const stock = await one<{ q: string }>(sql`select sum(qty)::text q from stock_balances where item_fk = ${item}`);
    expect(Number(stock.q)).toBe(320);
    const cost = await one<{ value: string; avg: string }>(
      sql`select value::text, avg_cost::text avg from stock_item_costs where item_fk = ${item}`,
    );
    expect([Number(cost.value), Number(cost.avg)]).toEqual([320000, 1000]);
    const owed = await one<{ b: string }>(sql`
      select sum(l.credit - l.debit)::text b from journal_lines l join consumers c on l.account_id = c.account_fk where c.consumer_id = ${supplier}`);
    expect(Number(owed.b)).toBe(320000);
    const entries = await one<{ n: number }>(sql`select count(*)::int n from journal_entries where source_type = 'purchase'`);
    expect(entries.n).toBe(32);
    // Numbers without gaps or repeats.
    const numbers = await one<{ n: number }>(sql`select count(distinct number)::int n from purchases`);
    expect(numbers.n).toBe(32);
  }, 120_000);

  it("24 clients return one box each of a 10-box purchase: exactly 10 returns, the rest told why, no conflict reaches anyone", async () => {
    const p = await purchase("10");
    expect((await t.api("POST", `/api/purchases/${p.id}/complete`)).status).toBe(200);
    const line = (await t.api("GET", `/api/purchases/${p.id}`)).body.data.lines[0].line_id;
    const answers = await Promise.all(
      Array.from({ length: 24 }, () =>
        t.api("POST", "/api/purchase_returns", {
          body: {
            purchase_id: p.id,
            consumer_id: supplier,
            inventory_id: 1,
            currency_id: 1,
            payment_type: "On Account",
            lines: [{ purchase_line_id: line, item_id: item, unit_id: box, quantity: "1", unit_price: "10000" }],
          },
        }),
      ),
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(10);
    expect(statuses.filter((s) => s === 422)).toHaveLength(14);
    for (const a of answers.filter((x) => x.status === 422)) expect(a.body.message).toBe(PURCHASE_MSG.moreThanBought);
    const returned = await one<{ q: string }>(sql`
      select coalesce(sum(rl.quantity), 0)::text q from purchase_return_lines rl where rl.purchase_line_fk = ${line}`);
    expect(Number(returned.q)).toBe(10);
    const stock = await one<{ q: string }>(sql`select sum(qty)::text q from stock_balances where item_fk = ${item}`);
    expect(Number(stock.q)).toBe(320);
    // Inventory holds exactly the value of the stock.
    const inv = await one<{ b: string }>(sql`
      select sum(l.debit - l.credit)::text b from journal_lines l join accounts a on a.account_id = l.account_id where a.system_key = 'inventory'`);
    const cost = await one<{ value: string }>(sql`select value::text from stock_item_costs where item_fk = ${item}`);
    expect(Number(inv.b)).toBe(Number(cost.value));
    const protectedAnswer = await t.api("POST", `/api/purchases/${p.id}/return_to_draft`);
    expect(protectedAnswer.status).toBe(422);
  }, 120_000);
});
