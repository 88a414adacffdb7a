import { normalizeDigits } from "@app/contracts";

/**
 * Day, month, year (the product's DD/MM/YYYY, in every language) or year, month, day (YYYY-MM-DD,
 * as the data and the spreadsheets write days, and as a date copied from them is pasted).
 */
const DAY_FIRST = /^(\d{1,2})[-/.](\d{1,2})[-/.](\d{4})$/;
const YEAR_FIRST = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})$/;

/**
 * A date as people type it, in every language, to `YYYY-MM-DD`; null when it is no whole date
 * (`31/02/2026`, `15/11/26`). Where the four-digit year stands tells the two orders apart, so a
 * date half typed (`15/11/2`) never parses into another year. Arabic-Indic and Persian digits
 * count as digits.
 */
export function parseTypedDate(text: string): string | null {
  const s = normalizeDigits(text).replace(/\s+/g, "");
  let m = DAY_FIRST.exec(s);
  let parts: [string, string, string] | null = m ? [m[3]!, m[2]!, m[1]!] : null;
  if (!parts) {
    m = YEAR_FIRST.exec(s);
    parts = m ? [m[1]!, m[2]!, m[3]!] : null;
  }
  if (!parts) return null;
  const [y, mo, d] = parts.map(Number) as [number, number, number];
  const at = new Date(Date.UTC(y, mo - 1, d));
  if (at.getUTCFullYear() !== y || at.getUTCMonth() !== mo - 1 || at.getUTCDate() !== d) return null;
  return `${String(y).padStart(4, "0")}-${String(mo).padStart(2, "0")}-${String(d).padStart(2, "0")}`;
}
