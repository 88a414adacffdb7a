import Decimal from "decimal.js";
import { CURRENCY_IQD, CURRENCY_USD } from "./constants.js";
import { convert, D, type DecimalValue, floorWhole, round3, str, ZERO } from "./money.js";

/**
 * What a POS bill's payments come to, and the change: one rule for the cashier's screen and the
 * server. Payments may mix IQD and USD cash (each turned into the bill's currency at the IN rate),
 * FIB and credit; the change is given in the currency the cashier picks, rounded down to the
 * smallest note of that currency in circulation (250 IQD, 1 USD): a till cannot hand over what does
 * not circulate, and never gives more than it owes. Change in dollars is whole dollars and the rest
 * in dinars, down to the smallest dinar note, as a cashier gives it: only what no note can pay is
 * kept (to Cash Over and Short).
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
  /** With change in USD: the rest handed over in IQD, down to the smallest IQD note (else 0). */
  change_iqd: string;
  covered: boolean;
}

/** How change is handed back: in the change currency, and with dollars the rest in dinars. */
export interface ChangeSplit {
  currency_id: number;
  /** The change before rounding, in the change currency (3 decimals). */
  exact: Decimal;
  /** Handed over in the change currency: down to its smallest note. */
  given: Decimal;
  /** Handed over in IQD beside dollars (0 with change in IQD). */
  given_iqd: Decimal;
  /** Kept: below the smallest note, in the bill's currency. */
  kept: Decimal;
}

/**
 * Pure: the change of `over` (paid above the bill, in the bill's currency `currency_id`): in the
 * change currency down to its smallest note, and, with change in dollars, what whole dollars
 * leave in dinars down to the smallest dinar note. `toBill` and `fromBill` convert between the
 * bill's currency and another one as the caller books it.
 */
export function splitChange(input: {
  over: DecimalValue;
  currency_id: number;
  change_currency_id: number;
  smallest: { [CURRENCY_IQD]: DecimalValue; [CURRENCY_USD]: DecimalValue };
  toBill: (amount: Decimal, currency: number) => Decimal;
  fromBill: (amount: Decimal, currency: number) => Decimal;
}): ChangeSplit {
  const over = D(input.over);
  const cur = input.change_currency_id;
  const down = (v: Decimal, currency: number) => {
    const step = D(input.smallest[currency as typeof CURRENCY_IQD] ?? 0);
    const out = step.gt(0) ? floorWhole(v.div(step)).mul(step) : v;
    return out.isNegative() ? ZERO : out;
  };
  const exact = over.gt(0) ? input.fromBill(over, cur) : ZERO;
  let given = down(exact, cur);
  // The exact change is rounded half up: never hand over more than is owed.
  const step = D(input.smallest[cur as typeof CURRENCY_IQD] ?? 0);
  if (given.gt(0) && step.gt(0) && input.toBill(given, cur).gt(over)) given = given.minus(step);
  let rest = over.minus(input.toBill(given, cur));
  let givenIqd = ZERO;
  if (cur === CURRENCY_USD && rest.gt(0)) {
    givenIqd = down(input.fromBill(rest, CURRENCY_IQD), CURRENCY_IQD);
    rest = rest.minus(input.toBill(givenIqd, CURRENCY_IQD));
  }
  return { currency_id: cur, exact, given, given_iqd: givenIqd, kept: rest.isNegative() ? ZERO : rest };
}

/**
 * What an amount of the bill's currency asks of a customer paying in the other one: dollars up to
 * the cent, dinars up to the dinar, so that paying it covers the bill.
 */
export function dueIn(amount: DecimalValue, currency_id: number, other: number, rate: DecimalValue): string {
  if (currency_id === other) return str(amount);
  const r = D(rate);
  if (!r.gt(0)) return "0";
  const v = currency_id === CURRENCY_IQD ? D(amount).div(r) : D(amount).mul(r);
  return str(v.toDecimalPlaces(other === CURRENCY_USD ? 2 : 0, Decimal.ROUND_UP));
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
  const split = splitChange({
    over,
    currency_id: input.currency_id,
    change_currency_id: changeCurrency,
    smallest: input.smallest,
    toBill: (v, cur) => convert(v, cur, input.currency_id, input.rate),
    fromBill: (v, cur) => convert(v, input.currency_id, cur, input.rate),
  });
  return {
    paid: str(round3(paid)),
    due: str(covered ? ZERO : total.minus(paid)),
    over: str(over),
    change_currency_id: changeCurrency,
    change_exact: str(round3(split.exact)),
    change: str(split.given),
    change_iqd: str(split.given_iqd),
    covered,
  };
}
