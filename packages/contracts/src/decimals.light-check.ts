import Decimal from "decimal.js";
import { describe, expect, it } from "vitest";
import { floorWhole, round3 } from "./money.js";

// Run by vitest.light.config.ts only: the contracts' tests there run on the browser's decimals.
describe("the browser's decimals", () => {
  it("are decimal.js-light here, which has no floor() of its own", () => {
    expect((Decimal.prototype as unknown as Record<string, unknown>).floor).toBeUndefined();
  });
  it("round and floor as the server's do", () => {
    expect(round3("2.0005").toFixed()).toBe("2.001");
    expect(round3("-2.0005").toFixed()).toBe("-2.001");
    expect(floorWhole(new Decimal("7.9")).toFixed()).toBe("7");
    expect(floorWhole(new Decimal("-7.1")).toFixed()).toBe("-8");
  });
});
