import { afterEach, describe, expect, it } from "vitest";
import { businessNow, setBusinessTimeZone } from "../../shared/businessTime";
import { changeView } from "./changeBadge";
import { customRangeProblem, presetRange, rangeOf, readDashboardFilters, writeDashboardFilters } from "./dashboardPeriods";

afterEach(() => setBusinessTimeZone(undefined));

describe("dashboard period presets", () => {
  // Thursday 3 December 2026, 14:00 in Baghdad.
  const thursday = businessNow(new Date("2026-12-03T11:00:00Z"));

  it("counts the days on the business clock, not the browser's", () => {
    setBusinessTimeZone("Asia/Baghdad");
    // 22:30 UTC on 31 March is already 1 April in Baghdad: today, this week and this month are April's.
    const lateEvening = businessNow(new Date("2026-03-31T22:30:00Z"));
    expect(presetRange("today", lateEvening)).toEqual(["2026-04-01", "2026-04-01"]);
    expect(presetRange("yesterday", lateEvening)).toEqual(["2026-03-31", "2026-03-31"]);
    expect(presetRange("this_month", lateEvening)).toEqual(["2026-04-01", "2026-04-01"]);
    expect(presetRange("last_month", lateEvening)).toEqual(["2026-03-01", "2026-03-31"]);
    setBusinessTimeZone("UTC");
    const sameInstant = businessNow(new Date("2026-03-31T22:30:00Z"));
    expect(presetRange("today", sameInstant)).toEqual(["2026-03-31", "2026-03-31"]);
  });

  it("starts the week on Saturday, as the calendars do", () => {
    expect(presetRange("this_week", thursday)).toEqual(["2026-11-28", "2026-12-03"]);
    // On a Saturday the week is that day alone; on a Friday it reaches back six days.
    const saturday = businessNow(new Date("2026-12-05T09:00:00Z"));
    expect(presetRange("this_week", saturday)).toEqual(["2026-12-05", "2026-12-05"]);
    const friday = businessNow(new Date("2026-12-04T09:00:00Z"));
    expect(presetRange("this_week", friday)).toEqual(["2026-11-28", "2026-12-04"]);
  });

  it("runs this month and this year up to today, and last month whole", () => {
    expect(presetRange("today", thursday)).toEqual(["2026-12-03", "2026-12-03"]);
    expect(presetRange("yesterday", thursday)).toEqual(["2026-12-02", "2026-12-02"]);
    expect(presetRange("this_month", thursday)).toEqual(["2026-12-01", "2026-12-03"]);
    expect(presetRange("last_month", thursday)).toEqual(["2026-11-01", "2026-11-30"]);
    expect(presetRange("this_year", thursday)).toEqual(["2026-01-01", "2026-12-03"]);
    // Yesterday and last month across a year's turn; February of a leap year.
    const newYear = businessNow(new Date("2028-01-01T09:00:00Z"));
    expect(presetRange("yesterday", newYear)).toEqual(["2027-12-31", "2027-12-31"]);
    expect(presetRange("last_month", businessNow(new Date("2028-03-10T09:00:00Z")))).toEqual(["2028-02-01", "2028-02-29"]);
  });

  it("reads a custom period only once both of its days are there, the end not before the start", () => {
    const custom = (from: string, to: string) => readDashboardFilters(new URLSearchParams({ period: "custom", from, to }));
    expect(rangeOf(custom("2026-10-01", "2026-10-15"), thursday)).toEqual(["2026-10-01", "2026-10-15"]);
    expect(rangeOf(custom("2026-10-01", ""), thursday)).toBeNull();
    expect(rangeOf(custom("2026-10-15", "2026-10-01"), thursday)).toBeNull();
    expect(rangeOf(custom("2026-10-01", "15/10/2026"), thursday)).toBeNull();
    expect(customRangeProblem(custom("2026-10-15", "2026-10-01"))).toBe("endBeforeStart");
    // 732 days (two years and a day) are answered; a day more is not asked.
    expect(rangeOf(custom("2024-12-30", "2026-12-31"), thursday)).toEqual(["2024-12-30", "2026-12-31"]);
    expect(customRangeProblem(custom("2024-12-29", "2026-12-31"))).toBe("tooLong");
    expect(rangeOf(custom("2024-12-29", "2026-12-31"), thursday)).toBeNull();
  });

  it("keeps the filters in the address, leaving the defaults out", () => {
    const f = readDashboardFilters(new URLSearchParams("period=nonsense&currency=EUR&outlet=0&inventory=x"));
    expect(f).toEqual({ period: "today", from: "", to: "", outlet: null, inventory: null, currency: "system" });
    const p = new URLSearchParams("other=1");
    writeDashboardFilters(p, { ...f, period: "custom", from: "2026-10-01", to: "2026-10-15", outlet: 2, currency: "USD" });
    expect(p.toString()).toBe("other=1&period=custom&from=2026-10-01&to=2026-10-15&outlet=2&currency=USD");
    writeDashboardFilters(p, { ...readDashboardFilters(p), period: "this_week" });
    expect(p.toString()).toBe("other=1&period=this_week&outlet=2&currency=USD");
    expect(readDashboardFilters(p)).toMatchObject({ period: "this_week", outlet: 2, currency: "USD" });
  });
});

describe("change badge", () => {
  it("shows a rise with its plus sign, a fall with its minus, and no badge against nothing", () => {
    expect(changeView("12.5")).toEqual({ direction: "up", text: "+12.5%", tone: "good" });
    expect(changeView("-3.0")).toEqual({ direction: "down", text: "-3%", tone: "bad" });
    expect(changeView("0.0")).toEqual({ direction: "flat", text: "0%", tone: "neutral" });
    expect(changeView("1250.0")?.text).toBe("+1,250%");
    expect(changeView(null)).toBeNull();
    expect(changeView("")).toBeNull();
  });

  it("counts a rise as bad news where the figure should fall (returns, discounts)", () => {
    expect(changeView("8.2", false)).toEqual({ direction: "up", text: "+8.2%", tone: "bad" });
    expect(changeView("-8.2", false)?.tone).toBe("good");
  });
});
