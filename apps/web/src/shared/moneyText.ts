import { normalizeDigits } from "@app/contracts";

/**
 * What a money input holds, from what was typed: Arabic-Indic and Persian digits as ASCII, the
 * Arabic decimal mark (٫) as a point, thousands separators (`,` and ٬) and spaces dropped. Anything
 * else stays, so the form's check still names a badly written number.
 */
export function moneyFromTyped(text: string): string {
  return normalizeDigits(text)
    .replace(/٫/g, ".")
    .replace(/[,٬\s]/g, "");
}

/** A money input's text while typing: the integer part grouped by thousands, the rest as typed. */
export function moneyForDisplay(value: string): string {
  const m = /^(-?)(\d+)(\.\d*)?$/.exec(value);
  if (!m) return value;
  return `${m[1]}${m[2]!.replace(/\B(?=(\d{3})+(?!\d))/g, ",")}${m[3] ?? ""}`;
}

/** Where the caret goes in `display` so that `digits` digits (or points, or signs) stand before it. */
export function caretAfter(display: string, significant: number): number {
  if (significant <= 0) return 0;
  let seen = 0;
  for (let i = 0; i < display.length; i++) {
    if (display[i] !== ",") seen++;
    if (seen === significant) return i + 1;
  }
  return display.length;
}

/** How many characters other than separators stand before `caret` in `typed`. */
export const significantBefore = (typed: string, caret: number) => moneyFromTyped(typed.slice(0, caret)).length;
