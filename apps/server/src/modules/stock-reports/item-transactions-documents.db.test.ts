import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/harness.js";
import { addDays, businessDay } from "../../platform/business-time.js";
import { stockIn } from "../stock/stock.in.js";

/** The item transactions of documents made through the API: numbers, charges applied, transfers, and the order of a day. */
let t: TestApp;
let piece = 0;
let box = 0;
const ok = async (url: string, body: unknown = {}) => {
  const res = await t.api("POST", url, { body });
  if (res.status >= 300) throw new Error(`${url}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data;
};
beforeAll(async () => {
  t = await createTestApp();
  const units = (await t.api("GET", "/api/units/list")).body.message as { unit_id: number; unit_name: string }[];
  piece = units.find((u) => u.unit_name === "Piece")!.unit_id;
  box = units.find((u) => u.unit_name === "Box")!.unit_id;
});
afterAll(() => t?.close());

interface Row {
  date: string;
  source_type: string;
  source_no: string | null;
  qty: string;
  balance: string;
  unit_cost: string;
  value: string;
  balance_value: string;
}

describe("item transactions of purchases with charges and sale transfers", () => {
  it("names every document by its number, shows no row for the applied charges, moves goods at the cost of the day, by time then id", async () => {
    const item = (
      await ok("/api/items", {
        item_name: "Baby Wipes",
        item_units: [
          { unit_fk: piece, quantity: "1", price: "650", is_base: true },
          { unit_fk: box, quantity: "12", price: "7250", is_default: true },
        ],
      })
    ).item_id;
    const supplier = (await ok("/api/suppliers", { consumer_name: "Wipes Supplier" })).consumer_id;
    const carrier = (await ok("/api/suppliers", { consumer_name: "Wipes Carrier" })).consumer_id;
    const customer = (await ok("/api/customers", { consumer_name: "Wipes Pharmacy" })).consumer_id;
    // 10 boxes at 6,000 (500 a piece) at 09:00, carried for 12,000 (100 a piece more once applied).
    const purchase = await ok("/api/purchases", {
      consumer_id: supplier,
      inventory_id: 1,
      currency_id: 1,
      payment_type: "On Account",
      date: "2026-11-20 09:00",
      lines: [{ item_id: item, unit_id: box, quantity: "10", unit_price: "6000" }],
      charges: [{ kind: "transport", consumer_id: carrier, payment_type: "On Account", currency_id: 1, amount: "12000" }],
    });
    await ok(`/api/purchases/${purchase.id}/complete`);
    // 2 boxes to the pharmacy at 10:00, sent before the charges are applied.
    const transfer = await ok("/api/sale_transfers", {
      consumer_fk: customer,
      inventory_fk: 1,
      currency_id: 1,
      date: "2026-11-20 10:00",
      lines: [{ item_fk: item, unit_fk: box, quantity: "2" }],
    });
    await ok(`/api/sale_transfers/${transfer.id}/send`);
    await ok(`/api/purchases/${purchase.id}/apply_cost`);
    // Entered last, dated first: one box at 6,600 (550 a piece) at 08:00.
    const early = await ok("/api/purchases", {
      consumer_id: supplier,
      inventory_id: 1,
      currency_id: 1,
      payment_type: "On Account",
      date: "2026-11-20 08:00",
      lines: [{ item_id: item, unit_id: box, quantity: "1", unit_price: "6600" }],
    });
    await ok(`/api/purchases/${early.id}/complete`);

    const res = await t.api("GET", `/api/reports/item_transactions?item_id=${item}&is_paginated=0`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const rows = (res.body.data.data as Row[]).map((r) => [
      r.date,
      r.source_type,
      r.source_no,
      Number(r.qty),
      Number(r.balance),
      Number(r.unit_cost),
      Number(r.balance_value),
    ]);
    // The goods moved at the item's cost at 10:00: (6,600 + 60,000 + 12,000) / 132 = 595.4545.
    expect(rows).toEqual([
      ["2026-11-20 08:00:00", "purchase", early.number, 12, 12, 550, 6600],
      ["2026-11-20 09:00:00", "purchase", purchase.number, 120, 132, 600, 78600],
      ["2026-11-20 10:00:00", "sale_transfer", transfer.number, -24, 108, 595.4545, 66600],
      ["2026-11-20 10:00:00", "sale_transfer_in", transfer.number, 24, 132, 595.4545, 78600],
    ]);
    // The purchase's row carries its charges in its value too.
    expect(Number((res.body.data.data as Row[])[1]!.value)).toBe(72000);
    expect(res.body.data.footer).toMatchObject({ qty_in: "156", qty_out: "24", closing: "132" });
    const found = await t.api("GET", `/api/reports/item_transactions?item_id=${item}&search=${transfer.number}&is_paginated=0`);
    expect((found.body.data.data as Row[]).map((r) => r.source_type)).toEqual(["sale_transfer", "sale_transfer_in"]);
  });
});

describe("expiry without an alert of the item's own", () => {
  it("counts 30 days as near expiry, and an expired batch is flagged expired", async () => {
    const item = (
      await ok("/api/items", {
        item_name: "Eye Drops",
        has_expire: true,
        item_units: [{ unit_fk: piece, quantity: "1", price: "900", is_base: true }],
      })
    ).item_id;
    const today = businessDay(new Date());
    await t.database.db.transaction((tx) =>
      stockIn({ tx, user: null, now: new Date(), ip: null }, { type: "test", id: 1 }, [
        { line_id: 1, item_id: item, inventory_id: 1, quantity: "5", unit_cost: "400", batch_no: "SOON", expire_date: addDays(today, 20) },
        { line_id: 2, item_id: item, inventory_id: 1, quantity: "3", unit_cost: "400", batch_no: "LATE", expire_date: addDays(today, 45) },
      ]),
    );
    const flags = async () =>
      (await t.api("GET", `/api/stocks?filter[item_id]=${item}`)).body.data.data[0] as { is_near_expiry: boolean; is_expired: boolean };
    expect(await flags()).toMatchObject({ is_near_expiry: true, is_expired: false });
    const report = await t.api("GET", `/api/reports/expired_items?filter[item_id]=${item}&is_paginated=0`);
    expect((report.body.data.data as { batch_no: string }[]).map((r) => r.batch_no)).toEqual(["SOON"]);
    await t.database.db.transaction((tx) =>
      stockIn({ tx, user: null, now: new Date(), ip: null }, { type: "test", id: 2 }, [
        { line_id: 1, item_id: item, inventory_id: 1, quantity: "2", unit_cost: "400", batch_no: "OLD", expire_date: addDays(today, -1) },
      ]),
    );
    expect(await flags()).toMatchObject({ is_near_expiry: true, is_expired: true });
  });
});
