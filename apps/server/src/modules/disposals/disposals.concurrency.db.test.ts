import { notEnoughStockMessage } from "@app/contracts";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/harness.js";

/** Many write-offs of one item's last units at once, through the HTTP API, on PostgreSQL. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const ok = async (url: string, body?: unknown) => {
  const res = await t.api("POST", url, { body });
  if (res.status >= 300) throw new Error(`${url}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data;
};

describe("concurrent write-offs", () => {
  it("48 write-offs of 1 piece against the last 12: exactly 12 done, 36 refused with the clear 422, nothing else", async () => {
    const units = (await t.api("GET", "/api/units/list")).body.message as { unit_id: number; unit_name: string }[];
    const piece = units.find((u) => u.unit_name === "Piece")!.unit_id;
    const inv = (await t.api("GET", "/api/inventories/list")).body.message[0];
    const item = (
      await ok("/api/items", {
        item_name: "Last units",
        item_units: [{ unit_fk: piece, quantity: "1", price: "100", is_base: true, is_default: true }],
      })
    ).item_id;
    await ok("/api/inventory_opening_balances", {
      inventory_id: inv.inventory_id,
      lines: [{ item_id: item, unit_id: piece, quantity: "12", unit_cost: "750" }],
    });
    const drafts: number[] = [];
    for (let i = 0; i < 48; i++)
      drafts.push(
        (
          await ok("/api/asset_disposals", {
            inventory_id: inv.inventory_id,
            disposal_type: i % 2 ? "destruct" : "stolen",
            lines: [{ item_id: item, unit_id: piece, quantity: "1" }],
          })
        ).id,
      );
    const results = await Promise.all(drafts.map((id) => t.api("POST", `/api/asset_disposals/${id}/complete`)));
    const done = results.filter((r) => r.status === 200);
    const refused = results.filter((r) => r.status === 422);
    const other = results.filter((r) => r.status !== 200 && r.status !== 422);
    expect(other.map((r) => `${r.status} ${JSON.stringify(r.body)}`)).toEqual([]);
    expect([done.length, refused.length]).toEqual([12, 36]);
    // Each refusal names the item, the inventory and what it holds now (a stale read would say more).
    for (const r of refused) expect(r.body.message).toBe(notEnoughStockMessage("Last units", inv.inventory_name, "0"));
    const state = await t.database.db.execute<{ qty: string; moved: string; completed: number; losses: string; value: string }>(sql`
      select (select qty::numeric(20,3)::text from stock_balances where item_fk = ${item}) as qty,
             (select sum(qty)::numeric(20,3)::text from stock_movements where item_fk = ${item}) as moved,
             (select count(*)::int from asset_disposals where status = 'complete') as completed,
             (select sum(total_loss)::numeric(20,4)::text from asset_disposals) as losses,
             (select sum(l.sys_debit - l.sys_credit)::numeric(20,4)::text from journal_lines l join accounts a on a.account_id = l.account_id
               where a.system_key = 'stock_losses') as value`);
    expect(state.rows[0]).toEqual({ qty: "0.000", moved: "0.000", completed: 12, losses: "9000.0000", value: "9000.0000" });
  });
});
