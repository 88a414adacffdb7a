import { PURCHASE_ORDER_MSG } from "@app/contracts";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/harness.js";
import { pieceAndBoxItem } from "../catalogue/items.fixture.js";
import { dbHelpers, unitIds } from "../sales/sales.fixture.js";

/** Many clients receiving against one order at once, on PostgreSQL: never more than ordered. */
let t: TestApp;
let box = 0;
let item = 0;
let supplier = 0;
let buyer = "";

const { created, ok, q } = dbHelpers(() => t);
const one = async <T extends Record<string, unknown>>(query: ReturnType<typeof sql>) => (await q<T>(query))[0]!;

beforeAll(async () => {
  t = await createTestApp();
  const units = await unitIds(t);
  box = units.box;
  item = await pieceAndBoxItem(t, units, "Paracetamol", { piece: "1500", box: "15000" });
  supplier = (await created("/api/suppliers", { consumer_name: "One Supplier" })).consumer_id;
  buyer = (await t.userWith(["purchases/order", "purchases/store", "purchases/complete"], { inventory_ids: [1] })).token;
});
afterAll(() => t?.close());

describe("receipts against one order at the same time", () => {
  it("32 clients each receive 2 boxes of a 20-box order: exactly 10 receipts land, the rest are told why, no conflict reaches anyone", async () => {
    const order = await created("/api/purchase_orders", {
      consumer_id: supplier,
      inventory_id: 1,
      currency_id: 1,
      lines: [{ item_id: item, unit_id: box, quantity: "20", unit_price: "10000" }],
    });
    await ok(`/api/purchase_orders/${order.id}/order`);
    const line = order.lines[0].line_id;
    const answers = await Promise.all(
      Array.from({ length: 32 }, (_, i) =>
        t.api("POST", `/api/purchase_orders/${order.id}/receive`, {
          token: buyer,
          body: { reference_no: `INV-${i}`, lines: [{ order_line_id: line, quantity: "2", batch_no: `B${i}` }] },
        }),
      ),
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(10);
    expect(statuses.filter((s) => s === 422)).toHaveLength(22);
    for (const a of answers.filter((x) => x.status === 422)) expect(a.body.message).toBe(PURCHASE_ORDER_MSG.moreThanOrdered);

    const shown = (await t.api("GET", `/api/purchase_orders/${order.id}`)).body.data;
    expect(shown).toMatchObject({ receive_status: "received" });
    expect(shown.lines[0]).toMatchObject({ received_quantity: "20.0000", remaining_quantity: "0.0000" });
    expect(shown.receipts).toHaveLength(10);
    // Exactly 10 purchases, each complete with its stock and its entry; 200 pieces in 10 batches.
    const counts = await one<{ purchases: number; complete: number; entries: number; batches: number }>(sql`
      select (select count(*)::int from purchases) purchases,
             (select count(*)::int from purchases where status = 'complete' and order_fk = ${order.id}) complete,
             (select count(*)::int from journal_entries where source_type = 'purchase') entries,
             (select count(*)::int from stock_balances where item_fk = ${item} and qty > 0) batches`);
    expect(counts).toEqual({ purchases: 10, complete: 10, entries: 10, batches: 10 });
    const stock = await one<{ q: string }>(sql`select sum(qty)::text q from stock_balances where item_fk = ${item}`);
    expect(Number(stock.q)).toBe(200);
    const numbers = await one<{ n: number }>(sql`select count(distinct number)::int n from purchases`);
    expect(numbers.n).toBe(10);
    // Owed to the supplier: 20 boxes × 10,000; the books balance and inventory holds the stock's value.
    const owed = await one<{ b: string }>(sql`
      select sum(l.credit - l.debit)::text b from journal_lines l join consumers c on l.account_id = c.account_fk where c.consumer_id = ${supplier}`);
    expect(Number(owed.b)).toBe(200000);
    const tb = await one<{ d: string }>(sql`select coalesce(sum(sys_debit - sys_credit), 0)::text d from journal_lines`);
    expect(Number(tb.d)).toBe(0);
    const inv = await one<{ b: string }>(sql`
      select sum(l.debit - l.credit)::text b from journal_lines l join accounts a on a.account_id = l.account_id where a.system_key = 'inventory'`);
    expect(Number(inv.b)).toBe(200000);
  }, 120_000);

  it("receipts, returns to draft and completions of one order's receipts at once stay within the order", async () => {
    const order = await created("/api/purchase_orders", {
      consumer_id: supplier,
      inventory_id: 1,
      currency_id: 1,
      lines: [{ item_id: item, unit_id: box, quantity: "8", unit_price: "10000" }],
    });
    await ok(`/api/purchase_orders/${order.id}/order`);
    const line = order.lines[0].line_id;
    const receiveOne = () =>
      t.api("POST", `/api/purchase_orders/${order.id}/receive`, {
        token: buyer,
        body: { lines: [{ order_line_id: line, quantity: "1" }] },
      });
    // Four receipts in, then returned to draft: drafts of the order that may complete again.
    const drafts: number[] = [];
    for (let i = 0; i < 4; i++) {
      const r = await receiveOne();
      drafts.push(r.body.data.purchase.id);
      await ok(`/api/purchases/${r.body.data.purchase.id}/return_to_draft`);
    }
    const answers = await Promise.all([
      ...Array.from({ length: 12 }, receiveOne),
      ...drafts.map((id) => t.api("POST", `/api/purchases/${id}/complete`, { token: buyer })),
    ]);
    const statuses = answers.map((a) => a.status);
    expect(statuses.every((s) => s === 200 || s === 201 || s === 422)).toBe(true);
    expect(statuses.filter((s) => s !== 422)).toHaveLength(8);
    const received = await one<{ q: string }>(sql`
      select coalesce(sum(pl.quantity), 0)::text q from purchase_lines pl join purchases p on p.id = pl.purchase_fk
       where p.order_fk = ${order.id} and p.status = 'complete'`);
    expect(Number(received.q)).toBe(8);
    expect((await t.api("GET", `/api/purchase_orders/${order.id}`)).body.data.receive_status).toBe("received");
  }, 120_000);
});
