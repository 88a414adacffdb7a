import { CURRENCY_IQD, CURRENCY_USD, type MeResponse } from "@app/contracts";
import { renderHook } from "@testing-library/react";
import { createElement, type ReactNode } from "react";
import { describe, expect, it } from "vitest";
import { FALLBACK_CONFIG, SessionContext } from "../app/session/session.queries";
import {
  formatAmount,
  formatCurrencyAmount,
  formatDate,
  formatDateTime,
  formatDocumentAmount,
  formatPercent,
  formatRate,
  formatTime,
  formatUnsigned,
  iqdDecimalsShown,
  plainDecimal,
  setIqdDecimals,
  useFormat,
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
    setIqdDecimals(3);
    try {
      expect(formatCurrencyAmount("1.125", 1)).toBe("1.125");
    } finally {
      setIqdDecimals(0);
    }
  });
});

describe("IQD decimals shown (system setting, 0 unless set)", () => {
  it("shows dinars whole by default, rounded half up; the stored figure is untouched", () => {
    setIqdDecimals(undefined);
    expect(iqdDecimalsShown()).toBe(0);
    expect(formatCurrencyAmount("1004501.215", 1)).toBe("1,004,501");
    expect(formatCurrencyAmount("11128.603", 1)).toBe("11,129");
    expect(formatCurrencyAmount("2.5", 1)).toBe("3");
    expect(formatCurrencyAmount("2.499", 1)).toBe("2");
    expect(formatCurrencyAmount("-1004501.5", 1)).toBe("-1,004,502");
    expect(formatCurrencyAmount("-0.4", 1)).toBe("0");
    expect(formatCurrencyAmount("1202303.215", "IQD")).toBe("1,202,303");
    expect(formatCurrencyAmount(null, 1)).toBe("");
  });

  it("shows as many decimals as the setting asks, up to 3", () => {
    try {
      setIqdDecimals(3);
      expect(formatCurrencyAmount("1004501.215", 1)).toBe("1,004,501.215");
      expect(formatCurrencyAmount("-1004501.2155", 1)).toBe("-1,004,501.216");
      expect(formatCurrencyAmount("1500.000", 1)).toBe("1,500");
      setIqdDecimals(1);
      expect(formatCurrencyAmount("1004501.25", 1)).toBe("1,004,501.3");
      expect(formatCurrencyAmount("-1004501.25", 1)).toBe("-1,004,501.3");
      setIqdDecimals(7);
      expect(iqdDecimalsShown()).toBe(3);
    } finally {
      setIqdDecimals(0);
    }
  });

  it("keeps the dollar's cents whatever the setting, and any other amount as it was", () => {
    expect(formatCurrencyAmount("1.95", 2)).toBe("1.95");
    expect(formatCurrencyAmount("1.95", "USD")).toBe("1.95");
    expect(formatCurrencyAmount("-1.955", 2)).toBe("-1.96");
    expect(formatCurrencyAmount("7", "2")).toBe("7.00");
    expect(formatAmount("1004501.215")).toBe("1,004,501.215");
    expect(formatCurrencyAmount("1004501.215", undefined)).toBe("1,004,501.215");
  });
});

describe("a document's figures in its currency", () => {
  it("show dinars to the setting and dollars as the document's form writes them", () => {
    expect(formatDocumentAmount("1004501.215", "IQD")).toBe("1,004,501");
    expect(formatDocumentAmount("108", "USD")).toBe("108");
    expect(formatDocumentAmount("12.125", 2)).toBe("12.125");
    try {
      setIqdDecimals(2);
      expect(formatDocumentAmount("1004501.215", 1)).toBe("1,004,501.22");
    } finally {
      setIqdDecimals(0);
    }
  });
});

describe('money in the system currency (fmt.sysMoney, the column format "money")', () => {
  const signedIn =
    (currency_fk: number) =>
    ({ children }: { children: ReactNode }) =>
      createElement(
        SessionContext.Provider,
        { value: { me: {} as MeResponse, systemConfig: { ...FALLBACK_CONFIG, currency_fk } } },
        children,
      );

  it("shows a stock value, cost or commission in dinars to the setting when the system currency is IQD", () => {
    const { result } = renderHook(() => useFormat(), { wrapper: signedIn(CURRENCY_IQD) });
    expect(result.current.sysMoney("1250.5")).toBe("1,251");
    expect(result.current.value("1250.5", "money")).toBe("1,251");
    expect(result.current.value("-1250.5", "money")).toBe("-1,251");
    expect(result.current.sysMoney(null)).toBe("");
    // A quantity stays a plain amount.
    expect(result.current.value("1250.5", "amount")).toBe("1,250.5");
    try {
      setIqdDecimals(3);
      expect(result.current.sysMoney("12345.678")).toBe("12,345.678");
      expect(result.current.value("1250.5", "money")).toBe("1,250.5");
    } finally {
      setIqdDecimals(0);
    }
  });

  it("shows it with cents when the system currency is USD", () => {
    const { result } = renderHook(() => useFormat(), { wrapper: signedIn(CURRENCY_USD) });
    expect(result.current.sysMoney("1250.5")).toBe("1,250.50");
    expect(result.current.value("7", "money")).toBe("7.00");
  });

  it("takes the fallback settings' currency (IQD) outside a signed-in route", () => {
    const { result } = renderHook(() => useFormat());
    expect(result.current.sysMoney("1250.5")).toBe("1,251");
  });
});
