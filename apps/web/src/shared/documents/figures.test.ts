import { describe, expect, it } from "vitest";
import { belowCost, newSalePrice, purchaseTotals } from "./figures";

describe("purchase form figures (as the server computes them)", () => {
  it("totals lines, a percent discount, what is paid and what is owed", () => {
    const f = purchaseTotals({
      lines: [
        { quantity: "10", unit_price: "12" },
        { quantity: "120", unit_price: "0.5" },
      ],
      discount_type: "percent",
      discount: "10",
      paid_amount: "62",
    });
    expect(f).toEqual({
      lineTotals: ["120", "60"],
      subtotal: "180",
      discount: "18",
      total: "162",
      remaining: "100",
      status: "partially_paid",
    });
    expect(
      purchaseTotals({ lines: [{ quantity: "", unit_price: "x" }], discount_type: "amount", discount: "", paid_amount: "" }).status,
    ).toBe("unpaid");
  });

  it("prices a unit from the base cost, the profit and the rounding step", () => {
    // 1,550 a piece, a box of 10, 20% profit: 18,600, rounded up to 250 → 18,750.
    expect(newSalePrice("1550", "20", "10", "250")).toBe("18750");
    expect(newSalePrice("1550", "20", "1", "")).toBe("1860");
    expect(newSalePrice("0.333333", "0", "3", "0")).toBe("1");
  });

  it("flags a unit's price below what the unit costs", () => {
    // A box of 10 at 1,550 a piece costs 15,500.
    expect(belowCost("1550", "10", "15000")).toBe(true);
    expect(belowCost("1550", "10", "15500")).toBe(false);
    expect(belowCost("1550", "1", "1860")).toBe(false);
    expect(belowCost("1550", "1", "")).toBe(false);
  });
});
