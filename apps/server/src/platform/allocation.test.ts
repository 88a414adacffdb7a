import { describe, expect, it } from "vitest";
import { spread } from "./allocation.js";

describe("spread", () => {
  it("spreads a total by weight, the last share taking the rounding", () => {
    expect(spread("100", ["1", "1", "1"], 3).map(String)).toEqual(["33.333", "33.333", "33.334"]);
    expect(spread("10", ["0", "0"], 3).map(String)).toEqual(["0", "10"]);
  });
});
