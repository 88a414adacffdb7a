import { ean13CheckDigit } from "@app/contracts";

/**
 * A new EAN-13 for an item without a maker's barcode. GS1 keeps the prefixes 20–29 for numbers
 * a shop assigns itself, so a generated code never collides with a manufacturer's product.
 */
export function generateEan13(random: (n: number) => Uint32Array = (n) => crypto.getRandomValues(new Uint32Array(n))): string {
  const digits = Array.from(random(10), (v) => v % 10);
  const body = `2${digits.join("")}`.slice(0, 12);
  const padded = body.length < 12 ? body.padEnd(12, "0") : body;
  return `${padded}${ean13CheckDigit(padded)}`;
}

/**
 * A barcode for the form: the server's, which it has checked against every stored barcode;
 * a local one when the server cannot answer, still valid and very unlikely to be taken.
 */
export async function newBarcode(fetchFromServer: () => Promise<string>): Promise<string> {
  try {
    return await fetchFromServer();
  } catch {
    return generateEan13();
  }
}
