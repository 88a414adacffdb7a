import { describe, expect, it } from "vitest";
import {
  businessDateTime,
  businessDay,
  dateFilterDays,
  dateFilterRange,
  documentInstant,
  endOfBusinessDay,
  isTimeZone,
  parseBusinessTime,
  parseRangeBound,
  setBusinessTimeZone,
  startOfBusinessDay,
  yearBounds,
} from "./business-time.js";

const iso = (d: Date | undefined) => d?.toISOString();

describe("business time (Asia/Baghdad, UTC+3, the default)", () => {
  it("an instant just before UTC midnight is already the next business day", () => {
    expect(businessDay(new Date("2026-03-31T22:30:00Z"))).toBe("2026-04-01");
    expect(businessDay(new Date("2026-03-31T20:59:59.999Z"))).toBe("2026-03-31");
    expect(businessDay(new Date("2026-03-31T21:00:00Z"))).toBe("2026-04-01");
    expect(businessDateTime(new Date("2026-03-31T22:30:00Z"))).toBe("2026-04-01 01:30:00");
  });

  it("reads a document's date as wall-clock time in the zone", () => {
    expect(iso(parseBusinessTime("2026-04-01 01:00"))).toBe("2026-03-31T22:00:00.000Z");
    expect(iso(parseBusinessTime("2026-04-01 01:00:30"))).toBe("2026-03-31T22:00:30.000Z");
    expect(iso(parseBusinessTime("2026-04-01"))).toBe("2026-03-31T21:00:00.000Z");
    expect(iso(documentInstant("2026-04-01", new Date(), "01:00"))).toBe("2026-03-31T22:00:00.000Z");
    expect(iso(documentInstant("2026-04-01 01:00", new Date()))).toBe("2026-03-31T22:00:00.000Z");
    for (const bad of ["2026-02-30", "2026-04-01 24:00", "2026-13-01", "01/04/2026", "2026-04-01 1:00", ""])
      expect(parseBusinessTime(bad)).toBeUndefined();
  });

  it("without a date a document takes today's business day at its time; without either, now", () => {
    const now = new Date("2026-03-31T22:30:00Z"); // 01:30 on 1 April in Baghdad
    expect(iso(documentInstant(undefined, now, "01:10"))).toBe("2026-03-31T22:10:00.000Z");
    expect(documentInstant(null, now)).toBe(now);
  });

  it("starts and ends business days at local midnight", () => {
    expect(iso(startOfBusinessDay("2026-04-01"))).toBe("2026-03-31T21:00:00.000Z");
    expect(iso(endOfBusinessDay("2026-04-01"))).toBe("2026-04-01T20:59:59.999Z");
    expect(yearBounds("2026-01-01", "2026-12-31")).toEqual({
      start: new Date("2025-12-31T21:00:00Z"),
      end: new Date("2026-12-31T21:00:00Z"),
    });
  });

  it("TODAY at 00:30 local time is the new day, not yesterday", () => {
    const now = new Date("2026-03-31T21:30:00Z"); // 00:30 on 1 April in Baghdad
    expect(dateFilterDays("TODAY", now)).toEqual(["2026-04-01", "2026-04-01"]);
    expect(dateFilterRange("TODAY", now)?.map(iso)).toEqual(["2026-03-31T21:00:00.000Z", "2026-04-01T20:59:59.999Z"]);
    expect(dateFilterDays("THIS_MONTH", now)).toEqual(["2026-04-01", "2026-04-30"]);
    expect(dateFilterDays("LAST_MONTH", now)).toEqual(["2026-03-01", "2026-03-31"]);
    expect(dateFilterDays("THIS_QUARTER", now)).toEqual(["2026-04-01", "2026-06-30"]);
    expect(dateFilterDays("LAST_QUARTER", now)).toEqual(["2026-01-01", "2026-03-31"]);
    expect(dateFilterDays("THIS_YEAR", now)).toEqual(["2026-01-01", "2026-12-31"]);
    expect(dateFilterDays("LAST_YEAR", now)).toEqual(["2025-01-01", "2025-12-31"]);
  });

  it("a DATE_PERIOD's days are business days; an end day includes the whole day", () => {
    expect(iso(parseRangeBound("2026-04-01", false))).toBe("2026-03-31T21:00:00.000Z");
    expect(iso(parseRangeBound("2026-04-30", true))).toBe("2026-04-30T20:59:59.999Z");
    expect(iso(parseRangeBound("2026-04-30 12:00:00", true))).toBe("2026-04-30T09:00:00.000Z");
    expect(parseRangeBound("2026-04-31", true)).toBeUndefined();
  });
});

describe("other zones", () => {
  it("UTC counts UTC days", () => {
    expect(businessDay(new Date("2026-03-31T22:30:00Z"), "UTC")).toBe("2026-03-31");
    expect(iso(parseBusinessTime("2026-04-01 01:00", "UTC"))).toBe("2026-04-01T01:00:00.000Z");
    expect(dateFilterDays("TODAY", new Date("2026-03-31T21:30:00Z"), "UTC")).toEqual(["2026-03-31", "2026-03-31"]);
  });

  it("Asia/Tehran (UTC+3:30)", () => {
    expect(businessDay(new Date("2026-03-31T20:29:00Z"), "Asia/Tehran")).toBe("2026-03-31");
    expect(businessDay(new Date("2026-03-31T20:30:00Z"), "Asia/Tehran")).toBe("2026-04-01");
    expect(iso(startOfBusinessDay("2026-04-01", "Asia/Tehran"))).toBe("2026-03-31T20:30:00.000Z");
    expect(iso(parseBusinessTime("2026-04-01 01:00", "Asia/Tehran"))).toBe("2026-03-31T21:30:00.000Z");
  });

  it("accepts IANA zones only, and the setting refuses anything else", () => {
    expect(isTimeZone("Asia/Baghdad")).toBe(true);
    expect(isTimeZone("UTC")).toBe(true);
    expect(isTimeZone("Mars/Olympus")).toBe(false);
    expect(isTimeZone("")).toBe(false);
    expect(() => setBusinessTimeZone("Mars/Olympus")).toThrow(/TIME_ZONE/);
  });
});
