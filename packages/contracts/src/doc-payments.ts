import { z } from "zod";
import { zCurrencyId, zDocDate, zFk, zRate } from "./accounting.js";
import { zConfirmed, zDecimal, zNote } from "./common.js";

/**
 * Payments after the document: a sale or a purchase left on account, paid later in part or whole,
 * in either currency at the day's rate (SPEC §6 "Update/Destroy Payment"), each its own entry.
 */
export const DOC_PAYMENT_MSG = {
  overpaid: "The payment may not be greater than what is owed.",
  notComplete: "Only a complete document can be paid.",
  nothingOwed: "Nothing is owed on this document.",
  hasPayments: "The document has payments; delete them first.",
} as const;

/** The documents paid after the fact, by the endpoint they live under. */
export const PAYABLE_ENDPOINTS = ["sales", "salesman_sales", "purchases"] as const;
export type PayableEndpoint = (typeof PAYABLE_ENDPOINTS)[number];

export const ZDocPayment = z.object({
  /** In `currency_id`: what is handed over. */
  amount: zDecimal({ scale: 3, min: 0 }).refine((v) => Number(v) > 0, "must be greater than 0"),
  currency_id: zCurrencyId,
  /** IQD per 1 USD; the day's rate (in-rate for a sale, out-rate for a purchase) when left out. */
  rate: zRate.optional().nullable(),
  confirmed: zConfirmed,
  /** The cash or bank account the money goes into (a sale) or comes from (a purchase). */
  account_id: zFk("The account field is required."),
  date: zDocDate.optional().nullable(),
  note: zNote.optional().nullable(),
});
export type DocPaymentInput = z.output<typeof ZDocPayment>;

export const ZDocPaymentRow = z.object({
  payment_id: z.number().int(),
  date: z.string(),
  currency_id: z.number().int(),
  currency_name: z.string(),
  rate: z.string(),
  amount: z.string(),
  /** What the payment settles, in the document's currency. */
  doc_amount: z.string(),
  account_id: z.number().int(),
  account_name: z.string(),
  /** The seeded account's key (main_cash), by which its name shows in the reader's language. */
  account_system_key: z.string().nullable(),
  note: z.string().nullable(),
  created_by_name: z.string().nullable(),
});
export type DocPaymentRow = z.infer<typeof ZDocPaymentRow>;

/** A document's payments and what is left owed, all in the document's currency. */
export const ZDocPayments = z.object({
  currency_id: z.number().int(),
  total: z.string(),
  /** Paid on the document itself (its cash part). */
  paid_on_document: z.string(),
  /** Complete returns put on account against it. */
  returned_on_account: z.string(),
  paid_later: z.string(),
  /** What may still be paid. */
  left: z.string(),
  payment_status: z.enum(["paid", "unpaid", "partially_paid"]),
  payments: z.array(ZDocPaymentRow),
});
export type DocPayments = z.infer<typeof ZDocPayments>;
