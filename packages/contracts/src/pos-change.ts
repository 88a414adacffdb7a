import { CURRENCY_IQD, CURRENCY_USD } from "./constants.js";
import { convert, D, floorWhole, round3, str, ZERO } from "./money.js";

/**
 * What a POS bill's payments come to, and the change: one rule for the cashier's screen and the
 * server. Payments may mix IQD and USD cash (each turned into the bill's currency at the IN rate),
 * FIB and credit; the change is given in the currency the cashier picks, rounded down to the
 * smallest note of that currency in circulation (250 IQD, 1 USD): a till cannot hand over what does
 * not circulate, and never gives more than it owes.
 */
export interface PosTender {
  method: "cash" | "fib" | "credit";
  currency_id: number;
  /** Tendered, in that currency. */
  amount: string;
}

export interface PosChangeInput {
  /** The bill's total in its currency (the system currency). */
  total: string;
  currency_id: number;
  /** IN rate: IQD per 1 USD. */
  rate: string;
  payments: PosTender[];
  change_currency_id?: number | null;
  /** The smallest note or coin given back, per currency. */
  smallest: { [CURRENCY_IQD]: string; [CURRENCY_USD]: string };
}

export interface PosChange {
  /** Every payment in the bill's currency. */
  paid: string;
  /** What is still owed (0 once covered). */
  due: string;
  /** paid less total, in the bill's currency (0 when not covered). */
  over: string;
  change_currency_id: number;
  /** The change before rounding, in the change currency. */
  change_exact: string;
  /** The change handed over: down to the smallest note. */
  change: string;
  covered: boolean;
}

/** Down to a multiple of `step`; a step of 0 or less leaves the amount as it is. */
export function floorToStep(amount: string, step: string): string {
  const s = D(step);
  if (!s.gt(0)) return str(amount);
  return str(floorWhole(D(amount).div(s)).mul(s));
}

export function posChange(input: PosChangeInput): PosChange {
  const paid = input.payments.reduce((sum, p) => sum.plus(convert(p.amount, p.currency_id, input.currency_id, input.rate)), ZERO);
  const total = D(input.total);
  const covered = paid.gte(total);
  const over = covered ? paid.minus(total) : ZERO;
  const changeCurrency = input.change_currency_id ?? input.currency_id;
  const exact = round3(convert(over, input.currency_id, changeCurrency, input.rate));
  const step = input.smallest[changeCurrency as typeof CURRENCY_IQD] ?? "0";
  const change = D(floorToStep(str(exact), step));
  return {
    paid: str(round3(paid)),
    due: str(covered ? ZERO : total.minus(paid)),
    over: str(over),
    change_currency_id: changeCurrency,
    change_exact: str(exact),
    change: str(change.isNegative() ? ZERO : change),
    covered,
  };
}
