import type Decimal from "decimal.js";
import type { AccountInfo, RuleLine } from "../ledger/journal.js";
import { convert } from "../ledger/money.js";

export interface ConsumerPayment {
  /** The party's receivable (customer) or payable (supplier) account in the transaction's currency. */
  party: AccountInfo;
  cash: AccountInfo;
  /** In the party account's currency. */
  amount: Decimal.Value;
  /** IQD per 1 USD: the in-rate for customers, the out-rate for suppliers. */
  rate: Decimal.Value;
}

export const paymentCashAmount = (doc: ConsumerPayment) => convert(doc.amount, doc.party.currency_id, doc.cash.currency_id, doc.rate);

/** Pure: a customer pays us: cash up, what the customer owes down. */
export function customerReceiptLines(doc: ConsumerPayment): RuleLine[] {
  return [
    { account_id: doc.cash.account_id, debit: paymentCashAmount(doc), rate: doc.rate },
    { account_id: doc.party.account_id, credit: doc.amount, rate: doc.rate },
  ];
}

/** Pure: we pay a supplier: what we owe down, cash down. */
export function supplierPaymentLines(doc: ConsumerPayment): RuleLine[] {
  return [
    { account_id: doc.party.account_id, debit: doc.amount, rate: doc.rate },
    { account_id: doc.cash.account_id, credit: paymentCashAmount(doc), rate: doc.rate },
  ];
}
