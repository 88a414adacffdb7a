import type Decimal from "decimal.js";
import type { AccountInfo, RuleLine } from "../ledger/journal.js";
import { convert, D, ZERO } from "../ledger/money.js";

export interface OpeningDoc {
  equity: AccountInfo;
  /** IQD per 1 USD: the out-rate, for cash accounts and suppliers. */
  rate: Decimal.Value;
  /** IQD per 1 USD: the in-rate, for customers (SPEC §3). */
  in_rate: Decimal.Value;
  /** Cash accounts: money on hand, in the account's currency. */
  cashes: { account: AccountInfo; amount: Decimal.Value }[];
  /** Customers: positive = the customer owes us. */
  customers: { account: AccountInfo; amount: Decimal.Value }[];
  /** Suppliers: positive = we owe the supplier. */
  suppliers: { account: AccountInfo; amount: Decimal.Value }[];
}

/** Pure: each balance on its account against opening-balance equity, which takes the net. */
export function openingLines(doc: OpeningDoc): RuleLine[] {
  const lines: RuleLine[] = [];
  let equity = ZERO; // in the equity account's currency, debit positive
  const add = (account: AccountInfo, signedDebit: Decimal, rate: Decimal.Value) => {
    if (signedDebit.isZero()) return;
    lines.push(
      signedDebit.isPos()
        ? { account_id: account.account_id, debit: signedDebit, rate }
        : { account_id: account.account_id, credit: signedDebit.neg(), rate },
    );
    equity = equity.plus(convert(signedDebit, account.currency_id, doc.equity.currency_id, rate));
  };
  for (const c of doc.cashes) add(c.account, D(c.amount), doc.rate);
  for (const c of doc.customers) add(c.account, D(c.amount), doc.in_rate);
  for (const s of doc.suppliers) add(s.account, D(s.amount).neg(), doc.rate);
  if (equity.isPos()) lines.push({ account_id: doc.equity.account_id, credit: equity, rate: doc.rate });
  else if (equity.isNeg()) lines.push({ account_id: doc.equity.account_id, debit: equity.neg(), rate: doc.rate });
  return lines;
}
