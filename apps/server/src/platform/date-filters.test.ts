import { describe, expect, it } from "vitest";
import { dateFilterRange } from "./list.js";

const fmt = (r: [Date, Date] | undefined) => r?.map((d) => d.toISOString());
// Local midnights, as the presets are computed in the server's time zone.
const local = (y: number, m: number, d: number, end = false) =>
  (end ? new Date(y, m - 1, d, 23, 59, 59, 999) : new Date(y, m - 1, d)).toISOString();

describe("SPEC date filter presets", () => {
  const now = new Date(2026, 10, 21, 15, 30); // 21 November 2026, 15:30

  it("TODAY is the whole current day", () => {
    expect(fmt(dateFilterRange("TODAY", now))).toEqual([local(2026, 11, 21), local(2026, 11, 21, true)]);
  });

  it("THIS_MONTH and LAST_MONTH are whole calendar months", () => {
    expect(fmt(dateFilterRange("THIS_MONTH", now))).toEqual([local(2026, 11, 1), local(2026, 11, 30, true)]);
    expect(fmt(dateFilterRange("LAST_MONTH", now))).toEqual([local(2026, 10, 1), local(2026, 10, 31, true)]);
  });

  it("THIS_QUARTER and LAST_QUARTER are whole calendar quarters", () => {
    expect(fmt(dateFilterRange("THIS_QUARTER", now))).toEqual([local(2026, 10, 1), local(2026, 12, 31, true)]);
    expect(fmt(dateFilterRange("LAST_QUARTER", now))).toEqual([local(2026, 7, 1), local(2026, 9, 30, true)]);
  });

  it("LAST_QUARTER in the first quarter reaches into the previous year", () => {
    const feb = new Date(2026, 1, 14);
    expect(fmt(dateFilterRange("THIS_QUARTER", feb))).toEqual([local(2026, 1, 1), local(2026, 3, 31, true)]);
    expect(fmt(dateFilterRange("LAST_QUARTER", feb))).toEqual([local(2025, 10, 1), local(2025, 12, 31, true)]);
  });

  it("THIS_YEAR and LAST_YEAR are whole calendar years; LAST_MONTH in January is December", () => {
    expect(fmt(dateFilterRange("THIS_YEAR", now))).toEqual([local(2026, 1, 1), local(2026, 12, 31, true)]);
    expect(fmt(dateFilterRange("LAST_YEAR", now))).toEqual([local(2025, 1, 1), local(2025, 12, 31, true)]);
    expect(fmt(dateFilterRange("LAST_MONTH", new Date(2026, 0, 10)))).toEqual([local(2025, 12, 1), local(2025, 12, 31, true)]);
  });

  it("DATE_PERIOD has no preset range: it takes filter[date_between]", () => {
    expect(dateFilterRange("DATE_PERIOD", now)).toBeUndefined();
  });
});
