import type Decimal from "decimal.js";
import { D, Dec, round4, ZERO } from "./money.js";

/** A line a posting rule produces: one side, in the account's currency, with the rate of the document. */
export interface RuleLine {
  account_id: number;
  debit?: Decimal.Value;
  credit?: Decimal.Value;
  /** IQD per 1 USD; used when the account's currency is not the system currency. */
  rate?: Decimal.Value;
}

export interface JournalLineRow {
  account_id: number;
  debit: string;
  credit: string;
  rate: string;
  sys_debit: string;
  sys_credit: string;
}

export interface AccountInfo {
  account_id: number;
  currency_id: number;
}

/**
 * Pure: rule lines → journal lines with system-currency amounts (rounded to 4 decimals). Any
 * difference between system debits and credits (rounding, or the rate difference a conversion
 * leaves) goes to the exchange-difference account, so the entry balances.
 */
export function toJournalLines(
  lines: RuleLine[],
  currencyOf: (accountId: number) => number,
  systemCurrency: number,
  exchangeDiff: AccountInfo,
): JournalLineRow[] {
  const out: JournalLineRow[] = [];
  let diff = ZERO;
  for (const l of lines) {
    const debit = D(l.debit);
    const credit = D(l.credit);
    if (debit.isNeg() || credit.isNeg()) throw new Error("a journal line amount cannot be negative");
    if (debit.isZero() && credit.isZero()) continue;
    const cur = currencyOf(l.account_id);
    const rate = D(l.rate ?? 1);
    const toSys = (v: Decimal) => {
      if (cur === systemCurrency) return v;
      if (rate.lte(0)) throw new Error("rate must be greater than 0");
      // system IQD: USD × rate; system USD: IQD ÷ rate
      return round4(systemCurrency === 1 ? v.mul(rate) : v.div(rate));
    };
    const sd = toSys(debit);
    const sc = toSys(credit);
    diff = diff.plus(sd).minus(sc);
    out.push({
      account_id: l.account_id,
      debit: debit.toFixed(),
      credit: credit.toFixed(),
      rate: (cur === systemCurrency ? D(1) : rate).toFixed(),
      sys_debit: sd.toFixed(),
      sys_credit: sc.toFixed(),
    });
  }
  if (!diff.isZero()) {
    // Debits exceed credits: the difference is a gain (credit), otherwise a loss (debit).
    const amount = diff.abs();
    const same = exchangeDiff.currency_id === systemCurrency;
    out.push({
      account_id: exchangeDiff.account_id,
      debit: diff.isNeg() && same ? amount.toFixed() : "0",
      credit: diff.isPos() && same ? amount.toFixed() : "0",
      rate: "1",
      sys_debit: diff.isNeg() ? amount.toFixed() : "0",
      sys_credit: diff.isPos() ? amount.toFixed() : "0",
    });
  }
  return out;
}

/** Pure: the lines that undo `lines` (debit and credit swapped, same figures). */
export function reversalLines(lines: JournalLineRow[]): JournalLineRow[] {
  return lines.map((l) => ({ ...l, debit: l.credit, credit: l.debit, sys_debit: l.sys_credit, sys_credit: l.sys_debit }));
}

/** A foreign-currency account's balance before an entry: in its own currency and in the system currency. */
export interface Carrying {
  balance: Decimal.Value;
  sys_balance: Decimal.Value;
}

/**
 * Pure: money leaving a foreign-currency account leaves at the account's carrying value (its
 * moving-average rate, system-currency balance ÷ foreign balance), not at the document's rate.
 * For each line that shrinks an account's balance (`carrying` holds the foreign-currency
 * accounts' balances before the entry), the shrinking part takes its share of the
 * system-currency balance (all of it when the balance reaches zero) and any part beyond zero
 * keeps the line's own figure; the difference to the document's rate is a realized exchange
 * difference, booked on one more line on `exchangeDiff` (a gain as credit, a loss as debit).
 * Lines on other accounts pass unchanged.
 */
export function atCarryingValue(
  rows: JournalLineRow[],
  carrying: Map<number, Carrying>,
  systemCurrency: number,
  exchangeDiff: AccountInfo,
): JournalLineRow[] {
  const state = new Map([...carrying].map(([id, c]) => [id, { bal: D(c.balance), sys: D(c.sys_balance) }]));
  let realized = ZERO; // system-currency debits minus credits the new figures add to the entry
  const out = rows.map((r) => {
    const s = state.get(r.account_id);
    if (!s) return r;
    const net = D(r.debit).minus(r.credit);
    const sysNet = D(r.sys_debit).minus(r.sys_credit);
    let newSys = sysNet;
    if (!net.isZero() && !s.bal.isZero() && net.isNeg() !== s.bal.isNeg()) {
      const leaving = Dec.min(net.abs(), s.bal.abs());
      const carried = leaving.eq(s.bal.abs()) ? s.sys : round4(s.sys.mul(leaving).div(s.bal.abs()));
      const beyond = net.abs().minus(leaving);
      const beyondSys = beyond.isZero() ? ZERO : round4(sysNet.abs().mul(beyond).div(net.abs()));
      // The part leaving takes the carried value off the balance; the part beyond zero moves it the line's way.
      newSys = carried.neg().plus(net.isNeg() ? beyondSys.neg() : beyondSys);
    }
    s.bal = s.bal.plus(net);
    s.sys = s.sys.plus(newSys);
    if (newSys.eq(sysNet)) return r;
    realized = realized.plus(newSys).minus(sysNet);
    return {
      ...r,
      sys_debit: (newSys.isPos() ? newSys : ZERO).toFixed(),
      sys_credit: (newSys.isNeg() ? newSys.neg() : ZERO).toFixed(),
    };
  });
  if (realized.isZero()) return out;
  const amount = realized.abs();
  const same = exchangeDiff.currency_id === systemCurrency;
  out.push({
    account_id: exchangeDiff.account_id,
    debit: realized.isNeg() && same ? amount.toFixed() : "0",
    credit: realized.isPos() && same ? amount.toFixed() : "0",
    rate: "1",
    sys_debit: realized.isNeg() ? amount.toFixed() : "0",
    sys_credit: realized.isPos() ? amount.toFixed() : "0",
  });
  return out;
}
