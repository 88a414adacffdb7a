import { describe, expect, it } from "vitest";
import { dueIn, floorToStep, posChange } from "./pos-change.js";

const smallest = { 1: "250", 2: "1" } as const;

describe("posChange", () => {
  it("IQD and USD cash together at the in-rate, change in IQD down to 250", () => {
    // Bill 23,600 IQD; $10 at 1,310 = 13,100 plus 11,000 IQD = 24,100 paid; 500 back.
    const c = posChange({
      total: "23600",
      currency_id: 1,
      rate: "1310",
      payments: [
        { method: "cash", currency_id: 2, amount: "10" },
        { method: "cash", currency_id: 1, amount: "11000" },
      ],
      change_currency_id: 1,
      smallest,
    });
    expect(c).toEqual({
      paid: "24100",
      due: "0",
      over: "500",
      change_currency_id: 1,
      change_exact: "500",
      change: "500",
      change_iqd: "0",
      covered: true,
    });
  });

  it("rounds the change down to the smallest note", () => {
    // Bill 18,350; $20 at 1,310 = 26,200; 7,850 owed back, 7,750 handed over (250 notes).
    const c = posChange({
      total: "18350",
      currency_id: 1,
      rate: "1310",
      payments: [{ method: "cash", currency_id: 2, amount: "20" }],
      smallest,
    });
    expect(c.change_exact).toBe("7850");
    expect(c.change).toBe("7750");
  });

  it("change in USD: converted at the in-rate, whole dollars and the rest in IQD down to 250", () => {
    // Bill 30,000; $50 = 65,500; 35,500 over = $27.099 (3 decimals), $27 handed over.
    const c = posChange({
      total: "30000",
      currency_id: 1,
      rate: "1310",
      payments: [{ method: "cash", currency_id: 2, amount: "50" }],
      change_currency_id: 2,
      smallest,
    });
    expect(c.over).toBe("35500");
    expect(c.change_exact).toBe("27.099");
    expect(c.change).toBe("27");
    // 35,500 − 27 × 1,310 = 130 left: below a 250 note, kept.
    expect(c.change_iqd).toBe("0");
  });

  it("change in USD for 31.974 USD paid with 40 USD at 1,470: 8 USD and nothing kept above a note", () => {
    // Bill 47,000 IQD = 31.974 USD; 40 USD = 58,800; 11,800 over = 8.027 USD; 8 USD = 11,760; 40 left, kept.
    const c = posChange({
      total: "47000",
      currency_id: 1,
      rate: "1470",
      payments: [{ method: "cash", currency_id: 2, amount: "40" }],
      change_currency_id: 2,
      smallest,
    });
    expect([c.change, c.change_iqd]).toEqual(["8", "0"]);
  });

  it("change in USD: 7 USD and 1,000 IQD of 7.714 USD (1,050 IQD above 7 dollars, 50 kept)", () => {
    const c = posChange({
      total: "47000",
      currency_id: 1,
      rate: "1470",
      payments: [{ method: "cash", currency_id: 1, amount: "58340" }],
      change_currency_id: 2,
      smallest,
    });
    expect([c.change_exact, c.change, c.change_iqd]).toEqual(["7.714", "7", "1000"]);
  });

  it("what a customer paying in the other currency hands over: dollars up to the cent, dinars up to the dinar", () => {
    // 47,000 IQD at 1,470 = 31.97278… USD: 31.98, so that paying it covers the bill.
    expect(dueIn("47000", 1, 2, "1470")).toBe("31.98");
    expect(dueIn("44100", 1, 2, "1470")).toBe("30");
    expect(dueIn("31.974", 2, 1, "1470")).toBe("47002");
    expect(dueIn("500", 1, 1, "1470")).toBe("500");
    // 31.98 USD pays 47,010.6 IQD: covered.
    const c = posChange({
      total: "47000",
      currency_id: 1,
      rate: "1470",
      payments: [{ method: "cash", currency_id: 2, amount: dueIn("47000", 1, 2, "1470") }],
      smallest,
    });
    expect(c.covered).toBe(true);
  });

  it("not covered: what is due, no change", () => {
    const c = posChange({
      total: "10000",
      currency_id: 1,
      rate: "1310",
      payments: [
        { method: "cash", currency_id: 1, amount: "2000" },
        { method: "fib", currency_id: 1, amount: "3000" },
      ],
      smallest,
    });
    expect(c).toMatchObject({ paid: "5000", due: "5000", over: "0", change: "0", covered: false });
  });

  it("floorToStep", () => {
    expect(floorToStep("1249.999", "250")).toBe("1000");
    expect(floorToStep("1250", "250")).toBe("1250");
    expect(floorToStep("12.5", "0")).toBe("12.5");
  });
});
