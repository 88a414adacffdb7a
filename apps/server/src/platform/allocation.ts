import { D, Dec, ZERO } from "@app/contracts/money";
import type Decimal from "decimal.js";

/**
 * Splits `total` over `weights` in proportion, rounded to `dp` decimals, the last share taking
 * what rounding left, so the shares add up to the total exactly.
 */
export function spread(total: Decimal.Value, weights: Decimal.Value[], dp: number): Decimal[] {
  const t = D(total);
  const sum = weights.reduce<Decimal>((s, w) => s.plus(w), ZERO);
  if (!weights.length) return [];
  if (sum.isZero()) {
    const out = weights.map(() => ZERO);
    out[out.length - 1] = t;
    return out;
  }
  let left = t;
  return weights.map((w, i) => {
    if (i === weights.length - 1) return left;
    const share = t.mul(w).div(sum).toDecimalPlaces(dp, Dec.ROUND_HALF_UP);
    left = left.minus(share);
    return share;
  });
}
