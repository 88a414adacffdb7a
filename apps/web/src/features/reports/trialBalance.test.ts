import { describe, expect, it } from "vitest";
import { differencePeriod } from "./TrialBalancePage";

describe("the trial balance's change of the closing balance", () => {
  it("opens the days between the two closings, whichever period is the later", () => {
    expect(differencePeriod("2026-02-01,2026-12-31", "2026-01-01,2026-01-31")).toBe("2026-02-01,2026-12-31");
    expect(differencePeriod("2025-01-01,2025-12-31", "2026-01-01,2026-03-31")).toBe("2026-01-01,2026-03-31");
    // Across a month's end and a leap day.
    expect(differencePeriod("2024-03-01,2024-03-31", "2024-02-01,2024-02-28")).toBe("2024-02-29,2024-03-31");
  });

  it("opens the period itself when both close on the same day, and nothing without both days", () => {
    expect(differencePeriod("2026-03-01,2026-03-31", "2026-01-01,2026-03-31")).toBe("2026-03-01,2026-03-31");
    expect(differencePeriod(undefined, "2026-01-01,2026-01-31")).toBeUndefined();
    expect(differencePeriod("2026-01-01,2026-01-31", undefined)).toBeUndefined();
  });
});
