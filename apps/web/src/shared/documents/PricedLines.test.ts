import { describe, expect, it } from "vitest";
import { pricedLineOf, typedDecimal } from "./PricedLines";

const stored = {
  item_fk: 4,
  item_name: "Omeprazole",
  unit_fk: 2,
  unit_name: "Box",
  unit_base_qty: "10.0000",
  item_unit_id: 17,
  quantity: "2.0000",
  discount_type: "percent" as const,
  discount: "10.000",
  sale_price: "9500.000",
  steps: [{ step: "unit_price" as const, amount: "9500", change: "0" }],
};

describe("a stored sale or quotation line as the form holds it", () => {
  it("keeps the unit's id so the price function can price it again, and shows plain figures", () => {
    const line = pricedLineOf(stored);
    expect(line.item?.item_units).toEqual([expect.objectContaining({ item_unit_id: 17, unit_fk: 2, quantity: "10.0000" })]);
    expect(line).toMatchObject({ unit_id: "2", quantity: "2", discount_type: "percent", discount: "10", unit_price: "" });
  });

  it("keeps a price typed by hand, and no discount when there was none", () => {
    const line = pricedLineOf({
      ...stored,
      item_unit_id: null,
      discount_type: null,
      discount: "0",
      steps: [{ ...stored.steps[0]!, manual: true }],
    });
    expect(line).toMatchObject({ unit_price: "9500", discount_type: "amount", discount: "" });
    expect(line.item?.item_units[0]?.item_unit_id).toBe(0);
    expect(pricedLineOf(stored).key).not.toBe(line.key);
  });
});

describe("an amount as typed", () => {
  it("reads Arabic-Indic digits and thousands separators, and anything else as 0", () => {
    expect(typedDecimal("١٢,٥٠٠.٥").toFixed()).toBe("12500.5");
    expect(typedDecimal("").toFixed()).toBe("0");
    expect(typedDecimal("abc").toFixed()).toBe("0");
  });
});
