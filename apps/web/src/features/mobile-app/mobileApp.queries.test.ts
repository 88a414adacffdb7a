import { describe, expect, it } from "vitest";
import { moved } from "./mobileApp.queries";

describe("a row moved one place", () => {
  it("swaps with its neighbour, and stays put at either end or when not in the list", () => {
    expect(moved([4, 7, 9], 9, -1)).toEqual([4, 9, 7]);
    expect(moved([4, 7, 9], 4, 1)).toEqual([7, 4, 9]);
    const ids = [4, 7, 9];
    expect(moved(ids, 4, -1)).toBe(ids);
    expect(moved(ids, 9, 1)).toBe(ids);
    expect(moved(ids, 5, 1)).toBe(ids);
  });
});
