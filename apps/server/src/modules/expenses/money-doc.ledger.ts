import type Decimal from "decimal.js";
import type { AccountInfo, RuleLine } from "../ledger/journal.js";
import { convert } from "../ledger/money.js";

export interface MoneyDoc {
  /** The expense or income type's account. */
  type: AccountInfo;
  /** The cash account paid from or into. */
  cash: AccountInfo;
  currency_id: number;
  amount: Decimal.Value;
  /** IQD per 1 USD: the out-rate for expenses, the in-rate for incomes. */
  rate: Decimal.Value;
}

/** Pure: the amount the cash account moves, in its own currency (3 decimals). */
export const cashAmount = (doc: MoneyDoc) => convert(doc.amount, doc.currency_id, doc.cash.currency_id, doc.rate);

/** Pure: an expense debits its type's account and credits the cash account. */
export function expenseLines(doc: MoneyDoc): RuleLine[] {
  return [
    { account_id: doc.type.account_id, debit: convert(doc.amount, doc.currency_id, doc.type.currency_id, doc.rate), rate: doc.rate },
    { account_id: doc.cash.account_id, credit: cashAmount(doc), rate: doc.rate },
  ];
}

/** Pure: an income debits the cash account and credits its type's account. */
export function incomeLines(doc: MoneyDoc): RuleLine[] {
  return [
    { account_id: doc.cash.account_id, debit: cashAmount(doc), rate: doc.rate },
    { account_id: doc.type.account_id, credit: convert(doc.amount, doc.currency_id, doc.type.currency_id, doc.rate), rate: doc.rate },
  ];
}
