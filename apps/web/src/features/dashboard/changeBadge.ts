import Decimal from "decimal.js";
import { formatAmount } from "../../shared/format";

export type ChangeDirection = "up" | "down" | "flat";

export interface ChangeView {
  direction: ChangeDirection;
  /** The change as written: "+12.5%", "-3%", "0%". */
  text: string;
  /** Whether the change is good news: more sales is, more returns is not. */
  tone: "good" | "bad" | "neutral";
}

/**
 * How a card's per cent change against the previous period shows. `change_pct` is the server's
 * (1 decimal, null when the previous period had nothing: no per cent of nothing, so no badge);
 * `upIsGood` is false for figures that should fall (returns, discounts).
 */
export function changeView(changePct: string | null | undefined, upIsGood = true): ChangeView | null {
  if (changePct === null || changePct === undefined || changePct === "") return null;
  let d: Decimal;
  try {
    d = new Decimal(changePct);
  } catch {
    return null;
  }
  const direction: ChangeDirection = d.isZero() ? "flat" : d.isPositive() ? "up" : "down";
  const text = `${direction === "up" ? "+" : ""}${formatAmount(d.toFixed(), 1)}%`;
  const tone = direction === "flat" ? "neutral" : (direction === "up") === upIsGood ? "good" : "bad";
  return { direction, text, tone };
}
