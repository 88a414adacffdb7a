import { describe, expect, it } from "vitest";
import {
  formatAmount,
  formatCurrencyAmount,
  formatDate,
  formatDateTime,
  formatPercent,
  formatRate,
  formatTime,
  formatUnsigned,
  plainDecimal,
} from "./format";

const marks = { am: "AM", pm: "PM" };

describe("formatting (SPEC §9)", () => {
  it("shows amounts with up to 3 decimals and thousands separators, without float error", () => {
    expect(formatAmount("1234567.891")).toBe("1,234,567.891");
    expect(formatAmount("1234567.8915")).toBe("1,234,567.892");
    expect(formatAmount("1000.500")).toBe("1,000.5");
    expect(formatAmount("-2500")).toBe("-2,500");
    expect(formatAmount("0.1")).toBe("0.1");
    expect(formatAmount("123456789012345.125")).toBe("123,456,789,012,345.125");
    expect(formatAmount(null)).toBe("");
  });

  it("writes decimals without pointless trailing zeros, exactly", () => {
    expect(plainDecimal("1310.0000")).toBe("1310");
    expect(plainDecimal("1310.2500")).toBe("1310.25");
    expect(plainDecimal("0.0001")).toBe("0.0001");
    expect(plainDecimal("123456789012345.1230")).toBe("123456789012345.123");
    expect(plainDecimal("-5.500")).toBe("-5.5");
    expect(plainDecimal(null)).toBe("");
    expect(plainDecimal("abc")).toBe("abc");
  });

  it("shows rates with up to 4 decimals", () => {
    expect(formatRate("1310.0000")).toBe("1,310");
    expect(formatRate("1310.1234")).toBe("1,310.1234");
  });

  it("drops the sign of a figure whose label says which way it went (a net loss)", () => {
    expect(formatUnsigned("-44465")).toBe("44,465");
    expect(formatUnsigned("-0.5")).toBe("0.5");
    expect(formatUnsigned("1200")).toBe("1,200");
    expect(formatUnsigned(null)).toBe("");
  });

  it("adds a percent sign", () => {
    expect(formatPercent("12.5")).toBe("12.5%");
  });

  it("writes dates DD/MM/YYYY, in every language alike", () => {
    expect(formatDate("2026-03-07")).toBe("07/03/2026");
    expect(formatDate("2026-11-23 22:30:00")).toBe("23/11/2026");
  });

  it("uses 12-hour times", () => {
    expect(formatTime("2026-03-07T15:04:00", marks)).toBe("03:04 PM");
    expect(formatTime("2026-03-07T00:30:00", marks)).toBe("12:30 AM");
    expect(formatDateTime("2026-03-07T09:15:00", marks)).toBe("07/03/2026 09:15 AM");
  });
});

describe("times on the business's clock", () => {
  it("reads instants in the business's zone and wall-clock texts as written", async () => {
    const { setBusinessTimeZone } = await import("./businessTime");
    setBusinessTimeZone("Asia/Baghdad");
    try {
      // 22:30 UTC is 01:30 the next day in Baghdad, whatever zone the browser runs in.
      expect(formatDateTime("2026-11-23T22:30:00.000Z", marks)).toBe("24/11/2026 01:30 AM");
      expect(formatDateTime(new Date("2026-11-23T22:30:00.000Z"), marks)).toBe("24/11/2026 01:30 AM");
      expect(formatDate("2026-11-23 22:30:00+00")).toBe("24/11/2026");
      expect(formatDateTime("2026-11-23 22:30:00", marks)).toBe("23/11/2026 10:30 PM");
    } finally {
      setBusinessTimeZone(undefined);
    }
  });
});

describe("amounts in a currency", () => {
  it("shows dollars with their cents and dinars as they are", () => {
    expect(formatCurrencyAmount("1250.5", 2)).toBe("1,250.50");
    expect(formatCurrencyAmount("-3", 2)).toBe("-3.00");
    expect(formatCurrencyAmount("0.125", 2)).toBe("0.13");
    expect(formatCurrencyAmount("1250000", 1)).toBe("1,250,000");
    expect(formatCurrencyAmount("1.125", 1)).toBe("1.125");
  });
});
