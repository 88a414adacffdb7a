import { describe, expect, it } from "vitest";
import { isLtrField, ltrProps } from "./ltr";

describe("isLtrField", () => {
  it("takes identifiers as left to right", () => {
    for (const k of ["mobile", "email", "code", "item_code", "barcode", "pin", "account_code", "phone"]) expect(isLtrField(k)).toBe(true);
    expect(ltrProps("mobile")).toEqual({ dir: "ltr" });
  });
  it("leaves names and notes in the page's direction", () => {
    for (const k of ["consumer_name", "note", "address", "city_name", "encoded", "description"]) expect(isLtrField(k)).toBe(false);
    expect(ltrProps("note")).toEqual({});
  });
});
