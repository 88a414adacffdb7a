import CODE128 from "jsbarcode/bin/barcodes/CODE128/CODE128_AUTO.js";
import { BARS } from "jsbarcode/bin/barcodes/CODE128/constants.js";
import { describe, expect, it } from "vitest";
import { code128Bars, code128Symbols } from "./code128";

/** The barcode as modules, 1 for bar and 0 for space, as JsBarcode writes its encodings. */
const bits = (text: string) => {
  const { bars, modules } = code128Bars(text);
  const out = Array<string>(modules).fill("0");
  for (const [x, w] of bars) out.fill("1", x, x + w);
  return out.join("");
};

/** Reads a barcode back: its symbols (by JsBarcode's table) and the text they carry. */
function decode(modules: string) {
  const table = BARS.map(String);
  const symbols: number[] = [];
  for (let at = 0; at < modules.length - 13; at += 11) symbols.push(table.indexOf(modules.slice(at, at + 11)));
  expect(modules.slice(-13)).toBe(table[106]);
  const [start, ...rest] = symbols;
  const check = rest.pop();
  expect(check).toBe(symbols.slice(0, -1).reduce((s, c, i) => s + c * Math.max(i, 1), 0) % 103);
  let set = start === 105 ? "C" : "B";
  let text = "";
  for (const c of rest) {
    if (c === 99) set = "C";
    else if (c === 100) set = "B";
    else text += set === "C" ? String(c).padStart(2, "0") : String.fromCharCode(c + 32);
  }
  return { start, text };
}

describe("code128", () => {
  it("draws what JsBarcode draws for receipt numbers and other texts that pick the same code sets", () => {
    for (const text of ["POS-000123", "PS12", "X12345", "20240001", "1234", "Souq 7", "ABCD-EF", "9F3A2C1B"]) {
      expect(bits(text), text).toBe(new CODE128(text, {}).encode().data);
    }
  });

  it("reads back as the text it was given, with a right check symbol", () => {
    for (const text of ["12345X", "123", "A1234567B", "", "~ !{}", "00", "0", "1234567"]) expect(decode(bits(text)).text).toBe(text);
  });

  it("packs runs of four digits and more two a symbol", () => {
    expect(decode(bits("20240001")).start).toBe(105);
    expect(code128Symbols("20240001")).toHaveLength(1 + 4 + 1);
    expect(code128Symbols("AB12")).toHaveLength(1 + 4 + 1);
    expect(code128Symbols("AB1234")).toHaveLength(1 + 2 + 1 + 2 + 1);
  });

  it("refuses what Code 128 B and C cannot carry", () => {
    expect(() => code128Symbols("سوق")).toThrow(RangeError);
  });
});
