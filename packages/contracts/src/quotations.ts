import { z } from "zod";
import { zCurrencyId, zDocDate, zFk, zRate } from "./accounting.js";
import { zConfirmed, zDecimal, zNote } from "./common.js";
import { DISCOUNT_TYPES, PAYMENT_TYPES } from "./enums.js";
import { MSG } from "./messages.js";

/** Quotation states: open until converted to a sale (SPEC §4 "Convert To Sale"); expired is shown, not stored. */
export const QUOTATION_STATUSES = ["open", "converted"] as const;
export type QuotationStatus = (typeof QUOTATION_STATUSES)[number];
/** Discounts of a sale document: per line or one for the invoice (SPEC §3). */
export const SALE_DISCOUNT_TYPES = ["item", "invoice"] as const;

export const QUOTATION_MSG = {
  converted: "This quotation is already converted to a sale.",
  expired: "This quotation is no longer valid; change its validity date first.",
  validUntilBeforeDate: "The valid until date must be on or after the quotation date.",
} as const;

const optFk = z.preprocess(
  (v) => (v === "" ? null : v),
  z.coerce
    .number()
    .refine((n) => Number.isInteger(n) && n > 0 && n <= 2_147_483_647, { message: MSG.idInvalid })
    .optional()
    .nullable(),
);
const zQty = zDecimal({ scale: 4, min: 0 }).refine((v) => Number(v) > 0, "must be greater than 0");
const zDiscountValue = zDecimal({ scale: 3, min: 0 });
/** A day, `YYYY-MM-DD`. */
export const zValidDay = z
  .string({ error: "The valid until field is required." })
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { message: "must be a date in the format YYYY-MM-DD", abort: true })
  .refine((v) => {
    const d = new Date(`${v}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
  }, "must be a valid date");

/** A line priced like a sale's: item, unit, quantity and its own discount (used when the discount type is per item). */
export const ZQuotationLine = z
  .object({
    item_fk: zFk("The item field is required."),
    unit_fk: zFk("The unit field is required."),
    quantity: zQty,
    discount_type: z.enum(DISCOUNT_TYPES, { error: "The selected discount type is invalid." }).optional().nullable(),
    discount: zDiscountValue.optional().nullable(),
    description: z.string().trim().max(500, "may not be greater than 500 characters").optional().nullable(),
  })
  .refine((l) => l.discount_type !== "percent" || Number(l.discount ?? 0) <= 100, {
    path: ["discount"],
    message: "must be between 0 and 100",
  });
export type QuotationLineInput = z.output<typeof ZQuotationLine>;

/** A quotation: the lines and prices of a sale, for a customer, valid until a day; no stock, no posting. */
export const ZQuotation = z
  .object({
    consumer_fk: zFk(MSG.chooseFromList),
    date: zDocDate.optional().nullable(),
    valid_until: zValidDay,
    /** The inventory the sale will take the goods from; the default inventory when empty. */
    inventory_fk: optFk,
    currency_id: zCurrencyId,
    rate: zRate.optional().nullable(),
    /** The rate is meant although far from the one in force (`rateJump`). */
    confirmed: zConfirmed,
    discount_type: z.enum(SALE_DISCOUNT_TYPES, { error: "The selected discount type is invalid." }).default("item"),
    invoice_discount_type: z.enum(DISCOUNT_TYPES, { error: "The selected discount type is invalid." }).default("amount"),
    invoice_discount: zDiscountValue.optional().nullable(),
    note: zNote.optional().nullable(),
    lines: z.array(ZQuotationLine, { error: "Add at least one line." }).min(1, "Add at least one line.").max(500),
  })
  .refine((q) => q.invoice_discount_type !== "percent" || Number(q.invoice_discount ?? 0) <= 100, {
    path: ["invoice_discount"],
    message: "must be between 0 and 100",
  });
export type QuotationInput = z.output<typeof ZQuotation>;

/** Convert To Sale: the draft sale's payment, chosen when converting (On Account by default). */
export const ZQuotationConvert = z
  .object({
    payment_type: z.enum(PAYMENT_TYPES, { error: "The selected payment type is invalid." }).default("On Account"),
    account_fk: optFk,
  })
  .refine((c) => c.payment_type !== "Cash" || !!c.account_fk, {
    path: ["account_fk"],
    message: "The account field is required when money is paid.",
  });
export type QuotationConvertInput = z.output<typeof ZQuotationConvert>;
