import { overdueMessage, ZPosSale } from "@app/contracts";
import { sql } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestApp } from "../../../test/harness.js";
import type { AuthUser } from "../../platform/context.js";
import { bodyHash } from "../../platform/idempotency.js";
import { D } from "../ledger/money.js";
import { dbHelpers, stockUp } from "../sales/sales.fixture.js";
import { stockInconsistencies } from "../stock/stock.fixture.js";
import { type PosFixture, posFixture } from "./pos.fixture.js";
import type { BatchAnswer } from "./pos-book.types.js";
import { bookPosBatch } from "./pos-booking.js";
import { answeredSql } from "./pos-write.js";

/**
 * One booking path for every POS sale: a booking of many sales must leave the books, the stock
 * and the answers exactly as the same sales leave them booked one to a booking. Two products set
 * up alike: one is sent every sale in turn over HTTP (each a booking of one), the other is given
 * the same sales in one booking; every row they write is then compared, column by column (but
 * the clock's), and so are the answers, the refused ones' included.
 */
const PERMISSIONS = ["pos_sales/store", "pos_sales/show", "pos_sales/index", "pos_sales/discount"];
let one: PosFixture & { amox: number };
let together: PosFixture & { amox: number };
let customer = 0;

async function setUp(env: Record<string, string>) {
  const f = await posFixture({ tea: "40", cashier: "till batch", permissions: PERMISSIONS, env });
  const { created } = dbHelpers(() => f.t);
  const fib = (await created("/api/cashes", { account_name: "FIB", cash_type: 2, currency_id: 1 })).account_id;
  const settings = await f.t.api("POST", "/api/pos/settings", {
    body: { fib_account_fk: fib, smallest_iqd_amount: "250", smallest_usd_amount: "1" },
  });
  expect(settings.status).toBe(200);
  const profile = (await created("/api/pricing_profiles", { profile_name: "Clinics", discount_percentage: "5", apply_on: "sale_price" }))
    .profile_id;
  customer = (await created("/api/customers", { consumer_name: "Careful Clinic", pricing_profile_fk: profile })).consumer_id;
  // A medicine in two batches: a sale takes the batch that expires first, then the next.
  const amox = (
    await created("/api/items", {
      item_name: "Amoxicillin 500",
      has_expire: true,
      item_units: [{ unit_fk: f.piece, quantity: "1", price: "4000", is_base: true }],
    })
  ).item_id;
  const supplier = (await created("/api/suppliers", { consumer_name: "Erbil Pharma" })).consumer_id;
  const bought = await created("/api/purchases", {
    consumer_id: supplier,
    inventory_id: 1,
    currency_id: 1,
    discount_type: "amount",
    payment_type: "On Account",
    lines: [
      { item_id: amox, unit_id: f.piece, quantity: "3", unit_price: "2500", batch_no: "B-LATE", expire_date: "2099-01-01" },
      { item_id: amox, unit_id: f.piece, quantity: "3", unit_price: "2800", batch_no: "A-SOON", expire_date: "2098-01-01" },
    ],
  });
  expect((await f.t.api("POST", `/api/purchases/${bought.id}/complete`)).status).toBe(200);
  // The drawer's first sale makes the drawer, in a booking of its own in both products.
  const first = await f.t.api("POST", "/api/pos_sales", {
    token: f.cashier.token,
    body: {
      client_created_at: "2026-11-20T08:00:00.000Z",
      lines: [{ item_fk: f.tea, unit_fk: f.piece, quantity: "1" }],
      payments: [{ method: "cash", currency_id: 1, amount: "5000" }],
    },
    headers: { "idempotency-key": "first-sale-of-the-drawer" },
  });
  expect(first.status).toBe(201);
  return { ...f, amox };
}

beforeAll(async () => {
  one = await setUp({});
  together = await setUp({});
}, 120_000);
afterAll(async () => {
  await one?.t.close();
  await together?.t.close();
});

/** The cashier as the server knows him once signed in. */
async function authUser(f: PosFixture): Promise<AuthUser> {
  const cashier = (
    await f.t.database.db.execute<{ user_id: number; user_name: string; email: string }>(
      sql`select user_id, user_name, email from users where user_id = ${f.cashier.user_id}`,
    )
  ).rows[0]!;
  return { ...cashier, outlet_fk: 1, is_cashier: true, permissions: new Set(PERMISSIONS), inventory_ids: [1], jti: "test", token_exp: 0 };
}

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

/** The answers of a booking as a client reads them (a booking's bodies are JSON texts, sent as they are). */
async function booked(...args: Parameters<typeof bookPosBatch>): Promise<(BatchAnswer | null)[]> {
  return (await bookPosBatch(...args)).map((a) => a && { ...a, body: JSON.parse(JSON.stringify(a.body)) });
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

describe("many tills at once, booked together", () => {
  it("sell on one customer's credit from 16 tills at once: never past his allowed debit, the rest told why, no other answer", async () => {
    const t = together.t;
    const { created, q } = dbHelpers(() => t);
    const item = (
      await created("/api/items", {
        item_name: "Rice sack",
        item_units: [{ unit_fk: together.piece, quantity: "1", price: "5000", is_base: true }],
      })
    ).item_id;
    const supplier = (await created("/api/suppliers", { consumer_name: "Kut Mills" })).consumer_id;
    await stockUp(t, supplier, [{ item_id: item, unit_id: together.piece, quantity: "100", unit_price: "3000" }]);
    const tills = [];
    for (let i = 0; i < 16; i++)
      tills.push(await t.userWith(PERMISSIONS, { is_cashier: true, outlet_fk: 1, inventory_ids: [1], user_name: `credit till ${i}` }));
    // Round one: each till's first sale (the drawer made); round two: the drawers there.
    for (const round of [1, 2]) {
      const clinic = (await created("/api/customers", { consumer_name: `Limited Clinic ${round}`, allowed_debit_amount: "20000" }))
        .consumer_id;
      const body = {
        client_created_at: new Date().toISOString(),
        customer_fk: clinic,
        lines: [{ item_fk: item, unit_fk: together.piece, quantity: "1" }],
        payments: [{ method: "credit", currency_id: 1, amount: "5000" }],
      };
      const answers = await Promise.all(
        tills.map((till, i) =>
          t.api("POST", "/api/pos_sales", { token: till.token, body, headers: { "idempotency-key": `credit-${round}-${i}` } }),
        ),
      );
      const statuses = answers.map((a) => a.status);
      expect(statuses.filter((s) => s === 201)).toHaveLength(4);
      expect(statuses.filter((s) => s === 422)).toHaveLength(12);
      for (const a of answers.filter((x) => x.status === 422))
        expect(a.body.message).toMatch(
          /^The customer's allowed debit amount is 20000; the balance is 20000 and this sale would make it 25000\.$/,
        );
      const [owed] = await q<{ b: string }>(sql`
        select coalesce(sum(b.sys_debit - b.sys_credit), 0)::text b from account_balances b
          join consumers c on b.account_id in (c.account_fk, c.account_usd_fk) where c.consumer_id = ${clinic}`);
      expect(Number(owed!.b)).toBe(20000);
    }
    const [tb] = await q<{ d: string; c: string }>(sql`select sum(sys_debit)::text d, sum(sys_credit)::text c from journal_lines`);
    expect(tb!.d).toBe(tb!.c);
    expect(await stockInconsistencies(t.database.db)).toEqual([]);
  }, 60_000);

  it("sell the last 10 units to 24 tills: exactly 10 sales, 14 told why, no other answer, books and stock agree", async () => {
    const t = together.t;
    const { created, q } = dbHelpers(() => t);
    const item = (
      await created("/api/items", {
        item_name: "Last loaves",
        item_units: [{ unit_fk: together.piece, quantity: "1", price: "1000", is_base: true }],
      })
    ).item_id;
    const supplier = (await created("/api/suppliers", { consumer_name: "Erbil Bakery" })).consumer_id;
    await stockUp(t, supplier, [{ item_id: item, unit_id: together.piece, quantity: "10", unit_price: "600" }]);
    const sales = () => q<{ n: number }>(sql`select count(*)::int n from sales where kind = 'pos'`);
    const before = (await sales())[0]!.n;
    const keys = Array.from({ length: 24 }, (_, i) => `last-loaf-${i}`);
    const body = {
      client_created_at: new Date().toISOString(),
      lines: [{ item_fk: item, unit_fk: together.piece, quantity: "1" }],
      payments: [{ method: "cash", currency_id: 1, amount: "1000" }],
    };
    const answers = await Promise.all(
      keys.map((key) => t.api("POST", "/api/pos_sales", { token: together.cashier.token, body, headers: { "idempotency-key": key } })),
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(10);
    expect(statuses.filter((s) => s === 422)).toHaveLength(14);
    for (const a of answers.filter((x) => x.status === 422)) expect(a.body.message).toMatch(/^Not enough stock of Last loaves/);
    expect((await sales())[0]!.n).toBe(before + 10);
    const [stock] = await q<{ q: string }>(sql`select coalesce(sum(qty), 0)::text q from stock_balances where item_fk = ${item}`);
    expect(Number(stock!.q)).toBe(0);
    // Every key of a sale is stored once with its answer; a refused one left no key.
    const stored = await q<{ key: string; status_code: number }>(
      sql`select key, status_code from idempotency_keys where scope = 'pos_sales' and key like 'last-loaf-%'`,
    );
    expect(stored).toHaveLength(10);
    expect(stored.every((k) => k.status_code === 201)).toBe(true);
    const [tb] = await q<{ d: string; c: string }>(sql`select sum(sys_debit)::text d, sum(sys_credit)::text c from journal_lines`);
    expect(tb!.d).toBe(tb!.c);
    expect(await stockInconsistencies(t.database.db)).toEqual([]);
    // Sent again, every key answers its first answer and nothing more is sold.
    const again = await Promise.all(
      answers.map((a, i) =>
        a.status === 201
          ? t.api("POST", "/api/pos_sales", { token: together.cashier.token, body, headers: { "idempotency-key": keys[i]! } })
          : null,
      ),
    );
    again.forEach((a, i) => {
      if (a) expect(a.body).toEqual(answers[i]!.body);
    });
    expect((await sales())[0]!.n).toBe(before + 10);
  });

  it("answers one sale to a key sent twice in the same booking", async () => {
    const sent = bills(together)[1]!;
    const user = await authUser(together);
    const sale = {
      user,
      ip: "127.0.0.1",
      now: new Date(),
      input: ZPosSale.parse(sent),
      body: sent,
      key: "twice-in-one",
      hash: bodyHash(sent),
    };
    const [first, second] = await booked(together.t.app, [sale, sale]);
    expect(first?.status).toBe(201);
    // The second is booked after the first and finds its key: the same answer, sent again.
    expect(second?.status).toBe(201);
    expect(second?.replayed).toBe(true);
    expect(second?.body).toEqual(first!.body);
    const replay = await together.t.api("POST", "/api/pos_sales", {
      token: together.cashier.token,
      body: sent,
      headers: { "idempotency-key": "twice-in-one" },
    });
    expect(replay.status).toBe(201);
    expect(replay.headers["idempotent-replayed"]).toBe("true");
    expect(replay.body).toEqual(first!.body);
  });
});

describe("a customer with overdue terms", () => {
  it("is warned on each receipt of a booking of what the sales before it left owing, as the receipts read back", async () => {
    const { created } = dbHelpers(() => together.t);
    const shop = (await created("/api/customers", { consumer_name: "Slow Payer", overdue_type: "all" })).consumer_id;
    const user = await authUser(together);
    const bodies = [1, 2, 3].map((n) => ({
      client_created_at: new Date().toISOString(),
      customer_fk: shop,
      lines: [{ item_fk: together.tea, unit_fk: together.piece, quantity: "1" }],
      payments: [{ method: "credit", currency_id: 1, amount: "5000" }],
      note: `slow ${n}`,
    }));
    const answers = await booked(
      together.t.app,
      bodies.map((body, i) => ({
        user,
        ip: "127.0.0.1",
        now: new Date(),
        input: ZPosSale.parse(body),
        body,
        key: `slow-${i}`,
        hash: bodyHash(body),
      })),
    );
    expect(answers.map((a) => a?.status)).toEqual([201, 201, 201]);
    const warned = answers.map((a) => (a!.body as { data: { warnings: string[] } }).data.warnings);
    expect(warned).toEqual([[], [overdueMessage(1, "5000", 0)], [overdueMessage(2, "10000", 0)]]);
    // The last receipt read back warns as it did (the others count the sales booked after them).
    const id = (answers[2]!.body as { data: { id: number } }).data.id;
    const back = await together.t.api("GET", `/api/pos_sales/${id}`, { token: together.cashier.token });
    expect(back.body.data.warnings).toEqual(warned[2]);
  });
});

describe("every kind of sale at once", () => {
  it("cash, credit and offline sales at once on 12 units: 12 sold, the rest refused or kept for review, no other answer", async () => {
    const t = together.t;
    const { created, q } = dbHelpers(() => t);
    const item = (
      await created("/api/items", {
        item_name: "Mixed dates",
        item_units: [{ unit_fk: together.piece, quantity: "1", price: "2000", is_base: true }],
      })
    ).item_id;
    const supplier = (await created("/api/suppliers", { consumer_name: "Basra Dates" })).consumer_id;
    await stockUp(t, supplier, [{ item_id: item, unit_id: together.piece, quantity: "12", unit_price: "1500" }]);
    const line = [{ item_fk: item, unit_fk: together.piece, quantity: "1" }];
    const now = new Date().toISOString();
    const bodies = [
      ...Array.from({ length: 16 }, () => ({
        client_created_at: now,
        lines: line,
        payments: [{ method: "cash", currency_id: 1, amount: "2000" }],
      })),
      ...Array.from({ length: 4 }, () => ({
        client_created_at: now,
        customer_fk: customer,
        lines: line,
        payments: [{ method: "credit", currency_id: 1, amount: "1900" }],
      })),
      ...Array.from({ length: 4 }, () => ({
        client_created_at: now,
        offline: true,
        lines: line,
        payments: [{ method: "cash", currency_id: 1, amount: "2000" }],
      })),
    ];
    const answers = await Promise.all(
      bodies.map((body, i) =>
        t.api("POST", "/api/pos_sales", { token: together.cashier.token, body, headers: { "idempotency-key": `mixed-sale-${i}` } }),
      ),
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses.every((s) => s === 201 || s === 202 || s === 422)).toBe(true);
    expect(statuses.filter((s) => s === 201)).toHaveLength(12);
    // Offline sales are never refused: what cannot be booked waits for a manager.
    expect(statuses.slice(20).every((s) => s === 201 || s === 202)).toBe(true);
    const [stock] = await q<{ q: string }>(sql`select coalesce(sum(qty), 0)::text q from stock_balances where item_fk = ${item}`);
    expect(Number(stock!.q)).toBe(0);
    const [sold] = await q<{ n: number }>(
      sql`select count(distinct s.id)::int n from sales s join sale_lines l on l.sale_fk = s.id where l.item_fk = ${item} and s.status = 'complete'`,
    );
    expect(sold!.n).toBe(12);
    const [tb] = await q<{ d: string; c: string }>(sql`select sum(sys_debit)::text d, sum(sys_credit)::text c from journal_lines`);
    expect(tb!.d).toBe(tb!.c);
    expect(await stockInconsistencies(t.database.db)).toEqual([]);
  });
});

interface PlanNode {
  "Node Type": string;
  "Relation Name"?: string;
  "Index Name"?: string;
  Plans?: PlanNode[];
}
const nodesOf = (n: PlanNode): PlanNode[] => [n, ...(n.Plans ?? []).flatMap(nodesOf)];

describe("the keys' answers", () => {
  it("are stored through the primary key, not by reading every key ever stored", async () => {
    const t = together.t;
    const { q } = dbHelpers(() => t);
    // A few thousand keys, as a shop has after some days of selling, and the planner told so.
    await q(sql`
      insert into idempotency_keys (scope, key, user_id, body_hash, status_code, response)
      select 'pos_sales', 'older-' || i, null, 'hash', 201, '{}'::jsonb from generate_series(1, 5000) as i`);
    await q(sql`analyze idempotency_keys`);
    try {
      const update = answeredSql([
        { key: "older-17", response: '{"message":"Added.","data":{"id":17}}', user_id: null, record_id: "older-17", ip: "10.0.0.7" },
        { key: "older-4242", response: '{"message":"Added.","data":{"id":4242}}', user_id: null, record_id: "older-4242", ip: null },
      ]);
      const [explained] = await q<{ "QUERY PLAN": [{ Plan: PlanNode }] }>(sql`explain (format json) ${update}`);
      const read = nodesOf(explained!["QUERY PLAN"][0].Plan).filter(
        (n) => n["Relation Name"] === "idempotency_keys" && n["Node Type"] !== "ModifyTable",
      );
      expect(read.map((n) => [n["Node Type"], n["Index Name"]])).toEqual([["Index Scan", "idempotency_keys_scope_key_pk"]]);
      await q(update);
      expect(await q(sql`select key, response from idempotency_keys where key in ('older-17', 'older-4242') order by key`)).toEqual([
        { key: "older-17", response: { message: "Added.", data: { id: 17 } } },
        { key: "older-4242", response: { message: "Added.", data: { id: 4242 } } },
      ]);
      // Each with its audit row, in the order given, whose `after` is the answer's data.
      expect(
        await q(
          sql`select module, action, record_id, before, after, host(ip) as ip from audit_logs where record_id like 'older-%' order by id`,
        ),
      ).toEqual([
        { module: "pos_sales", action: "create", record_id: "older-17", before: null, after: { id: 17 }, ip: "10.0.0.7" },
        { module: "pos_sales", action: "create", record_id: "older-4242", before: null, after: { id: 4242 }, ip: null },
      ]);
    } finally {
      await q(sql`delete from idempotency_keys where key like 'older-%'`);
      await q(sql`delete from audit_logs where record_id like 'older-%'`);
    }
  });
});

describe("shops kept otherwise", () => {
  it("sell below zero where the system allows it, and in dollars where the books are kept in them", async () => {
    const t = together.t;
    const { created, q } = dbHelpers(() => t);
    const item = (
      await created("/api/items", {
        item_name: "Sold ahead",
        item_units: [{ unit_fk: together.piece, quantity: "1", price: "1000", is_base: true }],
      })
    ).item_id;
    const supplier = (await created("/api/suppliers", { consumer_name: "Ahead Foods" })).consumer_id;
    await stockUp(t, supplier, [{ item_id: item, unit_id: together.piece, quantity: "2", unit_price: "600" }]);
    const sell = (body: Record<string, unknown>, key: string) =>
      t.api("POST", "/api/pos_sales", {
        token: together.cashier.token,
        body: { client_created_at: new Date().toISOString(), confirmed: true, ...body },
        headers: { "idempotency-key": key },
      });
    const onHand = async () =>
      Number((await q<{ q: string }>(sql`select coalesce(sum(qty), 0)::text q from stock_balances where item_fk = ${item}`))[0]!.q);
    const balanced = async () => {
      const [tb] = await q<{ d: string; c: string }>(sql`select sum(sys_debit)::text d, sum(sys_credit)::text c from journal_lines`);
      expect(tb!.d).toBe(tb!.c);
    };
    const five = {
      lines: [{ item_fk: item, unit_fk: together.piece, quantity: "5" }],
      payments: [{ method: "cash", currency_id: 1, amount: "5000" }],
    };
    expect((await sell(five, "ahead-refused")).status).toBe(422);
    expect(await onHand()).toBe(2);
    await t.database.db.execute(sql`update system_config set allow_negative_stock = true`);
    try {
      const sold = await sell(five, "ahead-sold");
      expect(sold.status).toBe(201);
      expect(await onHand()).toBe(-3);
      // The balance is what its movements add up to (below zero, as allowed).
      const [moved] = await q<{ q: string }>(sql`select coalesce(sum(qty), 0)::text q from stock_movements where item_fk = ${item}`);
      expect(Number(moved!.q)).toBe(-3);
      await balanced();
    } finally {
      await t.database.db.execute(sql`update system_config set allow_negative_stock = false`);
    }

    // Books in dollars: the bill in dollars (to the cent, the rest a rounding discount), the change
    // in whole dollars and the rest in dinars, the entries balanced in dollars.
    await stockUp(t, supplier, [{ item_id: item, unit_id: together.piece, quantity: "10", unit_price: "600" }]);
    await t.database.db.execute(sql`update system_config set currency_fk = 2`);
    try {
      const [rate] = await q<{ r: string }>(sql`select in_rate::text r from currency_rates order by date desc, rate_id desc limit 1`);
      const usd = await sell(
        {
          lines: [{ item_fk: item, unit_fk: together.piece, quantity: "1", discount_type: "percent", discount: "3.333" }],
          payments: [{ method: "cash", currency_id: 2, amount: "1001" }],
          change_currency_id: 2,
        },
        "in-dollars",
      );
      expect(usd.status).toBe(201);
      const d = usd.body.data;
      expect(d.currency_id).toBe(2);
      expect(d.total).toBe("966.670");
      expect(d.change.currency_id).toBe(2);
      expect(d.change.amount).toBe("34");
      // 0.33 USD at the in-rate, down to the smallest IQD note.
      const iqd = Math.floor((0.33 * Number(rate!.r)) / 250) * 250;
      expect(Number(d.change.amount_iqd)).toBe(iqd);
      await balanced();
    } finally {
      await t.database.db.execute(sql`update system_config set currency_fk = 1`);
    }
  });
});
