import { sql } from "drizzle-orm";
import { expect } from "vitest";
import { createTestApp, type TestApp } from "../../../test/harness.js";
import { dbHelpers, stockUp, unitIds } from "../sales/sales.fixture.js";
import { stockInconsistencies } from "../stock/stock.fixture.js";

/** The API and database helpers of a POS db test, with the drawers of the cashier `cashier()` answers. */
export function posHelpers(app: () => TestApp, cashier: () => { user_id: number }) {
  const helpers = dbHelpers(app);
  const { q } = helpers;
  /** The account of the cashier's drawer in this currency. */
  const drawer = async (currency: number) =>
    Number(
      (
        await q<{ a: number }>(sql`select account_fk a from pos_drawers where user_fk = ${cashier().user_id} and currency_id = ${currency}`)
      )[0]!.a,
    );
  /** The books balance in the system currency and the stock agrees with its movements. */
  const booksBalance = async () => {
    const [tb] = await q<{ d: string; c: string }>(
      sql`select coalesce(sum(sys_debit),0)::text d, coalesce(sum(sys_credit),0)::text c from journal_lines`,
    );
    expect(tb!.d).toBe(tb!.c);
    expect(await stockInconsistencies(app().database.db)).toEqual([]);
  };
  return { ...helpers, drawer, booksBalance };
}

export interface PosFixture {
  t: TestApp;
  piece: number;
  formula: number;
  tea: number;
  cashier: { token: string; user_id: number };
}

/**
 * A fresh app for POS sales: the rate 1,470 and the in-rate 1,480 IQD per USD; 10 tins of baby
 * formula bought at 18,000 IQD (sold at 25,000) and `tea` packs of tea at 3,000 (sold at 5,000), on
 * account from a supplier and completed; and a cashier of outlet 1 selling from inventory 1, with
 * this user name and exactly these permissions.
 */
export async function posFixture(opts: {
  tea: string;
  cashier: string;
  permissions: string[];
  env?: Record<string, string>;
}): Promise<PosFixture> {
  const t = await createTestApp(opts.env);
  const { created } = dbHelpers(() => t);
  await created("/api/currency_rates", { rate: "1470", in_rate: "1480" });
  const { piece } = await unitIds(t);
  const formula = (
    await created("/api/items", {
      item_name: "Baby formula",
      item_units: [{ unit_fk: piece, quantity: "1", price: "25000", is_base: true }],
    })
  ).item_id;
  const tea = (
    await created("/api/items", { item_name: "Tea", item_units: [{ unit_fk: piece, quantity: "1", price: "5000", is_base: true }] })
  ).item_id;
  const supplier = (await created("/api/suppliers", { consumer_name: "Basra Foods" })).consumer_id;
  await stockUp(t, supplier, [
    { item_id: formula, unit_id: piece, quantity: "10", unit_price: "18000" },
    { item_id: tea, unit_id: piece, quantity: opts.tea, unit_price: "3000" },
  ]);
  const cashier = await t.userWith(opts.permissions, {
    is_cashier: true,
    outlet_fk: 1,
    inventory_ids: [1],
    user_name: opts.cashier,
  });
  return { t, piece, formula, tea, cashier };
}
