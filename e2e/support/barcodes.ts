import type { Page } from "@playwright/test";
import { BarcodeFormat, BinaryBitmap, DecodeHintType, HybridBinarizer, MultiFormatReader, RGBLuminanceSource } from "@zxing/library";

/**
 * Reads the barcode in a screenshot (PNG) with ZXing, as a scanner would: its text and symbology.
 * The PNG is turned into grey levels by a blank page of the browser (no image library needed), and
 * ZXing reads EAN-13 and Code 128 from them.
 */
export async function readBarcode(page: Page, png: Buffer): Promise<{ text: string; format: "EAN_13" | "CODE_128" | string }> {
  const scratch = await page.context().newPage();
  try {
    const { width, height, grey } = await scratch.evaluate(async (b64) => {
      const img = new Image();
      img.src = `data:image/png;base64,${b64}`;
      await img.decode();
      const canvas = document.createElement("canvas");
      canvas.width = img.naturalWidth;
      canvas.height = img.naturalHeight;
      const g = canvas.getContext("2d")!;
      g.drawImage(img, 0, 0);
      const d = g.getImageData(0, 0, canvas.width, canvas.height).data;
      const grey: number[] = new Array(canvas.width * canvas.height);
      for (let i = 0; i < grey.length; i++) grey[i] = Math.round(0.299 * d[4 * i]! + 0.587 * d[4 * i + 1]! + 0.114 * d[4 * i + 2]!);
      return { width: canvas.width, height: canvas.height, grey };
    }, png.toString("base64"));
    const reader = new MultiFormatReader();
    const hints = new Map<DecodeHintType, unknown>([
      [DecodeHintType.POSSIBLE_FORMATS, [BarcodeFormat.EAN_13, BarcodeFormat.CODE_128]],
      [DecodeHintType.TRY_HARDER, true],
    ]);
    const bitmap = new BinaryBitmap(new HybridBinarizer(new RGBLuminanceSource(Uint8ClampedArray.from(grey), width, height)));
    const result = reader.decode(bitmap, hints);
    return { text: result.getText(), format: BarcodeFormat[result.getBarcodeFormat()] ?? String(result.getBarcodeFormat()) };
  } finally {
    await scratch.close();
  }
}

/** The size of each page of a PDF in millimetres, as its MediaBoxes give it. */
export function pdfPagesMm(pdf: Buffer): { width: number; height: number }[] {
  const mm = (pt: number) => (pt / 72) * 25.4;
  return [...pdf.toString("latin1").matchAll(/\/MediaBox\s*\[\s*([-\d.]+)\s+([-\d.]+)\s+([-\d.]+)\s+([-\d.]+)\s*\]/g)].map((m) => ({
    width: mm(Number(m[3]) - Number(m[1])),
    height: mm(Number(m[4]) - Number(m[2])),
  }));
}
