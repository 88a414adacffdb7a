import { MSG, notEnoughBalanceMessage } from "@app/contracts";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/harness.js";
import { pieceAndBoxItem } from "../catalogue/items.fixture.js";
import { dbHelpers, unitIds } from "../sales/sales.fixture.js";
import { stockInconsistencies } from "../stock/stock.fixture.js";

/**
 * Charges paid in cash: no supplier needed, and the paying account's balance checked when the
 * charge is saved and again when it is applied, refused with the account's name and what it holds.
 * Petty Cash IQD holds 30,000 to start with.
 */
let t: TestApp;
let box = 0;
let item = 0;
let supplier = 0;
let petty = 0;
let expenseType = 0;

const { created, ok, q } = dbHelpers(() => t);
const balance = async (account: number | string) => {
  const where = typeof account === "string" ? sql`a.system_key = ${account}` : sql`a.account_id = ${account}`;
  const [r] = await q<{ b: string }>(
    sql`select coalesce(sum(l.debit - l.credit), 0)::text b from journal_lines l join accounts a on a.account_id = l.account_id where ${where}`,
  );
  return Number(r!.b);
};
/** What the books and the stock hold: the journal's totals, the petty cash, inventory, the item's cost, and the movements. */
const books = async () => ({
  journal: (
    await q<{ d: string; c: string; n: number }>(
      sql`select coalesce(sum(sys_debit),0)::text d, coalesce(sum(sys_credit),0)::text c, count(*)::int n from journal_lines`,
    )
  )[0],
  petty: await balance(petty),
  inventory: await balance("inventory"),
  cost: (await q(sql`select qty::text, value::text from stock_item_costs where item_fk = ${item}`))[0],
  movements: (await q<{ n: number }>(sql`select count(*)::int n from stock_movements where item_fk = ${item}`))[0]!.n,
  purchases: (await q<{ n: number }>(sql`select count(*)::int n from purchases`))[0]!.n,
});
const body = (charges: Record<string, unknown>[]) => ({
  consumer_id: supplier,
  date: "2026-11-20 10:00",
  inventory_id: 1,
  currency_id: 1,
  payment_type: "On Account",
  lines: [{ item_id: item, unit_id: box, quantity: "10", unit_price: "6000" }],
  charges,
});
const cashCharge = (amount: string) => ({ kind: "transport", payment_type: "Cash", account_id: petty, currency_id: 1, amount });

beforeAll(async () => {
  t = await createTestApp();
  const units = await unitIds(t);
  box = units.box;
  item = await pieceAndBoxItem(t, units, "Charge Wipes", { piece: "650", box: "7250", perBox: "12" });
  supplier = (await created("/api/suppliers", { consumer_name: "Charge Supplier" })).consumer_id;
  petty = (await created("/api/cashes", { account_name: "Petty Cash IQD", cash_type: 1, currency_id: 1 })).account_id;
  const incomeType = (await created("/api/income_types", { type_name: "Float in" })).type_id;
  await created("/api/incomes", { type_id: incomeType, account_id: petty, currency_id: 1, amount: "30000", payment_time: "09:00" });
  expenseType = (await created("/api/expense_types", { type_name: "Petty spending" })).type_id;
});
afterAll(() => t?.close());

describe("a charge paid in cash", () => {
  it("needs no supplier, and applied it takes the money out of the cash account", async () => {
    const p = await created("/api/purchases", body([cashCharge("12000")]));
    expect(p.charges[0]).toMatchObject({ consumer_fk: null, consumer_name: null, payment_type: "Cash", account_fk: petty });
    await ok(`/api/purchases/${p.id}/complete`);
    await ok(`/api/purchases/${p.id}/apply_cost`);
    expect(await balance(petty)).toBe(18000);
    // 60,000 of goods and 12,000 of carriage.
    expect(await balance("inventory")).toBe(72000);
    const b = await books();
    expect(b.journal!.d).toBe(b.journal!.c);
    expect(await stockInconsistencies(t.database.db)).toEqual([]);
  });

  it("on account still needs its supplier", async () => {
    const res = await t.api("POST", "/api/purchases", {
      body: body([{ kind: "other", payment_type: "On Account", currency_id: 1, amount: "500" }]),
    });
    expect(res.status).toBe(422);
    expect(res.body.errors["charges.0.consumer_id"]).toEqual([MSG.chooseFromList]);
  });

  it("is refused at save when the account holds less, naming the account and what it holds; nothing is saved", async () => {
    const before = await books();
    const res = await t.api("POST", "/api/purchases", { body: body([cashCharge("15000"), cashCharge("5000")]) });
    expect(res.status).toBe(422);
    // 20,000 asked of 18,000: both charges of the account carry the refusal.
    const msg = notEnoughBalanceMessage("Petty Cash IQD", "18000", "IQD");
    expect(res.body.message).toBe(msg);
    expect(res.body.errors).toEqual({ "charges.0.account_id": [msg], "charges.1.account_id": [msg] });
    expect(await books()).toEqual(before);
  });

  it("is refused at apply cost when the money went elsewhere since; books and stock unchanged", async () => {
    const p = await created("/api/purchases", body([cashCharge("10000")]));
    await ok(`/api/purchases/${p.id}/complete`);
    await created("/api/expenses", { type_id: expenseType, account_id: petty, currency_id: 1, amount: "9000", payment_time: "11:00" });
    const before = await books();
    const res = await t.api("POST", `/api/purchases/${p.id}/apply_cost`);
    expect(res.status).toBe(422);
    const msg = notEnoughBalanceMessage("Petty Cash IQD", "9000", "IQD");
    expect(res.body).toMatchObject({ message: msg, errors: { "charges.0.account_id": [msg] } });
    expect(await books()).toEqual(before);
    expect((await t.api("GET", `/api/purchases/${p.id}`)).body.data.costs_applied).toBe(false);
  });

  it("two applies at once from an account that covers one: exactly one takes the money", async () => {
    const a = await created("/api/purchases", body([cashCharge("6000")]));
    const b = await created("/api/purchases", body([cashCharge("6000")]));
    await ok(`/api/purchases/${a.id}/complete`);
    await ok(`/api/purchases/${b.id}/complete`);
    await created("/api/expenses", { type_id: expenseType, account_id: petty, currency_id: 1, amount: "1000", payment_time: "12:00" });
    // 8,000 left: one 6,000 charge fits, two do not.
    const results = await Promise.all([a.id, b.id].map((id) => t.api("POST", `/api/purchases/${id}/apply_cost`)));
    expect(results.map((r) => r.status).sort()).toEqual([200, 422]);
    expect(results.find((r) => r.status === 422)!.body.message).toBe(notEnoughBalanceMessage("Petty Cash IQD", "2000", "IQD"));
    expect(await balance(petty)).toBe(2000);
    const applied = await q<{ n: number }>(sql`select count(*)::int n from purchases where id in (${a.id}, ${b.id}) and costs_applied`);
    expect(applied[0]!.n).toBe(1);
    const j = (await books()).journal!;
    expect(j.d).toBe(j.c);
    expect(await stockInconsistencies(t.database.db)).toEqual([]);
  });
});
