import { CURRENCY_IQD, FOREIGN_DECIMALS } from "@app/contracts";
import Decimal from "decimal.js";

/** A rate is IQD per 1 USD (SPEC §3); converts between the two currencies to 3 decimals. */
export function convert(amount: string, fromCurrency: number, toCurrency: number, rate: string): string {
  if (fromCurrency === toCurrency) return amount;
  let a: Decimal;
  let r: Decimal;
  try {
    a = new Decimal(amount || "0");
    r = new Decimal(rate || "0");
  } catch {
    return "0";
  }
  if (r.isZero()) return "0";
  const out = fromCurrency === CURRENCY_IQD ? a.div(r) : a.mul(r);
  return out.toDecimalPlaces(FOREIGN_DECIMALS, Decimal.ROUND_HALF_UP).toFixed();
}

/** Required money inputs fall back to 0 when emptied (SPEC §4). */
export const orZero = (v: string) => (v.trim() === "" || v.trim() === "-" ? "0" : v);
