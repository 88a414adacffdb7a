import Decimal from "decimal.js";
import { CURRENCY_IQD, FOREIGN_DECIMALS, ROUND_DECIMALS } from "./constants.js";

/**
 * Money is decimal.js only; half-up rounding as a cashier rounds. Shared by the server and the
 * POS screen, so both price a bill to the same fils.
 */
export const Dec = Decimal.clone({ precision: 40, rounding: Decimal.ROUND_HALF_UP });
export type Dec = Decimal;
/**
 * What a decimal is made from: decimal.js's `Decimal.Value`, by a name the browser's light build
 * (apps/web/aliases.ts) also has. That build takes no bigint, which the web never passes.
 */
export type DecimalValue = string | number | bigint | Decimal;
export const D = (v: DecimalValue | null | undefined): Decimal => new Dec((v ?? 0) as string | number | Decimal);
export const ZERO = D(0);

/** Foreign amounts: 3 decimals (SPEC §9). */
export const round3 = (v: DecimalValue) => D(v).toDecimalPlaces(FOREIGN_DECIMALS, Decimal.ROUND_HALF_UP);
/** The rounding helper: 4 decimals (SPEC §9). */
export const round4 = (v: DecimalValue) => D(v).toDecimalPlaces(ROUND_DECIMALS, Decimal.ROUND_HALF_UP);

/**
 * An amount in `from` currency expressed in `to` currency at `rate` (IQD per 1 USD), rounded to
 * 3 decimals. Same currency: unchanged.
 */
export function convert(amount: DecimalValue, from: number, to: number, rate: DecimalValue): Decimal {
  if (from === to) return D(amount);
  const r = D(rate);
  if (r.lte(0)) throw new Error("rate must be greater than 0");
  return from === CURRENCY_IQD ? round3(D(amount).div(r)) : round3(D(amount).mul(r));
}

/** The whole part, rounded toward minus infinity (decimal.js's floor(), which the light build lacks). */
export const floorWhole = (v: Decimal) => v.toDecimalPlaces(0, Decimal.ROUND_FLOOR);

/** Decimal string without trailing zeros, for JSON. */
export const str = (v: DecimalValue) => D(v).toFixed();
