import { describe, expect, it } from "vitest";
import {
  appliedCosts,
  chargeLines,
  paymentStatus,
  purchaseCashLines,
  purchaseFigures,
  purchaseLines,
  purchaseReturnLines,
} from "./purchase.ledger.js";

const inventory = { account_id: 13, currency_id: 1 };
const s = (lines: { account_id: number; debit?: unknown; credit?: unknown }[]) =>
  lines.map((l) => ({
    account_id: l.account_id,
    debit: l.debit === undefined ? undefined : String(l.debit),
    credit: l.credit === undefined ? undefined : String(l.credit),
  }));

describe("purchase posting rules (hand-checked)", () => {
  it("a USD purchase: 10 boxes at 12 + 2 bonus, 120 pieces at 0.5, 10% off, at 1,500", () => {
    const f = purchaseFigures(
      {
        currency_id: 2,
        rate: "1500",
        discount_type: "percent",
        discount: "10",
        lines: [
          { quantity: "10", bonus: "2", unit_price: "12", unit_base_qty: "10" },
          { quantity: "120", bonus: "0", unit_price: "0.5", unit_base_qty: "1" },
        ],
      },
      1,
    );
    expect([f.subtotal, f.discount_amount, f.total, f.sys_total].map(String)).toEqual(["180", "18", "162", "243000"]);
    expect(f.lines.map((l) => [String(l.net), String(l.value), String(l.base_qty), String(l.unit_cost)])).toEqual([
      ["108", "162000", "120", "1350"],
      ["54", "81000", "120", "675"],
    ]);
  });

  it("posts Dr Inventory, Cr the supplier with the total; the cash part is its own entry, Dr the supplier, Cr the till", () => {
    const doc = {
      inventory,
      supplier: { account_id: 40, currency_id: 2 },
      cash: { account_id: 50, currency_id: 2 },
      currency_id: 2,
      rate: "1500",
      stock_value: "243000",
      total: "162",
      paid: "62",
    };
    expect(s(purchaseLines(doc))).toEqual([
      { account_id: 13, debit: "243000", credit: undefined },
      { account_id: 40, debit: undefined, credit: "162" },
    ]);
    expect(s(purchaseCashLines(doc))).toEqual([
      { account_id: 40, debit: "62", credit: undefined },
      { account_id: 50, debit: undefined, credit: "62" },
    ]);
    expect(purchaseCashLines({ ...doc, paid: "0" })).toEqual([]);
    expect([paymentStatus("162", "0"), paymentStatus("162", "62"), paymentStatus("162", "162")]).toEqual([
      "unpaid",
      "partially_paid",
      "paid",
    ]);
  });

  it("apply cost: 36,000 IQD over 162,000 : 81,000 and the charge's posting", () => {
    const a = appliedCosts(
      [
        { value: "162000", base_qty: "120" },
        { value: "81000", base_qty: "120" },
      ],
      "36000",
    );
    expect(a.map((x) => [String(x.share), String(x.unit_cost)])).toEqual([
      ["24000", "1550"],
      ["12000", "775"],
    ]);
    const lines = chargeLines(
      inventory,
      [{ creditor: { account_id: 41, currency_id: 2 }, currency_id: 1, rate: "1500", amount: "36000" }],
      1,
    );
    expect(s(lines)).toEqual([
      { account_id: 13, debit: "36000", credit: undefined },
      { account_id: 41, debit: undefined, credit: "24" },
    ]);
  });

  const usdReturn = {
    inventory,
    debtor: { account_id: 40, currency_id: 2 },
    currency_id: 2,
    rate: "1500",
    amount: "21.6",
    cost: "46500",
    gains: { account_id: 46, currency_id: 1 },
    losses: { account_id: 53, currency_id: 1 },
  };

  it("a return at 21.6 USD of goods that cost 46,500 IQD books the 14,100 loss", () => {
    const lines = purchaseReturnLines(usdReturn, 1);
    expect(s(lines)).toEqual([
      { account_id: 40, debit: "21.6", credit: undefined },
      { account_id: 13, debit: undefined, credit: "46500" },
      { account_id: 53, debit: "14100", credit: undefined },
    ]);
  });

  it("goods sent back at a value below zero (stock let below zero) debit the inventory; the price and that value are a gain", () => {
    const dinars = { ...usdReturn, debtor: { account_id: 40, currency_id: 1 }, currency_id: 1, rate: "1", amount: "10000" };
    const lines = purchaseReturnLines({ ...dinars, cost: "-500" }, 1);
    expect(s(lines)).toEqual([
      { account_id: 40, debit: "10000", credit: undefined },
      { account_id: 13, debit: "500", credit: undefined },
      { account_id: 46, debit: undefined, credit: "10500" },
    ]);
  });
});
