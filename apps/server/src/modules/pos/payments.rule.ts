import { CURRENCY_IQD, CURRENCY_USD, POS_MSG, type PosPaymentMethod, splitChange } from "@app/contracts";
import type Decimal from "decimal.js";
import { HttpError } from "../../platform/errors.js";
import { D, round3, round4, ZERO } from "../ledger/money.js";

export interface Tender {
  method: PosPaymentMethod;
  currency_id: number;
  /** Tendered, in that currency. */
  amount: Decimal.Value;
}

export interface SettleInput {
  /** The bill, in the system currency. */
  total: Decimal.Value;
  systemCurrency: number;
  /** The in-rate: IQD per 1 USD. */
  rate: Decimal.Value;
  payments: Tender[];
  changeCurrency: number;
  /** The smallest amount in circulation per currency (IQD 250, USD 1). */
  smallest: Record<number, Decimal.Value>;
}

export interface AppliedPayment {
  method: PosPaymentMethod;
  currency_id: number;
  /** Toward the bill, in the currency. */
  amount: Decimal;
  /** The same in the system currency. */
  sys: Decimal;
}

export interface Settlement {
  /** Cash, FIB and credit toward the bill; their system amounts add up to the total. */
  applied: AppliedPayment[];
  /** Cash tendered above the bill, per currency (stays in that currency's drawer). */
  overflow: { currency_id: number; amount: Decimal; sys: Decimal }[];
  change: {
    currency_id: number;
    /** What the overflow is worth in the change currency. */
    exact: Decimal;
    /** Handed back: the exact change rounded down to the smallest amount in circulation. */
    given: Decimal;
    /** With change in USD: the rest handed back in IQD, down to the smallest IQD note (else 0). */
    given_iqd: Decimal;
    /** Kept by the rounding, in the system currency (to Cash Over and Short): less than the smallest note. */
    gain: Decimal;
  };
}

const fail = (message: string) => new HttpError(422, message, { payments: [message] });

/**
 * Pure: how a POS bill is paid. FIB and credit pay exactly (no change from them). Cash in the
 * currencies other than the change currency is applied first, then cash in the change currency;
 * whatever cash is above the bill is given back in the change currency at the in-rate, rounded
 * down to the smallest amount in circulation (with dollars, the rest in dinars: `splitChange`, the
 * rule the till's screen shows), and the rounding is the shop's (a gain). A bill the payments do
 * not cover is refused.
 */
export function settlePayments(input: SettleInput): Settlement {
  const rate = D(input.rate);
  const sys = input.systemCurrency;
  const toSys = (v: Decimal, cur: number) => (cur === sys ? v : round4(sys === CURRENCY_IQD ? v.mul(rate) : v.div(rate)));
  // Foreign amounts carry 3 decimals (SPEC §9), as the sale's payments are converted.
  const fromSys = (v: Decimal, cur: number) => (cur === sys ? v : round3(sys === CURRENCY_IQD ? v.div(rate) : v.mul(rate)));
  const total = D(input.total);
  const applied: AppliedPayment[] = [];

  let nonCash = ZERO;
  for (const method of ["fib", "credit"] as const) {
    for (const p of input.payments.filter((x) => x.method === method)) {
      const amount = D(p.amount);
      const v = toSys(amount, p.currency_id);
      nonCash = nonCash.plus(v);
      applied.push({ method, currency_id: p.currency_id, amount, sys: v });
    }
  }
  if (nonCash.gt(total)) throw fail(POS_MSG.nonCashTooMuch);

  const cash = new Map<number, Decimal>();
  for (const p of input.payments.filter((x) => x.method === "cash"))
    cash.set(p.currency_id, (cash.get(p.currency_id) ?? ZERO).plus(p.amount));
  const order = [...cash.keys()].sort((a, b) => Number(a === input.changeCurrency) - Number(b === input.changeCurrency) || a - b);
  let remaining = total.minus(nonCash);
  const overflow: Settlement["overflow"] = [];
  for (const cur of order) {
    const amount = cash.get(cur)!;
    const v = toSys(amount, cur);
    if (v.lte(remaining)) {
      applied.push({ method: "cash", currency_id: cur, amount, sys: v });
      remaining = remaining.minus(v);
      continue;
    }
    if (remaining.gt(0)) {
      const part = fromSys(remaining, cur);
      applied.push({ method: "cash", currency_id: cur, amount: part, sys: remaining });
      overflow.push({ currency_id: cur, amount: amount.minus(part), sys: v.minus(remaining) });
    } else {
      overflow.push({ currency_id: cur, amount, sys: v });
    }
    remaining = ZERO;
  }
  if (remaining.gt(0)) throw fail(POS_MSG.notCovered);

  const excess = overflow.reduce((s, o) => s.plus(o.sys), ZERO);
  const split = splitChange({
    over: excess,
    currency_id: sys,
    change_currency_id: input.changeCurrency,
    smallest: {
      [CURRENCY_IQD]: input.smallest[CURRENCY_IQD] ?? 1,
      [CURRENCY_USD]: input.smallest[CURRENCY_USD] ?? 1,
    },
    toBill: toSys,
    fromBill: fromSys,
  });
  return {
    applied,
    overflow,
    change: { currency_id: input.changeCurrency, exact: split.exact, given: split.given, given_iqd: split.given_iqd, gain: split.kept },
  };
}
