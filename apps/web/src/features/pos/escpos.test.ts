import { describe, expect, it } from "vitest";
import { EscPos, monochrome } from "./escpos";

const hex = (b: Uint8Array) => Array.from(b, (x) => x.toString(16).padStart(2, "0")).join(" ");

describe("EscPos", () => {
  it("init, centred bold text, feed, cut and drawer kick as the printer expects them", () => {
    const b = new EscPos().init().align("center").bold(true).line("SOUQ").bold(false).feed(3).cut().kick().bytes();
    expect(hex(b)).toBe(
      [
        "1b 40", // ESC @
        "1b 61 01", // ESC a 1
        "1b 45 01", // ESC E 1
        "53 4f 55 51 0a", // SOUQ LF
        "1b 45 00",
        "1b 64 03", // ESC d 3
        "1d 56 42 00", // GS V 66 0
        "1b 70 00 19 fa", // ESC p 0 25 250
      ].join(" "),
    );
  });

  it("refuses non-ASCII text: Arabic goes as an image", () => {
    expect(() => new EscPos().line("سوق")).toThrow(/raster/);
  });

  it("packs a bitmap 8 pixels a byte, MSB first, rows padded, with GS v 0 and little-endian sizes", () => {
    // 10 × 2: row 0 black at x 0, 7, 8; row 1 black at x 9 only.
    const pixels = new Uint8Array(20);
    pixels[0] = 1;
    pixels[7] = 1;
    pixels[8] = 1;
    pixels[19] = 1;
    const b = new EscPos().raster({ width: 10, height: 2, pixels }).bytes();
    expect(hex(b)).toBe("1d 76 30 00 02 00 02 00 81 80 00 40");
  });

  it("a wide image: width and height above 255 split into low and high bytes", () => {
    const b = new EscPos().raster({ width: 576, height: 300, pixels: new Uint8Array(576 * 300) }).bytes();
    expect(hex(b.slice(0, 8))).toBe("1d 76 30 00 48 00 2c 01");
    expect(b.length).toBe(8 + 72 * 300);
  });

  it("monochrome: dark pixels black, light and transparent ones paper", () => {
    const rgba = Uint8ClampedArray.from([0, 0, 0, 255, 250, 250, 250, 255, 0, 0, 0, 0, 100, 100, 100, 255]);
    expect(Array.from(monochrome(rgba, 4, 1).pixels)).toEqual([1, 0, 0, 1]);
  });
});
