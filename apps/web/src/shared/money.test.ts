import { CURRENCY_IQD, CURRENCY_USD } from "@app/contracts";
import { describe, expect, it } from "vitest";
import { type CurrencyValue, chooseCurrency, fromForeign, isForeign } from "./CurrencyPicker";
import { convert, orZero } from "./money";

describe("currency conversion (rate = IQD per 1 USD)", () => {
  it("converts both ways to 3 decimals with decimals, not floats", () => {
    expect(convert("100", CURRENCY_USD, CURRENCY_IQD, "1310")).toBe("131000");
    expect(convert("1000", CURRENCY_IQD, CURRENCY_USD, "1310")).toBe("0.763");
    expect(convert("0.3", CURRENCY_USD, CURRENCY_IQD, "0.1")).toBe("0.03");
    expect(convert("5", CURRENCY_IQD, CURRENCY_IQD, "1310")).toBe("5");
    expect(convert("5", CURRENCY_USD, CURRENCY_IQD, "0")).toBe("0");
  });

  it("resets emptied required fields to 0", () => {
    expect(orZero("")).toBe("0");
    expect(orZero("  ")).toBe("0");
    expect(orZero("12")).toBe("12");
  });
});

describe("currency picker", () => {
  const base: CurrencyValue = { currency_id: CURRENCY_IQD, rate: "1", amount: "262000", foreign_amount: "262000" };

  it("is in foreign mode exactly when the other currency is chosen", () => {
    expect(isForeign(base, CURRENCY_IQD)).toBe(false);
    expect(isForeign({ ...base, currency_id: CURRENCY_USD }, CURRENCY_IQD)).toBe(true);
  });

  it("takes the last rate when the other currency is chosen and shows the foreign amount", () => {
    const usd = chooseCurrency(base, CURRENCY_USD, CURRENCY_IQD, "1310");
    expect(usd).toEqual({ currency_id: CURRENCY_USD, rate: "1310", amount: "262000", foreign_amount: "200" });
    expect(chooseCurrency(usd, CURRENCY_IQD, CURRENCY_IQD, "1310").rate).toBe("1");
  });

  it("follows an edited rate or foreign amount in the system currency", () => {
    const usd = chooseCurrency(base, CURRENCY_USD, CURRENCY_IQD, "1310");
    expect(fromForeign({ ...usd, rate: "1320" }, CURRENCY_IQD).amount).toBe("264000");
    expect(fromForeign({ ...usd, foreign_amount: "10.5" }, CURRENCY_IQD).amount).toBe("13755");
  });
});
