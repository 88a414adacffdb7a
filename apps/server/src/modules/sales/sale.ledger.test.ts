import { describe, expect, it } from "vitest";
import { toJournalLines } from "../ledger/journal.js";
import { D } from "../ledger/money.js";
import { type CommissionTerms, commissionTiers, paymentStatus, type SalePosting, saleCommission, saleLines } from "./sale.ledger.js";

const IQD = 1;
const USD = 2;
const acc = { sales: 41, discounts: 43, tax: 23, cogs: 51, inventory: 13 };
const usdTill = { account_id: 1102, currency_id: USD };
const receivableUsd = { account_id: 1201, currency_id: USD };
const currencyOf = (id: number) => (id === usdTill.account_id || id === receivableUsd.account_id ? USD : IQD);
const sums = (lines: ReturnType<typeof saleLines>) =>
  Object.fromEntries(
    lines.map((l) => [
      l.account_id,
      D(l.debit ?? 0)
        .minus(l.credit ?? 0)
        .toFixed(),
    ]),
  );

/**
 * A USD sale at an in-rate of 1,500: 3 boxes at 20 USD and 20 pieces at 1 USD (gross 80 USD),
 * 10% off the invoice (8 USD), 10% tax on the pieces' 18 USD (1.8 USD): total 73.8 USD, half
 * paid into a USD till. The goods cost 57,000 IQD.
 */
const usdSale: SalePosting = {
  system_currency: IQD,
  currency_id: USD,
  rate: "1500",
  receivable: receivableUsd,
  payments: [{ account: usdTill, currency_id: USD, rate: "1500", amount: "36.9" }],
  paid: "36.9",
  gross: "80",
  discount: "8",
  tax: "1.8",
  total: "73.8",
  cost: "57000",
  accounts: acc,
};

describe("the posting rule of a sale", () => {
  it("debits the till and the receivable in USD, discounts in IQD; credits sales and tax; moves the cost", () => {
    const lines = saleLines(usdSale);
    expect(sums(lines)).toEqual({
      [usdTill.account_id]: "36.9",
      [receivableUsd.account_id]: "36.9",
      [acc.discounts]: "12000", // 8 USD × 1,500
      [acc.sales]: "-120000", // 80 USD × 1,500
      [acc.tax]: "-2700", // 1.8 USD × 1,500
      [acc.cogs]: "57000",
      [acc.inventory]: "-57000",
    });
    // In the system currency it balances without an exchange difference: 55,350 + 55,350 + 12,000 = 120,000 + 2,700.
    const rows = toJournalLines(lines, currencyOf, IQD, { account_id: 45, currency_id: IQD });
    const debit = rows.reduce((s, r) => s.plus(r.sys_debit), D(0));
    const credit = rows.reduce((s, r) => s.plus(r.sys_credit), D(0));
    expect(debit.toFixed()).toBe("179700");
    expect(credit.toFixed()).toBe("179700");
    expect(rows.find((r) => r.account_id === 45)).toBeUndefined();
  });

  it("goods that leave at a cost below zero raise the inventory: Dr inventory / Cr cost of goods sold, still balanced", () => {
    const lines = saleLines({ ...usdSale, cost: "-8867.9676" });
    expect(sums(lines)[acc.cogs]).toBe("-8867.9676");
    expect(sums(lines)[acc.inventory]).toBe("8867.9676");
    expect(lines.every((l) => !D(l.debit ?? 0).isNeg() && !D(l.credit ?? 0).isNeg())).toBe(true);
    const rows = toJournalLines(lines, currencyOf, IQD, { account_id: 45, currency_id: IQD });
    expect(rows.reduce((s, r) => s.plus(r.sys_debit).minus(r.sys_credit), D(0)).toFixed()).toBe("0");
  });

  it("a sale paid in full owes nothing; nothing paid is all receivable", () => {
    const paid = saleLines({ ...usdSale, payments: [{ ...usdSale.payments[0]!, amount: "73.8" }], paid: "73.8" });
    expect(paid.find((l) => l.account_id === receivableUsd.account_id)).toBeUndefined();
    const owed = saleLines({ ...usdSale, payments: [], paid: "0" });
    expect(sums(owed)[receivableUsd.account_id]).toBe("73.8");
    expect(sums(owed)[usdTill.account_id]).toBeUndefined();
  });

  it("a price above the sale price (a profile on cost) is more sales, not a negative discount", () => {
    const lines = saleLines({ ...usdSale, gross: "80", discount: "-5", tax: "0", total: "85", payments: [], paid: "0", cost: "0" });
    expect(sums(lines)).toEqual({ [receivableUsd.account_id]: "85", [acc.sales]: "-127500" });
  });

  it("posts the commission to the expense and the salesman's payable", () => {
    const lines = saleLines({ ...usdSale, commission: { amount: "2000", expense: 54, payable: 2201 } });
    expect(sums(lines)[54]).toBe("2000");
    expect(sums(lines)[2201]).toBe("-2000");
  });

  it("payment status", () => {
    expect(paymentStatus("73.8", "0")).toBe("unpaid");
    expect(paymentStatus("73.8", "36.9")).toBe("partially_paid");
    expect(paymentStatus("73.8", "73.8")).toBe("paid");
  });
});

describe("salesman commission", () => {
  // 1% up to 100,000 of the month's base, 2% from 100,000, 3% from 200,000.
  const terms: CommissionTerms = {
    commission_type: "revenue_commission",
    percentage: "1",
    percentages: ["2", "3", null],
    quotas: ["100000", "200000", null],
  };

  it("tiers: the base percentage from 0, each quota's percentage from it", () => {
    expect(commissionTiers(terms).map((t) => [t.from.toFixed(), t.percent.toFixed()])).toEqual([
      ["0", "1"],
      ["100000", "2"],
      ["200000", "3"],
    ]);
  });

  it("a first sale of 150,000: 100,000 × 1% + 50,000 × 2% = 2,000", () => {
    const c = saleCommission(terms, { revenue: "150000", cost: "75000" });
    expect([c.base.toFixed(), c.amount.toFixed()]).toEqual(["150000", "2000"]);
  });

  it("a second sale of 60,000 in the month: 50,000 × 2% + 10,000 × 3% = 1,300", () => {
    const c = saleCommission(terms, { revenue: "60000", cost: "30000" }, "150000");
    expect(c.amount.toFixed()).toBe("1300");
  });

  it("on gross profit: (150,000 − 75,000) × 1% = 750; a loss earns nothing", () => {
    const gp = { ...terms, commission_type: "gross_profit_commission" };
    expect(saleCommission(gp, { revenue: "150000", cost: "75000" }).amount.toFixed()).toBe("750");
    expect(saleCommission(gp, { revenue: "1000", cost: "1500" }).amount.toFixed()).toBe("0");
  });

  it("no commission, or no quotas: one percentage on everything", () => {
    expect(saleCommission({ ...terms, commission_type: "no_commission" }, { revenue: "150000", cost: "0" }).amount.toFixed()).toBe("0");
    const flat = { ...terms, quotas: [null, null, null] };
    expect(saleCommission(flat, { revenue: "150000", cost: "0" }, "500000").amount.toFixed()).toBe("1500");
  });

  it("a quota without its percentage keeps the one before", () => {
    const t = { ...terms, percentages: [null, "3", null] };
    expect(commissionTiers(t).map((x) => x.percent.toFixed())).toEqual(["1", "1", "3"]);
  });
});
