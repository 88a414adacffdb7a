import Decimal from "decimal.js";

/** Up to `decimals` decimals (trailing zeros dropped) with thousands separators; never through floats. */
export function formatAmount(value: string | number | null | undefined, decimals = 3): string {
  if (value === null || value === undefined || value === "") return "";
  let d: Decimal;
  try {
    d = new Decimal(value);
  } catch {
    return String(value);
  }
  const fixed = d.toDecimalPlaces(decimals, Decimal.ROUND_HALF_UP).toFixed();
  const [int = "0", frac] = fixed.split(".");
  const negative = int.startsWith("-");
  const grouped = (negative ? int.slice(1) : int).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  return `${negative ? "-" : ""}${grouped}${frac ? `.${frac}` : ""}`;
}

/** SPEC §9's amount scale: the most decimals an amount shows. */
export const MAX_AMOUNT_DECIMALS = 3;

/**
 * How many decimals IQD amounts show on screens and prints: the system setting "IQD decimals
 * shown" (`system_config.iqd_decimals`, 0 unless set), set once the configuration loads. Display
 * only: what is stored, sent and exported keeps its exact value.
 */
let iqdDecimals = 0;

export function setIqdDecimals(n: number | null | undefined): void {
  iqdDecimals = typeof n === "number" && Number.isInteger(n) ? Math.min(Math.max(n, 0), MAX_AMOUNT_DECIMALS) : 0;
}

export function iqdDecimalsShown(): number {
  return iqdDecimals;
}
