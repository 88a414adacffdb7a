import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ean13CheckDigit, isValidEan13, ZItem } from "./catalogue.js";
import { MSG } from "./messages.js";

describe("EAN-13", () => {
  it("computes the check digit of real codes", () => {
    expect(ean13CheckDigit("400638133393")).toBe(1);
    expect(isValidEan13("4006381333931")).toBe(true);
    expect(isValidEan13("4006381333932")).toBe(false);
    expect(isValidEan13("400638133393")).toBe(false);
  });

  it("accepts exactly one check digit for any 12 digits", () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\d{12}$/), (first12) => {
        const valid = [...Array(10).keys()].filter((d) => isValidEan13(first12 + d));
        return valid.length === 1 && valid[0] === ean13CheckDigit(first12);
      }),
    );
  });
});

describe("item schema", () => {
  it("needs at least one unit, with SPEC's text", () => {
    const r = ZItem.safeParse({ item_name: "A" });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.message).toBe(MSG.atLeastOneUnit);
  });

  it("reads units sent as JSON text by a multipart form, and barcodes typed in Arabic digits", () => {
    const r = ZItem.parse({ item_name: "A", item_units: JSON.stringify([{ unit_fk: "1", quantity: "1", price: "2.5", barcode: "١٢٣" }]) });
    expect(r.item_units[0]).toMatchObject({ unit_fk: 1, quantity: "1", price: "2.5", barcode: "123" });
  });
});
