import { describe, expect, it } from "vitest";
import { barcodeFormat, LABEL_LAYOUTS, labelCount, pageSize, pagesOf } from "./layouts";

describe("label layouts", () => {
  it("draws a valid EAN-13 as EAN-13 and everything else as Code 128", () => {
    expect(barcodeFormat("6291041500213")).toBe("EAN13");
    // A wrong check digit, 12 or 14 digits, letters: Code 128.
    expect(barcodeFormat("6291041500214")).toBe("CODE128");
    expect(barcodeFormat("629104150021")).toBe("CODE128");
    expect(barcodeFormat("62910415002130")).toBe("CODE128");
    expect(barcodeFormat("LBL-42")).toBe("CODE128");
  });

  it("puts one label on each page of a roll, and fills an A4 sheet before the next", () => {
    const labels = Array.from({ length: 50 }, (_, i) => i);
    expect(pagesOf(labels.slice(0, 3), LABEL_LAYOUTS["roll-50x30"])).toEqual([[0], [1], [2]]);
    const sheets = pagesOf(labels, LABEL_LAYOUTS["a4-3x8"]);
    expect(sheets.map((p) => p.length)).toEqual([24, 24, 2]);
    expect(pagesOf(labels, LABEL_LAYOUTS["a4-4x10"]).map((p) => p.length)).toEqual([40, 10]);
  });

  it("leaves the used places of a sheet empty, never on a roll", () => {
    expect(pagesOf([1, 2], LABEL_LAYOUTS["a4-4x10"], 3)[0]).toEqual([null, null, null, 1, 2]);
    expect(pagesOf([1, 2], LABEL_LAYOUTS["roll-38x25"], 3)).toEqual([[1], [2]]);
  });

  it("sheets tile A4 exactly, rolls are their label's size", () => {
    for (const l of [LABEL_LAYOUTS["a4-3x8"], LABEL_LAYOUTS["a4-4x10"]]) {
      expect(l.width * l.cols).toBeCloseTo(210, 6);
      expect(l.height * l.rows).toBeCloseTo(297, 6);
      expect(pageSize(l)).toEqual({ width: 210, height: 297 });
    }
    expect(pageSize(LABEL_LAYOUTS["roll-38x25"])).toEqual({ width: 38, height: 25 });
  });

  it("counts whole labels, none for a negative or unreadable count", () => {
    expect(labelCount("3")).toBe(3);
    expect(labelCount(2.7)).toBe(2);
    expect(labelCount("-1")).toBe(0);
    expect(labelCount("")).toBe(0);
    expect(labelCount("x")).toBe(0);
  });
});
