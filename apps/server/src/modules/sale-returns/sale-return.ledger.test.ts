import { describe, expect, it } from "vitest";
import { D } from "../ledger/money.js";
import { returnBatches, returnedCommission, returnedShare, saleReturnLines } from "./sale-return.ledger.js";

const plain = (f: Record<string, { toFixed(): string }>) => Object.fromEntries(Object.entries(f).map(([k, v]) => [k, v.toFixed()]));

describe("sale return figures (hand-checked)", () => {
  // A USD sale line: 10 pieces at 4 USD = 40, a 10% invoice discount of 4, 10% tax on the 36 left = 3.6; 39.6 charged.
  const syrup = { quantity: "10", revenue: "40", discount: "4", tax: "3.6" };

  it("3 of 10 units give back 3/10 of the revenue, discount and tax", () => {
    expect(plain({ ...returnedShare(syrup, "0", "3") })).toEqual({ revenue: "12", discount: "1.2", tax: "1.08", total: "11.88" });
  });

  it("parts that do not divide evenly add up to exactly what was sold, the last part taking the rounding", () => {
    const line = { quantity: "3", revenue: "10", discount: "1", tax: "0.9" };
    const first = returnedShare(line, "0", "1");
    const second = returnedShare(line, "1", "1");
    const third = returnedShare(line, "2", "1");
    // 10/3 = 3.333; cumulative 6.667 − 3.333 = 3.334; 10 − 6.667 = 3.333.
    expect([first, second, third].map((f) => f.revenue.toFixed())).toEqual(["3.333", "3.334", "3.333"]);
    expect([first, second, third].map((f) => f.discount.toFixed())).toEqual(["0.333", "0.334", "0.333"]);
    expect([first, second, third].map((f) => f.tax.toFixed())).toEqual(["0.3", "0.3", "0.3"]);
    const total = [first, second, third].reduce((s, f) => s.plus(f.total), D(0));
    // 10 − 1 + 0.9
    expect(total.toFixed()).toBe("9.9");
  });

  it("goes back into the batches the sale took, in its order, at the cost each left with", () => {
    // The sale took 4 units of batch 7 (1,250 each = 5,000) and 3 of batch 9 (1,000 each = 3,000, odd cents: 3,000.0001).
    const sold = [
      { batch_id: 7, qty: "4", value: "5000" },
      { batch_id: 9, qty: "3", value: "3000.0001" },
    ];
    expect(returnBatches(sold, new Map(), "2").map((b) => [b.batch_id, b.qty.toFixed(), b.value.toFixed()])).toEqual([[7, "2", "2500"]]);
    // 3 of batch 7 came back already: 1 more from it, then 2 of batch 9 at 1,000.0000 (3,000.0001 × 2/3 = 2,000.00007 → 2,000.0001).
    const before = new Map([[7, { qty: "3", value: "3750" }]]);
    expect(returnBatches(sold, before, "3").map((b) => [b.batch_id, b.qty.toFixed(), b.value.toFixed()])).toEqual([
      [7, "1", "1250"],
      [9, "2", "2000.0001"],
    ]);
    // The last unit of batch 9 takes what value is left.
    const most = new Map([
      [7, { qty: "4", value: "5000" }],
      [9, { qty: "2", value: "2000.0001" }],
    ]);
    expect(returnBatches(sold, most, "1").map((b) => [b.batch_id, b.qty.toFixed(), b.value.toFixed()])).toEqual([[9, "1", "1000"]]);
  });
});

describe("sale return posting rule (hand-checked)", () => {
  const accounts = {
    sales_returns: { account_id: 42, currency_id: 1 },
    discounts: { account_id: 43, currency_id: 1 },
    tax: { account_id: 24, currency_id: 1 },
    inventory: { account_id: 13, currency_id: 1 },
    cogs: { account_id: 51, currency_id: 1 },
  };
  const shown = (lines: ReturnType<typeof saleReturnLines>) =>
    lines.map((l) => [
      l.account_id,
      l.debit === undefined ? "" : D(l.debit).toFixed(),
      l.credit === undefined ? "" : D(l.credit).toFixed(),
    ]);

  it("a USD return at 1,450 paid back on the customer's USD account", () => {
    // 3 syrups (12 revenue, 1.2 discount, 1.08 tax) and 1 box of 4 (12.5 revenue, 1.25 discount): 23.13 USD back.
    const lines = saleReturnLines({
      accounts,
      creditor: { account_id: 120, currency_id: 2 },
      currency_id: 2,
      rate: "1450",
      revenue: "24.5",
      discount: "2.45",
      tax: "1.08",
      total: "23.13",
      cost: "21000",
    });
    // 24.5 × 1,450 = 35,525; 2.45 × 1,450 = 3,552.5; 1.08 × 1,450 = 1,566; the receivable in USD (23.13 × 1,450 = 33,538.5 IQD).
    expect(shown(lines)).toEqual([
      [42, "35525", ""],
      [43, "", "3552.5"],
      [24, "1566", ""],
      [120, "", "23.13"],
      [13, "21000", ""],
      [51, "", "21000"],
    ]);
    // Balanced in IQD: 35,525 + 1,566 + 21,000 = 3,552.5 + 33,538.5 + 21,000.
    expect(35525 + 1566 + 21000).toBe(3552.5 + 33538.5 + 21000);
  });

  it("an IQD return paid from an IQD till, no discount and no tax: only revenue, cash and the goods", () => {
    const lines = saleReturnLines({
      accounts: { ...accounts, tax: null },
      creditor: { account_id: 1101, currency_id: 1 },
      currency_id: 1,
      rate: "1",
      revenue: "15000",
      discount: "0",
      tax: "0",
      total: "15000",
      cost: "9000.12345",
    });
    expect(shown(lines)).toEqual([
      [42, "15000", ""],
      [1101, "", "15000"],
      [13, "9000.1235", ""],
      [51, "", "9000.1235"],
    ]);
  });

  it("a price above the sale price (a profile on cost) comes back as sales, as the sale booked it", () => {
    // 2 units of a 50 IQD sale price sold at 60: revenue 100, discount −20, charged 120.
    const lines = saleReturnLines({
      accounts,
      creditor: { account_id: 1101, currency_id: 1 },
      currency_id: 1,
      rate: "1",
      revenue: "100",
      discount: "-20",
      tax: "0",
      total: "120",
      cost: "70",
    });
    expect(shown(lines)).toEqual([
      [42, "120", ""],
      [1101, "", "120"],
      [13, "70", ""],
      [51, "", "70"],
    ]);
  });

  it("refuses to return tax without a tax account", () => {
    expect(() =>
      saleReturnLines({
        accounts: { ...accounts, tax: null },
        creditor: { account_id: 1101, currency_id: 1 },
        currency_id: 1,
        rate: "1",
        revenue: "100",
        discount: "0",
        tax: "10",
        total: "110",
        cost: "0",
      }),
    ).toThrow();
  });
});

describe("returnedCommission", () => {
  it("takes back the commission in proportion to the net revenue returned, the parts adding up to all of it", () => {
    const sale = { commission: "100", net: "90000" };
    // A third each, as cumulative shares: 33.3333 (of 33.3333), 66.6667 − 33.3333 = 33.3334, 100 − 66.6667 = 33.3333.
    const parts = [returnedCommission(sale, 0, 30000), returnedCommission(sale, 30000, 30000), returnedCommission(sale, 60000, 30000)];
    expect(parts.map((p) => p.toFixed())).toEqual(["33.3333", "33.3334", "33.3333"]);
    expect(returnedCommission({ commission: "0", net: "90000" }, 0, 30000).toFixed()).toBe("0");
    expect(returnedCommission(sale, 90000, 1).toFixed()).toBe("0");
  });
});
