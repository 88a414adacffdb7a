import { DRAWER_ACCOUNT_REFUSED } from "@app/contracts";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestApp } from "../../../test/harness.js";
import { dbHelpers, type SalesFixture, salesFixture } from "../sales/sales.fixture.js";
import { stockInconsistencies } from "../stock/stock.fixture.js";

/**
 * A cashier's drawer accounts take money only at the POS (sales, returns, the closing's count):
 * the back office's sales, expenses and incomes neither offer nor take them, so a drawer's
 * closing counts only what went through the till.
 */
let t: TestApp;
let f: SalesFixture;
let drawerIqd = 0;
let drawerUsd = 0;
const { created, q, balance, onHand } = dbHelpers(() => t);
const trial = async () =>
  (
    await q<{ d: string; c: string }>(
      sql`select coalesce(sum(sys_debit),0)::text d, coalesce(sum(sys_credit),0)::text c from journal_lines`,
    )
  )[0]!;
const count = async (table: string) => Number((await q<{ n: number }>(sql`select count(*)::int n from ${sql.identifier(table)}`))[0]!.n);

beforeAll(async () => {
  f = await salesFixture();
  t = f.t;
  const cashier = await t.userWith(["pos_sales/store"], { is_cashier: true, outlet_fk: 1, user_name: "till one", inventory_ids: [1] });
  const drawers = await q<{ currency_id: number; account_fk: number }>(
    sql`select currency_id, account_fk from pos_drawers where user_fk = ${cashier.user_id} order by currency_id`,
  );
  drawerIqd = Number(drawers[0]!.account_fk);
  drawerUsd = Number(drawers[1]!.account_fk);
  // The drawers hold money, so a refusal is about the account, not its balance.
  const mainCash = Number((await q<{ a: number }>(sql`select account_id a from accounts where system_key = 'main_cash'`))[0]!.a);
  const incomeType = (await created("/api/income_types", { type_name: "Float" })).type_id;
  await created("/api/incomes", { type_id: incomeType, account_id: mainCash, currency_id: 1, amount: "500000", payment_time: "09:00" });
  await created("/api/cash_transactions", { from_account_id: mainCash, to_account_id: drawerIqd, amount: "100000" });
});
afterAll(() => t?.close());

describe("a cashier's drawer in the back office", () => {
  it("is marked in the accounts list the forms pick from", async () => {
    const list = (await t.api("GET", "/api/cashes/accounts_list")).body.message as { account_id: number; is_drawer: boolean }[];
    expect(list.find((a) => a.account_id === drawerIqd)?.is_drawer).toBe(true);
    expect(list.find((a) => a.account_id === drawerUsd)?.is_drawer).toBe(true);
    expect(list.find((a) => a.account_id === f.usdTill)?.is_drawer).toBe(false);
  });

  it("refuses a sale paid into it, an expense paid from it and an income into it; books and stock unchanged", async () => {
    const before = { trial: await trial(), drawer: await balance(drawerIqd), amox: await onHand(f.amox), sales: await count("sales") };
    const sale = await t.api("POST", "/api/sales", {
      body: f.saleBody({ currency_id: 1, rate: null, payment_type: "Cash", account_fk: drawerIqd, paid_amount: null }),
    });
    expect(sale.status).toBe(422);
    expect(sale.body.errors).toEqual({ account_fk: [DRAWER_ACCOUNT_REFUSED] });
    const expenseType = (await created("/api/expense_types", { type_name: "Tea" })).type_id;
    const expense = await t.api("POST", "/api/expenses", {
      body: { type_id: expenseType, account_id: drawerIqd, currency_id: 1, amount: "5000", payment_time: "10:00" },
    });
    expect(expense.status).toBe(422);
    expect(expense.body).toMatchObject({ message: DRAWER_ACCOUNT_REFUSED, errors: { account_id: [DRAWER_ACCOUNT_REFUSED] } });
    const incomeType = (await created("/api/income_types", { type_name: "Tips" })).type_id;
    const income = await t.api("POST", "/api/incomes", {
      body: { type_id: incomeType, account_id: drawerUsd, currency_id: 2, rate: "1500", amount: "5", payment_time: "10:00" },
    });
    expect(income.status).toBe(422);
    expect(income.body.errors).toEqual({ account_id: [DRAWER_ACCOUNT_REFUSED] });
    expect(await trial()).toEqual(before.trial);
    expect(await balance(drawerIqd)).toEqual(before.drawer);
    expect(await balance(drawerIqd)).toEqual({ own: 100000, sys: 100000 });
    expect(await onHand(f.amox)).toBe(before.amox);
    expect(await count("sales")).toBe(before.sales);
    expect(await stockInconsistencies(t.database.db)).toEqual([]);
  });

  it("still takes a transfer out of it, as the money goes to the safe", async () => {
    const mainCash = Number((await q<{ a: number }>(sql`select account_id a from accounts where system_key = 'main_cash'`))[0]!.a);
    await created("/api/cash_transactions", { from_account_id: drawerIqd, to_account_id: mainCash, amount: "40000" });
    expect(await balance(drawerIqd)).toEqual({ own: 60000, sys: 60000 });
    const tb = await trial();
    expect(tb.d).toBe(tb.c);
  });
});
