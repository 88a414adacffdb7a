import { sql } from "drizzle-orm";
import { createTestApp, type TestApp } from "../../../test/harness.js";

/** The API and database helpers of a db test, on the app `app()` answers once it is created. */
export function dbHelpers(app: () => TestApp) {
  const created = async (url: string, body: unknown) => {
    const res = await app().api("POST", url, { body });
    if (res.status !== 201) throw new Error(`${url}: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body.data;
  };
  const ok = async (url: string, body: unknown = {}) => {
    const res = await app().api("POST", url, { body });
    if (res.status !== 200) throw new Error(`${url}: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body.data;
  };
  const q = async <T extends Record<string, unknown>>(query: ReturnType<typeof sql>) => (await app().database.db.execute<T>(query)).rows;
  /** Debit − credit of an account by system key or id: in its currency and in the system currency. */
  const balance = async (account: string | number) => {
    const where = typeof account === "string" ? sql`a.system_key = ${account}` : sql`a.account_id = ${account}`;
    const [r] = await q<{ b: string; s: string }>(sql`
      select coalesce(sum(l.debit - l.credit), 0)::text b, coalesce(sum(l.sys_debit - l.sys_credit), 0)::text s
        from journal_lines l join accounts a on a.account_id = l.account_id where ${where}`);
    return { own: Number(r!.b), sys: Number(r!.s) };
  };
  const onHand = async (item: number) =>
    Number((await q<{ q: string }>(sql`select coalesce(sum(qty), 0)::text q from stock_balances where item_fk = ${item}`))[0]!.q);
  return { created, ok, q, balance, onHand };
}

/** The ids of the seeded units Piece and Box. */
export async function unitIds(t: TestApp): Promise<{ piece: number; box: number }> {
  const units = (await t.api("GET", "/api/units/list")).body.message as { unit_id: number; unit_name: string }[];
  const id = (name: string) => units.find((u) => u.unit_name === name)!.unit_id;
  return { piece: id("Piece"), box: id("Box") };
}

/** Buys these lines from the supplier on account, in IQD, into inventory 1, and completes the purchase. */
export async function stockUp(
  t: TestApp,
  supplier: number,
  lines: { item_id: number; unit_id: number; quantity: string; unit_price: string; batch_no?: string; expire_date?: string }[],
  date?: string,
): Promise<void> {
  const { created, ok } = dbHelpers(() => t);
  const p = await created("/api/purchases", {
    consumer_id: supplier,
    ...(date ? { date } : {}),
    inventory_id: 1,
    currency_id: 1,
    discount_type: "amount",
    payment_type: "On Account",
    lines,
  });
  await ok(`/api/purchases/${p.id}/complete`);
}

export interface SalesFixture {
  t: TestApp;
  piece: number;
  box: number;
  amox: number;
  soap: number;
  /** The category Amoxicillin is filed under (0 when none was asked for). */
  category: number;
  supplier: number;
  customer: number;
  usdTill: number;
  /**
   * The sale the test files start from: to the customer in USD at the in-rate 1,500 with a 10%
   * invoice discount, 3 boxes of Amoxicillin and 20 soaps (73.8 USD), 36.9 paid into the USD till.
   */
  saleBody: (extra?: Record<string, unknown>) => Record<string, unknown>;
}

/**
 * A fresh app with the stock sales are made from: 20 boxes of Amoxicillin at 15,000 IQD a box
 * (1,500 a piece) and 100 pieces of soap at 600, bought on account from a supplier on 20 Nov 2026
 * and completed. Sale prices: a box 30,000 IQD, a piece of soap 1,500 IQD, soap taxed 10%. Also a
 * customer "Baghdad Pharmacy" (its other fields as given) and a USD till. When asked, it first
 * stores a rate in force from a past date, and files Amoxicillin under a new category of that name.
 */
export async function salesFixture(
  opts: { customer?: Record<string, unknown>; rate?: { rate: string; in_rate: string; date: string }; category?: string } = {},
): Promise<SalesFixture> {
  const t = await createTestApp();
  const { created } = dbHelpers(() => t);
  if (opts.rate) await created("/api/currency_rates/store_past_date", opts.rate);
  const { piece, box } = await unitIds(t);
  const category = opts.category ? (await created("/api/categories", { category_name: opts.category })).category_id : 0;
  const amox = (
    await created("/api/items", {
      item_name: "Amoxicillin 500",
      ...(category ? { category_fk: category } : {}),
      item_units: [
        { unit_fk: piece, quantity: "1", price: "3000", is_base: true },
        { unit_fk: box, quantity: "10", price: "30000", is_default: true },
      ],
    })
  ).item_id;
  const soap = (
    await created("/api/items", {
      item_name: "Olive Soap",
      has_revenue_tax: true,
      revenue_tax_percent: "10",
      item_units: [{ unit_fk: piece, quantity: "1", price: "1500", is_base: true }],
    })
  ).item_id;
  const supplier = (await created("/api/suppliers", { consumer_name: "Erbil Pharma" })).consumer_id;
  const customer = (await created("/api/customers", { consumer_name: "Baghdad Pharmacy", ...opts.customer })).consumer_id;
  const usdTill = (await created("/api/cashes", { account_name: "Till USD", cash_type: 1, currency_id: 2 })).account_id;
  await stockUp(
    t,
    supplier,
    [
      { item_id: amox, unit_id: box, quantity: "20", unit_price: "15000" },
      { item_id: soap, unit_id: piece, quantity: "100", unit_price: "600" },
    ],
    "2026-11-20 09:00",
  );
  const saleBody = (extra: Record<string, unknown> = {}) => ({
    date: "2026-11-21 10:00",
    consumer_fk: customer,
    inventory_fk: 1,
    currency_id: 2,
    rate: "1500",
    discount_type: "invoice",
    invoice_discount_type: "percent",
    invoice_discount: "10",
    payment_type: "On Account",
    account_fk: usdTill,
    paid_amount: "36.9",
    lines: [
      { item_fk: amox, unit_fk: box, quantity: "3" },
      { item_fk: soap, unit_fk: piece, quantity: "20" },
    ],
    ...extra,
  });
  return { t, piece, box, amox, soap, category, supplier, customer, usdTill, saleBody };
}
