import { notEnoughStockMessage } from "@app/contracts";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/harness.js";
import { stockIn } from "./stock.in.js";

/** Many clients taking the last units of one item at once, through the HTTP API on PostgreSQL. */
let t: TestApp;

const created = async (url: string, body: unknown) => {
  const res = await t.api("POST", url, { body });
  if (res.status !== 201) throw new Error(`${url}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data;
};

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

describe("concurrent stock out on PostgreSQL", () => {
  it("64 transfers sent at once for the last 20 units: exactly 20 leave, 44 get the clear 422, nothing else", async () => {
    const piece = ((await t.api("GET", "/api/units/list")).body.message as { unit_id: number; unit_name: string }[]).find(
      (u) => u.unit_name === "Piece",
    )!.unit_id;
    const to = (await created("/api/inventories", { inventory_name: "Busy branch" })).inventory_id;
    const item = (
      await created("/api/items", {
        item_name: "Last units",
        has_expire: true,
        item_units: [{ unit_fk: piece, quantity: "1", price: "1", is_base: true }],
      })
    ).item_id;
    // Three batches, so the sends also race over first-expiry-first-out.
    await t.database.db.transaction((tx) =>
      stockIn({ tx, user: null, now: new Date(), ip: null }, { type: "test", id: 1 }, [
        { item_id: item, inventory_id: 1, quantity: "7", expire_date: "2098-01-01", unit_cost: "100" },
        { item_id: item, inventory_id: 1, quantity: "8", expire_date: "2098-06-01", unit_cost: "130" },
        { item_id: item, inventory_id: 1, quantity: "5", expire_date: "2099-01-01", unit_cost: "160" },
      ]),
    );
    const ids: number[] = [];
    for (let i = 0; i < 64; i++) {
      const tr = await created("/api/stock_transfers", {
        from_inventory_id: 1,
        to_inventory_id: to,
        items: [{ item_id: item, unit_id: piece, quantity: "1" }],
      });
      await t.api("POST", `/api/stock_transfers/${tr.transfer_id}/approve`);
      ids.push(tr.transfer_id);
    }
    const results = await Promise.all(ids.map((id) => t.api("POST", `/api/stock_transfers/${id}/send`)));
    const sent = results.filter((r) => r.status === 200);
    const refused = results.filter((r) => r.status === 422);
    const other = results.filter((r) => r.status !== 200 && r.status !== 422);
    expect(other.map((r) => `${r.status} ${JSON.stringify(r.body)}`)).toEqual([]);
    expect(sent.length).toBe(20);
    expect(refused.length).toBe(44);
    for (const r of refused) expect(r.body.message).toBe(notEnoughStockMessage("Last units", "Main Inventory", "0"));

    const bal = await t.database.db.execute<{ qty: string }>(
      sql`select coalesce(sum(qty), 0)::text qty from stock_balances where item_fk = ${item} and inventory_fk = 1`,
    );
    expect(Number(bal.rows[0]!.qty)).toBe(0);
    const statuses = await t.database.db.execute<{ status: string; n: number }>(
      sql`select status, count(*)::int n from item_transfers where transfer_id in (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )}) group by status order by status`,
    );
    expect(statuses.rows).toEqual([
      { status: "pending", n: 44 },
      { status: "sent", n: 20 },
    ]);
    // Each unit left once, at the average cost (2,540 / 20 = 127); the last took what value was left.
    const moved = await t.database.db.execute<{ n: number; q: string; v: string }>(
      sql`select count(*)::int n, sum(qty)::text q, sum(value)::text v from stock_movements where item_fk = ${item} and source_type = 'item_transfer'`,
    );
    expect(moved.rows[0]).toEqual({ n: 20, q: "-20.0000", v: "-2540.0000" });
    const cost = await t.database.db.execute<{ qty: string; value: string }>(
      sql`select qty::text, value::text from stock_item_costs where item_fk = ${item}`,
    );
    expect(cost.rows[0]).toEqual({ qty: "0.0000", value: "0.0000" });
  });
});
