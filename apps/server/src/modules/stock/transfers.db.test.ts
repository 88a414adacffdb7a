import { MSG, notEnoughStockMessage, TRANSFER_NOT_APPROVED, TRANSFER_NOT_PENDING, TRANSFER_NOT_SENT } from "@app/contracts";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/harness.js";
import { stockInconsistencies } from "./stock.fixture.js";
import { stockIn } from "./stock.in.js";

/** Item transfers through the API: pending → approved → sent (stock leaves at average cost) → received (arrives at that cost). */
let t: TestApp;
let piece = 0;
let box = 0;
const main = 1;
let branch = 0;
let item = 0;

const created = async (url: string, body: unknown) => {
  const res = await t.api("POST", url, { body });
  if (res.status !== 201) throw new Error(`${url}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data;
};
const qtyIn = async (inventory: number) =>
  (
    await t.database.db.execute<{ q: string }>(
      sql`select coalesce(sum(qty), 0)::text q from stock_balances where item_fk = ${item} and inventory_fk = ${inventory}`,
    )
  ).rows[0]!.q;
const expectConsistent = async () => expect(await stockInconsistencies(t.database.db)).toEqual([]);

beforeAll(async () => {
  t = await createTestApp();
  const units = (await t.api("GET", "/api/units/list")).body.message as { unit_id: number; unit_name: string }[];
  piece = units.find((u) => u.unit_name === "Piece")!.unit_id;
  box = units.find((u) => u.unit_name === "Box")!.unit_id;
  branch = (await created("/api/inventories", { inventory_name: "Branch store" })).inventory_id;
  item = (
    await created("/api/items", {
      item_name: "Amoxicillin 250",
      has_expire: true,
      expire_alert: 60,
      item_units: [
        { unit_fk: piece, quantity: "1", price: "300", is_base: true },
        { unit_fk: box, quantity: "10", price: "2800", is_default: true },
      ],
    })
  ).item_id;
  // Two batches in the main inventory: 30 at 200 expiring first, 20 at 260 later (average 224).
  await t.database.db.transaction((tx) =>
    stockIn({ tx, user: null, now: new Date(), ip: null }, { type: "test", id: 1 }, [
      { item_id: item, inventory_id: main, quantity: "30", batch_no: "A1", expire_date: "2098-01-31", unit_cost: "200" },
      { item_id: item, inventory_id: main, quantity: "20", batch_no: "A2", expire_date: "2099-06-30", unit_cost: "260" },
    ]),
  );
});
afterAll(() => t?.close());

describe("item transfers", () => {
  it("sends 4 boxes first-expiry-first-out at average cost and receives them batch by batch at that cost", async () => {
    const tr = await created("/api/stock_transfers", {
      from_inventory_id: main,
      to_inventory_id: branch,
      date: "2026-03-10",
      note: "Weekly refill",
      items: [{ item_id: item, unit_id: box, quantity: "4" }],
    });
    expect(tr).toMatchObject({
      status: "pending",
      approved: null,
      from_inventory_name: "Main Inventory",
      to_inventory_name: "Branch store",
    });
    expect(tr.transfer_no).toMatch(/^IT-\d{6}$/);
    const id = tr.transfer_id;
    expect((await t.api("POST", `/api/stock_transfers/${id}/send`)).body.message).toBe(TRANSFER_NOT_APPROVED);
    expect((await t.api("POST", `/api/stock_transfers/${id}/approve`)).body.data.approved).toBe(true);
    const sent = await t.api("POST", `/api/stock_transfers/${id}/send`);
    expect(sent.status).toBe(200);
    expect(sent.body.data.status).toBe("sent");
    // 40 pieces: 30 from A1 and 10 from A2, at the average of 224 → 8,960.
    expect(sent.body.data.items[0].value).toBe("8960.0000");
    expect(await qtyIn(main)).toBe("10.0000");
    expect(await qtyIn(branch)).toBe("0");
    expect(
      (
        await t.api("PATCH", `/api/stock_transfers/${id}`, {
          body: { from_inventory_id: main, to_inventory_id: branch, items: [{ item_id: item, unit_id: piece, quantity: "1" }] },
        })
      ).body.message,
    ).toBe(TRANSFER_NOT_PENDING);
    expect((await t.api("DELETE", `/api/stock_transfers/${id}`)).body.message).toBe(TRANSFER_NOT_PENDING);

    const rec = await t.api("POST", `/api/stock_transfers/${id}/receive`);
    expect(rec.body.data.status).toBe("received");
    expect((await t.api("POST", `/api/stock_transfers/${id}/receive`)).body.message).toBe(TRANSFER_NOT_SENT);
    const batches = await t.api("GET", `/api/stocks/batches?item_id=${item}&inventory_id=${branch}`);
    expect(
      batches.body.message.map((b: { batch_no: string; qty: string; expire_date: string }) => [b.batch_no, b.expire_date, b.qty]),
    ).toEqual([
      ["A1", "2098-01-31", "30.0000"],
      ["A2", "2099-06-30", "10.0000"],
    ]);
    // The movements in: each batch at the cost it left with; the average is unchanged.
    const moved = await t.database.db.execute<{ source_type: string; qty: string; value: string }>(sql`
      select source_type, qty::text, value::text from stock_movements where source_id = ${id} and source_type like 'item_transfer%' order by movement_id`);
    expect(moved.rows).toEqual([
      { source_type: "item_transfer", qty: "-30.0000", value: "-6720.0000" },
      { source_type: "item_transfer", qty: "-10.0000", value: "-2240.0000" },
      { source_type: "item_transfer_receive", qty: "30.0000", value: "6720.0000" },
      { source_type: "item_transfer_receive", qty: "10.0000", value: "2240.0000" },
    ]);
    const cost = await t.database.db.execute<{ avg_cost: string; value: string }>(
      sql`select avg_cost::text, value::text from stock_item_costs where item_fk = ${item}`,
    );
    expect(cost.rows[0]).toEqual({ avg_cost: "224.000000", value: "11200.0000" });
    // No journal entry: one inventory account.
    expect((await t.database.db.execute(sql`select 1 from journal_entries where source_type like 'item_transfer%'`)).rows).toEqual([]);

    const stocks = await t.api("GET", `/api/stocks?filter[item_id]=${item}&sortColumn=inventory_name&sortDir=asc`);
    expect(
      stocks.body.data.data.map((r: { inventory_name: string; qty: string; value: string }) => [r.inventory_name, r.qty, r.value]),
    ).toEqual([
      ["Branch store", "40.0000", "8960.0000"],
      ["Main Inventory", "10.0000", "2240.0000"],
    ]);
    expect(stocks.body.data.footer.value).toBe("11200.0000");
    await expectConsistent();
  });

  it("refuses a send beyond the stock with the item, inventory and quantity on hand, and leaves nothing half-done", async () => {
    const tr = await created("/api/stock_transfers", {
      from_inventory_id: main,
      to_inventory_id: branch,
      items: [{ item_id: item, unit_id: piece, quantity: "11" }],
    });
    await t.api("POST", `/api/stock_transfers/${tr.transfer_id}/approve`);
    const res = await t.api("POST", `/api/stock_transfers/${tr.transfer_id}/send`);
    expect(res.status).toBe(422);
    expect(res.body.message).toBe(notEnoughStockMessage("Amoxicillin 250", "Main Inventory", "10"));
    expect((await t.api("GET", `/api/stock_transfers/${tr.transfer_id}`)).body.data.status).toBe("pending");
    expect(await qtyIn(main)).toBe("10.0000");
    // Disapproved: it cannot be sent; edited: decided again.
    await t.api("POST", `/api/stock_transfers/${tr.transfer_id}/disapprove`);
    expect((await t.api("POST", `/api/stock_transfers/${tr.transfer_id}/send`)).body.message).toBe(TRANSFER_NOT_APPROVED);
    const upd = await t.api("PATCH", `/api/stock_transfers/${tr.transfer_id}`, {
      body: { from_inventory_id: main, to_inventory_id: branch, items: [{ item_id: item, unit_id: piece, quantity: "10" }] },
    });
    expect(upd.body.data).toMatchObject({ approved: null, items: [{ quantity: "10.0000", unit_name: "Piece" }] });
    expect((await t.api("DELETE", `/api/stock_transfers/${tr.transfer_id}`)).body.message).toBe(MSG.deleted);
  });

  it("validates inventories, units and batches; the list filters by status and scopes by inventory", async () => {
    const same = await t.api("POST", "/api/stock_transfers", { body: { from_inventory_id: main, to_inventory_id: main, items: [] } });
    expect(same.status).toBe(422);
    expect(same.body.errors.to_inventory_id).toEqual(["From Inventory and To Inventory must be different"]);
    expect(same.body.errors.items).toEqual(["At least one item is required."]);
    const badUnit = await t.api("POST", "/api/stock_transfers", {
      body: { from_inventory_id: main, to_inventory_id: branch, items: [{ item_id: item, unit_id: 99999, quantity: "1" }] },
    });
    expect(badUnit.body.errors["items.0.unit_id"]).toEqual(["The selected unit is invalid."]);
    const list = await t.api("GET", "/api/stock_transfers?filter[status]=received");
    expect(list.body.data.data.map((r: { status: string; value: string }) => [r.status, r.value])).toEqual([["received", "8960.0000"]]);
    // A clerk of the branch only sees transfers touching it, and cannot send from the main inventory.
    const clerk = await t.userWith(["stock_transfers/index", "stock_transfers/transfer"], { inventory_ids: [branch] });
    const own = await created("/api/stock_transfers", {
      from_inventory_id: main,
      to_inventory_id: branch,
      items: [{ item_id: item, unit_id: piece, quantity: "1" }],
    });
    const other = await created("/api/inventories", { inventory_name: "Other store" });
    await created("/api/stock_transfers", {
      from_inventory_id: main,
      to_inventory_id: other.inventory_id,
      items: [{ item_id: item, unit_id: piece, quantity: "1" }],
    });
    const seen = await t.api("GET", "/api/stock_transfers", { token: clerk.token });
    expect(seen.body.data.data.every((r: { to_inventory_name: string }) => r.to_inventory_name === "Branch store")).toBe(true);
    expect(seen.body.data.data.map((r: { transfer_id: number }) => r.transfer_id)).toContain(own.transfer_id);
    await t.api("POST", `/api/stock_transfers/${own.transfer_id}/approve`);
    const send = await t.api("POST", `/api/stock_transfers/${own.transfer_id}/send`, { token: clerk.token });
    expect(send.status).toBe(403);
    expect(await qtyIn(main)).toBe("10.0000");
  });
});
