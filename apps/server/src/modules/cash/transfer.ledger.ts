import type Decimal from "decimal.js";
import type { AccountInfo, RuleLine } from "../ledger/journal.js";

export interface TransferDoc {
  from: AccountInfo;
  to: AccountInfo;
  /** In the from-account's currency. */
  amount: Decimal.Value;
  /** In the to-account's currency (the amount when both are the same currency). */
  foreign_amount: Decimal.Value;
  /** IQD per 1 USD, the rate the conversion used. */
  rate: Decimal.Value;
}

/** Pure: money leaves one cash account and arrives in the other; a conversion's rounding lands in exchange differences. */
export function transferLines(doc: TransferDoc): RuleLine[] {
  return [
    { account_id: doc.to.account_id, debit: doc.foreign_amount, rate: doc.rate },
    { account_id: doc.from.account_id, credit: doc.amount, rate: doc.rate },
  ];
}
