import { afterEach, describe, expect, it } from "vitest";
import { liveParams } from "./liveParams";

afterEach(() => window.history.replaceState(null, "", "/"));

describe("live search params", () => {
  it("are the address's as it is now, not the ones a render saw before another change", () => {
    // A report's period was written to the address; the table's render still holds the old search.
    window.history.replaceState(null, "", "/reports/trial-balance?filter[date_between]=2026-02-01,2026-12-31&search=Till");
    const seen = liveParams(new URLSearchParams("search=Ti"), "/reports/trial-balance");
    expect(seen.get("filter[date_between]")).toBe("2026-02-01,2026-12-31");
    expect(seen.get("search")).toBe("Till");
  });
  it("are the rendered ones where the window shows another page (a memory router)", () => {
    window.history.replaceState(null, "", "/elsewhere?x=1");
    expect(liveParams(new URLSearchParams("search=Ti"), "/reports/trial-balance").toString()).toBe("search=Ti");
  });
});
