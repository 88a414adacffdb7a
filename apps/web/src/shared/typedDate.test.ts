import { describe, expect, it } from "vitest";
import { parseTypedDate } from "./typedDate";

describe("parseTypedDate", () => {
  it("reads day, month, year as SPEC §9 displays dates", () => {
    expect(parseTypedDate("15/11/2026")).toBe("2026-11-15");
    expect(parseTypedDate("5/11/2026")).toBe("2026-11-05");
    expect(parseTypedDate("05/01/2026")).toBe("2026-01-05");
    expect(parseTypedDate("5-1-2026")).toBe("2026-01-05");
    expect(parseTypedDate("5.1.2026")).toBe("2026-01-05");
  });
  it("reads year, month, day as right-to-left pages display them", () => {
    expect(parseTypedDate("2026-11-05")).toBe("2026-11-05");
    expect(parseTypedDate("2026/1/5")).toBe("2026-01-05");
  });
  it("reads Arabic-Indic and Persian digits", () => {
    expect(parseTypedDate("١٥/١١/٢٠٢٦")).toBe("2026-11-15");
    expect(parseTypedDate("۲۰۲۶-۱۱-۰۵")).toBe("2026-11-05");
  });
  it("refuses what is not a whole date rather than guessing", () => {
    for (const s of ["15/11/2", "15/11/26", "31/02/2026", "2026-13-01", "11/15/2026", "", "today", "15/11"]) {
      expect(parseTypedDate(s)).toBeNull();
    }
  });
});
