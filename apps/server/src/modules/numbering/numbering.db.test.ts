import { MSG } from "@app/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/harness.js";

/** Voucher numbers run without gaps per document type and outlet, whatever fails or runs at once. */
let t: TestApp;
let cash: number;
let incomeType: number;
let expenseType: number;

const created = async (url: string, body: unknown, token?: string) => {
  const res = await t.api("POST", url, { body, token });
  if (res.status !== 201) throw new Error(`${url}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data;
};
const seq = (n: string) => Number(n.slice(-6));
const expense = (amount: string) => ({ type_id: expenseType, account_id: cash, currency_id: 1, amount, payment_time: "10:00" });

beforeAll(async () => {
  t = await createTestApp();
  cash = (await created("/api/cashes", { account_name: "Numbered till", cash_type: 1, currency_id: 1 })).account_id;
  incomeType = (await created("/api/income_types", { type_name: "Takings" })).type_id;
  expenseType = (await created("/api/expense_types", { type_name: "Stationery" })).type_id;
  await created("/api/incomes", { type_id: incomeType, account_id: cash, currency_id: 1, amount: "10000", payment_time: "08:00" });
});
afterAll(() => t?.close());

describe("voucher numbers", () => {
  it("failed saves between two good ones leave no gap", async () => {
    const first = await created("/api/expenses", expense("1000"));
    expect(first.number).toMatch(/^EXP-\d{6}$/);
    // Refused after the document row and its entry were written (the till would go below zero) ...
    const overdrawn = await t.api("POST", "/api/expenses", { body: expense("999999") });
    expect(overdrawn.body.message).toBe(MSG.noEnoughBalanceIqd);
    // ... and refused while reading (an unknown type).
    expect((await t.api("POST", "/api/expenses", { body: { ...expense("5"), type_id: 999999 } })).status).toBe(422);
    const second = await created("/api/expenses", expense("1000"));
    expect(seq(second.number)).toBe(seq(first.number) + 1);
    // A transfer has its own series: it starts at 1 in a fresh database.
    const other = (await created("/api/cashes", { account_name: "Second till", cash_type: 1, currency_id: 1 })).account_id;
    const tr = await created("/api/cash_transactions", { from_account_id: cash, to_account_id: other, amount: "10" });
    expect(tr.transaction_no).toBe("TR-000001");
    expect(
      (await t.api("POST", "/api/cash_transactions", { body: { from_account_id: other, to_account_id: cash, amount: "999" } })).status,
    ).toBe(422);
    const tr2 = await created("/api/cash_transactions", { from_account_id: cash, to_account_id: other, amount: "10" });
    expect(tr2.transaction_no).toBe("TR-000002");
  });

  it("each outlet has its own series", async () => {
    const res = await t.api("POST", "/api/outlets_store", { body: { outlet_name: "Erbil branch" } });
    expect(res.status).toBe(201);
    const outlet = res.body.data.outlet_id as number;
    const clerk = await t.userWith(["expenses/store", "expenses/show"], { outlet_fk: outlet });
    const a = await created("/api/expenses", expense("10"), clerk.token);
    const b = await created("/api/expenses", expense("10"), clerk.token);
    expect([a.number, b.number]).toEqual([`EXP-${outlet}-000001`, `EXP-${outlet}-000002`]);
  });

  it("concurrent saves get distinct, consecutive numbers", async () => {
    const before = await created("/api/incomes", {
      type_id: incomeType,
      account_id: cash,
      currency_id: 1,
      amount: "1",
      payment_time: "09:00",
    });
    const results = await Promise.all(
      Array.from({ length: 24 }, (_, i) =>
        t.api("POST", "/api/incomes", {
          body: { type_id: incomeType, account_id: cash, currency_id: 1, amount: String(i + 1), payment_time: "09:00" },
        }),
      ),
    );
    expect(results.map((r) => r.status)).toEqual(Array(24).fill(201));
    const numbers = results.map((r) => seq(r.body.data.number)).sort((x, y) => x - y);
    expect(numbers).toEqual(Array.from({ length: 24 }, (_, i) => seq(before.number) + 1 + i));
  });
});
