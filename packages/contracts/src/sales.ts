import { z } from "zod";
import { zCurrencyId, zDocDate, zRate } from "./accounting.js";
import { zConfirmed, zDecimal, zNote } from "./common.js";
import { DISCOUNT_TYPES, PAYMENT_TYPES } from "./enums.js";
import { MSG } from "./messages.js";
import { SALE_DISCOUNT_TYPES } from "./quotations.js";

/** The kinds of sale one table holds: an invoice sale, a salesman's sale, a POS ticket. */
export const SALE_KINDS = ["sale", "salesman", "pos"] as const;
export type SaleKind = (typeof SALE_KINDS)[number];
/** SPEC §3 "Commission types". */
export const SALE_COMMISSION_TYPES = ["no_commission", "revenue_commission", "gross_profit_commission"] as const;

export const SALE_MSG = {
  closed: "The document is closed; open it first.",
  itemInvalid: "The selected item is invalid.",
  unitInvalid: "The selected unit is invalid.",
  batchInvalid: "The selected batch is invalid.",
  cashAccountRequired: "The account field is required when money is paid.",
  paidTooMuch: "The paid amount may not be greater than the total.",
  roundedTooMuch: "The rounded discount may not be greater than the total.",
  salesmanRequired: "The salesman field is required.",
  salesmanInvalid: "The selected salesman is invalid.",
  customerInvalid: "The selected customer is invalid.",
  notComplete: "Only a complete sale can do this.",
  walkInPaysAll: "The walk-in customer pays the whole total; choose a named customer to leave an amount on account.",
  walkInNoBalance: "The walk-in customer carries no balance; choose a named customer.",
} as const;

/**
 * The customer's allowed debit amount passed (SPEC §3): the limit and the balance, in the system
 * currency, as the screen shows them.
 */
export const creditLimitMessage = (limit: string, balance: string, after: string) =>
  `The customer's allowed debit amount is ${limit}; the balance is ${balance} and this sale would make it ${after}.`;

/**
 * Overdue invoices of a customer, warned at sale time (not refused): the amount in the system
 * currency with thousands separators, the words in their singular or plural (the screens show
 * each language's own plural forms).
 */
export const overdueMessage = (count: number, amount: string, days: number) =>
  `The customer has ${count} overdue ${count === 1 ? "invoice" : "invoices"} of ${groupThousands(amount)} in all, the oldest ${days} ${days === 1 ? "day" : "days"} old.`;

const groupThousands = (amount: string) => {
  const [int = "0", frac] = amount.split(".");
  const sign = int.startsWith("-") ? "-" : "";
  const grouped = int.replace(/^-/, "").replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  return `${sign}${grouped}${frac ? `.${frac}` : ""}`;
};

const zId = (message: string) =>
  z
    .unknown()
    .refine((v) => v !== undefined && v !== null && v !== "", { message, abort: true })
    .pipe(z.coerce.number({ error: message }).refine((n) => Number.isInteger(n) && n > 0 && n <= 2_147_483_647, { message }));
const optId = z.preprocess(
  (v) => (v === "" ? null : v),
  z.coerce
    .number()
    .refine((n) => Number.isInteger(n) && n > 0 && n <= 2_147_483_647, { message: MSG.idInvalid })
    .optional()
    .nullable(),
);
const zQty = zDecimal({ scale: 4, min: 0 });
const zMoney = zDecimal({ scale: 3, min: 0 });
const optMoney = z.preprocess((v) => (v === "" ? null : v), zMoney.optional().nullable());
const optText = (max: number) => z.string().trim().max(max, `may not be greater than ${max} characters`).optional().nullable();
const zTime = z.preprocess(
  (v) => (v === "" ? null : v),
  z
    .string()
    .trim()
    .regex(/^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/, "must be a time in the format hh:mm")
    .optional()
    .nullable(),
);
const zDiscountKind = z.enum(DISCOUNT_TYPES, { error: "The selected discount type is invalid." });

export const ZSaleLine = z
  .object({
    item_fk: zId(SALE_MSG.itemInvalid),
    unit_fk: zId(SALE_MSG.unitInvalid),
    quantity: zQty.refine((v) => Number(v) > 0, "must be greater than 0"),
    /** Honoured only when the item's sale price is editable or the user holds the Discount permission. */
    unit_price: optMoney,
    discount_type: zDiscountKind.optional().nullable(),
    discount: optMoney,
    batch_no: optText(64),
    description: optText(500),
  })
  .refine((l) => l.discount_type !== "percent" || Number(l.discount ?? 0) <= 100, {
    path: ["discount"],
    message: "must be between 0 and 100",
  });
export type SaleLineInput = z.output<typeof ZSaleLine>;

export const ZSale = z
  .object({
    date: zDocDate.optional().nullable(),
    time: zTime,
    consumer_fk: optId,
    inventory_fk: zId(MSG.mustHaveDefaultInventory),
    currency_id: zCurrencyId,
    /** The in-rate (IQD per 1 USD); the one in force at the date when absent. */
    rate: zRate.optional().nullable(),
    /** The rate is meant although far from the one in force (`rateJump`). */
    confirmed: zConfirmed,
    salesman_fk: optId,
    discount_type: z.enum(SALE_DISCOUNT_TYPES, { error: "The selected discount type is invalid." }).default("item"),
    invoice_discount_type: zDiscountKind.default("amount"),
    invoice_discount: optMoney,
    rounded_discount: optMoney,
    payment_type: z.enum(PAYMENT_TYPES, { error: "The selected payment type is invalid." }),
    account_fk: optId,
    /** Paid now into the cash account, in the sale's currency; a Cash sale is paid in full when absent. */
    paid_amount: optMoney,
    /** What the customer handed over (the change is what it exceeds the paid amount by). */
    received_amount: optMoney,
    customer_mobile: optText(50),
    customer_address: optText(255),
    note: zNote.optional().nullable(),
    lines: z.array(ZSaleLine).min(1, "Add at least one line.").max(2000),
  })
  .refine((s) => s.invoice_discount_type !== "percent" || Number(s.invoice_discount ?? 0) <= 100, {
    path: ["invoice_discount"],
    message: "must be between 0 and 100",
  })
  .refine((s) => s.payment_type !== "Cash" || !!s.account_fk, { path: ["account_fk"], message: SALE_MSG.cashAccountRequired });
export type SaleInput = z.output<typeof ZSale>;

const zDec = z.string();
const zNullDec = z.string().nullable();

/** A price step of a line as the price function gave it (why a price is what it is). */
export const ZSaleStep = z.object({
  step: z.string(),
  amount: zDec,
  change: zDec,
  unit_price: zDec.optional(),
  percent: zDec.optional(),
  profile_id: z.number().int().optional(),
  profile_name: z.string().optional(),
  apply_on: z.string().optional(),
  promotion_id: z.number().int().optional(),
  title: z.string().optional(),
  reward_type: z.string().optional(),
  free_quantity: zDec.optional(),
  discount_type: z.string().optional(),
  skipped: z.string().optional(),
  manual: z.boolean().optional(),
});

export const ZSaleLineShown = z.object({
  line_id: z.number().int(),
  sale_fk: z.number().int(),
  item_fk: z.number().int(),
  unit_fk: z.number().int(),
  /** The item unit the line sells (the price function's key). */
  item_unit_id: z.number().int().nullable(),
  unit_base_qty: zDec,
  quantity: zDec,
  free_quantity: zDec,
  sale_price: zDec,
  unit_price: zDec,
  discount_type: z.string().nullable(),
  discount: zDec,
  discount_amount: zDec,
  promotion_fk: z.number().int().nullable(),
  promotion_title: z.string().nullable(),
  tax_amount: zDec,
  line_total: zDec,
  unit_cost: zDec,
  batch_no: z.string().nullable(),
  expire_date: z.string().nullable(),
  description: z.string().nullable(),
  steps: z.array(ZSaleStep),
  position: z.number().int(),
  item_name: z.string(),
  item_code: z.string().nullable(),
  unit_name: z.string(),
  /** Sold less what complete returns took back (sale returns fill it in). */
  returned_quantity: zDec,
});

export const ZSalePaymentShown = z.object({
  payment_id: z.number().int(),
  sale_fk: z.number().int(),
  account_fk: z.number().int(),
  account_name: z.string(),
  currency_id: z.number().int(),
  rate: zDec,
  amount: zDec,
  method: z.string(),
});

export const ZSaleShown = z.object({
  id: z.number().int(),
  number: z.string().nullable(),
  kind: z.enum(SALE_KINDS),
  outlet_fk: z.number().int().nullable(),
  consumer_fk: z.number().int(),
  consumer_name: z.string(),
  salesman_fk: z.number().int().nullable(),
  salesman_name: z.string().nullable(),
  date: z.string(),
  inventory_fk: z.number().int(),
  inventory_name: z.string(),
  currency_id: z.number().int(),
  currency_name: z.string(),
  rate: zDec,
  discount_type: z.enum(SALE_DISCOUNT_TYPES),
  invoice_discount_type: z.string(),
  invoice_discount: zDec,
  discount_amount: zDec,
  rounded_discount: zDec,
  tax_amount: zDec,
  gross: zDec,
  subtotal: zDec,
  total: zDec,
  paid_amount: zDec,
  received_amount: zNullDec,
  remaining: zDec,
  payment_type: z.enum(PAYMENT_TYPES),
  account_fk: z.number().int().nullable(),
  account_name: z.string().nullable(),
  payment_status: z.string(),
  status: z.string(),
  is_closed: z.boolean(),
  cost_total: zDec,
  commission_base: zDec,
  commission: zDec,
  customer_mobile: z.string().nullable(),
  customer_address: z.string().nullable(),
  note: z.string().nullable(),
  created_by: z.number().int().nullable(),
  created_by_name: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  lines: z.array(ZSaleLineShown),
  payments: z.array(ZSalePaymentShown),
  /** The customer's credit as it stands: limit (none: no limit) and balance, system currency. */
  /** The balance is null to a user without customers/balance_view. */
  customer_credit: z.object({ limit: zNullDec, balance: zNullDec }),
  /** Warnings the screen shows (overdue invoices); nothing is refused for them. */
  warnings: z.array(z.string()),
});
export type SaleShown = z.output<typeof ZSaleShown>;
