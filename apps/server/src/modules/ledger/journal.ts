import type Decimal from "decimal.js";
import { D, round4, ZERO } from "./money.js";

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
