import { describe, expect, it } from "vitest";
import { floorToStep, posChange } from "./pos-change.js";

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
    expect(c).toEqual({ paid: "24100", due: "0", over: "500", change_currency_id: 1, change_exact: "500", change: "500", covered: true });
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

  it("change in USD: converted at the in-rate and down to whole dollars", () => {
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
