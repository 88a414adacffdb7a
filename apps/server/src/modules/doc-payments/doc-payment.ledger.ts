import type Decimal from "decimal.js";
import type { AccountInfo, RuleLine } from "../ledger/journal.js";

export interface DocPaymentPosting {
  /** The customer's receivable (a sale) or the supplier's payable (a purchase) in the document's currency. */
  party: AccountInfo;
  cash: AccountInfo;
  /** What the payment settles, in the document's (the party account's) currency. */
  doc_amount: Decimal.Value;
  /** What the cash account takes in or gives out, in its currency. */
  cash_amount: Decimal.Value;
  /** IQD per 1 USD: the payment's rate. */
  rate: Decimal.Value;
}

/**
 * Pure: a payment after the document. A customer paying for a sale: Dr cash, Cr his receivable;
 * paying a supplier for a purchase: Dr his payable, Cr cash. Each side in its own account's
 * currency at the payment's rate; what the conversions leave goes to exchange differences when posted.
 */
export function docPaymentLines(docType: "sale" | "purchase", p: DocPaymentPosting): RuleLine[] {
  const cash = { account_id: p.cash.account_id, rate: p.rate };
  const party = { account_id: p.party.account_id, rate: p.rate };
  return docType === "sale"
    ? [
        { ...cash, debit: p.cash_amount },
        { ...party, credit: p.doc_amount },
      ]
    : [
        { ...party, debit: p.doc_amount },
        { ...cash, credit: p.cash_amount },
      ];
}
