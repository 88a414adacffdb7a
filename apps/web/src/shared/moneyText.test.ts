import { describe, expect, it } from "vitest";
import { caretAfter, moneyForDisplay, moneyFromTyped, significantBefore } from "./moneyText";

describe("money inputs", () => {
  it("take thousands separators and Arabic-Indic digits as typed", () => {
    expect(moneyFromTyped("750,000")).toBe("750000");
    expect(moneyFromTyped("٧٥٠٬٠٠٠٫٥")).toBe("750000.5");
    expect(moneyFromTyped("۱۲۳۴")).toBe("1234");
    expect(moneyFromTyped(" 1 310 ")).toBe("1310");
    expect(moneyFromTyped("12a")).toBe("12a");
  });
  it("show separators while typing, keeping what follows the point", () => {
    expect(moneyForDisplay("750000")).toBe("750,000");
    expect(moneyForDisplay("1234567.")).toBe("1,234,567.");
    expect(moneyForDisplay("-1234.50")).toBe("-1,234.50");
    expect(moneyForDisplay("999")).toBe("999");
    expect(moneyForDisplay("")).toBe("");
    expect(moneyForDisplay("12a")).toBe("12a");
  });
  it("keep the caret after the same digit when separators move", () => {
    // "75000|" typed as a sixth digit "0" in the middle: "750,0|00" stays after the fourth digit.
    expect(caretAfter("750,000", significantBefore("75000", 4))).toBe(5);
    expect(caretAfter("1,234", 0)).toBe(0);
    expect(caretAfter("1,234", 4)).toBe(5);
  });
});
