import Decimal from "decimal.js";

const D = (v: string | null | undefined) => {
  try {
    return new Decimal(v && v.trim() !== "" ? v : "0");
  } catch {
    return new Decimal(0);
  }
};
const r3 = (d: Decimal) => d.toDecimalPlaces(3, Decimal.ROUND_HALF_UP);

/** A form's totals as the server computes them: lines, discount (amount or percent of the subtotal), total, paid, remaining. */
export function purchaseTotals(form: {
  lines: { quantity: string; unit_price: string }[];
  discount_type: "amount" | "percent";
  discount: string;
  paid_amount: string;
}) {
  const lineTotals = form.lines.map((l) => r3(D(l.quantity).mul(D(l.unit_price))));
  const subtotal = lineTotals.reduce((s, v) => s.plus(v), new Decimal(0));
  const discount = form.discount_type === "percent" ? r3(subtotal.mul(D(form.discount)).div(100)) : r3(D(form.discount));
  const total = subtotal.minus(discount);
  const paid = D(form.paid_amount);
  return {
    lineTotals: lineTotals.map((v) => v.toFixed()),
    subtotal: subtotal.toFixed(),
    discount: discount.toFixed(),
    total: total.toFixed(),
    remaining: total.minus(paid).toFixed(),
    status: paid.isZero() ? "unpaid" : paid.gte(total) ? "paid" : "partially_paid",
  };
}

/**
 * Modify sale price: a unit's new price from the cost of one base unit, the desired profit
 * percent, the unit's base quantity and "round to" (up to the next multiple; 0 or empty: none).
 */
export function newSalePrice(baseCost: string, profitPercent: string, unitQty: string, roundTo: string): string {
  const raw = D(baseCost).mul(D(unitQty)).mul(D(profitPercent).div(100).plus(1));
  const step = D(roundTo);
  const rounded = step.gt(0) ? raw.div(step).toDecimalPlaces(0, Decimal.ROUND_CEIL).mul(step) : raw;
  return rounded.toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed();
}

/**
 * Modify sale price: whether a unit's price (system currency) is below what the unit costs, the
 * cost of one base unit times the unit's base quantity; an empty price is no price yet.
 */
export function belowCost(baseCost: string, unitQty: string, price: string): boolean {
  if (price.trim() === "") return false;
  return D(price).lt(unitCostOf(baseCost, unitQty));
}

/** What one of a unit costs: the cost of one base unit times the unit's base quantity. */
export const unitCostOf = (baseCost: string, unitQty: string): string => D(baseCost).mul(D(unitQty)).toFixed();
