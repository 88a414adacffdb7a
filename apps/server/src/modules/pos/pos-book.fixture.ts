import { sql } from "drizzle-orm";
import { expect } from "vitest";
import type { AuthUser } from "../../platform/context.js";
import { dbHelpers } from "../sales/sales.fixture.js";
import { type PosFixture, posFixture } from "./pos.fixture.js";
import type { BatchAnswer } from "./pos-book.types.js";
import { bookPosBatch } from "./pos-booking.js";

/** The product the POS booking's tests sell in: a cashier, an FIB account, a clinic with a profile, a medicine in two batches. */
export const PERMISSIONS = ["pos_sales/store", "pos_sales/show", "pos_sales/index", "pos_sales/discount"];

export type BookingFixture = PosFixture & { amox: number; customer: number };

export async function setUp(env: Record<string, string>): Promise<BookingFixture> {
  const f = await posFixture({ tea: "40", cashier: "till batch", permissions: PERMISSIONS, env });
  const { created } = dbHelpers(() => f.t);
  const fib = (await created("/api/cashes", { account_name: "FIB", cash_type: 2, currency_id: 1 })).account_id;
  const settings = await f.t.api("POST", "/api/pos/settings", {
    body: { fib_account_fk: fib, smallest_iqd_amount: "250", smallest_usd_amount: "1" },
  });
  expect(settings.status).toBe(200);
  const profile = (await created("/api/pricing_profiles", { profile_name: "Clinics", discount_percentage: "5", apply_on: "sale_price" }))
    .profile_id;
  const customer = (await created("/api/customers", { consumer_name: "Careful Clinic", pricing_profile_fk: profile })).consumer_id;
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
  return { ...f, amox, customer };
}

/** The cashier as the server knows him once signed in. */
export async function authUser(f: PosFixture): Promise<AuthUser> {
  const cashier = (
    await f.t.database.db.execute<{ user_id: number; user_name: string; email: string }>(
      sql`select user_id, user_name, email from users where user_id = ${f.cashier.user_id}`,
    )
  ).rows[0]!;
  return { ...cashier, outlet_fk: 1, is_cashier: true, permissions: new Set(PERMISSIONS), inventory_ids: [1], jti: "test", token_exp: 0 };
}

/** The answers of a booking as a client reads them (a booking's bodies are JSON texts, sent as they are). */
export async function booked(...args: Parameters<typeof bookPosBatch>): Promise<(BatchAnswer | null)[]> {
  return (await bookPosBatch(...args)).map((a) => a && { ...a, body: JSON.parse(JSON.stringify(a.body)) });
}
