import Decimal from "decimal.js";
import { CURRENCY_IQD, FOREIGN_DECIMALS, ROUND_DECIMALS } from "./constants.js";

/**
 * Money is decimal.js only; half-up rounding as a cashier rounds. Shared by the server and the
 * POS screen, so both price a bill to the same fils.
 */
export const Dec = Decimal.clone({ precision: 40, rounding: Decimal.ROUND_HALF_UP });
export type Dec = Decimal;
export const D = (v: Decimal.Value | null | undefined): Decimal => new Dec(v ?? 0);
export const ZERO = D(0);

/** Foreign amounts: 3 decimals (SPEC §9). */
export const round3 = (v: Decimal.Value) => D(v).toDecimalPlaces(FOREIGN_DECIMALS, Decimal.ROUND_HALF_UP);
/** The rounding helper: 4 decimals (SPEC §9). */
export const round4 = (v: Decimal.Value) => D(v).toDecimalPlaces(ROUND_DECIMALS, Decimal.ROUND_HALF_UP);

/**
 * An amount in `from` currency expressed in `to` currency at `rate` (IQD per 1 USD), rounded to
 * 3 decimals. Same currency: unchanged.
 */
export function convert(amount: Decimal.Value, from: number, to: number, rate: Decimal.Value): Decimal {
  if (from === to) return D(amount);
  const r = D(rate);
  if (r.lte(0)) throw new Error("rate must be greater than 0");
  return from === CURRENCY_IQD ? round3(D(amount).div(r)) : round3(D(amount).mul(r));
}

/** Decimal string without trailing zeros, for JSON. */
export const str = (v: Decimal.Value) => D(v).toFixed();
