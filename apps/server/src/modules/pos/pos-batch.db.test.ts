import { ZPosSale } from "@app/contracts";
import { sql } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestApp } from "../../../test/harness.js";
import { bodyHash } from "../../platform/idempotency.js";
import { D } from "../ledger/money.js";
import { dbHelpers, stockUp } from "../sales/sales.fixture.js";
import { stockInconsistencies } from "../stock/stock.fixture.js";
import type { PosFixture } from "./pos.fixture.js";
import { authUser, type BookingFixture, booked, setUp } from "./pos-book.fixture.js";
import type { BatchAnswer } from "./pos-book.types.js";

/**
 * One booking path for every POS sale: a booking of many sales must leave the books, the stock
 * and the answers exactly as the same sales leave them booked one to a booking. Two products set
 * up alike: one is sent every sale in turn over HTTP (each a booking of one), the other is given
 * the same sales in one booking; every row they write is then compared, column by column (but
 * the clock's), and so are the answers, the refused ones' included.
 */
let one: BookingFixture;
let together: BookingFixture;
let customer = 0;

beforeAll(async () => {
  one = await setUp({});
  together = await setUp({});
  customer = together.customer;
}, 120_000);
afterAll(async () => {
  await one?.t.close();
  await together?.t.close();
});

/** The bills: cash with and without change, dollars with the change in dinars, FIB, discounts, a customer's profile, one refused. */
function bills(f: PosFixture & { amox: number }) {
  const line = (item: number, quantity: string, extra: Record<string, unknown> = {}) => ({
    item_fk: item,
    unit_fk: f.piece,
    quantity,
    ...extra,
  });
  const cash = (amount: string, currency = 1) => ({ method: "cash", currency_id: currency, amount });
  const at = (n: number) => `2026-11-20T09:0${n}:00.000Z`;
  return [
    { client_created_at: at(1), lines: [line(f.formula, "1"), line(f.tea, "1")], payments: [cash("30000")] },
    { client_created_at: at(2), lines: [line(f.tea, "2")], payments: [cash("20000")] },
    { client_created_at: at(3), lines: [line(f.formula, "1")], payments: [cash("17", 2)], change_currency_id: 1 },
    { client_created_at: at(4), lines: [line(f.tea, "1")], payments: [{ method: "fib", currency_id: 1, amount: "5000" }] },
    {
      client_created_at: at(5),
      lines: [line(f.tea, "3", { discount_type: "percent", discount: "10" })],
      payments: [cash("5000"), cash("10", 2)],
    },
    // A note that reads like the ids a receipt made before the write leaves to it (`withIds`).
    {
      client_created_at: at(6),
      customer_fk: customer,
      lines: [line(f.tea, "1")],
      payments: [cash("5000")],
      note: 'clinic "id":"@" "line_id":"@" "sale_fk":"@" "payment_id":"@"',
    },
    { client_created_at: at(8), lines: [line(f.tea, "1"), line(f.tea, "2")], payments: [cash("15000")] },
    { client_created_at: at(9), lines: [line(f.formula, "1")], invoice_discount: "1000", payments: [cash("24000")] },
    // The first two from the batch that expires first (the line names it), then one from each.
    { client_created_at: at(9), lines: [line(f.amox, "2")], payments: [cash("8000")] },
    { client_created_at: at(9), lines: [line(f.amox, "2")], payments: [cash("8000")] },
    // On the clinic's credit, in full and beside cash; change in dollars with the rest in dinars.
    {
      client_created_at: at(9),
      customer_fk: customer,
      lines: [line(f.tea, "2")],
      payments: [{ method: "credit", currency_id: 1, amount: "9500" }],
    },
    {
      client_created_at: at(9),
      customer_fk: customer,
      lines: [line(f.formula, "1"), line(f.tea, "1")],
      payments: [cash("10000"), { method: "credit", currency_id: 1, amount: "18500" }],
    },
    { client_created_at: at(9), lines: [line(f.tea, "1")], payments: [cash("20", 2)], change_currency_id: 2 },
    { client_created_at: at(9), lines: [line(f.formula, "1")], payments: [cash("10", 2), cash("20000")], change_currency_id: 2 },
    { client_created_at: at(7), lines: [line(f.formula, "50")], payments: [cash("1250000")] },
  ];
}

/** Every row the sales wrote, without the clock's columns (the products ran at other moments). */
async function rows(t: TestApp) {
  const { q } = dbHelpers(() => t);
  const clockless = (r: Record<string, unknown>) =>
    Object.fromEntries(Object.entries(r).filter(([k]) => !["date", "created_at", "updated_at", "day", "month"].includes(k)));
  const tables: [string, string][] = [
    ["sales", "id"],
    ["sale_lines", "line_id"],
    ["sale_payments", "payment_id"],
    ["stock_movements", "movement_id"],
    ["stock_balances", "item_fk, inventory_fk, batch_fk"],
    ["stock_item_costs", "item_fk"],
    ["journal_entries", "entry_id"],
    ["journal_lines", "line_id"],
    ["account_balances", "account_id, day"],
    ["account_month_balances", "account_id, month"],
    ["pos_sale_info", "sale_fk"],
    ["document_counters", "doc_type, outlet_id"],
  ];
  const out: Record<string, unknown[]> = {};
  for (const [table, key] of tables) out[table] = (await q(sql.raw(`select * from ${table} order by ${key}`))).map(clockless);
  out.keys = (
    await q(sql`select key, user_id, body_hash, status_code, response from idempotency_keys where scope = 'pos_sales' order by key`)
  ).map((r) => ({ ...r, response: clockFree(r.response) }));
  out.audit = (
    await q(sql`select user_id, module, action, record_id, before, after, ip from audit_logs where module = 'pos_sales' order by id`)
  ).map((r) => ({ ...r, after: clockFree(r.after) }));
  return out;
}

/**
 * Each receipt a booking answered is the sale as it reads back from the database, to the field
 * (its times included): the booking makes its receipts from what it wrote, without reading them.
 */
async function asReadBack(f: PosFixture, answers: (BatchAnswer | null)[]) {
  // A customer's credit is read back as it stands now: as his last receipt of the booking showed it.
  const lastOf = new Map<number, number>();
  answers.forEach((a, i) => {
    if (a?.status === 201) lastOf.set((a.body as { data: { consumer_fk: number } }).data.consumer_fk, i);
  });
  for (const [i, a] of answers.entries()) {
    if (a?.status !== 201) continue;
    const data = (a.body as { data: { id: number; consumer_fk: number } }).data;
    const back = await f.t.api("GET", `/api/pos_sales/${data.id}`, { token: f.cashier.token });
    expect(back.status).toBe(200);
    const later = lastOf.get(data.consumer_fk) !== i;
    expect(later ? { ...back.body.data, customer_credit: null } : back.body.data).toEqual(
      later ? { ...data, customer_credit: null } : data,
    );
  }
}

/** An answer without the moments it was made at. */
function clockFree(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(clockFree);
  if (v && typeof v === "object")
    return Object.fromEntries(
      Object.entries(v)
        .filter(([k]) => !["date", "created_at", "updated_at", "warnings"].includes(k))
        .map(([k, x]) => [k, clockFree(x)]),
    );
  return v;
}

describe("POS sales booked together", () => {
  it("write every row and answer exactly as the same sales booked one to a booking", async () => {
    const keys = bills(one).map((_, i) => `batch-bill-${i}`);
    const single: Awaited<ReturnType<TestApp["api"]>>[] = [];
    for (const [i, body] of bills(one).entries())
      single.push(await one.t.api("POST", "/api/pos_sales", { token: one.cashier.token, body, headers: { "idempotency-key": keys[i]! } }));
    const last = keys.length - 1;
    expect(single.map((r) => r.status)).toEqual([...Array(last).fill(201), 422]);

    const user = await authUser(together);
    const sent = bills(together);
    const answers = await booked(
      together.t.app,
      sent.map((body, i) => ({
        user,
        ip: "127.0.0.1",
        now: new Date(),
        input: ZPosSale.parse(body),
        body,
        key: keys[i]!,
        hash: bodyHash(body),
      })),
    );
    // Booked together but the refused one, refused in the same words, the others booked all the same.
    expect(answers.map((a) => a?.status ?? null)).toEqual([...Array(last).fill(201), 422]);
    expect(answers[last]!.body).toEqual(single[last]!.body);
    answers.forEach((a, i) => {
      expect(clockFree(a!.body)).toEqual(clockFree(single[i]!.body));
    });
    // First expiry first: the first medicine bill from one batch, named on its line; the next from both.
    const amoxLines = (answers.slice(8, 10) as { body: { data: { lines: { batch_no: string | null }[] } } }[]).map(
      (a) => a.body.data.lines[0]!.batch_no,
    );
    expect(amoxLines).toEqual(["A-SOON", null]);
    await asReadBack(together, answers);
    const [a, b] = [await rows(one.t), await rows(together.t)];
    for (const table of Object.keys(a)) expect({ table, rows: b[table] }).toEqual({ table, rows: a[table] });
  });
});

/**
 * A random bill: up to three lines with or without a discount, maybe the clinic's profile, paid
 * with more than enough in dinars, or in dollars and dinars, the change in dinars out of what was
 * paid, or in dollars with the rest in dinars, or on the clinic's credit in full or beside cash.
 */
const billArb = fc.record({
  lines: fc.array(
    fc.record({
      item: fc.constantFrom("formula" as const, "tea" as const, "amox" as const),
      qty: fc.integer({ min: 1, max: 3 }),
      discount: fc.option(
        fc.oneof(
          fc.record({ type: fc.constant("percent"), value: fc.constantFrom("5", "10") }),
          fc.record({ type: fc.constant("amount"), value: fc.constantFrom("250", "500") }),
        ),
        { nil: null },
      ),
    }),
    { minLength: 1, maxLength: 3 },
  ),
  invoiceDiscount: fc.option(fc.constantFrom("500", "1000"), { nil: null }),
  clinic: fc.boolean(),
  pay: fc.constantFrom("dinars" as const, "both" as const, "credit" as const, "part credit" as const, "dollar change" as const),
});
type Bill = typeof billArb extends fc.Arbitrary<infer B> ? B : never;

/** What a bill comes to, as the price function gives it (a bill on credit names that much). */
async function totalOf(f: PosFixture & { amox: number }, b: Bill, at: string): Promise<string> {
  const { q } = dbHelpers(() => f.t);
  const lines: { item_unit_id: number; quantity: string }[] = [];
  for (const l of b.lines) {
    const [u] = await q(sql`select item_unit_id from item_units where item_fk = ${f[l.item]} and unit_fk = ${f.piece}`);
    lines.push({ item_unit_id: Number(u!.item_unit_id), quantity: String(l.qty) });
  }
  const byItem = b.lines.some((l) => l.discount) || !b.invoiceDiscount;
  const quote = await f.t.api("POST", "/api/pricing/quote", {
    body: {
      customer_id: customer,
      currency_id: 1,
      date: at.slice(0, 10),
      lines: b.lines.map((l, i) => ({ ...lines[i]!, discount: byItem ? l.discount : null })),
      invoice_discount: byItem || !b.invoiceDiscount ? null : { type: "amount", value: b.invoiceDiscount },
    },
  });
  expect(quote.status).toBe(200);
  return String(quote.body.data.total);
}

function billBody(f: PosFixture & { amox: number }, b: Bill, at: string, total = "0") {
  const cash = (amount: string, currency = 1) => ({ method: "cash", currency_id: currency, amount });
  return {
    client_created_at: at,
    ...(b.clinic || b.pay.includes("credit") ? { customer_fk: customer } : {}),
    lines: b.lines.map((l) => ({
      item_fk: f[l.item],
      unit_fk: f.piece,
      quantity: String(l.qty),
      ...(l.discount ? { discount_type: l.discount.type, discount: l.discount.value } : {}),
    })),
    ...(b.invoiceDiscount ? { invoice_discount: b.invoiceDiscount } : {}),
    payments: {
      dinars: [cash("2000000")],
      both: [cash("5", 2), cash("1000000")],
      credit: [{ method: "credit", currency_id: 1, amount: total }],
      "part credit": [cash("1000"), { method: "credit", currency_id: 1, amount: D(total).minus(1000).toFixed() }],
      "dollar change": [cash("200", 2)],
    }[b.pay],
    ...(b.pay === "dollar change" ? { change_currency_id: 2 } : {}),
    // The cashier confirmed the large notes (a bill refused on the way would take a sale id).
    confirmed: true,
  };
}

describe("random bills booked together", () => {
  it("write every row and answer exactly as the same sales booked one to a booking", async () => {
    let n = 0;
    const user = await authUser(together);
    // Both products stocked up alike, at other costs (the average moves), the medicine in a small
    // batch that expires first (bills cross from it into the next) and a large one.
    // Ample for any number of runs: a run sells at most 8 bills × 3 lines × 3 of an item.
    const runs = Number(process.env.PROPERTY_RUNS ?? 6);
    const ample = String(Math.max(1000, 80 * runs));
    for (const f of [one, together]) {
      const { created } = dbHelpers(() => f.t);
      const supplier = (await created("/api/suppliers", { consumer_name: "Random Pharma" })).consumer_id;
      await stockUp(f.t, supplier, [
        { item_id: f.formula, unit_id: f.piece, quantity: ample, unit_price: "17500" },
        { item_id: f.tea, unit_id: f.piece, quantity: ample, unit_price: "3100" },
        { item_id: f.amox, unit_id: f.piece, quantity: "4", unit_price: "2600", batch_no: "C-FIRST", expire_date: "2097-01-01" },
        { item_id: f.amox, unit_id: f.piece, quantity: ample, unit_price: "2700", batch_no: "D-NEXT", expire_date: "2097-06-01" },
      ]);
    }
    await fc.assert(
      fc.asyncProperty(fc.array(billArb, { minLength: 1, maxLength: 8 }), async (list) => {
        const keys = list.map(() => `random-bill-${++n}`);
        const at = (i: number) => new Date(Date.UTC(2026, 10, 21, 9, 0, n + i)).toISOString();
        const totals: string[] = [];
        for (const [i, b] of list.entries()) totals.push(b.pay.includes("credit") ? await totalOf(together, b, at(i)) : "0");
        const single: Awaited<ReturnType<TestApp["api"]>>[] = [];
        for (const [i, b] of list.entries())
          single.push(
            await one.t.api("POST", "/api/pos_sales", {
              token: one.cashier.token,
              body: billBody(one, b, at(i), totals[i]),
              headers: { "idempotency-key": keys[i]! },
            }),
          );
        const sent = list.map((b, i) => billBody(together, b, at(i), totals[i]));
        const answers = await booked(
          together.t.app,
          sent.map((body, i) => ({
            user,
            ip: "127.0.0.1",
            now: new Date(),
            input: ZPosSale.parse(body),
            key: keys[i]!,
            body,
            hash: bodyHash(body),
          })),
        );
        // Every kind of bill here is booked together: cash, dollars, change in dollars, credit.
        expect(answers.map((a) => a?.status ?? null)).toEqual(answers.map(() => 201));
        for (const [i, a] of answers.entries()) {
          const got = { status: a!.status, body: a!.body };
          expect({ bill: i, status: got.status, body: clockFree(got.body) }).toEqual({
            bill: i,
            status: single[i]!.status,
            body: clockFree(single[i]!.body),
          });
        }
        await asReadBack(together, answers);
        const [a, b] = [await rows(one.t), await rows(together.t)];
        for (const table of Object.keys(a)) expect({ table, rows: b[table] }).toEqual({ table, rows: a[table] });
      }),
      { numRuns: runs, endOnFailure: true },
    );
    expect(await stockInconsistencies(together.t.database.db)).toEqual([]);
  }, 300_000);
});
