import { z } from "zod";
import { zCurrencyId, zDocDate, zRate } from "./accounting.js";
import { zConfirmed, zDecimal, zNote } from "./common.js";
import { DISCOUNT_TYPES, PAYMENT_TYPES } from "./enums.js";
import { MSG } from "./messages.js";

/** Purchase import columns (SPEC §3), in the template's order. */
export const PURCHASE_IMPORT_COLUMNS = [
  "item",
  "unit",
  "item_description",
  "unit_bonus",
  "unit_quantity",
  "unit_price",
  "expire_date",
] as const;
export type PurchaseImportColumn = (typeof PURCHASE_IMPORT_COLUMNS)[number];

/** Document states (SPEC §4). */
export const DOCUMENT_STATUSES = ["draft", "complete"] as const;
export type DocumentStatus = (typeof DOCUMENT_STATUSES)[number];
export const PAYMENT_STATUSES = ["paid", "unpaid", "partially_paid"] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];
/** A purchase's extra charges: transport and others. */
export const CHARGE_KINDS = ["transport", "other"] as const;

export const PURCHASE_MSG = {
  closed: "The document is closed; open it first.",
  notComplete: "Only a complete purchase can do this.",
  costsApplied: "The costs of this purchase are already applied.",
  noCharges: "The purchase has no charges to apply.",
  expiryRequired: "The expiry date is required for this item.",
  unitInvalid: "The selected unit is invalid.",
  itemInvalid: "The selected item is invalid.",
  cashAccountRequired: "The account field is required when money is paid.",
  paidTooMuch: "The paid amount may not be greater than the total.",
  moreThanBought: "The quantity may not be greater than what was bought less what was already returned.",
  lineNotOfPurchase: "The line is not one of the purchase's lines.",
  supplierOfPurchase: "The supplier must be the purchase's supplier.",
  purchaseNotComplete: "A return can only be made from a complete purchase.",
  nothingToReturn: "Return at least one unit.",
} as const;

const zFk = (message: string) =>
  z
    .unknown()
    .refine((v) => v !== undefined && v !== null && v !== "", { message, abort: true })
    .pipe(z.coerce.number({ error: message }).refine((n) => Number.isInteger(n) && n > 0 && n <= 2_147_483_647, { message }));
/** An optional reference; empty is none. */
export const optFk = z.preprocess(
  (v) => (v === "" ? null : v),
  z.coerce
    .number()
    .refine((n) => Number.isInteger(n) && n > 0 && n <= 2_147_483_647, { message: MSG.idInvalid })
    .optional()
    .nullable(),
);
const zQty = zDecimal({ scale: 4, min: 0 });
const zMoney = zDecimal({ scale: 3, min: 0 });
const optText = (max: number) => z.string().trim().max(max, `may not be greater than ${max} characters`).optional().nullable();
/** A day, `YYYY-MM-DD`; empty is none. */
export const zDay = z.preprocess(
  (v) => (v === "" ? null : v),
  z
    .string()
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}$/, "must be a date in the format YYYY-MM-DD")
    .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)), "must be a valid date")
    .optional()
    .nullable(),
);
const zPaymentType = z.enum(PAYMENT_TYPES, { error: "The selected payment type is invalid." });

export const ZPurchaseLine = z.object({
  item_id: zFk(PURCHASE_MSG.itemInvalid),
  unit_id: zFk(PURCHASE_MSG.unitInvalid),
  quantity: zQty.refine((v) => Number(v) > 0, "must be greater than 0"),
  bonus: zQty.optional().nullable(),
  unit_price: zMoney,
  batch_no: optText(64),
  expire_date: zDay,
  description: optText(500),
});
export type PurchaseLineInput = z.output<typeof ZPurchaseLine>;

/**
 * A transport or other charge: its supplier (owed the charge On Account; a charge paid in Cash
 * needs none), payment type, cash account and amount, in either currency.
 */
export const ZPurchaseCharge = z
  .object({
    kind: z.enum(CHARGE_KINDS, { error: "The selected charge type is invalid." }),
    consumer_id: optFk,
    payment_type: zPaymentType,
    account_id: optFk,
    currency_id: zCurrencyId,
    rate: zRate.optional().nullable(),
    amount: zMoney.refine((v) => Number(v) > 0, "must be greater than 0"),
    note: zNote.optional().nullable(),
  })
  .refine((c) => c.payment_type !== "Cash" || !!c.account_id, { path: ["account_id"], message: PURCHASE_MSG.cashAccountRequired })
  .refine((c) => c.payment_type === "Cash" || !!c.consumer_id, { path: ["consumer_id"], message: MSG.chooseFromList });
export type PurchaseChargeInput = z.output<typeof ZPurchaseCharge>;

export const ZPurchase = z
  .object({
    consumer_id: zFk(MSG.chooseFromList),
    reference_no: zNote.optional().nullable(),
    date: zDocDate.optional().nullable(),
    inventory_id: zFk(MSG.mustHaveDefaultInventory),
    currency_id: zCurrencyId,
    rate: zRate.optional().nullable(),
    /** The rate is meant although far from the one in force (`rateJump`). */
    confirmed: zConfirmed,
    discount_type: z.enum(DISCOUNT_TYPES, { error: "The selected discount type is invalid." }).default("amount"),
    discount: zMoney.optional().nullable(),
    payment_type: zPaymentType,
    account_id: optFk,
    paid_amount: zMoney.optional().nullable(),
    note: zNote.optional().nullable(),
    lines: z.array(ZPurchaseLine).min(1, "Add at least one line.").max(5000),
    charges: z.array(ZPurchaseCharge).max(50).default([]),
  })
  .refine((p) => p.discount_type !== "percent" || Number(p.discount ?? 0) <= 100, {
    path: ["discount"],
    message: "must be between 0 and 100",
  })
  .refine((p) => (p.payment_type !== "Cash" && !Number(p.paid_amount ?? 0)) || !!p.account_id, {
    path: ["account_id"],
    message: PURCHASE_MSG.cashAccountRequired,
  });
export type PurchaseInput = z.output<typeof ZPurchase>;

export const ZPurchaseReturnLine = z
  .object({
    /** The purchase line returned (a return made from a purchase). */
    purchase_line_id: optFk,
    item_id: zFk(PURCHASE_MSG.itemInvalid),
    unit_id: zFk(PURCHASE_MSG.unitInvalid),
    quantity: zQty,
    bonus: zQty.optional().nullable(),
    unit_price: zMoney,
    batch_no: optText(64),
    expire_date: zDay,
  })
  .refine((l) => Number(l.quantity) + Number(l.bonus ?? 0) > 0, { path: ["quantity"], message: PURCHASE_MSG.nothingToReturn });
export type PurchaseReturnLineInput = z.output<typeof ZPurchaseReturnLine>;

export const ZPurchaseReturn = z
  .object({
    purchase_id: optFk,
    consumer_id: zFk(MSG.chooseFromList),
    reference_no: zNote.optional().nullable(),
    date: zDocDate.optional().nullable(),
    inventory_id: zFk(MSG.mustHaveDefaultInventory),
    currency_id: zCurrencyId,
    rate: zRate.optional().nullable(),
    /** The rate is meant although far from the one in force (`rateJump`). */
    confirmed: zConfirmed,
    /** On Account: the supplier's account is reduced; Cash: the money is received into `account_id`. */
    payment_type: zPaymentType,
    account_id: optFk,
    note: zNote.optional().nullable(),
    lines: z.array(ZPurchaseReturnLine).min(1, "Add at least one line.").max(5000),
  })
  .refine((p) => p.payment_type !== "Cash" || !!p.account_id, { path: ["account_id"], message: PURCHASE_MSG.cashAccountRequired });
export type PurchaseReturnInput = z.output<typeof ZPurchaseReturn>;

/** New sale prices of item units (modify sale price). */
export const ZModifySalePrice = z.object({
  prices: z
    .array(z.object({ item_unit_id: zFk(PURCHASE_MSG.unitInvalid), price: zDecimal({ scale: 2, min: 0 }) }))
    .min(1, "Add at least one line.")
    .max(5000),
});
export type ModifySalePriceInput = z.output<typeof ZModifySalePrice>;
