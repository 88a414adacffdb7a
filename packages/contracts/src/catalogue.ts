import { z } from "zod";
import { zBoolish, zConfirmed, zDecimal } from "./common.js";
import { PASSWORD_MIN } from "./constants.js";
import { ACCOUNTING_OPTIONS, CASHIER_LOGIN_OPTIONS } from "./enums.js";
import { MSG } from "./messages.js";
import { normalizeDigits } from "./text.js";

/*
 * Catalogue (inventories, units, cities, brands, categories, items, item import) and settings
 * (currency rates, system configuration, shop profile, financial years).
 */

const required = (field: string) => `The ${field.replace(/_/g, " ")} field is required.`;
const name = (field: string, max = 191) =>
  z
    .string({ error: required(field) })
    .trim()
    .min(1, required(field))
    .max(max, `may not be greater than ${max} characters`);
const optText = (max = 191) => z.string().trim().max(max, `may not be greater than ${max} characters`).optional().nullable();
const optLong = optText(5000);
const optId = z.coerce.number().int().positive().optional().nullable();
const optInt = z.coerce
  .number({ error: "must be an integer" })
  .int("must be an integer")
  .min(0, "must be at least 0")
  .optional()
  .nullable();
const percent = zDecimal({ scale: 2, min: 0 }).refine((v) => Number(v) <= 100, "must be between 0 and 100");

/** EAN-13 check digit of the first 12 digits. */
export function ean13CheckDigit(first12: string): number {
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += Number(first12[i]) * (i % 2 === 0 ? 1 : 3);
  return (10 - (sum % 10)) % 10;
}

export function isValidEan13(code: string): boolean {
  return /^\d{13}$/.test(code) && ean13CheckDigit(code.slice(0, 12)) === Number(code[12]);
}

// ---------------------------------------------------------------- reference data

export const ZInventory = z.object({
  inventory_name: name("inventory_name", 100),
  outlet_fk: optId,
  is_active: zBoolish.optional(),
  description: optText(500),
});
export type Inventory = z.output<typeof ZInventory>;

export const ZUnit = z.object({ unit_name: name("unit_name", 100) });
export type Unit = z.output<typeof ZUnit>;

export const ZCity = z.object({ city_name: name("city_name", 100) });
export type City = z.output<typeof ZCity>;

export const ZBrand = z.object({
  brand_name: name("brand_name", 100),
  /** The country the brand is made in (countries/list). */
  brand_made_in: optId,
});
export type Brand = z.output<typeof ZBrand>;

export const ZCategory = z.object({
  category_name: name("category_name", 100),
  category_code: optText(50),
  parent_id: optId,
  is_active_online: zBoolish.optional(),
});
export type Category = z.output<typeof ZCategory>;

export const ZActivate = z.object({ is_active_online: zBoolish });

// ---------------------------------------------------------------- items

const barcode = z
  .string()
  .trim()
  .transform(normalizeDigits)
  .pipe(z.string().regex(/^[0-9A-Za-z-]{1,64}$/, "must be 1 to 64 letters or digits"));

export const ZItemUnit = z.object({
  /** Present for a unit the item already has; absent for a new one. */
  item_unit_id: z.coerce.number().int().positive().optional().nullable(),
  unit_fk: z.coerce
    .number({ error: required("unit") })
    .int()
    .positive(),
  /** How many base units this unit holds (1 for the base unit). */
  quantity: zDecimal({ scale: 4, min: 0 }).refine((v) => Number(v) > 0, "must be greater than 0"),
  /** Sale price of this unit in the system currency. */
  price: zDecimal({ scale: 2, min: 0 }),
  barcode: barcode
    .optional()
    .nullable()
    .or(z.literal("").transform(() => null)),
  is_base: zBoolish.optional(),
  is_default: zBoolish.optional(),
});
export type ItemUnitInput = z.output<typeof ZItemUnit>;

/** Multipart forms send arrays and objects as JSON text. */
const jsonField = <T extends z.ZodType>(schema: T, missing?: unknown) =>
  z.preprocess((v) => {
    if (v === undefined || v === null) return missing ?? v;
    if (typeof v !== "string") return v;
    try {
      return JSON.parse(v);
    } catch {
      return v;
    }
  }, schema);

const itemFields = {
  item_name: name("item_name"),
  item_code: optText(64),
  category_fk: optId,
  brand_fk: optId,
  made_in_fk: optId,
  scientific_name: optText(),
  direction_of_use: optLong,
  side_effect: optLong,
  shortage_alert: optInt,
  expire_alert: optInt,
  has_expire: zBoolish.optional(),
  has_batch_number: zBoolish.optional(),
  sale_price_editable: zBoolish.optional(),
  has_revenue_tax: zBoolish.optional(),
  revenue_tax_percent: percent.optional().nullable(),
  profit_percent: zDecimal({ scale: 2, min: 0 }).optional().nullable(),
  description: optLong,
  is_active_online: zBoolish.optional(),
  /** Stored image names (from /api/images) the item keeps. */
  images: jsonField(z.array(z.string().max(64)).max(10)).optional(),
  /** Extra barcodes of the item besides the units' barcodes. */
  barcodes: jsonField(z.array(barcode).max(50)).optional(),
  /** Adds a generated EAN-13 when the item would otherwise have no barcode. */
  generate_barcode: zBoolish.optional(),
};

export const ZItem = z.object({
  ...itemFields,
  // A missing list is an empty one, so the answer is SPEC's "at least one unit" text.
  item_units: jsonField(z.array(ZItemUnit, { error: MSG.atLeastOneUnit }).min(1, MSG.atLeastOneUnit), []),
});
export type ItemInput = z.output<typeof ZItem>;

/** The xlsx import columns of SPEC §3, in this order in the template. */
export const ITEM_IMPORT_COLUMNS = [
  "category",
  "sub_category",
  "item_type",
  "item_name",
  "brand",
  "sale_price_editable",
  "sale_price",
  "shortage_alert",
  "expire_alert",
  "barcode",
  "description",
  "direct_of_use",
  "base_unit",
  "packet_name",
  "packet_price",
  "packet_barcode",
  "base_unit_qty",
  "default_unit",
] as const;
export type ItemImportColumn = (typeof ITEM_IMPORT_COLUMNS)[number];

export interface ImportRowError {
  row: number;
  column: string;
  reason: string;
}

/** A barcode the import read in its zero-padded form (a spreadsheet had made it a number). */
export interface ImportRepair {
  row: number;
  column: string;
  value: string;
  read_as: string;
}

// ---------------------------------------------------------------- settings

const rate = zDecimal({ scale: 4, min: 0 }).refine((v) => Number(v) > 0, "must be greater than 0");

/** `confirmed`: the rate is meant although it is more than ten times, or under a tenth of, the rate before it (`rateJump`). */
export const ZCurrencyRate = z.object({ rate, in_rate: rate.optional(), confirmed: zConfirmed });

const rateDate = z
  .string({ error: required("date") })
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/, "The date does not match the format YYYY-MM-DD hh:mm:ss.");

export const ZPastRate = z.object({ rate, in_rate: rate.optional(), date: rateDate, confirmed: zConfirmed });
export type PastRate = z.output<typeof ZPastRate>;

/** A mistyped rate corrected: its figures and, optionally, the moment it took effect. */
export const ZRateUpdate = z.object({ rate, in_rate: rate.optional(), date: rateDate.optional(), confirmed: zConfirmed });
export type RateUpdate = z.output<typeof ZRateUpdate>;

const positiveId = (msg: string) =>
  z.preprocess((v) => (v === "" || v === null ? undefined : v), z.coerce.number({ error: msg }).int(msg).positive(msg));

/** The most decimals an IQD amount may show (the amount scale of SPEC §9). */
export const IQD_DECIMALS_MAX = 3;
const IQD_DECIMALS_MESSAGE = `must be between 0 and ${IQD_DECIMALS_MAX}`;

export const ZSystemSettings = z.object({
  currency_fk: z.coerce.number().int().min(1).max(2, "The selected currency fk is invalid.").optional(),
  default_inventory_fk: positiveId(MSG.mustHaveDefaultInventory),
  default_account_fk: positiveId(MSG.mustHaveDefaultAccount),
  cashier_login_option: z.enum(CASHIER_LOGIN_OPTIONS, { error: "must be Name or Code" }).optional(),
  accounting_option: z.enum(ACCOUNTING_OPTIONS, { error: "must be Together or Separated" }).optional(),
  allow_negative_stock: zBoolish.optional(),
  out_of_stock_min_qty: zDecimal({ scale: 4, min: 0 }).optional(),
  online_order_accepted_minutes: z.coerce.number().int("must be an integer").min(0, "must be at least 0").max(100_000).optional(),
  pagination_default: z.coerce.number().int("must be an integer").min(1).max(1000).optional(),
  pagination_options: z
    .string()
    .trim()
    .regex(/^\d{1,4}(,\d{1,4}){0,9}$/, "must be numbers separated by commas")
    .optional(),
  password_min_length: z.coerce
    .number()
    .int("must be an integer")
    .min(PASSWORD_MIN, `must be at least ${PASSWORD_MIN}`)
    .max(128, "may not be greater than 128")
    .optional(),
  two_factor_super_user: zBoolish.optional(),
  two_factor_role_ids: z
    .array(z.coerce.number({ error: MSG.twoFactorRoleInvalid }).int(MSG.twoFactorRoleInvalid).positive(MSG.twoFactorRoleInvalid), {
      error: MSG.twoFactorRoleInvalid,
    })
    .max(200)
    .optional(),
  /** Decimals IQD amounts show on screens and prints (display only; stored values keep theirs). */
  iqd_decimals: z.coerce
    .number({ error: IQD_DECIMALS_MESSAGE })
    .int("must be an integer")
    .min(0, IQD_DECIMALS_MESSAGE)
    .max(IQD_DECIMALS_MAX, IQD_DECIMALS_MESSAGE)
    .optional(),
});
export type SystemSettings = z.output<typeof ZSystemSettings>;

export const ZSystemProfile = z.object({
  shop_name: name("shop_name", 100),
  receipt_header: optText(1000),
  receipt_footer: optText(1000),
});

const ymd = (field: string) =>
  z
    .string({ error: required(field) })
    .regex(/^\d{4}-\d{2}-\d{2}$/, "must be a date in the format YYYY-MM-DD")
    .refine(
      (v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v),
      "must be a valid date",
    );

export const ZFinancialYear = z
  .object({
    name: name("name", 50),
    start_date: ymd("start_date"),
    /** The last day of the year, inclusive. */
    end_date: ymd("end_date"),
  })
  .refine((v) => v.end_date > v.start_date, { path: ["end_date"], message: MSG.endDateAfterStart });
export type FinancialYear = z.output<typeof ZFinancialYear>;
