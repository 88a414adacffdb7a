import { randomUUID } from "node:crypto";
import { MSG } from "@app/contracts";
import { sql } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/harness.js";
import { accountByKey } from "../ledger/ledger.js";
import { D } from "../ledger/money.js";
import { stockInconsistencies } from "./stock.fixture.js";

/**
 * Random sequences of the real documents, through the API as the screens send them: purchases
 * in either currency (some with a transport charge whose cost is then applied, some paid in
 * cash), returns from them, returns to draft, item transfers sent and received, inventory
 * counts and write-offs, sales in either currency (a percent invoice discount, cash or on
 * account), returns from them and sales returned to draft, POS bills from up to four tills at once
 * (booked together, paid in dinars or in dollars and dinars, some with change) and their returns at the till. A document may be refused (not enough
 * stock, more returned than bought or sold, protected, no cash to pay back); nothing else may
 * come back. After every step: each balance equals the sum of its movements and is never
 * negative, the inventory account equals the value of the stock (goods in transit between
 * inventories included), cost of goods sold is what the sales took out less what their returns
 * brought back (plus charges applied to goods already gone), COGS + stock value = the purchases
 * at cost (less what went back, was written off or counted), and the books balance.
 */
let t: TestApp;
const items: number[] = [];
const inventories: number[] = [];
let piece = 0;
let supplier = 0;
let carrier = 0;
let iqdCash = 0;
let customer = 0;

type Op =
  | { kind: "purchase"; item: number; inv: number; qty: number; price: number; usd: boolean; charge: number; cash: boolean; batch: number }
  | { kind: "return"; pick: number; qty: number }
  | { kind: "toDraft"; pick: number }
  | { kind: "transfer"; item: number; from: number; to: number; qty: number }
  | { kind: "receive"; pick: number }
  | { kind: "count"; inv: number; pick: number; counted: number }
  | { kind: "writeOff"; item: number; inv: number; qty: number }
  | { kind: "sale"; item: number; inv: number; qty: number; usd: boolean; cash: boolean; discount: number }
  | { kind: "saleReturn"; pick: number; qty: number; cash: boolean }
  | { kind: "saleToDraft"; pick: number }
  | { kind: "pos"; item: number; qty: number; tills: number; change: boolean; usd: boolean }
  | { kind: "posReturn"; pick: number; qty: number; cash: boolean };

const purchases: { id: number; complete: boolean }[] = [];
const sales: { id: number; complete: boolean }[] = [];
const inTransit: number[] = [];
const posBills: number[] = [];
let cashier = { token: "" };
const answers = new Map<number, number>();

async function call(method: "GET" | "POST", url: string, body?: unknown) {
  const res = await t.api(method, url, body === undefined ? {} : { body });
  answers.set(res.status, (answers.get(res.status) ?? 0) + 1);
  // A refusal is fine; a conflict that reached the client, a crash or a bad request is not.
  if (![200, 201, 422].includes(res.status)) throw new Error(`${method} ${url}: ${res.status} ${JSON.stringify(res.body)}`);
  return res;
}

/** A till's request: a refusal (422) is fine, a review (202) or anything else is not. */
async function tillCall(method: "GET" | "POST", url: string, body?: unknown) {
  const res = await t.api(method, url, {
    token: cashier.token,
    ...(body === undefined ? {} : { body, headers: { "idempotency-key": randomUUID() } }),
  });
  answers.set(res.status, (answers.get(res.status) ?? 0) + 1);
  if (![200, 201, 422].includes(res.status)) throw new Error(`${method} ${url}: ${res.status} ${JSON.stringify(res.body)}`);
  return res;
}

async function apply(op: Op) {
  switch (op.kind) {
    case "purchase": {
      const res = await call("POST", "/api/purchases", {
        consumer_id: supplier,
        inventory_id: inventories[op.inv],
        currency_id: op.usd ? 2 : 1,
        rate: op.usd ? "1500" : "1",
        payment_type: op.cash ? "Cash" : "On Account",
        ...(op.cash ? { account_id: iqdCash, paid_amount: "0" } : {}),
        lines: [
          {
            item_id: items[op.item],
            unit_id: piece,
            quantity: String(op.qty),
            unit_price: op.usd ? (op.price / 100).toFixed(2) : String(op.price),
            ...(op.item === 0 ? { batch_no: `B${op.batch}`, expire_date: `2099-0${op.batch + 1}-01` } : {}),
          },
        ],
        charges: op.charge
          ? [{ kind: "transport", consumer_id: carrier, payment_type: "On Account", currency_id: 1, amount: String(op.charge) }]
          : [],
      });
      if (res.status !== 201) throw new Error(`purchase refused: ${JSON.stringify(res.body)}`);
      const id = res.body.data.id as number;
      const done = await call("POST", `/api/purchases/${id}/complete`);
      if (done.status !== 200) throw new Error(`purchase not completed: ${JSON.stringify(done.body)}`);
      if (op.charge) await call("POST", `/api/purchases/${id}/apply_cost`);
      purchases.push({ id, complete: true });
      return;
    }
    case "return": {
      const complete = purchases.filter((x) => x.complete);
      const p = complete[op.pick % Math.max(complete.length, 1)];
      if (!p) return;
      const doc = (await call("GET", `/api/purchases/${p.id}`)).body.data;
      const line = doc.lines[0];
      await call("POST", "/api/purchase_returns", {
        purchase_id: p.id,
        consumer_id: supplier,
        inventory_id: doc.inventory_fk,
        currency_id: doc.currency_id,
        rate: doc.rate,
        payment_type: "On Account",
        lines: [
          {
            purchase_line_id: line.line_id,
            item_id: line.item_fk,
            unit_id: line.unit_fk,
            quantity: String(op.qty),
            unit_price: line.unit_price,
          },
        ],
      });
      return;
    }
    case "toDraft": {
      const complete = purchases.filter((x) => x.complete);
      const p = complete[op.pick % Math.max(complete.length, 1)];
      if (!p) return;
      // Refused once some of its goods have left (protected); then it stays complete.
      const res = await call("POST", `/api/purchases/${p.id}/return_to_draft`);
      if (res.status === 200) p.complete = false;
      return;
    }
    case "transfer": {
      if (op.from === op.to) return;
      const res = await call("POST", "/api/stock_transfers", {
        from_inventory_id: inventories[op.from],
        to_inventory_id: inventories[op.to],
        items: [{ item_id: items[op.item], unit_id: piece, quantity: String(op.qty) }],
      });
      if (res.status !== 201) throw new Error(`transfer refused: ${JSON.stringify(res.body)}`);
      const id = res.body.data.transfer_id as number;
      await call("POST", `/api/stock_transfers/${id}/approve`);
      if ((await call("POST", `/api/stock_transfers/${id}/send`)).status === 200) inTransit.push(id);
      return;
    }
    case "receive": {
      const id = inTransit[op.pick % Math.max(inTransit.length, 1)];
      if (id === undefined) return;
      expect((await call("POST", `/api/stock_transfers/${id}/receive`)).status).toBe(200);
      inTransit.splice(inTransit.indexOf(id), 1);
      return;
    }
    case "count": {
      const sheet = (await call("GET", `/api/inventory_adjustments/sheet/${inventories[op.inv]}`)).body.message as {
        item_id: number;
        batch_id: number;
      }[];
      const row = sheet[op.pick % Math.max(sheet.length, 1)];
      if (!row) return;
      const draft = await call("POST", "/api/inventory_adjustments", {
        inventory_id: inventories[op.inv],
        lines: [{ item_id: row.item_id, batch_id: row.batch_id, counted_qty: String(op.counted) }],
      });
      if (draft.status !== 201) throw new Error(`count refused: ${JSON.stringify(draft.body)}`);
      await call("POST", `/api/inventory_adjustments/${draft.body.data.id}/complete`);
      return;
    }
    case "writeOff": {
      const draft = await call("POST", "/api/asset_disposals", {
        inventory_id: inventories[op.inv],
        disposal_type: "destruct",
        lines: [{ item_id: items[op.item], unit_id: piece, quantity: String(op.qty) }],
      });
      if (draft.status !== 201) throw new Error(`write-off refused: ${JSON.stringify(draft.body)}`);
      await call("POST", `/api/asset_disposals/${draft.body.data.id}/complete`);
      return;
    }
    case "sale": {
      const res = await call("POST", "/api/sales", {
        consumer_fk: customer,
        inventory_fk: inventories[op.inv],
        currency_id: op.usd ? 2 : 1,
        rate: op.usd ? "1500" : "1",
        discount_type: "invoice",
        invoice_discount_type: "percent",
        invoice_discount: String(op.discount),
        payment_type: op.cash ? "Cash" : "On Account",
        ...(op.cash ? { account_fk: iqdCash } : {}),
        lines: [{ item_fk: items[op.item], unit_fk: piece, quantity: String(op.qty) }],
      });
      if (res.status !== 201) throw new Error(`sale refused: ${JSON.stringify(res.body)}`);
      // Refused when the stock is not there.
      const done = await call("POST", `/api/sales/${res.body.data.id}/complete`);
      sales.push({ id: res.body.data.id, complete: done.status === 200 });
      return;
    }
    case "saleReturn": {
      const complete = sales.filter((x) => x.complete);
      const s = complete[op.pick % Math.max(complete.length, 1)];
      if (!s) return;
      const doc = (await call("GET", `/api/sales/${s.id}`)).body.data;
      // Up to what the line sold: more is refused, and a sequence should also return for real.
      const quantity = Math.min(op.qty, Number(doc.lines[0].quantity));
      // Cash paid back from the till may find it short ("No Enough Balance"): refused.
      await call("POST", "/api/sale_returns", {
        sale_fk: s.id,
        inventory_fk: doc.inventory_fk,
        received_type: op.cash ? "Cash" : "On Account",
        ...(op.cash ? { account_fk: iqdCash } : {}),
        lines: [{ sale_line_fk: doc.lines[0].line_id, quantity: String(quantity) }],
      });
      return;
    }
    case "pos": {
      // Several tills' bills at once (booked together), each one line at 5,000 a piece, paid in
      // dinars, or 2 dollars (3,000 at the in-rate 1,500) and the rest in dinars; exactly or with change.
      const dinars = op.qty * 5000 - (op.usd ? 3000 : 0) + (op.change ? 750 : 0);
      const bill = {
        client_created_at: new Date().toISOString(),
        lines: [{ item_fk: items[op.item], unit_fk: piece, quantity: String(op.qty) }],
        payments: [
          ...(op.usd ? [{ method: "cash", currency_id: 2, amount: "2" }] : []),
          { method: "cash", currency_id: 1, amount: String(dinars) },
        ],
      };
      const sold = await Promise.all(Array.from({ length: op.tills }, () => tillCall("POST", "/api/pos_sales", bill)));
      for (const r of sold) if (r.status === 201) posBills.push(r.body.data.id as number);
      return;
    }
    case "posReturn": {
      const id = posBills[op.pick % Math.max(posBills.length, 1)];
      if (id === undefined) return;
      const line = (await tillCall("GET", `/api/pos_sales/${id}`)).body.data.lines[0];
      const quantity = Math.min(op.qty, Number(line.returnable_quantity));
      if (quantity <= 0) return;
      await tillCall("POST", `/api/pos_sales/${id}/return`, {
        received_type: op.cash ? "Cash" : "On Account",
        lines: [{ sale_line_fk: line.line_id, quantity: String(quantity) }],
      });
      return;
    }
    case "saleToDraft": {
      const complete = sales.filter((x) => x.complete);
      const s = complete[op.pick % Math.max(complete.length, 1)];
      if (!s) return;
      // Refused once goods came back from it (protected).
      const res = await call("POST", `/api/sales/${s.id}/return_to_draft`);
      if (res.status === 200) s.complete = false;
      return;
    }
  }
}

async function checkInvariants() {
  const db = t.database.db;
  expect(await stockInconsistencies(db)).toEqual([]);
  const inventoryAccount = (await accountByKey(db, "inventory")).account_id;
  // Transfers post nothing: what they moved is netted out (in transit it is still the shop's stock).
  const r = await db.execute<{ account: string; stock: string; books: string }>(sql`
    select (select coalesce(sum(sys_debit - sys_credit), 0) from journal_lines where account_id = ${inventoryAccount})::text as account,
           (select coalesce(sum(value), 0) from stock_movements
             where source_type not in ('item_transfer', 'item_transfer_receive'))::text as stock,
           (select coalesce(sum(sys_debit - sys_credit), 0) from journal_lines)::text as books`);
  const { account, stock, books } = r.rows[0]!;
  expect(D(account).toFixed(4)).toBe(D(stock).toFixed(4));
  expect(D(books).toFixed(4)).toBe("0.0000");
  // Cost of goods sold: what sales took out of stock less what their returns brought back, plus
  // the charges applied to goods already gone (posted by the purchases).
  const c = await db.execute<{ cogs: string; sold: string; charged: string; purchased: string }>(sql`
    select (select coalesce(sum(l.sys_debit - l.sys_credit), 0) from journal_lines l join accounts a using (account_id)
             where a.system_key = 'cogs')::text as cogs,
           (select coalesce(-sum(value), 0) from stock_movements where source_type in ('sale', 'sale_return'))::text as sold,
           (select coalesce(sum(l.sys_debit - l.sys_credit), 0) from journal_lines l join accounts a using (account_id)
              join journal_entries e on e.entry_id = l.entry_id
             where a.system_key = 'cogs' and e.source_type not in ('sale', 'sale_return'))::text as charged,
           (select coalesce(sum(l.sys_debit - l.sys_credit), 0) from journal_lines l join accounts a using (account_id)
              join journal_entries e on e.entry_id = l.entry_id
             where a.system_key in ('inventory', 'cogs') and e.source_type not in ('sale', 'sale_return'))::text as purchased`);
  const { cogs, sold, charged, purchased } = c.rows[0]!;
  expect(D(cogs).toFixed(4)).toBe(D(sold).plus(charged).toFixed(4));
  expect(D(cogs).plus(stock).toFixed(4)).toBe(D(purchased).toFixed(4));
}

beforeAll(async () => {
  t = await createTestApp();
  const created = async (url: string, body: unknown) => {
    const res = await t.api("POST", url, { body });
    if (res.status !== 201) throw new Error(`${url}: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body.data;
  };
  piece = ((await t.api("GET", "/api/units/list")).body.message as { unit_id: number; unit_name: string }[]).find(
    (u) => u.unit_name === "Piece",
  )!.unit_id;
  for (const [name, expiry] of [
    ["Syrup", true],
    ["Gauze", false],
  ] as const) {
    const item = await created("/api/items", {
      item_name: `Property ${name}`,
      has_expire: expiry,
      item_units: [{ unit_fk: piece, quantity: "1", price: "5000", is_base: true }],
    });
    items.push(item.item_id);
  }
  inventories.push(1, (await created("/api/inventories", { inventory_name: "Property branch" })).inventory_id);
  supplier = (await created("/api/suppliers", { consumer_name: "Property Pharma" })).consumer_id;
  carrier = (await created("/api/suppliers", { consumer_name: "Property Transport" })).consumer_id;
  iqdCash = (await created("/api/cashes", { account_name: "Property till", cash_type: 1, currency_id: 1 })).account_id;
  customer = (await created("/api/customers", { consumer_name: "Property Pharmacy" })).consumer_id;
  await created("/api/currency_rates", { rate: "1500", in_rate: "1500" });
  cashier = await t.userWith(["pos_sales/store", "pos_sales/show", "pos_sales/return"], {
    is_cashier: true,
    outlet_fk: 1,
    inventory_ids: [inventories[0]],
    user_name: "property till",
  });
});
afterAll(() => t?.close());

const item = fc.integer({ min: 0, max: 1 });
const inv = fc.integer({ min: 0, max: 1 });
const qty = fc.integer({ min: 1, max: 9 });
const op: fc.Arbitrary<Op> = fc.oneof(
  {
    arbitrary: fc.record({
      kind: fc.constant("purchase" as const),
      item,
      inv,
      qty,
      price: fc.integer({ min: 1, max: 9000 }),
      usd: fc.boolean(),
      charge: fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 20000 })),
      cash: fc.boolean(),
      batch: fc.integer({ min: 0, max: 2 }),
    }),
    weight: 3,
  },
  fc.record({ kind: fc.constant("return" as const), pick: fc.nat(), qty }),
  fc.record({ kind: fc.constant("toDraft" as const), pick: fc.nat() }),
  fc.record({ kind: fc.constant("transfer" as const), item, from: inv, to: inv, qty }),
  fc.record({ kind: fc.constant("receive" as const), pick: fc.nat() }),
  fc.record({ kind: fc.constant("count" as const), inv, pick: fc.nat(), counted: fc.integer({ min: 0, max: 12 }) }),
  fc.record({ kind: fc.constant("writeOff" as const), item, inv, qty }),
  {
    arbitrary: fc.record({
      kind: fc.constant("sale" as const),
      item,
      inv,
      qty,
      usd: fc.boolean(),
      cash: fc.boolean(),
      discount: fc.constantFrom(0, 5, 12.5),
    }),
    weight: 2,
  },
  { arbitrary: fc.record({ kind: fc.constant("saleReturn" as const), pick: fc.nat(), qty, cash: fc.boolean() }), weight: 2 },
  fc.record({ kind: fc.constant("saleToDraft" as const), pick: fc.nat() }),
  {
    arbitrary: fc.record({
      kind: fc.constant("pos" as const),
      item,
      qty,
      tills: fc.integer({ min: 1, max: 4 }),
      change: fc.boolean(),
      usd: fc.boolean(),
    }),
    weight: 2,
  },
  fc.record({ kind: fc.constant("posReturn" as const), pick: fc.nat(), qty, cash: fc.boolean() }),
);

it("purchases, sales, their returns, transfers, counts and write-offs keep the stock and the books in step", {
  timeout: 300_000,
}, async () => {
  const runs = Number(process.env.PROPERTY_RUNS ?? 8);
  await fc.assert(
    fc.asyncProperty(fc.array(op, { minLength: 6, maxLength: 18 }), async (ops) => {
      for (const o of ops) {
        await apply(o);
        await checkInvariants();
      }
    }),
    { numRuns: runs, endOnFailure: true },
  );
  // Random sequences may leave a sale's return out; this one brings part of a sale back for sure,
  // under the same checks (item 1 has no batches, so the sale finds the units just bought).
  const fixed: Op[] = [
    { kind: "purchase", item: 1, inv: 0, qty: 9, price: 1000, usd: false, charge: 0, cash: false, batch: 0 },
    { kind: "sale", item: 1, inv: 0, qty: 3, usd: false, cash: false, discount: 5 },
    { kind: "pos", item: 1, qty: 1, tills: 3, change: true, usd: true },
  ];
  for (const o of fixed) {
    await apply(o);
    await checkInvariants();
  }
  expect(sales.at(-1)?.complete).toBe(true);
  await apply({ kind: "saleReturn", pick: sales.filter((x) => x.complete).length - 1, qty: 2, cash: false });
  await checkInvariants();
  await apply({ kind: "posReturn", pick: posBills.length - 1, qty: 1, cash: true });
  await checkInvariants();
  // The sequences did real work: documents were saved, and some were refused.
  expect(answers.get(201) ?? 0).toBeGreaterThan(5);
  // Sales and their returns took part.
  const done = await t.database.db.execute<{ sales: number; returns: number }>(sql`
    select (select count(*) from sales where status = 'complete')::int as sales, (select count(*) from sale_returns)::int as returns`);
  expect(done.rows[0]!.sales).toBeGreaterThan(0);
  expect(done.rows[0]!.returns).toBeGreaterThan(0);
  // So did the tills: three bills at once, and one of them brought back at the till.
  const tills = await t.database.db.execute<{ bills: number; back: number }>(sql`
    select (select count(*) from sales where kind = 'pos')::int as bills,
           (select count(*) from pos_sale_info where kind <> 'sale')::int as back`);
  expect(tills.rows[0]!.bills).toBeGreaterThanOrEqual(3);
  expect(tills.rows[0]!.back).toBeGreaterThan(0);
});

it("goods sent back at a price above what the item still holds leave it at no value, never below: the next sale posts what it takes out", async () => {
  const made = await t.api("POST", "/api/items", {
    body: {
      item_name: "Property Bandage",
      has_expire: false,
      item_units: [{ unit_fk: piece, quantity: "1", price: "5000", is_base: true }],
    },
  });
  expect(made.status).toBe(201);
  items.push(made.body.data.item_id);
  const bandage = items.length - 1;
  const dear = purchases.length;
  // 2 at 100,000 and 8 at 1,000: 10 at an average of 20,800; 7 sold leave 3 worth 62,400.
  const steps: Op[] = [
    { kind: "purchase", item: bandage, inv: 0, qty: 2, price: 100_000, usd: false, charge: 0, cash: false, batch: 0 },
    { kind: "purchase", item: bandage, inv: 0, qty: 8, price: 1000, usd: false, charge: 0, cash: false, batch: 0 },
    { kind: "sale", item: bandage, inv: 0, qty: 7, usd: false, cash: false, discount: 0 },
  ];
  for (const o of steps) {
    await apply(o);
    await checkInvariants();
  }
  // Both dear ones go back at 200,000, more than the 62,400 the three left hold: they take the
  // 62,400, the one left stays at 0, and the rest of the price is a stock gain.
  await apply({ kind: "return", pick: purchases.filter((x) => x.complete).findIndex((x) => x.id === purchases[dear]!.id), qty: 2 });
  await checkInvariants();
  const cost = await t.database.db.execute<{ qty: string; value: string }>(
    sql`select qty::text, value::text from stock_item_costs where item_fk = ${items[bandage]!}`,
  );
  expect(cost.rows[0]).toEqual({ qty: "1.0000", value: "0.0000" });
  const back = await t.database.db.execute<{ value: string }>(sql`
    select value::text from stock_movements where source_type = 'purchase_return' and item_fk = ${items[bandage]!}`);
  expect(back.rows.map((r) => r.value)).toEqual(["-62400.0000"]);
  // Bought again and sold out: every step keeps the books and the stock in step.
  for (const o of [
    { kind: "purchase", item: bandage, inv: 0, qty: 2, price: 7493, usd: false, charge: 0, cash: false, batch: 0 },
    { kind: "sale", item: bandage, inv: 0, qty: 3, usd: false, cash: true, discount: 0 },
  ] satisfies Op[]) {
    await apply(o);
    await checkInvariants();
  }
  expect(sales.at(-1)?.complete).toBe(true);
});

it("a purchase whose cost has gone out with others of the item, sold from another inventory, is protected from going back to draft", async () => {
  const made = await t.api("POST", "/api/items", {
    body: { item_name: "Property Lint", has_expire: false, item_units: [{ unit_fk: piece, quantity: "1", price: "5000", is_base: true }] },
  });
  items.push(made.body.data.item_id);
  const lint = items.length - 1;
  // 2 at 100,000 in the main inventory, 8 at 1,000 in the branch: 10 at 20,800; the branch sells 7.
  await apply({ kind: "purchase", item: lint, inv: 0, qty: 2, price: 100_000, usd: false, charge: 0, cash: false, batch: 0 });
  const dear = purchases.at(-1)!.id;
  await apply({ kind: "purchase", item: lint, inv: 1, qty: 8, price: 1000, usd: false, charge: 0, cash: false, batch: 0 });
  await apply({ kind: "sale", item: lint, inv: 1, qty: 7, usd: false, cash: false, discount: 0 });
  expect(sales.at(-1)?.complete).toBe(true);
  await checkInvariants();
  // Taking the dear two back would leave the last one worth 62,400 - 200,000.
  const back = await t.api("POST", `/api/purchases/${dear}/return_to_draft`);
  expect(back.status).toBe(422);
  expect(back.body.message).toBe(MSG.protectedDocument);
  expect((await t.api("GET", `/api/purchases/${dear}`)).body.data.status).toBe("complete");
  await checkInvariants();
});
