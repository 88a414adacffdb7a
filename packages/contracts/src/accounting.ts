import Decimal from "decimal.js";
import { z } from "zod";
import { zBoolish, zConfirmed, zDecimal, zNote } from "./common.js";
import { CURRENCY_IQD, CURRENCY_USD } from "./constants.js";
import { MSG } from "./messages.js";
import { digitsPreprocess, normalizeDigits } from "./text.js";
import { zMobile, zPhone } from "./text-schemas.js";

/** A number field left empty is no value. */
const digitsPreprocessOrEmpty = (v: unknown) => (v === "" ? null : digitsPreprocess(v));

/** A field that must be present, answering SPEC's own text when it is missing or empty. */
export const present = <T extends z.ZodType>(schema: T, message: string) =>
  z
    .unknown()
    .refine((v) => v !== undefined && v !== null && v !== "", { message, abort: true })
    .pipe(schema);
/** Ids from forms: "5" or 5. */
export const zFk = (required: string) =>
  present(
    z.coerce.number({ error: required }).refine((n) => Number.isInteger(n) && n > 0 && n <= 2_147_483_647, { message: required }),
    required,
  );
const optText = (max = 191) => z.string().trim().max(max, `may not be greater than ${max} characters`).optional().nullable();
export const zCurrencyId = z.coerce
  .number({ error: "The currency field is required." })
  .refine((n) => n === CURRENCY_IQD || n === CURRENCY_USD, { message: "The currency must be IQD (1) or USD (2)." });
/** A rate: IQD per 1 USD, more than 0, up to 4 decimals. */
export const zRate = zDecimal({ scale: 4, min: 0 }).refine((v) => Number(v) > 0, "must be greater than 0");
/** `YYYY-MM-DD` or `YYYY-MM-DD hh:mm[:ss]`. */
export const zDocDate = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}([ T]\d{2}:\d{2}(:\d{2})?)?$/, "must be a date in the format YYYY-MM-DD")
  .refine((v) => !Number.isNaN(Date.parse(`${v.slice(0, 10)}T00:00:00Z`)), "must be a valid date");
const zTime = present(
  z
    .string({ error: MSG.paymentTimeRequired })
    .trim()
    .regex(/^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/, "must be a time in the format hh:mm"),
  MSG.paymentTimeRequired,
);
const zRef = zNote.optional().nullable();

/** Cash types of SPEC §3: Cash 1, Bank 2, Remittance 3. */
export const ZCashAccount = z.object({
  account_name: z.string({ error: "The account name field is required." }).trim().min(1, "The account name field is required.").max(191),
  code: optText(50),
  cash_type: z.coerce.number().refine((n) => n === 1 || n === 2 || n === 3, "The cash type must be Cash 1, Bank 2 or Remittance 3."),
  currency_id: zCurrencyId,
  account_no: optText(100),
  bank_name: optText(),
  note: zRef,
});
export type CashAccount = z.output<typeof ZCashAccount>;

/** A transfer between two cash accounts; `amount` in the from-account's currency. */
export const ZCashTransaction = z
  .object({
    from_account_id: zFk("The from account field is required."),
    to_account_id: zFk("The to account field is required."),
    amount: zDecimal({ scale: 3, min: 0 }).refine((v) => Number(v) > 0, "must be greater than 0"),
    /** Current in/out rates; unset means the last rates. */
    rate_in: zRate.optional().nullable(),
    rate_out: zRate.optional().nullable(),
    /** The rate is meant although far from the one in force (`rateJump`). */
    confirmed: zConfirmed,
    /** The amount received in the to-account's currency; unset means converted at the rate, rounded to 3 decimals. */
    foreign_amount: zDecimal({ scale: 3, min: 0 }).optional().nullable(),
    date: zDocDate.optional().nullable(),
    note: zRef,
  })
  .refine((v) => v.from_account_id !== v.to_account_id, { path: ["to_account_id"], message: MSG.accountsMustDiffer });
export type CashTransactionInput = z.output<typeof ZCashTransaction>;

export const ZMoneyType = z.object({
  type_name: z.string({ error: "The type name field is required." }).trim().min(1, "The type name field is required.").max(191),
});
export type MoneyType = z.output<typeof ZMoneyType>;

/** An expense or an income: expenses take the out-rate, incomes the in-rate, unless a rate is given. */
export const ZMoneyDoc = z.object({
  type_id: zFk("The type field is required."),
  account_id: zFk("The account field is required."),
  currency_id: zCurrencyId,
  rate: zRate.optional().nullable(),
  /** The rate is meant although far from the one in force (`rateJump`). */
  confirmed: zConfirmed,
  amount: zDecimal({ scale: 3, min: 1 }),
  date: zDocDate.optional().nullable(),
  payment_time: zTime,
  reference_no: zRef,
  note: zRef,
  /** An image file (multipart); kept when absent on update, removed with an empty string. */
  attachment: z
    .unknown()
    .optional()
    .meta({ type: "string", format: "binary", description: "An image file part of a multipart form; an empty string removes it" }),
});
export type MoneyDocInput = z.output<typeof ZMoneyDoc>;

export const OVERDUE_TYPES = ["all", "custom"] as const;
export const BALANCE_STATUSES = ["positive", "negative"] as const;

export const ZConsumer = z.object({
  consumer_name: z.string({ error: "The name field is required." }).trim().min(1, "The name field is required.").max(191),
  code: optText(50).transform((v) => (v ? normalizeDigits(v) : v)),
  mobile: zMobile,
  office_phone: zPhone,
  address: optText(500),
  /** The city of the address (cities list). */
  city_fk: z.preprocess(digitsPreprocessOrEmpty, z.coerce.number().int().positive().optional().nullable()),
  note: zRef,
  allowed_debit_amount: zDecimal({ scale: 3, min: 0 }).optional().nullable(),
  pricing_profile_fk: z.coerce.number().int().positive().optional().nullable(),
  pending_amount: zDecimal({ scale: 3, min: 0 }).optional().nullable(),
  overdue_days: z.preprocess(digitsPreprocessOrEmpty, z.coerce.number().int().min(0).max(3650).optional().nullable()),
  overdue_type: z.enum(OVERDUE_TYPES).optional().nullable(),
  balance_status: z.enum(BALANCE_STATUSES).optional().nullable(),
  is_active: z.coerce.boolean().optional(),
});
export type ConsumerInput = z.output<typeof ZConsumer>;

/** A receipt from a customer (in-rate) or a payment to a supplier (out-rate). */
export const ZConsumerTransaction = z.object({
  consumer_id: zFk(MSG.chooseFromList),
  account_id: zFk("The account field is required."),
  currency_id: zCurrencyId,
  rate: zRate.optional().nullable(),
  /** The rate is meant although far from the one in force (`rateJump`). */
  confirmed: zConfirmed,
  amount: zDecimal({ scale: 3, min: 0 }).refine((v) => Number(v) > 0, "must be greater than 0"),
  date: zDocDate.optional().nullable(),
  note: zRef,
});
export type ConsumerTransactionInput = z.output<typeof ZConsumerTransaction>;

const zSigned = zDecimal({ scale: 3 });
/** Opening balances: cash accounts (in their currency), customers (owed to us) and suppliers (owed by us) per currency. */
export const ZOpeningBalance = z.object({
  date: zDocDate.optional().nullable(),
  /** The out-rate: cash accounts and suppliers. */
  rate: zRate.optional().nullable(),
  /** The in-rate: customers (SPEC §3). */
  in_rate: zRate.optional().nullable(),
  /** The rate is meant although far from the one in force (`rateJump`). */
  confirmed: zConfirmed,
  cashes: z
    .array(z.object({ account_id: zFk("The account field is required."), amount: zDecimal({ scale: 3, min: 0 }) }))
    .max(1000)
    .default([]),
  customers: z
    .array(z.object({ consumer_id: zFk(MSG.chooseFromList), currency_id: zCurrencyId, amount: zSigned }))
    .max(5000)
    .default([]),
  suppliers: z
    .array(z.object({ consumer_id: zFk(MSG.chooseFromList), currency_id: zCurrencyId, amount: zSigned }))
    .max(5000)
    .default([]),
});
export type OpeningBalanceInput = z.output<typeof ZOpeningBalance>;

/**
 * An exchange-rate revaluation: the chosen foreign-currency accounts restated at `rate` at the end
 * of `date`, the unrealized difference posted and reversed at the start of the next day.
 */
export const ZExchangeRevaluation = z.object({
  date: zDocDate,
  rate: zRate,
  /** The rate is meant although far from the one in force (`rateJump`). */
  confirmed: zConfirmed,
  account_ids: z.array(zFk("The account field is required.")).min(1, "The account field is required.").max(1000),
  note: zNote.optional().nullable(),
});
export type ExchangeRevaluationInput = z.output<typeof ZExchangeRevaluation>;

/**
 * What a pricing profile's percentage applies to: `sale_price`, the customer pays the item's sale
 * price less the percentage; `cost`, the customer pays the item's cost plus the percentage.
 */
export const PRICING_APPLY_ON = ["sale_price", "cost"] as const;
export type PricingApplyOn = (typeof PRICING_APPLY_ON)[number];

/** A percentage from 0 to 100 with at most 2 decimals, kept as a decimal string. */
const zPercentage = zDecimal({ scale: 2 }).refine(
  // A text that is not a number has its own message from zDecimal.
  (v) => !/^-?\d+(\.\d+)?$/.test(v) || (new Decimal(v).gte(0) && new Decimal(v).lte(100)),
  "must be between 0 and 100",
);

/** An amount of 0 or more with at most 2 decimals, one message for each way it can be wrong. */
export const zAmountAtLeast0 = zDecimal({ scale: 2 }).refine(
  // A text that is not a number has its own message from zDecimal.
  (v) => !/^-?\d+(\.\d+)?$/.test(v) || !v.startsWith("-"),
  "must be at least 0",
);
/** The same, or empty (none). */
export const zOptionalAmount = z.preprocess((v) => (v === "" ? null : v), zAmountAtLeast0.nullable().optional());

/** A customer price list (SPEC's "Pricing profile"). */
export const ZPricingProfile = z
  .object({
    profile_name: present(
      z.string().trim().min(1, "The profile name field is required.").max(100, "may not be greater than 100 characters"),
      "The profile name field is required.",
    ),
    discount_percentage: present(zPercentage, "The discount percentage field is required."),
    apply_on: present(z.enum(PRICING_APPLY_ON, { error: "The selected apply on is invalid." }), "The apply on field is required."),
    /** The profile applies to a line whose amount is from the start amount to the end amount (system currency). */
    discount_start_amount: zOptionalAmount,
    discount_end_amount: zOptionalAmount,
    is_active: zBoolish.optional(),
  })
  .refine(
    (p) =>
      p.discount_start_amount == null || p.discount_end_amount == null || new Decimal(p.discount_end_amount).gt(p.discount_start_amount),
    {
      path: ["discount_end_amount"],
      message: "The discount end amount must be greater than the discount start amount.",
    },
  );
export type PricingProfileInput = z.output<typeof ZPricingProfile>;
