import { describe, expect, it } from "vitest";
import { scanDetector } from "./useBarcodeScanner";

/** Types `text` then Enter, each key `gaps[i]` ms after the one before (the last gap is Enter's). */
function type(feed: ReturnType<typeof scanDetector>, text: string, gaps: number[], start = 1000) {
  let at = start;
  [...text].forEach((k, i) => {
    at += gaps[i] ?? 0;
    feed(k, at);
  });
  at += gaps[text.length] ?? 0;
  return feed("Enter", at);
}

describe("barcode scan detection", () => {
  const code = "6291041500213";

  it("takes a fast burst ending in Enter as a scan, with Arabic-Indic digits made ASCII", () => {
    expect(type(scanDetector(), code, Array(14).fill(8))).toBe(code);
    expect(type(scanDetector(), "٦٢٩١٠٤١٥٠٠٢١٣", Array(14).fill(8))).toBe(code);
  });

  it("still scans when a busy terminal delivers a key or two late", () => {
    const gaps = Array(14).fill(6);
    gaps[4] = 180;
    gaps[9] = 220;
    expect(type(scanDetector(), code, gaps)).toBe(code);
  });

  it("does not take a person's typing for a scan, however fast", () => {
    expect(type(scanDetector(), code, Array(14).fill(110))).toBeUndefined();
    expect(type(scanDetector(), "1234", Array(5).fill(70))).toBeUndefined();
  });

  it("needs four characters, and a pause starts a new burst", () => {
    expect(type(scanDetector(), "123", Array(4).fill(5))).toBeUndefined();
    const feed = scanDetector();
    // Two slow keys without Enter, a pause, then a scan: only the scan counts.
    feed("a", 0);
    feed("b", 300);
    expect(type(feed, code, [900, ...Array(13).fill(7)], 300)).toBe(code);
  });

  it("takes nothing from a burst that began where the scanner does not listen", () => {
    const feed = scanDetector();
    // The first two keys went into a dialog that was closing: the rest is not a code of its own.
    feed(code[0]!, 1000, true);
    feed(code[1]!, 1006, true);
    expect(type(feed, code.slice(2), Array(12).fill(6), 1006)).toBeUndefined();
    // The next scan is whole again.
    expect(type(feed, code, Array(14).fill(6), 1200)).toBe(code);
  });

  it("scans at once after a quantity typed into a field and its Enter", () => {
    const feed = scanDetector();
    feed("3", 1000, true);
    feed("Enter", 1100, true);
    expect(type(feed, code, Array(14).fill(6), 1150)).toBe(code);
  });

  it("scans at once after a till key pressed in a field (F8, Esc): a key that types nothing breaks no burst", () => {
    const feed = scanDetector();
    // F8 in the till's scan field, the payment taken with the mouse, the next item scanned.
    feed("F8", 1000, true);
    expect(type(feed, code, Array(14).fill(6), 1100)).toBe(code);
    feed("Escape", 1300, true);
    feed("Shift", 1301, true);
    expect(type(feed, code, Array(14).fill(6), 1310)).toBe(code);
    // A character typed there still breaks its burst.
    feed("7", 1500, true);
    feed("F8", 1502, true);
    expect(type(feed, code.slice(1), Array(13).fill(6), 1505)).toBeUndefined();
  });
});
