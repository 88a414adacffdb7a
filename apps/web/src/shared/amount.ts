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
