import { describe, expect, it } from "vitest";
import { returnLinesOf } from "./saleTransfers.queries";

describe("a return made from a sale transfer", () => {
  it("starts with what is left of each line, not with what was sent", () => {
    const lines = [
      { line_id: 1, quantity: "5", left_quantity: "2" },
      { line_id: 2, quantity: "3", left_quantity: "0" },
      { line_id: 3, quantity: "4", left_quantity: "4" },
    ];
    // Line 1: 5 sent, 2 invoiced, 1 returned; line 2: all invoiced; line 3: untouched.
    expect(returnLinesOf(lines).map((l) => [l.line_id, l.quantity])).toEqual([
      [1, "2"],
      [3, "4"],
    ]);
  });

  it("keeps the sent quantities when the server gave no balances", () => {
    expect(returnLinesOf([{ line_id: 1, quantity: "5" }])).toEqual([{ line_id: 1, quantity: "5" }]);
  });
});
