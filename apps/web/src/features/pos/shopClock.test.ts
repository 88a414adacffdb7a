import { describe, expect, it } from "vitest";
import { shopTime, zoneOf } from "./shopClock";

describe("times at the till", () => {
  const at = "2026-11-28T21:30:05Z";
  const en = { am: "AM", pm: "PM" };

  it("are read on the shop's clock, whatever the till's own", () => {
    expect(shopTime(at, "Asia/Baghdad", en)).toBe("29/11/2026 12:30 AM");
    expect(shopTime(at, "Asia/Baghdad", en, true)).toBe("12:30:05 AM");
    expect(shopTime("2026-11-28T09:20:00Z", "Asia/Baghdad", en)).toBe("28/11/2026 12:20 PM");
  });

  it("are written as the rest of the receipt: digits 0-9 and the language's own marks, in every language", () => {
    expect(shopTime("2026-12-02T19:20:00Z", "Asia/Baghdad", { am: "ص", pm: "م" })).toBe("02/12/2026 10:20 م");
    expect(shopTime("2026-12-02T04:05:00Z", "Asia/Baghdad", { am: "پ.ن", pm: "د.ن" })).toBe("02/12/2026 07:05 پ.ن");
    expect(shopTime(at, "Asia/Baghdad", { am: "ص", pm: "م" })).not.toMatch(/[\u0660-\u0669\u06f0-\u06f9]/);
  });

  it("fall back to the till's clock for a zone the browser does not know", () => {
    expect(zoneOf("Mars/Olympus")).toBeUndefined();
    expect(zoneOf(undefined)).toBeUndefined();
    expect(zoneOf("Asia/Baghdad")).toBe("Asia/Baghdad");
  });
});
