/**
 * ESC/POS for an 80 mm receipt printer reached over Web Serial. Latin text goes as bytes; Arabic
 * and Kurdish go as a raster image drawn by the browser (`rasterOfText`), since the printers' code
 * pages cannot join Arabic letters. Commands (Epson ESC/POS, which most receipt printers follow):
 * ESC @ init, ESC a alignment, ESC E bold, LF, ESC d feed, GS v 0 raster, GS V cut, ESC p drawer kick.
 */
const ESC = 0x1b;
const GS = 0x1d;
const LF = 0x0a;

/** Pixels, one byte each (non-zero = black), row by row. */
export interface Bitmap {
  width: number;
  height: number;
  pixels: Uint8Array;
}

export type Align = "left" | "center" | "right";
const ALIGN: Record<Align, number> = { left: 0, center: 1, right: 2 };

/** Whether the printer's own font can print this text (ASCII only; anything else goes as an image). */
export const printableAsText = (text: string) => /^[\x20-\x7e]*$/.test(text);

export class EscPos {
  private out: number[] = [];

  init(): this {
    this.out.push(ESC, 0x40);
    return this;
  }

  align(a: Align): this {
    this.out.push(ESC, 0x61, ALIGN[a]);
    return this;
  }

  bold(on: boolean): this {
    this.out.push(ESC, 0x45, on ? 1 : 0);
    return this;
  }

  /** A line of ASCII text and a line feed; refuses other characters (use `raster`). */
  line(text: string): this {
    if (!printableAsText(text)) throw new Error("Only ASCII text can be printed as text; print it as a raster image.");
    for (let i = 0; i < text.length; i++) this.out.push(text.charCodeAt(i));
    this.out.push(LF);
    return this;
  }

  feed(lines: number): this {
    this.out.push(ESC, 0x64, Math.max(0, Math.min(255, lines)));
    return this;
  }

  /** GS v 0: a bitmap, 8 pixels a byte, most significant bit first, rows padded to whole bytes. */
  raster(bmp: Bitmap): this {
    const bytesPerRow = Math.ceil(bmp.width / 8);
    this.out.push(GS, 0x76, 0x30, 0, bytesPerRow & 0xff, bytesPerRow >> 8, bmp.height & 0xff, bmp.height >> 8);
    for (let y = 0; y < bmp.height; y++) {
      for (let bx = 0; bx < bytesPerRow; bx++) {
        let byte = 0;
        for (let bit = 0; bit < 8; bit++) {
          const x = bx * 8 + bit;
          if (x < bmp.width && bmp.pixels[y * bmp.width + x]) byte |= 0x80 >> bit;
        }
        this.out.push(byte);
      }
    }
    return this;
  }

  /** Feeds past the cutter and cuts (GS V 66 n: feed n dots, then a partial cut). */
  cut(): this {
    this.out.push(GS, 0x56, 0x42, 0);
    return this;
  }

  /** Opens the cash drawer on pin 2: ESC p 0, on 25 × 2 ms, off 250 × 2 ms. */
  kick(): this {
    this.out.push(ESC, 0x70, 0, 25, 250);
    return this;
  }

  bytes(): Uint8Array {
    return Uint8Array.from(this.out);
  }
}

/** Grey pixels (RGBA, as a canvas gives them) to black and white: darker than half is black. */
export function monochrome(rgba: Uint8ClampedArray, width: number, height: number): Bitmap {
  const pixels = new Uint8Array(width * height);
  for (let i = 0; i < width * height; i++) {
    const r = rgba[i * 4] ?? 255;
    const g = rgba[i * 4 + 1] ?? 255;
    const b = rgba[i * 4 + 2] ?? 255;
    const a = (rgba[i * 4 + 3] ?? 0) / 255;
    // Transparent is paper.
    const lum = (0.299 * r + 0.587 * g + 0.114 * b) * a + 255 * (1 - a);
    pixels[i] = lum < 128 ? 1 : 0;
  }
  return { width, height, pixels };
}

/** 80 mm paper at 203 dpi: 576 dots across. */
export const PAPER_DOTS = 576;
/** The dots across a roll of each width at 203 dpi (58 mm paper prints 48 mm of it). */
export const paperDots = (widthMm: number) => (widthMm === 58 ? 384 : PAPER_DOTS);

/** Draws a line of text (any script; the browser joins Arabic letters) as a bitmap the width of the paper. */
export function rasterOfText(text: string, opts: { rtl: boolean; size?: number; bold?: boolean; align?: Align; dots?: number }): Bitmap {
  const dots = opts.dots ?? PAPER_DOTS;
  const size = opts.size ?? 24;
  const height = Math.ceil(size * 1.4);
  const canvas = new OffscreenCanvas(dots, height);
  const g = canvas.getContext("2d");
  if (!g) throw new Error("No 2D canvas");
  g.fillStyle = "#fff";
  g.fillRect(0, 0, dots, height);
  g.fillStyle = "#000";
  g.font = `${opts.bold ? "bold " : ""}${size}px sans-serif`;
  g.direction = opts.rtl ? "rtl" : "ltr";
  const align = opts.align ?? (opts.rtl ? "right" : "left");
  g.textAlign = align;
  g.textBaseline = "middle";
  const x = align === "center" ? dots / 2 : align === "right" ? dots - 4 : 4;
  g.fillText(text, x, height / 2);
  return monochrome(g.getImageData(0, 0, dots, height).data, dots, height);
}
