import { z } from "zod";
import { zCurrencyId, zDocDate, zFk, zRate } from "./accounting.js";
import { zConfirmed, zDecimal, zNote } from "./common.js";
import { PAYMENT_TYPES } from "./enums.js";
import { MSG } from "./messages.js";

/**
 * Sale transfers: goods sent to a customer on consignment. Pending (editable) until sent; sending
 * moves the stock into the customer's consignment location; Return To Draft undoes a send while
 * nothing of it was invoiced or returned since.
 */
export const SALE_TRANSFER_STATUSES = ["pending", "sent"] as const;
export type SaleTransferStatus = (typeof SALE_TRANSFER_STATUSES)[number];

export const SALE_TRANSFER_MSG = {
  notPending: "Only a pending sale transfer can be changed or deleted.",
  notSent: "Only a sent sale transfer can do this.",
  closed: "The document is closed; open it first.",
  alreadyClosed: "The document is already closed.",
  alreadyOpen: "The document is already open.",
  consignmentInventory: "A customer's consignment location cannot be chosen here.",
  noConsignment: "This customer holds no goods on consignment.",
  transferOfCustomer: "The sale transfer must be one of this customer's.",
  moreThanLeft: "The quantity may not be greater than what was sent less what was invoiced or returned.",
  transferLineInvalid: "The line must be one of this customer's sent sale transfers.",
  oneCurrency: "Lines of sale transfers in different currencies are invoiced separately.",
} as const;

const zQty = zDecimal({ scale: 4, min: 0 }).refine((v) => Number(v) > 0, "must be greater than 0");
const optFk = z.preprocess(
  (v) => (v === "" ? null : v),
  z.coerce
    .number()
    .refine((n) => Number.isInteger(n) && n > 0 && n <= 2_147_483_647, { message: MSG.idInvalid })
    .optional()
    .nullable(),
);

const ZConsignmentLine = z.object({
  item_fk: zFk("The item field is required."),
  unit_fk: zFk("The unit field is required."),
  quantity: zQty,
  /** A batch of the item; unset picks first expiry first out. */
  batch_fk: optFk,
});
export type ConsignmentLineInput = z.output<typeof ZConsignmentLine>;

/** A sale transfer: the customer, the inventory the goods leave, currency and in-rate (the lines are priced like a sale's). */
export const ZSaleTransfer = z.object({
  consumer_fk: zFk(MSG.chooseFromList),
  inventory_fk: zFk(MSG.mustHaveDefaultInventory),
  date: zDocDate.optional().nullable(),
  currency_id: zCurrencyId,
  rate: zRate.optional().nullable(),
  /** The rate is meant although far from the one in force (`rateJump`). */
  confirmed: zConfirmed,
  note: zNote.optional().nullable(),
  lines: z.array(ZConsignmentLine, { error: "Add at least one line." }).min(1, "Add at least one line.").max(500),
});
export type SaleTransferInput = z.output<typeof ZSaleTransfer>;

/** A sale-transfer return: goods back from the customer's consignment location into a chosen inventory. */
export const ZSaleTransferReturn = z.object({
  consumer_fk: zFk(MSG.chooseFromList),
  /** The sale transfer the goods came with, when returned from one. */
  sale_transfer_fk: optFk,
  inventory_fk: zFk(MSG.mustHaveDefaultInventory),
  date: zDocDate.optional().nullable(),
  note: zNote.optional().nullable(),
  lines: z.array(ZConsignmentLine, { error: "Add at least one line." }).min(1, "Add at least one line.").max(500),
});
export type SaleTransferReturnInput = z.output<typeof ZSaleTransferReturn>;

/** Invoicing goods held on consignment: a sale from the customer's consignment location, completed at once. */
export const ZConsignmentInvoice = z
  .object({
    date: zDocDate.optional().nullable(),
    currency_id: zCurrencyId,
    rate: zRate.optional().nullable(),
    /** The rate is meant although far from the one in force (`rateJump`). */
    confirmed: zConfirmed,
    payment_type: z.enum(PAYMENT_TYPES, { error: "The selected payment type is invalid." }).default("On Account"),
    account_fk: optFk,
    paid_amount: zDecimal({ scale: 3, min: 0 }).optional().nullable(),
    note: zNote.optional().nullable(),
    lines: z
      .array(
        ZConsignmentLine.omit({ batch_fk: true }).extend({
          /** The sale transfer line invoiced: its unit and its price are the invoice's, and no more than is left of it. */
          sale_transfer_line_fk: optFk,
        }),
        { error: "Add at least one line." },
      )
      .min(1, "Add at least one line.")
      .max(500),
  })
  .refine((c) => (c.payment_type !== "Cash" && !Number(c.paid_amount ?? 0)) || !!c.account_fk, {
    path: ["account_fk"],
    message: "The account field is required when money is paid.",
  });
export type ConsignmentInvoiceInput = z.output<typeof ZConsignmentInvoice>;
