import { afterEach, describe, expect, it } from "vitest";
import { businessNow, businessTimeZone, setBusinessTimeZone } from "./businessTime";

afterEach(() => setBusinessTimeZone(undefined));

describe("business clock", () => {
  it("reads now on the business's wall clock, whatever the browser's zone", () => {
    setBusinessTimeZone("Asia/Baghdad");
    // 22:30 UTC on 31 March is 01:30 on 1 April in Baghdad (UTC+3).
    const at = new Date("2026-03-31T22:30:00Z");
    expect(businessNow(at).format("YYYY-MM-DD HH:mm")).toBe("2026-04-01 01:30");
    expect(businessNow(at).startOf("month").format("YYYY-MM-DD")).toBe("2026-04-01");
    setBusinessTimeZone("UTC");
    expect(businessNow(at).format("YYYY-MM-DD HH:mm")).toBe("2026-03-31 22:30");
  });

  it("ignores a zone the runtime does not know", () => {
    setBusinessTimeZone("Mars/Olympus");
    expect(businessTimeZone()).toBeUndefined();
  });
});
