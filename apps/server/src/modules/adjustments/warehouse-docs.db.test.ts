import { MSG, notEnoughStockMessage } from "@app/contracts";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/harness.js";

/**
 * Opening stock, counts and write-offs with figures checked by hand. Amoxicillin (expiry, 1 box =
 * 10 pieces) and Soap (1 carton = 24 pieces) open in the seeded inventory:
 *   3 boxes of batch A1 at 12,000 a box   =  30 pieces, 36,000
 *   20 pieces of batch A2 (expired 2020) at 1,500 = 20 pieces, 30,000   → Amoxicillin 50 at 1,320
 *   2 cartons of Soap at 24,000            =  48 pieces, 48,000          → Soap 48 at 1,000
 */
let t: TestApp;
let inventory: number;
let piece: number;
let box: number;
let carton: number;
let amox: number;
let soap: number;

const ok = async (method: "POST" | "PATCH" | "DELETE", url: string, body?: unknown) => {
  const res = await t.api(method, url, { body });
  if (res.status >= 300) throw new Error(`${method} ${url}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data;
};

/** Net debit per system account of a document's live entries (reversed entries count both ways). */
async function posted(type: string, id: number): Promise<Record<string, string>> {
  const r = await t.database.db.execute<{ key: string; net: string }>(sql`
    select a.system_key as key, sum(l.sys_debit - l.sys_credit)::numeric(20,4)::text as net
      from journal_lines l join journal_entries e on e.entry_id = l.entry_id join accounts a on a.account_id = l.account_id
     where e.source_type = ${type} and e.source_id = ${id}
     group by a.system_key having sum(l.sys_debit - l.sys_credit) <> 0 order by a.system_key`);
  return Object.fromEntries(r.rows.map((x) => [x.key, x.net]));
}

/** Quantity on hand per batch of an item in the inventory, keyed by batch number ("-" for none). */
async function onHand(item: number): Promise<Record<string, string>> {
  const r = await t.database.db.execute<{ batch: string; qty: string }>(sql`
    select coalesce(sb.batch_no, '-') as batch, b.qty::numeric(20,3)::text as qty from stock_balances b join stock_batches sb on sb.batch_id = b.batch_fk
     where b.item_fk = ${item} and b.inventory_fk = ${inventory} order by 1`);
  return Object.fromEntries(r.rows.map((x) => [x.batch, x.qty]));
}

async function expectLedgersAgree() {
  // Every balance is the sum of its movements, and the inventory account holds the stock's value.
  const off = await t.database.db.execute(sql`
    select b.item_fk from stock_balances b
      left join (select item_fk, inventory_fk, batch_fk, sum(qty) q from stock_movements group by 1, 2, 3) m
        on (m.item_fk, m.inventory_fk, m.batch_fk) = (b.item_fk, b.inventory_fk, b.batch_fk)
     where b.qty <> coalesce(m.q, 0)`);
  expect(off.rows).toEqual([]);
  const value = await t.database.db.execute<{ stock: string; account: string }>(sql`
    select (select coalesce(sum(value), 0) from stock_movements)::numeric(20,4)::text as stock,
           (select coalesce(sum(l.sys_debit - l.sys_credit), 0) from journal_lines l join accounts a on a.account_id = l.account_id
             where a.system_key = 'inventory')::numeric(20,4)::text as account`);
  expect(value.rows[0]!.account).toBe(value.rows[0]!.stock);
  const tb = (await t.api("GET", "/api/financial_reports/trial_balance?per_page=1000")).body.data;
  expect(tb.footer.debit).toBe(tb.footer.credit);
}

const batchId = async (item: number, no: string) =>
  Number(
    (
      await t.database.db.execute<{ id: number }>(
        sql`select batch_id as id from stock_batches where item_fk = ${item} and batch_no = ${no}`,
      )
    ).rows[0]!.id,
  );

beforeAll(async () => {
  t = await createTestApp();
  const units = (await t.api("GET", "/api/units/list")).body.message as { unit_id: number; unit_name: string }[];
  const unit = (n: string) => units.find((u) => u.unit_name === n)!.unit_id;
  piece = unit("Piece");
  box = unit("Box");
  carton = unit("Carton");
  inventory = (await t.api("GET", "/api/inventories/list")).body.message[0].inventory_id;
  amox = (
    await ok("POST", "/api/items", {
      item_name: "Amoxicillin 500",
      has_expire: true,
      item_units: [
        { unit_fk: piece, quantity: "1", price: "2000", is_base: true },
        { unit_fk: box, quantity: "10", price: "18000", is_default: true },
      ],
    })
  ).item_id;
  soap = (
    await ok("POST", "/api/items", {
      item_name: "Olive soap",
      item_units: [
        { unit_fk: piece, quantity: "1", price: "1500", is_base: true, is_default: true },
        { unit_fk: carton, quantity: "24", price: "30000" },
      ],
    })
  ).item_id;
});
afterAll(() => t?.close());

describe("inventory opening balance", () => {
  it("refuses an item with expiry without its expiry date, naming the line", async () => {
    const res = await t.api("POST", "/api/inventory_opening_balances", {
      body: {
        inventory_id: inventory,
        lines: [
          { item_id: soap, unit_id: carton, quantity: "1", unit_cost: "1" },
          { item_id: amox, unit_id: box, quantity: "1", unit_cost: "1" },
        ],
      },
    });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({ "lines.1.expire_date": ["The expire date field is required."] });
    const res2 = await t.api("POST", "/api/inventory_opening_balances", {
      body: { inventory_id: inventory, lines: [{ item_id: soap, unit_id: box, quantity: "1", unit_cost: "1" }] },
    });
    expect(res2.body.errors).toEqual({ "lines.0.unit_id": ["The selected unit is invalid."] });
    expect(await onHand(soap)).toEqual({});
  });

  it("brings the goods in at their cost and posts Dr inventory / Cr opening-balance equity", async () => {
    const doc = await ok("POST", "/api/inventory_opening_balances", {
      inventory_id: inventory,
      note: "Shop opening",
      lines: [
        { item_id: amox, unit_id: box, quantity: "3", unit_cost: "12,000".replace(",", ""), batch_no: "A1", expire_date: "2030-01-31" },
        { item_id: amox, unit_id: piece, quantity: "20", unit_cost: "1500", batch_no: "A2", expire_date: "2020-06-30" },
        { item_id: soap, unit_id: carton, quantity: "2", unit_cost: "24000" },
      ],
    });
    expect(doc.number).toMatch(/^OST-\d{6}$/);
    expect(Number(doc.total_value)).toBe(114000);
    expect(doc.lines.map((l: { value: string }) => Number(l.value))).toEqual([36000, 30000, 48000]);
    expect(await posted("inventory_opening_balance", doc.id)).toEqual({ inventory: "114000.0000", opening_equity: "-114000.0000" });
    expect(await onHand(amox)).toEqual({ A1: "30.000", A2: "20.000" });
    expect(await onHand(soap)).toEqual({ "-": "48.000" });
    const costs = await t.database.db.execute<{ item_fk: number; avg: string }>(
      sql`select item_fk, avg_cost::numeric(20,4)::text as avg from stock_item_costs where item_fk in (${amox}, ${soap}) order by item_fk`,
    );
    expect(costs.rows.map((c) => c.avg)).toEqual(["1320.0000", "1000.0000"]);
    const list = (await t.api("GET", "/api/inventory_opening_balances?search=OST")).body.data;
    expect(list.footer.total_value).toMatch(/^114000(\.0+)?$/);
    await expectLedgersAgree();
  });
});

describe("inventory adjustment (count sheet)", () => {
  it("shows the theoretical quantities of the inventory per item and batch", async () => {
    const sheet = (await t.api("GET", `/api/inventory_adjustments/sheet/${inventory}`)).body.message as {
      item_name: string;
      batch_no: string | null;
      theoretical_qty: string;
    }[];
    expect(sheet.map((r) => [r.item_name, r.batch_no, Number(r.theoretical_qty)])).toEqual([
      ["Amoxicillin 500", "A2", 20],
      ["Amoxicillin 500", "A1", 30],
      ["Olive soap", null, 48],
    ]);
  });

  it("completing a count posts the gain (Soap 48 → 50, 2 × 1,000) and the loss (A1 30 → 28, 2 × 1,320)", async () => {
    const a1 = await batchId(amox, "A1");
    const soapBatch = Number(
      (await t.database.db.execute<{ id: number }>(sql`select batch_fk as id from stock_balances where item_fk = ${soap}`)).rows[0]!.id,
    );
    const draft = await ok("POST", "/api/inventory_adjustments", {
      inventory_id: inventory,
      lines: [
        { item_id: amox, batch_id: a1, counted_qty: "28" },
        { item_id: soap, batch_id: soapBatch, counted_qty: "50" },
      ],
    });
    expect(draft.status).toBe("draft");
    // A draft shows the differences against what is on hand now and moves nothing.
    expect(draft.lines.map((l: { difference: string }) => Number(l.difference))).toEqual([-2, 2]);
    expect(await onHand(soap)).toEqual({ "-": "48.000" });
    const repeated = await t.api("POST", "/api/inventory_adjustments", {
      body: {
        inventory_id: inventory,
        lines: [
          { item_id: soap, batch_id: soapBatch, counted_qty: "1" },
          { item_id: soap, batch_id: soapBatch, counted_qty: "2" },
        ],
      },
    });
    expect(repeated.body.errors).toEqual({ "lines.1.item_id": ["The item is repeated (row 2)."] });

    const done = await ok("POST", `/api/inventory_adjustments/${draft.id}/complete`);
    expect(done.status).toBe("complete");
    expect([Number(done.gain_value), Number(done.loss_value)]).toEqual([2000, 2640]);
    expect(
      done.lines.map((l: { theoretical_qty: string; counted_qty: string; difference: string; value: string }) => [
        Number(l.theoretical_qty),
        Number(l.counted_qty),
        Number(l.difference),
        Number(l.value),
      ]),
    ).toEqual([
      [30, 28, -2, -2640],
      [48, 50, 2, 2000],
    ]);
    expect(await posted("inventory_adjustment", draft.id)).toEqual({
      inventory: "-640.0000",
      stock_gains: "-2000.0000",
      stock_losses: "2640.0000",
    });
    expect(await onHand(amox)).toEqual({ A1: "28.000", A2: "20.000" });
    expect(await onHand(soap)).toEqual({ "-": "50.000" });
    const again = await t.api("POST", `/api/inventory_adjustments/${draft.id}/complete`);
    expect([again.status, again.body.message]).toEqual([422, "The document is already done."]);
    const edit = await t.api("PATCH", `/api/inventory_adjustments/${draft.id}`, {
      body: { inventory_id: inventory, lines: [{ item_id: soap, counted_qty: "1" }] },
    });
    expect([edit.status, edit.body.message]).toEqual([422, "Only a draft can be changed or deleted."]);
    await expectLedgersAgree();
  });

  it("an opening stock whose goods have since left is protected", async () => {
    const list = (await t.api("GET", "/api/inventory_opening_balances")).body.data.data;
    const res = await t.api("DELETE", `/api/inventory_opening_balances/${list[0].id}`);
    expect([res.status, res.body.message]).toEqual([422, MSG.protectedDocument]);
    expect(await onHand(amox)).toEqual({ A1: "28.000", A2: "20.000" });
  });
});

describe("destructed assets (write-off)", () => {
  it("writes off a box of the expired batch A2 at average cost, returns it to draft and does it again", async () => {
    const a2 = await batchId(amox, "A2");
    // The batches a write-off may name: first expiry first.
    const batches = (await t.api("GET", `/api/asset_disposals/batches/${inventory}?item_id=${amox}`)).body.message;
    expect(
      batches.map((b: { batch_no: string; expire_date: string; theoretical_qty: string }) => [
        b.batch_no,
        b.expire_date,
        Number(b.theoretical_qty),
      ]),
    ).toEqual([
      ["A2", "2020-06-30", 20],
      ["A1", "2030-01-31", 28],
    ]);
    const draft = await ok("POST", "/api/asset_disposals", {
      inventory_id: inventory,
      disposal_type: "expired",
      lines: [{ item_id: amox, unit_id: box, quantity: "1", batch_id: a2, description: "Past expiry" }],
    });
    expect(draft.number).toMatch(/^DSP-\d{6}$/);
    expect(draft.status).toBe("draft");
    expect(await onHand(amox)).toEqual({ A1: "28.000", A2: "20.000" });

    const done = await ok("POST", `/api/asset_disposals/${draft.id}/complete`);
    expect(done.status).toBe("complete");
    expect(Number(done.total_loss)).toBe(13200);
    expect(Number(done.lines[0].loss)).toBe(13200);
    expect(await posted("asset_disposal", draft.id)).toEqual({ inventory: "-13200.0000", stock_losses: "13200.0000" });
    expect(await onHand(amox)).toEqual({ A1: "28.000", A2: "10.000" });

    const back = await ok("POST", `/api/asset_disposals/${draft.id}/return_to_draft`);
    expect([back.status, Number(back.total_loss)]).toEqual(["draft", 0]);
    expect(await posted("asset_disposal", draft.id)).toEqual({});
    expect(await onHand(amox)).toEqual({ A1: "28.000", A2: "20.000" });

    await ok("POST", `/api/asset_disposals/${draft.id}/complete`);
    expect(await onHand(amox)).toEqual({ A1: "28.000", A2: "10.000" });
    const remove = await t.api("DELETE", `/api/asset_disposals/${draft.id}`);
    expect([remove.status, remove.body.message]).toEqual([422, "Only a draft can be changed or deleted."]);
    await expectLedgersAgree();
  });

  it("refuses more than the inventory holds, naming the item, the inventory and the quantity on hand", async () => {
    const draft = await ok("POST", "/api/asset_disposals", {
      inventory_id: inventory,
      disposal_type: "stolen",
      lines: [{ item_id: soap, unit_id: carton, quantity: "3" }],
    });
    const res = await t.api("POST", `/api/asset_disposals/${draft.id}/complete`);
    const name = (await t.api("GET", "/api/inventories/list")).body.message[0].inventory_name;
    expect([res.status, res.body.message]).toEqual([422, notEnoughStockMessage("Olive soap", name, "50")]);
    expect((await t.api("GET", `/api/asset_disposals/${draft.id}`)).body.data.status).toBe("draft");
    expect(await posted("asset_disposal", draft.id)).toEqual({});
    const bad = await t.api("POST", "/api/asset_disposals", { body: { inventory_id: inventory, disposal_type: "lost", lines: [] } });
    expect(bad.body.errors).toEqual({
      disposal_type: ["The type must be stolen, destruct or expired."],
      lines: ["At least one item is required."],
    });
  });
});

describe("set not adjusted to zero", () => {
  it("counts every batch left off the sheet as none: Amoxicillin A1 28 and A2 10 → 0, a loss of 38 × 1,320", async () => {
    const draft = await ok("POST", "/api/inventory_adjustments", {
      inventory_id: inventory,
      set_not_adjusted_to_zero: true,
      lines: [{ item_id: soap, counted_qty: "50", batch_id: null }],
    });
    const done = await ok("POST", `/api/inventory_adjustments/${draft.id}/complete`);
    expect([Number(done.gain_value), Number(done.loss_value)]).toEqual([0, 50160]);
    expect(done.lines).toHaveLength(3);
    expect(await onHand(amox)).toEqual({ A1: "0.000", A2: "0.000" });
    expect(await onHand(soap)).toEqual({ "-": "50.000" });
    expect(await posted("inventory_adjustment", draft.id)).toEqual({ inventory: "-50160.0000", stock_losses: "50160.0000" });
    // 114,000 opened + 2,000 gained − 2,640 − 13,200 − 50,160 lost = the 50 soaps at 1,000.
    const inv = await t.database.db.execute<{ v: string }>(sql`
      select sum(l.sys_debit - l.sys_credit)::numeric(20,4)::text as v from journal_lines l join accounts a on a.account_id = l.account_id where a.system_key = 'inventory'`);
    expect(inv.rows[0]!.v).toBe("50000.0000");
    await expectLedgersAgree();
  });
});

describe("goods a count finds that the sheet does not list", () => {
  it("a batch not on hand comes in at the item's average cost: 5 of Amoxicillin batch A3 at 1,320", async () => {
    const missingExpiry = await t.api("POST", "/api/inventory_adjustments", {
      body: { inventory_id: inventory, lines: [{ item_id: amox, batch_no: "A3", counted_qty: "5" }] },
    });
    const draft = await ok("POST", "/api/inventory_adjustments", {
      inventory_id: inventory,
      lines: [{ item_id: amox, batch_no: "A3", expire_date: "2032-01-01", counted_qty: "5" }],
    });
    expect(draft.lines.map((l: { batch_id: number | null; difference: string }) => [l.batch_id, Number(l.difference)])).toEqual([
      [null, 5],
    ]);
    const done = await ok("POST", `/api/inventory_adjustments/${draft.id}/complete`);
    expect([Number(done.gain_value), Number(done.loss_value)]).toEqual([6600, 0]);
    expect(done.lines[0].batch_no).toBe("A3");
    expect(done.lines[0].batch_id).toBe(await batchId(amox, "A3"));
    expect(await onHand(amox)).toEqual({ A1: "0.000", A2: "0.000", A3: "5.000" });
    expect(await posted("inventory_adjustment", draft.id)).toEqual({ inventory: "6600.0000", stock_gains: "-6600.0000" });
    // Without its expiry the goods of an item with expiry cannot come in: the count stays a draft.
    const refused = await t.api("POST", `/api/inventory_adjustments/${missingExpiry.body.data.id}/complete`);
    expect([refused.status, refused.body.message]).toEqual([422, "The expire date field is required."]);
    expect((await t.api("GET", `/api/inventory_adjustments/${missingExpiry.body.data.id}`)).body.data.status).toBe("draft");
    await expectLedgersAgree();
  });
});
