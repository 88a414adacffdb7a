import { describe, expect, it } from "vitest";
import { formatMoney, quoteSummary } from "./money";
import type { Quote } from "./types";

const quote: Quote = {
  currency_id: 1,
  lines: [
    {
      item_id: 1,
      item_name: "Rose water",
      unit_id: 1,
      unit_name: "Piece",
      quantity: "2.0000",
      unit_price: "3500.000",
      net_price: "3500.000",
      line_total: "7000.000",
      available: true,
      message: null,
    },
    {
      item_id: 2,
      item_name: "Argan oil",
      unit_id: 1,
      unit_name: "Piece",
      quantity: "1.0000",
      unit_price: "12500.000",
      net_price: "12500.000",
      line_total: "12500.000",
      available: false,
      message: "Only 0 left of this item.",
    },
  ],
  gross: "19500.000",
  discount_amount: "0.000",
  total: "19500.000",
  orderable: false,
};

describe("the cart's figures", () => {
  it("shows the server's lines and totals grouped, without trailing zeros, in Latin digits in every language", () => {
    const en = quoteSummary(quote, "en");
    expect(en.lines.map((l) => [l.name, l.quantity, l.unitPrice, l.total, l.available])).toEqual([
      ["Rose water", "2", "3,500", "7,000", true],
      ["Argan oil", "1", "12,500", "12,500", false],
    ]);
    expect([en.gross, en.discount, en.total, en.orderable]).toEqual(["19,500", null, "19,500", false]);
    const ar = quoteSummary(quote, "ar");
    expect(ar.total).toMatch(/^19.500$/);
    expect(ar.total).not.toMatch(/[٠-٩]/);
    expect(quoteSummary(quote, "ckb").lines[0]!.total).not.toMatch(/[٠-٩۰-۹]/);
  });

  it("shows a discount when the server gives one, and a fraction of a dinar when there is one", () => {
    const s = quoteSummary({ ...quote, discount_amount: "1500.000", total: "18000.000", orderable: true, lines: [quote.lines[0]!] }, "en");
    expect([s.discount, s.total, s.orderable]).toEqual(["1,500", "18,000", true]);
    expect(formatMoney("1234.5", "en")).toBe("1,234.5");
    expect(formatMoney(null, "en")).toBe("");
  });
});
