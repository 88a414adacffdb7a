import { MSG } from "@app/contracts";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/harness.js";
import { addDays, businessDay } from "../../platform/business-time.js";
import type { Ctx } from "../../platform/context.js";
import { pieceAndBoxItem } from "../catalogue/items.fixture.js";
import { unitIds } from "../sales/sales.fixture.js";
import { stockIn } from "../stock/stock.in.js";
import { stockOut } from "../stock/stock.out.js";

/** The stock reports over movements made by hand through the stock core, figures checked by hand. */
let t: TestApp;
let piece = 0;
let box = 0;
const main = 1;
let branch = 0;
let syrup = 0;
let soap = 0;
let cleaning = 0;

const run = <T>(fn: (ctx: Ctx) => Promise<T>, now = new Date()) =>
  t.database.db.transaction(async (tx) => fn({ tx, user: null, now, ip: null }));
/** The business day n days from today (the report counts days left from the business's own date, not UTC's). */
const day = (n: number) => addDays(businessDay(new Date()), n);
const at = (d: string) => new Date(`${d}T09:00:00+03:00`);

const makeItem = (name: string, extra: Record<string, unknown> = {}) =>
  pieceAndBoxItem(t, { piece, box }, name, { piece: "250", box: "2500" }, extra);

beforeAll(async () => {
  t = await createTestApp();
  ({ piece, box } = await unitIds(t));
  const inv = await t.api("POST", "/api/inventories", { body: { inventory_name: "Branch Store" } });
  if (inv.status !== 201) throw new Error(JSON.stringify(inv.body));
  branch = inv.body.data.inventory_id;
  syrup = await makeItem("Report Syrup", { has_expire: true, expire_alert: 30 });
  const cat = await t.api("POST", "/api/categories", { body: { category_name: "Report Cleaning" } });
  cleaning = cat.body.data.category_id;
  soap = await makeItem("Report Soap", { category_fk: cleaning });
  // Syrup: 2 boxes (20) expiring in 10 days at 5,000 a box, 5 expired pieces at 400, into the main
  // store 40 days ago; 15 in 200 days into the branch at 600 today. Soap: 12 at 100 into the main store.
  await run(
    (ctx) =>
      stockIn(ctx, { type: "test", id: 1 }, [
        {
          line_id: 1,
          item_id: syrup,
          inventory_id: main,
          unit_id: box,
          quantity: "2",
          unit_cost: "5000",
          batch_no: "NEAR",
          expire_date: day(10),
        },
        { line_id: 2, item_id: syrup, inventory_id: main, quantity: "5", unit_cost: "400", batch_no: "OLD", expire_date: day(-3) },
        { line_id: 3, item_id: soap, inventory_id: main, quantity: "12", unit_cost: "100" },
      ]),
    at(day(-40)),
  );
  await run((ctx) =>
    stockIn(ctx, { type: "test", id: 2 }, [
      { line_id: 1, item_id: syrup, inventory_id: branch, quantity: "15", unit_cost: "600", batch_no: "FAR", expire_date: day(200) },
    ]),
  );
  // 8 pieces of syrup out of the main store 20 days ago (expired batch first for this purpose, then NEAR).
  await run(
    (ctx) =>
      stockOut(ctx, { type: "test", id: 3 }, [{ line_id: 1, item_id: syrup, inventory_id: main, quantity: "8" }], {
        purpose: "adjustment",
      }),
    at(day(-20)),
  );
});
afterAll(() => t?.close());

describe("item transactions", () => {
  it("asks for an item, then lists every movement with the running balance", async () => {
    const none = await t.api("GET", "/api/reports/item_transactions");
    expect(none.status).toBe(422);
    expect(none.body.message).toBe(MSG.selectItemForTransactions);
    const res = await t.api("GET", `/api/reports/item_transactions?item_id=${syrup}&is_paginated=0`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const rows = res.body.data.data as {
      qty: string;
      balance: string;
      batch_no: string;
      inventory_name: string;
      unit_name: string | null;
    }[];
    // In: 20 (NEAR, as 2 boxes) and 5 (OLD); out 8 (5 OLD then 3 NEAR); in 15 (FAR).
    expect(rows.map((r) => [Number(r.qty), Number(r.balance)])).toEqual([
      [20, 20],
      [5, 25],
      [-5, 20],
      [-3, 17],
      [15, 32],
    ]);
    expect(rows[0]!.unit_name).toBe("Box");
    expect(rows.map((r) => r.batch_no)).toEqual(["NEAR", "OLD", "OLD", "NEAR", "FAR"]);
    expect(res.body.data.footer).toMatchObject({ opening: "0", qty_in: "40", qty_out: "8", closing: "32" });
  });

  it("starts a period with the quantity before it and narrows to one inventory", async () => {
    const q = `filter[date_filter]=DATE_PERIOD&filter[date_between]=${day(-30)},${day(1)}`;
    const res = await t.api("GET", `/api/reports/item_transactions?item_id=${syrup}&${q}&is_paginated=0`);
    const rows = res.body.data.data as { is_opening: boolean; qty: string; balance: string }[];
    expect(rows.map((r) => [r.is_opening, Number(r.qty), Number(r.balance)])).toEqual([
      [true, 25, 25],
      [false, -5, 20],
      [false, -3, 17],
      [false, 15, 32],
    ]);
    const branchOnly = await t.api("GET", `/api/reports/item_transactions?item_id=${syrup}&inventory_id=${branch}&${q}`);
    expect(branchOnly.body.data.data.map((r: { balance: string }) => Number(r.balance))).toEqual([0, 15]);
    expect((await t.api("GET", "/api/reports/item_transactions?item_id=99999999")).status).toBe(404);
    const xlsx = await t.api("GET", `/api/reports/item_transactions/export?item_id=${syrup}`);
    expect(xlsx.status).toBe(200);
  });
});

describe("inventories", () => {
  it("quantity and value per inventory, narrowed by category", async () => {
    const res = await t.api("GET", "/api/reports/inventories?is_paginated=0");
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const rows = res.body.data.data as { inventory_id: number; items_count: number; qty: string; value: string; expired_items: number }[];
    const m = rows.find((r) => r.inventory_id === main)!;
    const b = rows.find((r) => r.inventory_id === branch)!;
    // Main: syrup 17 (the expired batch is gone) + soap 12; branch: syrup 15.
    expect([m.items_count, Number(m.qty), b.items_count, Number(b.qty)]).toEqual([2, 29, 1, 15]);
    // Syrup's average: (10,000 + 2,000 − 8 out + 9,000 in) / 32 left; value = qty × average.
    const avg = Number(
      (await t.database.db.execute<{ a: string }>(sql`select avg_cost::text a from stock_item_costs where item_fk = ${syrup}`)).rows[0]!.a,
    );
    expect(Number(b.value)).toBeCloseTo(15 * avg, 3);
    expect(Number(m.value)).toBeCloseTo(17 * avg + 1200, 3);
    expect(Number(res.body.data.footer.value)).toBeCloseTo(32 * avg + 1200, 3);
    const narrowed = await t.api("GET", `/api/reports/inventories?filter[category_id]=${cleaning}&is_paginated=0`);
    const nm = (narrowed.body.data.data as typeof rows).find((r) => r.inventory_id === main)!;
    expect([nm.items_count, Number(nm.qty), Number(nm.value)]).toEqual([1, 12, 1200]);
  });

  it("shows a user only the inventories assigned to them", async () => {
    const user = await t.userWith(["reports/inventory"], { inventory_ids: [branch] });
    const res = await t.api("GET", "/api/reports/inventories", { token: user.token });
    expect(res.status).toBe(200);
    expect(res.body.data.data.map((r: { inventory_id: number }) => r.inventory_id)).toEqual([branch]);
    const other = await t.userWith(["reports/expired_items"]);
    expect((await t.api("GET", "/api/reports/inventories", { token: other.token })).status).toBe(403);
  });
});

describe("expired items", () => {
  it("lists batches in stock that expired or expire within the item's alert days, soonest first", async () => {
    const res = await t.api("GET", "/api/reports/expired_items?is_paginated=0");
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const rows = res.body.data.data as { item_id: number; batch_no: string; qty: string; days_left: number; is_expired: boolean }[];
    const mine = rows.filter((r) => r.item_id === syrup);
    // OLD is gone (taken out first), NEAR (17 left, 10 days) is within 30 days, FAR (200 days) is not.
    expect(mine.map((r) => [r.batch_no, Number(r.qty), r.days_left, r.is_expired])).toEqual([["NEAR", 17, 10, false]]);
    const expired = await t.api("GET", "/api/reports/expired_items?filter[is_expired]=1");
    expect(expired.body.data.data.filter((r: { item_id: number }) => r.item_id === syrup)).toEqual([]);
  });
});

// Last: these documents add an item to the inventories the reports above count.
describe("item transactions of documents", () => {
  it("names each movement's document by its number, a reversal marked, and finds them by that number", async () => {
    const ok = async (method: "POST" | "PUT", url: string, body: unknown = {}) => {
      const res = await t.api(method, url, { body });
      if (res.status >= 300) throw new Error(`${url}: ${res.status} ${JSON.stringify(res.body)}`);
      return res.body.data;
    };
    const gauze = await makeItem("Report Gauze");
    const supplier = await ok("POST", "/api/suppliers", { consumer_name: "Report Supplier" });
    const purchase = await ok("POST", "/api/purchases", {
      consumer_id: supplier.consumer_id,
      inventory_id: main,
      currency_id: 1,
      payment_type: "On Account",
      lines: [{ item_id: gauze, unit_id: piece, quantity: "10", unit_price: "200" }],
    });
    await ok("POST", `/api/purchases/${purchase.id}/complete`);
    const disposal = await ok("POST", "/api/asset_disposals", {
      inventory_id: main,
      disposal_type: "destruct",
      lines: [{ item_id: gauze, unit_id: piece, quantity: "2" }],
    });
    await ok("POST", `/api/asset_disposals/${disposal.id}/complete`);
    await ok("POST", `/api/asset_disposals/${disposal.id}/return_to_draft`);
    const res = await t.api("GET", `/api/reports/item_transactions?item_id=${gauze}&is_paginated=0`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const rows = res.body.data.data as { source_type: string; source_no: string | null; is_reversal: boolean; qty: string }[];
    expect(rows.map((r) => [r.source_type, r.source_no, r.is_reversal, Number(r.qty)])).toEqual([
      ["purchase", purchase.number, false, 10],
      ["asset_disposal", disposal.number, false, -2],
      ["asset_disposal", disposal.number, true, 2],
    ]);
    const found = await t.api("GET", `/api/reports/item_transactions?item_id=${gauze}&search=${purchase.number}`);
    expect((found.body.data.data as { source_no: string }[]).map((r) => r.source_no)).toEqual([purchase.number]);
    // The general ledger names the documents the same way.
    const inventory = (await t.database.db.execute<{ id: number }>(sql`select account_id id from accounts where system_key = 'inventory'`))
      .rows[0]!.id;
    const gl = await t.api("GET", `/api/financial_reports/general_ledger?account_id=${inventory}&search=${disposal.number}&is_paginated=0`);
    expect(gl.status, JSON.stringify(gl.body)).toBe(200);
    expect((gl.body.data.data as { source_no: string }[]).map((r) => r.source_no)).toEqual([disposal.number, disposal.number]);
  });
});
