import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import {
  normalizeDigits,
  normalizeMobile,
  normalizeNumber,
  normalizeSearch,
  SEARCH_FOLD_FROM,
  SEARCH_FOLD_TO,
  searchVariants,
} from "./text.js";
import { zMobile, zPhone } from "./text-schemas.js";

/** Spellings of one word as different keyboards and writers type it. */
const SAME = [
  ["احمد", "أحمد"],
  ["احمد", "إحمد"],
  ["احمد", "آحمد"],
  ["ابراهيم", "إبراهيم"],
  ["فاطمه", "فاطمة"],
  ["مندالان", "منداڵان"],
  ["شيره", "شیرە"],
  ["كوكه", "کۆکە"],
  ["مستشفى", "مستشفی"],
  ["كرسي", "کرسی"],
  ["دواء", "دَوَاء"],
  ["محمد", "محمـــد"],
  ["ریگا", "ڕێگا"],
  ["هاوار", "ھاوار"],
  ["Cafe", "café"],
  ["PANADOL", "panadol"],
  ["0780", "٠٧٨٠"],
  ["0780", "۰۷۸۰"],
];

describe("search folding", () => {
  it.each(SAME)("%s and %s fold to one spelling, both ways", (a, b) => {
    expect(normalizeSearch(a)).toBe(normalizeSearch(b));
    expect(normalizeSearch(b)).toBe(normalizeSearch(a));
  });

  it("finds a Kurdish phrase typed with Arabic letters inside the stored name", () => {
    expect(normalizeSearch("شیرەی کۆکە")).toContain(normalizeSearch("شيره"));
    expect(normalizeSearch("شیرەی کۆکە")).toContain(normalizeSearch("كوكه"));
  });

  it("keeps letters that are different words apart", () => {
    expect(normalizeSearch("باب")).not.toBe(normalizeSearch("بات"));
    expect(normalizeSearch("سي")).not.toBe(normalizeSearch("سو"));
  });

  it("is idempotent, and the SQL translate() table pairs every letter", () => {
    expect([...SEARCH_FOLD_FROM].length).toBe([...SEARCH_FOLD_TO].length);
    expect(SEARCH_FOLD_FROM.length).toBe(SEARCH_FOLD_TO.length);
    fc.assert(fc.property(fc.string(), (s) => normalizeSearch(normalizeSearch(s)) === normalizeSearch(s)));
  });
});

describe("digits", () => {
  it("turns Arabic-Indic and Persian digits into ASCII and leaves the rest", () => {
    expect(normalizeDigits("٦٢٦٠ab۹")).toBe("6260ab9");
    expect(normalizeDigits("٠١٢٣٤٥٦٧٨٩")).toBe("0123456789");
    expect(normalizeDigits("۰۱۲۳۴۵۶۷۸۹")).toBe("0123456789");
  });

  it("reads the Arabic decimal and thousands separators", () => {
    expect(normalizeNumber("١٢٬٥٠٠٫٧٥")).toBe("12,500.75");
  });
});

describe("mobiles", () => {
  it.each([
    ["07501112233", "+9647501112233"],
    ["٠٧٥٠١١١٢٢٣٣", "+9647501112233"],
    ["۰۷۵۰ ۱۱۱ ۲۲۳۳", "+9647501112233"],
    ["+9647501112233", "+9647501112233"],
    ["+964 750 111 2233", "+9647501112233"],
    ["009647501112233", "+9647501112233"],
    ["7501112233", "+9647501112233"],
    ["+44 20 7946 0958", "+442079460958"],
    ["+1 (415) 555-2671", "+14155552671"],
  ])("%s is stored as %s", (typed, stored) => {
    expect(normalizeMobile(typed)).toBe(stored);
    expect(zMobile.parse(typed)).toBe(stored);
  });

  it.each(["abc123", "0750111223", "075011122334", "+9641501112233", "12345", "+0123456789", "07501112233x"])("refuses %s", (typed) => {
    expect(normalizeMobile(typed)).toBeUndefined();
    expect(z.object({ mobile: zMobile }).safeParse({ mobile: typed }).success).toBe(false);
  });

  it("treats an empty mobile as none", () => {
    expect(zMobile.parse("")).toBeNull();
    expect(zMobile.parse("  ")).toBeNull();
  });

  it("is found by the way it was typed: a local number searches its stored form too", () => {
    expect(searchVariants("0780111")).toContain("+964780111");
    expect(searchVariants("٠٧٨٠١١١")).toContain("+964780111");
    expect(searchVariants("+9647801")).toContain("07801");
    expect(searchVariants("009647801")).toContain("+9647801");
    expect(searchVariants("احمد")).toEqual(["احمد"]);
  });
});

describe("phones", () => {
  it("keeps digits and a leading +, in any script", () => {
    expect(zPhone.parse("٠٦٦ ٢٢٢ ٣٣٤٤")).toBe("0662223344");
    expect(zPhone.parse("+964-66-222")).toBe("+96466222");
    expect(zPhone.parse("")).toBeNull();
    expect(zPhone.safeParse("12ab").success).toBe(false);
  });
});
