import type Decimal from "decimal.js";
import type { RuleLine } from "../ledger/journal.js";
import { D, round4 } from "../ledger/money.js";

export interface DrawerCount {
  currency_id: number;
  account_id: number;
  /** What the books hold in the drawer, in the currency. */
  expected: Decimal.Value;
  counted: Decimal.Value;
  /** IQD per 1 USD. */
  rate: Decimal.Value;
}

/** Counted less expected: positive is cash over, negative cash short. */
export const drawerDifference = (c: Pick<DrawerCount, "expected" | "counted">) => D(c.counted).minus(c.expected);

/**
 * Pure: the entry of a drawer closing. Per currency, cash over debits the drawer and credits
 * Cash Over and Short; cash short the other way round; the over/short account (system currency)
 * takes the difference at the currency's rate, so after the entry the drawer's books equal the
 * cash counted. No difference, no line.
 */
export function closingEntryLines(counts: DrawerCount[], overShortAccount: number, systemCurrency: number): RuleLine[] {
  const lines: RuleLine[] = [];
  for (const c of counts) {
    const diff = drawerDifference(c);
    if (diff.isZero()) continue;
    const amount = diff.abs();
    const sys = c.currency_id === systemCurrency ? amount : round4(systemCurrency === 1 ? amount.mul(c.rate) : amount.div(c.rate));
    const rate = c.currency_id === systemCurrency ? 1 : c.rate;
    if (diff.isPos()) {
      lines.push({ account_id: c.account_id, debit: amount, rate }, { account_id: overShortAccount, credit: sys });
    } else {
      lines.push({ account_id: overShortAccount, debit: sys }, { account_id: c.account_id, credit: amount, rate });
    }
  }
  return lines;
}
