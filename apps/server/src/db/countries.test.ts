import { COUNTRIES_COUNT, COUNTRY_CODES } from "@app/contracts";
import { describe, expect, it } from "vitest";
import { COUNTRIES } from "./countries.js";

describe("country codes", () => {
  it("maps every seeded country to a distinct, valid ISO 3166-1 alpha-2 code", () => {
    expect(COUNTRIES).toHaveLength(COUNTRIES_COUNT);
    const known = new Intl.DisplayNames(["en"], { type: "region", fallback: "none" });
    const codes = COUNTRIES.map((name) => COUNTRY_CODES[name]);
    expect(COUNTRIES.filter((name) => !COUNTRY_CODES[name])).toEqual([]);
    expect(codes.filter((code) => !/^[A-Z]{2}$/.test(code ?? "") || !known.of(code ?? ""))).toEqual([]);
    expect(new Set(codes).size).toBe(COUNTRIES.length);
  });

  it("holds no name outside the seeded list", () => {
    expect(Object.keys(COUNTRY_CODES).sort()).toEqual([...COUNTRIES].sort());
  });
});
