import { describe, expect, it } from "vitest";
import { parseBusinessTime } from "./business-time.js";
import { dateFilterRange } from "./list.js";

const fmt = (r: [Date, Date] | undefined) => r?.map((d) => d.toISOString());
// Business midnights (Asia/Baghdad, UTC+3, the default zone): presets count the business's days.
const local = (y: number, m: number, d: number, end = false) => {
  const day = `${y}-${String(m).padStart(2, "0")}-${String(d).padStart(2, "0")}`;
  const t = parseBusinessTime(day, "Asia/Baghdad")!.getTime();
  return new Date(end ? t + 86_400_000 - 1 : t).toISOString();
};
const at = (text: string) => parseBusinessTime(text, "Asia/Baghdad")!;

describe("SPEC date filter presets", () => {
  const now = at("2026-11-21 15:30"); // 21 November 2026, 15:30 in Baghdad

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
    const feb = at("2026-02-14");
    expect(fmt(dateFilterRange("THIS_QUARTER", feb))).toEqual([local(2026, 1, 1), local(2026, 3, 31, true)]);
    expect(fmt(dateFilterRange("LAST_QUARTER", feb))).toEqual([local(2025, 10, 1), local(2025, 12, 31, true)]);
  });

  it("THIS_YEAR and LAST_YEAR are whole calendar years; LAST_MONTH in January is December", () => {
    expect(fmt(dateFilterRange("THIS_YEAR", now))).toEqual([local(2026, 1, 1), local(2026, 12, 31, true)]);
    expect(fmt(dateFilterRange("LAST_YEAR", now))).toEqual([local(2025, 1, 1), local(2025, 12, 31, true)]);
    expect(fmt(dateFilterRange("LAST_MONTH", at("2026-01-10")))).toEqual([local(2025, 12, 1), local(2025, 12, 31, true)]);
  });

  it("DATE_PERIOD has no preset range: it takes filter[date_between]", () => {
    expect(dateFilterRange("DATE_PERIOD", now)).toBeUndefined();
  });
});
