import { describe, expect, it } from "vitest";
import { dateFilterDays } from "./date-filters.js";

describe("date filter days", () => {
  it("counts months, quarters and years from today, across year ends and leap years", () => {
    expect(dateFilterDays("TODAY", "2026-11-21")).toEqual(["2026-11-21", "2026-11-21"]);
    expect(dateFilterDays("THIS_MONTH", "2024-02-10")).toEqual(["2024-02-01", "2024-02-29"]);
    expect(dateFilterDays("LAST_MONTH", "2026-01-10")).toEqual(["2025-12-01", "2025-12-31"]);
    expect(dateFilterDays("THIS_QUARTER", "2026-11-21")).toEqual(["2026-10-01", "2026-12-31"]);
    expect(dateFilterDays("LAST_QUARTER", "2026-02-01")).toEqual(["2025-10-01", "2025-12-31"]);
    expect(dateFilterDays("THIS_YEAR", "2026-11-21")).toEqual(["2026-01-01", "2026-12-31"]);
    expect(dateFilterDays("LAST_YEAR", "2026-01-01")).toEqual(["2025-01-01", "2025-12-31"]);
  });
});
