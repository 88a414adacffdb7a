import { sql } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/harness.js";
import type { Ctx } from "../../platform/context.js";
import { HttpError } from "../../platform/errors.js";
import { accountByKey, lockForPosting, post, reverse } from "../ledger/ledger.js";
import { D } from "../ledger/money.js";
import { stockInconsistencies } from "./stock.fixture.js";
import { stockIn } from "./stock.in.js";
import { stockAccounts } from "./stock.js";
import { adjustmentLines, stockInLines } from "./stock.ledger.js";
import { stockOut } from "./stock.out.js";
import { liveMovements, reverseStock } from "./stock.reverse.js";

/**
 * Random sequences of documents that move stock (goods in against equity, write-offs, gains,
 * transfers sent and received, reversals), each in its own transaction as the documents do.
 * After every step: each balance equals the sum of its movements and is never negative, each
 * item's quantity and value equal its movements', and the inventory account's balance equals the
 * value of the stock (on hand plus sent and not yet received).
 */
let t: TestApp;
const items: number[] = [];
const inventories = [1];
let equity = 0;
let nextId = 1;

type Op =
  | { kind: "in"; item: number; inv: number; qty: number; cost: number; batch: number }
  | { kind: "loss"; item: number; inv: number; qty: number }
  | { kind: "gain"; item: number; inv: number; qty: number; cost: number }
  | { kind: "send"; item: number; inv: number; to: number; qty: number }
  | { kind: "receive"; pick: number }
  | { kind: "reverse"; pick: number };

const run = <T>(fn: (ctx: Ctx) => Promise<T>) => t.database.db.transaction(async (tx) => fn({ tx, user: null, now: new Date(), ip: null }));

/** Documents written so far that may be reversed, and transfers in transit. */
const docs: { type: string; id: number }[] = [];
const inTransit: { id: number; to: number }[] = [];

async function apply(op: Op) {
  const acc = await stockAccounts(t.database.db);
  const id = nextId++;
  const item = items[op.kind === "receive" || op.kind === "reverse" ? 0 : op.item]!;
  const inv = op.kind === "receive" || op.kind === "reverse" ? 1 : inventories[op.inv]!;
  try {
    await run(async (ctx) => {
      switch (op.kind) {
        case "in":
        case "gain": {
          const lines = [
            {
              line_id: 1,
              item_id: item,
              inventory_id: inv,
              quantity: String(op.qty),
              unit_cost: String(op.cost),
              expire_date: `2099-0${(op.kind === "in" ? op.batch : 0) + 1}-01`,
            },
          ];
          const rule = (v: string) => (op.kind === "in" ? stockInLines(acc, v, equity) : adjustmentLines(acc, v, 0));
          await lockForPosting(ctx, { lines: rule("1") });
          const r = await stockIn(ctx, { type: op.kind, id }, lines);
          if (rule(r.value).length) await post(ctx, { date: ctx.now, source: { type: op.kind, id }, lines: rule(r.value) });
          docs.push({ type: op.kind, id });
          return;
        }
        case "loss": {
          await lockForPosting(ctx, { lines: adjustmentLines(acc, 0, "1") });
          const r = await stockOut(
            ctx,
            { type: "loss", id },
            [{ line_id: 1, item_id: item, inventory_id: inv, quantity: String(op.qty) }],
            {
              purpose: "disposal",
            },
          );
          const lines = adjustmentLines(acc, 0, r.value);
          if (lines.length) await post(ctx, { date: ctx.now, source: { type: "loss", id }, lines });
          docs.push({ type: "loss", id });
          return;
        }
        case "send": {
          const to = inventories[op.to]!;
          if (to === inv) return;
          await stockOut(ctx, { type: "send", id }, [{ line_id: 1, item_id: item, inventory_id: inv, quantity: String(op.qty) }], {
            purpose: "transfer",
          });
          inTransit.push({ id, to });
          return;
        }
        case "receive": {
          const tr = inTransit[op.pick % Math.max(inTransit.length, 1)];
          if (!tr) return;
          const sent = await liveMovements(ctx, { type: "send", id: tr.id });
          await stockIn(
            ctx,
            { type: "receive", id: tr.id },
            sent.map((m) => ({
              line_id: m.source_line,
              item_id: m.item_id,
              inventory_id: tr.to,
              batch_id: m.batch_id,
              quantity: m.qty.neg(),
              value: m.value.neg(),
            })),
          );
          inTransit.splice(inTransit.indexOf(tr), 1);
          return;
        }
        case "reverse": {
          const doc = docs[op.pick % Math.max(docs.length, 1)];
          if (!doc) return;
          await lockForPosting(ctx, { reversing: doc });
          await reverseStock(ctx, doc);
          await reverse(ctx, doc);
          docs.splice(docs.indexOf(doc), 1);
          return;
        }
      }
    });
  } catch (err) {
    // A refusal (not enough stock) rolls the whole document back; anything else is a failure.
    if (!(err instanceof HttpError) || err.statusCode !== 422) throw err;
  }
}

async function checkInvariants() {
  const db = t.database.db;
  expect(await stockInconsistencies(db)).toEqual([]);
  const inventoryAccount = (await accountByKey(db, "inventory")).account_id;
  const r = await db.execute<{ account: string; stock: string; transit: string }>(sql`
    select (select coalesce(sum(sys_debit - sys_credit), 0) from journal_lines where account_id = ${inventoryAccount})::text as account,
           (select coalesce(sum(value), 0) from stock_movements)::text as stock,
           (select coalesce(-sum(value), 0) from stock_movements s where s.source_type = 'send'
               and not exists (select 1 from stock_movements r where r.source_type = 'receive' and r.source_id = s.source_id))::text as transit`);
  const { account, stock, transit } = r.rows[0]!;
  // Exact decimals: compared as 4-decimal strings.
  expect(D(account).toFixed(4)).toBe(D(stock).plus(transit).toFixed(4));
}

beforeAll(async () => {
  t = await createTestApp();
  const piece = ((await t.api("GET", "/api/units/list")).body.message as { unit_id: number; unit_name: string }[]).find(
    (u) => u.unit_name === "Piece",
  )!.unit_id;
  for (const name of ["Alpha", "Beta"]) {
    const res = await t.api("POST", "/api/items", {
      body: { item_name: name, has_expire: true, item_units: [{ unit_fk: piece, quantity: "1", price: "1", is_base: true }] },
    });
    items.push(res.body.data.item_id);
  }
  inventories.push((await t.api("POST", "/api/inventories", { body: { inventory_name: "Second" } })).body.data.inventory_id);
  equity = (await accountByKey(t.database.db, "opening_equity")).account_id;
});
afterAll(() => t?.close());

const itemIx = fc.integer({ min: 0, max: 1 });
const invIx = fc.integer({ min: 0, max: 1 });
const qty = fc.integer({ min: 1, max: 12 });
const cost = fc.integer({ min: 0, max: 3000 }).map((c) => c / 7);
const op: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ kind: fc.constant("in" as const), item: itemIx, inv: invIx, qty, cost, batch: fc.integer({ min: 0, max: 2 }) }),
  fc.record({ kind: fc.constant("loss" as const), item: itemIx, inv: invIx, qty }),
  fc.record({ kind: fc.constant("gain" as const), item: itemIx, inv: invIx, qty, cost }),
  fc.record({ kind: fc.constant("send" as const), item: itemIx, inv: invIx, to: invIx, qty }),
  fc.record({ kind: fc.constant("receive" as const), pick: fc.nat() }),
  fc.record({ kind: fc.constant("reverse" as const), pick: fc.nat() }),
);

it("balances equal their movements, never negative, and the inventory account equals the stock value", { timeout: 240_000 }, async () => {
  const runs = Number(process.env.PROPERTY_RUNS ?? 6);
  await fc.assert(
    fc.asyncProperty(fc.array(op, { minLength: 4, maxLength: 14 }), async (ops) => {
      for (const o of ops) {
        await apply(o);
        await checkInvariants();
      }
    }),
    { numRuns: runs, endOnFailure: true },
  );
});
