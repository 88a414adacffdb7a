import { z } from "zod";
import { zCurrencyId, zFk } from "./accounting.js";
import { zConfirmed, zDecimal, zNote } from "./common.js";
import { CURRENCY_IQD, CURRENCY_USD } from "./constants.js";
import { ZSaleShown } from "./sales.js";
import { zPin } from "./text-schemas.js";

/** POS texts the server answers with (English; the web shows its own words for the codes). */
export const POS_MSG = {
  keyRequired: "The Idempotency-Key header is required.",
  keyInvalid: "The Idempotency-Key header must be 8 to 100 letters, digits, '-' or '_'.",
  keyReused: "This Idempotency-Key was already used for another request.",
  notCovered: "The payments do not cover the total.",
  nonCashTooMuch: "FIB and credit payments may not be greater than the total.",
  creditNeedsCustomer: "A credit payment needs a named customer.",
  fibAccountMissing: "Choose the FIB bank account in the POS settings first.",
  noInventory: "The cashier has no inventory.",
  drawerClosed: "The drawer of this sale is closed; it can no longer be changed.",
  reviewed: "Sent to a manager for review.",
  reviewResolved: "The review is already resolved.",
  creditCustomerFixed: "The customer of a sale on credit cannot be changed.",
  switchSameUser: "This cashier is already signed in.",
  returnOnAccountNeedsCustomer: "A return on account needs a named customer.",
} as const;

export const POS_PAYMENT_METHODS = ["cash", "fib", "credit"] as const;
export type PosPaymentMethod = (typeof POS_PAYMENT_METHODS)[number];

const zQty = zDecimal({ scale: 4, min: 0 }).refine((v) => Number(v) > 0, "must be greater than 0");
const zMoney = zDecimal({ scale: 3, min: 0 });
const zOptMoney = zMoney.optional().nullable();

export const ZPosSaleLine = z.object({
  item_fk: zFk("The item field is required."),
  unit_fk: zFk("The unit field is required."),
  quantity: zQty,
  unit_price: zOptMoney,
  discount_type: z.enum(["amount", "percent"]).optional().nullable(),
  discount: zOptMoney,
});

export const ZPosPayment = z.object({
  method: z.enum(POS_PAYMENT_METHODS, { error: "The method must be cash, fib or credit." }),
  currency_id: zCurrencyId,
  /** Tendered, in that currency. */
  amount: zMoney.refine((v) => Number(v) > 0, "must be greater than 0"),
});

/** `POST /api/pos_sales` (header `Idempotency-Key`). */
export const ZPosSale = z.object({
  client_created_at: z.iso.datetime({ offset: true, error: "must be an ISO date and time" }),
  offline: z.boolean().optional(),
  customer_fk: zFk("The customer field is required.").optional().nullable(),
  lines: z.array(ZPosSaleLine).min(1, "Add at least one item.").max(500, "may not have more than 500 lines"),
  invoice_discount_type: z.enum(["amount", "percent"]).optional().nullable(),
  invoice_discount: zOptMoney,
  payments: z.array(ZPosPayment).min(1, "Add a payment.").max(10, "may not have more than 10 payments"),
  change_currency_id: zCurrencyId.optional().nullable(),
  /** The total the till showed (system currency): an offline sale whose total the server prices otherwise goes to review. */
  client_total: zMoney.optional().nullable(),
  note: zNote.optional().nullable(),
  /** The cashier confirmed cash tendered a banknote or more above the bill (`tenderExcess`). */
  confirmed: zConfirmed,
});
export type PosSaleInput = z.output<typeof ZPosSale>;

/** An edit of a POS sale whose drawer is still open: the customer and the note. */
export const ZPosSaleEdit = z.object({
  customer_fk: zFk("The customer field is required.").optional().nullable(),
  note: zNote.optional().nullable(),
});

/**
 * `POST /api/pos_sales/{id}/return` (header `Idempotency-Key`): lines of the bill and how many of
 * each come back. Cash (the default) is paid out of the cashier's drawer in `currency_id` (the
 * system currency unless said); On Account credits the named customer's account instead.
 */
export const ZPosReturn = z.object({
  received_type: z.enum(["Cash", "On Account"], { error: "The selected received type is invalid." }).optional(),
  currency_id: zCurrencyId.optional().nullable(),
  lines: z
    .array(z.object({ sale_line_fk: zFk("The line field is required."), quantity: zQty }))
    .min(1, "Return at least one unit.")
    .max(500, "may not have more than 500 lines"),
  note: zNote.optional().nullable(),
});
export type PosReturnInput = z.output<typeof ZPosReturn>;

export const ZOpenDrawer = z.object({
  reason: z.string().trim().min(1, "The reason field is required.").max(140, "Maximum allowed character is 140"),
});

export const ZSwitchCashier = z.object({
  user: zFk("The user field is required."),
  pin: zPin,
});

/** Whether a paid bill's receipt prints at the till: at once, after asking the cashier, or only when asked for. */
export const POS_PRINT_RECEIPT = ["always", "ask", "never"] as const;
export type PosPrintReceipt = (typeof POS_PRINT_RECEIPT)[number];

/** The receipt roll's width in millimetres: the usual 80 mm, or the narrow 58 mm of small printers. */
export const POS_RECEIPT_WIDTHS = [80, 58] as const;
export type PosReceiptWidth = (typeof POS_RECEIPT_WIDTHS)[number];

/**
 * POS settings: the FIB bank account, the smallest notes in circulation and the receipt after
 * payment (`print_receipt`; left out, the saved choice stays) and the receipt roll's width.
 */
export const ZPosSettings = z.object({
  fib_account_fk: zFk("The account field is required.").optional().nullable(),
  smallest_iqd_amount: zDecimal({ scale: 3, min: 1 }).refine((v) => /^\d+(\.0*)?$/.test(v), "must be an integer"),
  smallest_usd_amount: zDecimal({ scale: 2, min: 0 }).refine((v) => Number(v) > 0, "must be greater than 0"),
  print_receipt: z.enum(POS_PRINT_RECEIPT, { error: "The selected print receipt is invalid." }).optional(),
  /** The receipt roll's width (left out, the saved one stays). */
  receipt_width: z.coerce
    .number({ error: "The selected receipt width is invalid." })
    .refine((v): v is PosReceiptWidth => (POS_RECEIPT_WIDTHS as readonly number[]).includes(v), "The selected receipt width is invalid.")
    .optional(),
});
export type PosSettingsInput = z.output<typeof ZPosSettings>;

const zCounted = zDecimal({ scale: 3, min: 0 });
/** `POST /api/closing_drawers`: the cash counted per currency (the cashier's drawer is the caller's unless `user_fk`). */
export const ZClosingDrawer = z.object({
  user_fk: zFk("The user field is required.").optional().nullable(),
  counted_iqd: zCounted,
  counted_usd: zCounted,
  note: zNote.optional().nullable(),
});
export type ClosingDrawerInput = z.output<typeof ZClosingDrawer>;

export const ZResolveReview = z.object({
  resolution: z.enum(["booked", "dismissed"], { error: "The resolution must be booked or dismissed." }),
  note: zNote.optional().nullable(),
});

export const POS_CURRENCIES = [CURRENCY_IQD, CURRENCY_USD] as const;
export const POS_DEFAULT_SMALLEST = { [CURRENCY_IQD]: "250", [CURRENCY_USD]: "1" } as const;

const zDec = z.string();
/** A POS receipt as the server booked it: the sale, its cashier, totals in IQD and USD, the change and its drawer. */
export const ZPosSaleShown = ZSaleShown.extend({
  cashier: z.object({ user_id: z.number().int(), user_name: z.string() }),
  total_iqd: zDec,
  total_usd: zDec,
  /** `amount` in the change currency; with change in USD, `amount_iqd` is the rest handed over in IQD. */
  change: z.object({ currency_id: z.number().int(), amount: zDec, exact: zDec, amount_iqd: zDec }),
  offline: z.boolean(),
  client_created_at: z.string().nullable(),
  /** The drawer closing it belongs to; null while the drawer is open. */
  closing_fk: z.number().int().nullable(),
  lines: z.array(ZSaleShown.shape.lines.element.extend({ returnable_quantity: zDec })),
});
export type PosSaleShown = z.output<typeof ZPosSaleShown>;

/** The answer to an offline sale the server could not book: kept for a manager. */
export const ZPosReviewAnswer = z.object({ review_id: z.number().int(), reason: z.string() });
