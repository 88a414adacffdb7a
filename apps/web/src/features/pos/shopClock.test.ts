import { describe, expect, it } from "vitest";
import { shopTime, zoneOf } from "./shopClock";

describe("times at the till", () => {
  const at = "2026-11-28T21:30:05Z";

  it("are read on the shop's clock, whatever the till's own", () => {
    expect(shopTime(at, "en", "Asia/Baghdad")).toBe("29/11/2026, 00:30:05");
    expect(shopTime(at, "en", "Asia/Baghdad", { timeStyle: "medium" })).toBe("00:30:05");
  });

  it("are written in the screen's language, Arabic with its own digits", () => {
    expect(shopTime(at, "ar", "Asia/Baghdad")).toMatch(/[٠-٩]/);
    expect(shopTime(at, "ar", "Asia/Baghdad")).toContain("٢٩");
  });

  it("fall back to the till's clock for a zone the browser does not know", () => {
    expect(zoneOf("Mars/Olympus")).toBeUndefined();
    expect(zoneOf(undefined)).toBeUndefined();
    expect(zoneOf("Asia/Baghdad")).toBe("Asia/Baghdad");
  });
});
