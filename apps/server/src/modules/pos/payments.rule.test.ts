import { POS_MSG } from "@app/contracts";
import { describe, expect, it } from "vitest";
import { type SettleInput, settlePayments } from "./payments.rule.js";

const IQD = 1;
const USD = 2;
const base: Omit<SettleInput, "payments" | "changeCurrency"> = {
  total: "30000",
  systemCurrency: IQD,
  rate: "1480",
  smallest: { [IQD]: "250", [USD]: "1" },
};
const shown = (s: ReturnType<typeof settlePayments>) => ({
  applied: s.applied.map((a) => [a.method, a.currency_id, a.amount.toFixed(), a.sys.toFixed()]),
  overflow: s.overflow.map((o) => [o.currency_id, o.amount.toFixed(), o.sys.toFixed()]),
  change: [s.change.currency_id, s.change.exact.toFixed(), s.change.given.toFixed(), s.change.given_iqd.toFixed(), s.change.gain.toFixed()],
});

describe("POS payments", () => {
  it("takes 10 USD and 20,000 IQD for 30,000 IQD and gives 4,750 IQD back (4,800 rounded down to 250s)", () => {
    const s = settlePayments({
      ...base,
      changeCurrency: IQD,
      payments: [
        { method: "cash", currency_id: IQD, amount: "20000" },
        { method: "cash", currency_id: USD, amount: "10" },
      ],
    });
    // 10 USD × 1,480 = 14,800 first; 15,200 of the 20,000 IQD; 4,800 over.
    expect(shown(s)).toEqual({
      applied: [
        ["cash", USD, "10", "14800"],
        ["cash", IQD, "15200", "15200"],
      ],
      overflow: [[IQD, "4800", "4800"]],
      change: [IQD, "4800", "4750", "0", "50"],
    });
  });

  it("gives the change in USD when asked: whole dollars, the rest in dinars down to 250s, only what no note pays kept", () => {
    const s = settlePayments({
      ...base,
      changeCurrency: USD,
      payments: [
        { method: "cash", currency_id: IQD, amount: "20000" },
        { method: "cash", currency_id: USD, amount: "10" },
      ],
    });
    // IQD first (20,000), then 10,000 of the USD (6.757 USD); 4,800 IQD over = 3.243 USD; 3 USD back;
    // 4,800 − 3 × 1,480 = 360 left: 250 IQD back, 110 kept.
    expect(shown(s)).toEqual({
      applied: [
        ["cash", IQD, "20000", "20000"],
        ["cash", USD, "6.757", "10000"],
      ],
      overflow: [[USD, "3.243", "4800"]],
      change: [USD, "3.243", "3", "250", "110"],
    });
  });

  it("puts the named customer's credit and FIB toward the bill exactly, without change", () => {
    const s = settlePayments({
      ...base,
      changeCurrency: IQD,
      payments: [
        { method: "credit", currency_id: IQD, amount: "10000" },
        { method: "fib", currency_id: IQD, amount: "5000" },
        { method: "cash", currency_id: IQD, amount: "15000" },
      ],
    });
    expect(shown(s)).toEqual({
      applied: [
        ["fib", IQD, "5000", "5000"],
        ["credit", IQD, "10000", "10000"],
        ["cash", IQD, "15000", "15000"],
      ],
      overflow: [],
      change: [IQD, "0", "0", "0", "0"],
    });
  });

  it("gives 7 USD and 1,000 IQD of 7.714 USD change at 1,470: Cash Over and Short keeps 50 IQD, not 1,050", () => {
    const s = settlePayments({
      total: "47000",
      systemCurrency: IQD,
      rate: "1470",
      smallest: { [IQD]: "250", [USD]: "1" },
      changeCurrency: USD,
      payments: [{ method: "cash", currency_id: IQD, amount: "58340" }],
    });
    // 11,340 over = 7.714 USD; 7 USD = 10,290; 1,050 left: 1,000 IQD back (250s), 50 kept.
    expect(shown(s).change).toEqual([USD, "7.714", "7", "1000", "50"]);
    const given = s.change.given.mul(1470).plus(s.change.given_iqd).plus(s.change.gain);
    expect(given.toFixed()).toBe("11340");
  });

  it("refuses payments that do not cover the bill, and FIB or credit above it", () => {
    expect(() =>
      settlePayments({ ...base, changeCurrency: IQD, payments: [{ method: "cash", currency_id: IQD, amount: "29999" }] }),
    ).toThrow(POS_MSG.notCovered);
    expect(() => settlePayments({ ...base, changeCurrency: IQD, payments: [{ method: "fib", currency_id: USD, amount: "21" }] })).toThrow(
      POS_MSG.nonCashTooMuch,
    );
  });
});
