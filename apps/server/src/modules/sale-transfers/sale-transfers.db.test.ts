import { notEnoughStockMessage, SALE_TRANSFER_MSG } from "@app/contracts";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/harness.js";
import { pieceAndBoxItem } from "../catalogue/items.fixture.js";
import { dbHelpers, unitIds } from "../sales/sales.fixture.js";
import { stockInconsistencies } from "../stock/stock.fixture.js";
import { stockIn } from "../stock/stock.in.js";
import { heldIn } from "./sale-transfers.fixture.js";

/**
 * Sale transfers through the API with hand-checked stock: goods sent on consignment leave the
 * main inventory for the customer's consignment location at average cost, come back with a
 * sale-transfer return (no more than the customer holds), and post nothing.
 */
let t: TestApp;
let piece = 0;
let box = 0;
const main = 1;
let item = 0;
let customer = 0;
let consignment = 0;

const { created, ok, q: rows } = dbHelpers(() => t);
const held = (inventory: number) => heldIn(t, item, inventory);
const expectConsistent = async () => expect(await stockInconsistencies(t.database.db)).toEqual([]);
const transferBody = (lines: unknown[], extra: Record<string, unknown> = {}) => ({
  consumer_fk: customer,
  inventory_fk: main,
  date: "2026-11-20 09:00",
  currency_id: 1,
  lines,
  ...extra,
});
const returnBody = (quantity: string, extra: Record<string, unknown> = {}) => ({
  consumer_fk: customer,
  inventory_fk: main,
  date: "2026-11-22 11:00",
  lines: [{ item_fk: item, unit_fk: piece, quantity }],
  ...extra,
});

beforeAll(async () => {
  t = await createTestApp();
  ({ piece, box } = await unitIds(t));
  item = await pieceAndBoxItem(t, { piece, box }, "Paracetamol 500", { piece: "1500", box: "14000" });
  customer = (await created("/api/customers", { consumer_name: "Shifa Pharmacy" })).consumer_id;
  // 40 pieces at 900: value 36,000.
  await t.database.db.transaction((tx) =>
    stockIn({ tx, user: null, now: new Date(), ip: null }, { type: "test", id: 1 }, [
      { item_id: item, inventory_id: main, quantity: "40", unit_cost: "900" },
    ]),
  );
});
afterAll(() => t?.close());

describe("sale transfers", () => {
  let sent = 0;

  it("is saved pending, priced at the in-rate by the price function, and moves nothing", async () => {
    const doc = await created("/api/sale_transfers", transferBody([{ item_fk: item, unit_fk: box, quantity: "1" }]));
    sent = doc.id;
    // One box at its sale price 14,000 IQD; the goods have not left.
    expect(doc).toMatchObject({
      number: expect.stringMatching(/^STR-\d{6}$/),
      status: "pending",
      consumer_name: "Shifa Pharmacy",
      inventory_name: "Main Inventory",
      consignment_inventory_fk: null,
      total: "14000.000",
      cost: "0",
    });
    expect(doc.lines[0]).toMatchObject({ unit_name: "Box", unit_base_qty: "10.0000", unit_price: "14000.000", line_total: "14000.000" });
    expect(await held(main)).toEqual({ qty: 40, value: 36000 });
  });

  it("sends 10 pieces to the customer's consignment location, made on first use, at average cost and with no entry", async () => {
    const doc = await ok(`/api/sale_transfers/${sent}/send`);
    consignment = doc.consignment_inventory_fk;
    expect(doc).toMatchObject({
      status: "sent",
      consignment_inventory_name: `Consignment: Shifa Pharmacy #${customer}`,
      cost: "9000.0000",
    });
    expect(await held(main)).toEqual({ qty: 30, value: 27000 });
    expect(await held(consignment)).toEqual({ qty: 10, value: 9000 });
    expect(await rows(sql`select 1 from journal_entries`)).toEqual([]);
    const [inv] = await rows<{ c: number }>(sql`select consignment_consumer_fk c from inventories where inventory_id = ${consignment}`);
    expect(inv!.c).toBe(customer);
    // Not offered as a document's inventory.
    const list = (await t.api("GET", "/api/inventories/list")).body.message as { inventory_id: number }[];
    expect(list.map((i) => i.inventory_id)).not.toContain(consignment);
    await expectConsistent();
  });

  it("shows what the customer holds", async () => {
    const res = await t.api("GET", `/api/sale_transfers/consignments?filter[consumer_id]=${customer}`);
    expect(res.status).toBe(200);
    expect(res.body.data.data).toEqual([
      expect.objectContaining({ consumer_name: "Shifa Pharmacy", item_name: "Paracetamol 500", qty: "10.0000", value: "9000.0000" }),
    ]);
    expect(res.body.data.footer).toMatchObject({ value: "9000.0000" });
  });

  it("refuses to change a sent transfer, or to send it twice", async () => {
    const again = await t.api("POST", `/api/sale_transfers/${sent}/send`, { body: {} });
    expect(again.status).toBe(422);
    expect(again.body.message).toBe(SALE_TRANSFER_MSG.notPending);
    const edit = await t.api("PATCH", `/api/sale_transfers/${sent}`, {
      body: transferBody([{ item_fk: item, unit_fk: piece, quantity: "1" }]),
    });
    expect(edit.status).toBe(422);
    expect((await t.api("DELETE", `/api/sale_transfers/${sent}`)).status).toBe(422);
  });

  it("takes 3 back into a chosen inventory at the cost they left with, and no more than the customer holds", async () => {
    const ret = await created("/api/sale_transfer_returns", returnBody("3", { sale_transfer_fk: sent }));
    expect(ret).toMatchObject({
      number: expect.stringMatching(/^STRR-\d{6}$/),
      sale_transfer_number: expect.any(String),
      value: "2700.0000",
    });
    expect(await held(main)).toEqual({ qty: 33, value: 29700 });
    expect(await held(consignment)).toEqual({ qty: 7, value: 6300 });
    const tooMany = await t.api("POST", "/api/sale_transfer_returns", { body: returnBody("8") });
    expect(tooMany.status).toBe(422);
    expect(tooMany.body.message).toBe(notEnoughStockMessage("Paracetamol 500", `Consignment: Shifa Pharmacy #${customer}`, "7"));
    // A customer who never received goods on consignment has nothing to return.
    const other = (await created("/api/customers", { consumer_name: "Nobody Ltd" })).consumer_id;
    const none = await t.api("POST", "/api/sale_transfer_returns", { body: returnBody("1", { consumer_fk: other }) });
    expect(none.status).toBe(422);
    expect(none.body.errors.consumer_fk).toEqual([SALE_TRANSFER_MSG.noConsignment]);
    // The consignment location itself cannot be the inventory goods come back into.
    const self = await t.api("POST", "/api/sale_transfer_returns", { body: returnBody("1", { inventory_fk: consignment }) });
    expect(self.status).toBe(422);
    expect(self.body.errors.inventory_fk).toEqual([SALE_TRANSFER_MSG.consignmentInventory]);
    await expectConsistent();
  });

  it("cannot return the transfer to draft once goods it sent were returned; a fresh one can", async () => {
    const protectedRes = await t.api("POST", `/api/sale_transfers/${sent}/return_to_draft`, { body: {} });
    expect(protectedRes.status).toBe(422);
    expect(protectedRes.body.message).toBe("Protected, Some of items Returned, Sold or Damaged.");
    const other = await created("/api/sale_transfers", transferBody([{ item_fk: item, unit_fk: piece, quantity: "5" }]));
    await ok(`/api/sale_transfers/${other.id}/send`);
    expect(await held(consignment)).toEqual({ qty: 12, value: 10800 });
    const back = await ok(`/api/sale_transfers/${other.id}/return_to_draft`);
    expect(back).toMatchObject({ status: "pending", cost: "0" });
    expect(await held(main)).toEqual({ qty: 33, value: 29700 });
    expect(await held(consignment)).toEqual({ qty: 7, value: 6300 });
    expect((await t.api("DELETE", `/api/sale_transfers/${other.id}`)).status).toBe(200);
    await expectConsistent();
  });

  it("edits a return (reversed and moved again) and deletes it", async () => {
    const ret = await created("/api/sale_transfer_returns", returnBody("2"));
    expect(await held(consignment)).toEqual({ qty: 5, value: 4500 });
    const edit = await t.api("PATCH", `/api/sale_transfer_returns/${ret.id}`, { body: returnBody("4") });
    expect(edit.status).toBe(200);
    expect(edit.body.data.value).toBe("3600.0000");
    expect(await held(consignment)).toEqual({ qty: 3, value: 2700 });
    expect((await t.api("DELETE", `/api/sale_transfer_returns/${ret.id}`)).status).toBe(200);
    expect(await held(consignment)).toEqual({ qty: 7, value: 6300 });
    expect(await held(main)).toEqual({ qty: 33, value: 29700 });
    await expectConsistent();
  });

  it("closes and opens once: a second close or open of the same state is refused in words, and changes nothing", async () => {
    const doc = await created("/api/sale_transfers", transferBody([{ item_fk: item, unit_fk: piece, quantity: "1" }]));
    const state = async () => (await t.api("GET", `/api/sale_transfers/${doc.id}`)).body.data.is_closed;
    await ok(`/api/sale_transfers/${doc.id}/close`);
    const twice = await t.api("POST", `/api/sale_transfers/${doc.id}/close`, { body: {} });
    expect(twice.status).toBe(422);
    expect(twice.body.message).toBe("The document is already closed.");
    expect(await state()).toBe(true);
    await ok(`/api/sale_transfers/${doc.id}/open`);
    const again = await t.api("POST", `/api/sale_transfers/${doc.id}/open`, { body: {} });
    expect(again.status).toBe(422);
    expect(again.body.message).toBe("The document is already open.");
    expect(await state()).toBe(false);
    expect((await t.api("DELETE", `/api/sale_transfers/${doc.id}`)).status).toBe(200);
  });

  it("refuses bad input with field messages", async () => {
    const cases: [unknown, string][] = [
      [transferBody([]), "lines"],
      [transferBody([{ item_fk: item, unit_fk: 999999, quantity: "1" }]), "lines.0.unit_fk"],
      [transferBody([{ item_fk: item, unit_fk: piece, quantity: "-1" }]), "lines.0.quantity"],
      [transferBody([{ item_fk: item, unit_fk: piece, quantity: "1" }], { consumer_fk: "x" }), "consumer_fk"],
      [transferBody([{ item_fk: item, unit_fk: piece, quantity: "1" }], { inventory_fk: consignment }), "inventory_fk"],
    ];
    for (const [body, field] of cases) {
      const res = await t.api("POST", "/api/sale_transfers", { body });
      expect(res.status, field).toBe(422);
      expect(Object.keys(res.body.errors), field).toContain(field);
    }
  });
});

describe("sale transfers at once", () => {
  it("one transfer sent by 8 clients at once leaves once; 16 returns of 1 at once for 10 held: exactly 10 succeed", async () => {
    const doc = await created("/api/sale_transfers", transferBody([{ item_fk: item, unit_fk: piece, quantity: "3" }]));
    const before = await held(main);
    const sends = await Promise.all(Array.from({ length: 8 }, () => t.api("POST", `/api/sale_transfers/${doc.id}/send`, { body: {} })));
    expect(sends.filter((r) => r.status === 200)).toHaveLength(1);
    expect(sends.filter((r) => r.status === 422 && r.body.message === SALE_TRANSFER_MSG.notPending)).toHaveLength(7);
    expect((await held(main)).qty).toBe(before.qty - 3);
    const holding = (await held(consignment)).qty;
    expect(holding).toBe(10);
    const returns = await Promise.all(
      Array.from({ length: 16 }, () => t.api("POST", "/api/sale_transfer_returns", { body: returnBody("1") })),
    );
    expect(returns.filter((r) => r.status === 201)).toHaveLength(10);
    expect(returns.filter((r) => r.status === 422 && /^Not enough stock of Paracetamol 500/.test(r.body.message))).toHaveLength(6);
    expect(await held(consignment)).toEqual({ qty: 0, value: 0 });
    expect(await held(main)).toEqual({ qty: 40, value: 36000 });
    await expectConsistent();
  });
});
