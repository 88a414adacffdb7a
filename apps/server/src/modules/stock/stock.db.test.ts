import { expiredBatchMessage, MSG, notEnoughStockMessage } from "@app/contracts";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/harness.js";
import type { Ctx } from "../../platform/context.js";
import { pieceAndBoxItem } from "../catalogue/items.fixture.js";
import { unitIds } from "../sales/sales.fixture.js";
import { stockInconsistencies } from "./stock.fixture.js";
import { stockIn } from "./stock.in.js";
import { stockOut } from "./stock.out.js";
import { revalueStock } from "./stock.revalue.js";
import { assertNotProtected, reverseStock } from "./stock.reverse.js";

/** The stock core, called as documents call it, with hand-checked quantities and costs. */
let t: TestApp;
let piece = 0;
let box = 0;
const inv = 1;
let inv2 = 0;

const run = <T>(fn: (ctx: Ctx) => Promise<T>, now = new Date()) =>
  t.database.db.transaction(async (tx) => fn({ tx, user: null, now, ip: null }));
const refused = async (p: Promise<unknown>) => {
  try {
    await p;
  } catch (e) {
    return e as { statusCode: number; message: string; cause?: { message: string } };
  }
  throw new Error("expected a refusal");
};

const makeItem = (name: string, extra: Record<string, unknown> = {}) =>
  pieceAndBoxItem(t, { piece, box }, name, { piece: "250", box: "2500" }, extra);

const balances = async (item: number) =>
  (
    await t.database.db.execute<{ inventory_fk: number; batch_no: string | null; expire_date: string | null; qty: string }>(sql`
      select b.inventory_fk, sb.batch_no, to_char(sb.expire_date, 'YYYY-MM-DD') expire_date, b.qty::text qty
        from stock_balances b join stock_batches sb on sb.batch_id = b.batch_fk where b.item_fk = ${item} order by b.inventory_fk, sb.expire_date nulls last`)
  ).rows.map((r) => ({ ...r, qty: String(Number(r.qty)) }));
const cost = async (item: number) =>
  (
    await t.database.db.execute<{ qty: string; value: string; avg_cost: string }>(
      sql`select qty::text, value::text, avg_cost::text from stock_item_costs where item_fk = ${item}`,
    )
  ).rows[0];

/** Every balance equals the sum of its movements, and each item's value the sum of its movement values. */
const expectConsistent = async () => expect(await stockInconsistencies(t.database.db)).toEqual([]);

beforeAll(async () => {
  t = await createTestApp();
  ({ piece, box } = await unitIds(t));
  inv2 = (await t.api("POST", "/api/inventories", { body: { inventory_name: "Second store" } })).body.data.inventory_id;
});
afterAll(() => t?.close());

describe("stock core", () => {
  it("stock in converts units and keeps the moving average; stock out at average cost", async () => {
    const item = await makeItem("Soap");
    // 2 boxes (20 pieces) at 5,000 a box = 500 a piece; then 10 pieces at 700.
    const a = await run((ctx) =>
      stockIn(ctx, { type: "test", id: 1 }, [
        { line_id: 1, item_id: item, inventory_id: inv, unit_id: box, quantity: "2", unit_cost: "5000" },
      ]),
    );
    expect(a.value).toBe("10000");
    expect(a.movements[0]).toMatchObject({ qty: "20", unit_cost: "500", value: "10000" });
    await run((ctx) =>
      stockIn(ctx, { type: "test", id: 2 }, [{ line_id: 1, item_id: item, inventory_id: inv, quantity: "10", unit_cost: "700" }]),
    );
    expect(await cost(item)).toMatchObject({ qty: "30.0000", value: "17000.0000", avg_cost: "566.666667" });
    // 7 pieces at 566.666667 → 3,966.6667
    const out = await run((ctx) =>
      stockOut(ctx, { type: "test", id: 3 }, [{ line_id: 1, item_id: item, inventory_id: inv, quantity: "7" }], { purpose: "adjustment" }),
    );
    expect(out.value).toBe("3966.6667");
    expect(out.movements[0]).toMatchObject({ qty: "-7", value: "-3966.6667" });
    // The last 23 take all the value that is left, so no quantity carries no value.
    const rest = await run((ctx) =>
      stockOut(ctx, { type: "test", id: 4 }, [{ item_id: item, inventory_id: inv, quantity: "23" }], { purpose: "adjustment" }),
    );
    expect(rest.value).toBe("13033.3333");
    expect(await cost(item)).toMatchObject({ qty: "0.0000", value: "0.0000" });
    const e = await refused(
      run((ctx) => stockOut(ctx, { type: "test", id: 5 }, [{ item_id: item, inventory_id: inv, quantity: "1" }], { purpose: "sale" })),
    );
    expect(e).toMatchObject({ statusCode: 422, message: notEnoughStockMessage("Soap", "Main Inventory", "0") });
    await expectConsistent();
  });

  it("picks first-expiry-first-out across batches; a sale refuses an expired batch, a write-off takes it", async () => {
    const item = await makeItem("Syrup", { has_expire: true, expire_alert: 30 });
    const now = new Date("2026-06-15T09:00:00Z");
    await run(
      (ctx) =>
        stockIn(ctx, { type: "test", id: 10 }, [
          { line_id: 1, item_id: item, inventory_id: inv, quantity: "5", expire_date: "2027-03-01", batch_no: "B3", unit_cost: "100" },
          { line_id: 2, item_id: item, inventory_id: inv, quantity: "4", expire_date: "2026-09-01", batch_no: "B2", unit_cost: "100" },
          { line_id: 3, item_id: item, inventory_id: inv, quantity: "3", expire_date: "2026-05-01", batch_no: "B1", unit_cost: "100" },
        ]),
      now,
    );
    const noExpiry = await refused(
      run((ctx) => stockIn(ctx, { type: "test", id: 11 }, [{ item_id: item, inventory_id: inv, quantity: "1", unit_cost: "1" }])),
    );
    expect(noExpiry).toMatchObject({ statusCode: 422, message: "The expire date field is required." });
    // A sale skips the expired B1 and takes B2 first, then B3.
    const sale = await run(
      (ctx) => stockOut(ctx, { type: "test", id: 12 }, [{ item_id: item, inventory_id: inv, quantity: "6" }], { purpose: "sale" }),
      now,
    );
    expect(sale.movements.map((m) => [m.batch_no, m.qty])).toEqual([
      ["B2", "-4"],
      ["B3", "-2"],
    ]);
    const b1 = Number(
      (await t.database.db.execute<{ id: number }>(sql`select batch_id id from stock_batches where item_fk = ${item} and batch_no = 'B1'`))
        .rows[0]!.id,
    );
    const expired = await refused(
      run(
        (ctx) =>
          stockOut(ctx, { type: "test", id: 13 }, [{ item_id: item, inventory_id: inv, quantity: "1", batch_id: b1 }], { purpose: "sale" }),
        now,
      ),
    );
    expect(expired).toMatchObject({ statusCode: 422, message: expiredBatchMessage("Syrup", "2026-05-01") });
    // Only the expired batch is left beyond 3 good ones: the sale of 4 names the expiry, not a shortage.
    const short = await refused(
      run(
        (ctx) => stockOut(ctx, { type: "test", id: 14 }, [{ item_id: item, inventory_id: inv, quantity: "4" }], { purpose: "sale" }),
        now,
      ),
    );
    expect(short.message).toBe(expiredBatchMessage("Syrup", "2026-05-01"));
    // A write-off takes first expiry first: B1.
    const off = await run(
      (ctx) => stockOut(ctx, { type: "test", id: 15 }, [{ item_id: item, inventory_id: inv, quantity: "4" }], { purpose: "disposal" }),
      now,
    );
    expect(off.movements.map((m) => [m.batch_no, m.qty])).toEqual([
      ["B1", "-3"],
      ["B3", "-1"],
    ]);
    expect(await balances(item)).toEqual(
      [
        { inventory_fk: inv, batch_no: "B3", expire_date: "2027-03-01", qty: "2" },
        { inventory_fk: inv, batch_no: "B2", expire_date: "2026-09-01", qty: "0" },
        { inventory_fk: inv, batch_no: "B1", expire_date: "2026-05-01", qty: "0" },
      ].sort((a, b) => (a.expire_date! < b.expire_date! ? -1 : 1)),
    );
    await expectConsistent();
  });

  it("reverses a document, refuses to when its goods have left, and applies cost to what is on hand", async () => {
    const item = await makeItem("Rice");
    await run((ctx) =>
      stockIn(ctx, { type: "purchase", id: 20 }, [{ line_id: 7, item_id: item, inventory_id: inv, quantity: "10", unit_cost: "1000" }]),
    );
    await run((ctx) => stockOut(ctx, { type: "sale", id: 21 }, [{ item_id: item, inventory_id: inv, quantity: "4" }], { purpose: "sale" }));
    const p = await refused(run((ctx) => assertNotProtected(ctx, { type: "purchase", id: 20 })));
    expect(p).toMatchObject({ statusCode: 422, message: MSG.protectedDocument });
    // Charges of 2,000 on the line: 6 of 10 still on hand → 1,200 onto the stock, 800 to cost of goods sold.
    const r = await run((ctx) => revalueStock(ctx, { type: "purchase", id: 20 }, [{ line_id: 7, amount: "2000" }]));
    expect(r).toMatchObject({ inventory: "1200", cogs: "800" });
    expect(await cost(item)).toMatchObject({ qty: "6.0000", value: "7200.0000", avg_cost: "1200.000000" });
    // Undo the sale: the 4 come back at the value they left with.
    const back = await run((ctx) => reverseStock(ctx, { type: "sale", id: 21 }));
    expect(back.value).toBe("4000");
    await run((ctx) => assertNotProtected(ctx, { type: "purchase", id: 20 }));
    expect((await run((ctx) => reverseStock(ctx, { type: "sale", id: 21 }))).movements).toEqual([]);
    await expectConsistent();
    const upd = await refused(t.database.db.execute(sql`update stock_movements set qty = 0`));
    expect(String(upd.cause?.message)).toMatch(/append-only/);
  });

  it("stock may go below zero only while the setting allows it", async () => {
    const item = await makeItem("Salt");
    await run((ctx) => stockIn(ctx, { type: "test", id: 30 }, [{ item_id: item, inventory_id: inv2, quantity: "2", unit_cost: "50" }]));
    const e = await refused(
      run((ctx) =>
        stockOut(ctx, { type: "test", id: 31 }, [{ item_id: item, inventory_id: inv2, quantity: "3" }], { purpose: "transfer" }),
      ),
    );
    expect(e.message).toBe(notEnoughStockMessage("Salt", "Second store", "2"));
    const sqlDirect = await refused(t.database.db.execute(sql`update stock_balances set qty = -1 where item_fk = ${item}`));
    expect(String(sqlDirect.cause?.message)).toMatch(/would be/);
    await t.database.db.execute(sql`update system_config set allow_negative_stock = true`);
    const out = await run((ctx) =>
      stockOut(ctx, { type: "test", id: 31 }, [{ item_id: item, inventory_id: inv2, quantity: "3" }], { purpose: "transfer" }),
    );
    expect(out.value).toBe("150");
    expect(await balances(item)).toEqual([{ inventory_fk: inv2, batch_no: null, expire_date: null, qty: "-1" }]);
    await t.database.db.execute(sql`update system_config set allow_negative_stock = false`);
    // Back off: it may be raised, never lowered further.
    await run((ctx) => stockIn(ctx, { type: "test", id: 32 }, [{ item_id: item, inventory_id: inv2, quantity: "1", unit_cost: "50" }]));
    expect(await balances(item)).toEqual([{ inventory_fk: inv2, batch_no: null, expire_date: null, qty: "0" }]);
    await expectConsistent();
  });
});
