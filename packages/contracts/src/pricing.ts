import Decimal from "decimal.js";
import { z } from "zod";
import { present, zAmountAtLeast0 } from "./accounting.js";
import { zBoolish, zDecimal } from "./common.js";
import { MSG } from "./messages.js";

/** Promotion rules (SPEC §3): who, what, from how much, and the reward. */
export const PROMO_CUSTOMER_RULES = ["all", "customer", "profile"] as const;
export const PROMO_PRODUCT_RULES = ["all", "category", "brand", "item"] as const;
export const PROMO_AMOUNT_RULE_TYPES = ["none", "quantity", "amount"] as const;
export const PROMO_REWARD_TYPES = ["get_free", "get_discount", "get_amount"] as const;

const required = (field: string) => `The ${field} field is required.`;
const oneOf = <T extends readonly [string, ...string[]]>(values: T, field: string) =>
  present(z.enum(values, { error: `The selected ${field} is invalid.` }), required(field));
/** An optional id: empty is none. */
const optFk = z.preprocess(
  (v) => (v === "" || v === undefined ? null : v),
  z.coerce
    .number({ error: "must be an integer" })
    .refine((n) => Number.isInteger(n) && n > 0 && n <= 2_147_483_647, MSG.idInvalid)
    .nullable(),
);
/** Rule and reward values: numeric, at most 2 decimals, 0 or more (SPEC §5). */
const zValue = zAmountAtLeast0;
const zDay = z
  .string({ error: "must be a date in the format YYYY-MM-DD" })
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { message: "must be a date in the format YYYY-MM-DD", abort: true })
  .refine((v) => {
    const d = new Date(`${v}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
  }, "must be a valid date");

/** The target each rule names must be given. */
const TARGETS = {
  customer: ["customer_rule", "customer", "customer_fk", "customer"],
  profile: ["customer_rule", "profile", "profile_fk", "pricing list"],
  category: ["product_rule", "category", "category_fk", "category"],
  brand: ["product_rule", "brand", "brand_fk", "brand"],
  item: ["product_rule", "item", "item_fk", "item"],
} as const;

export const ZPromotion = z
  .object({
    title: present(z.string().trim().min(1, required("title")).max(100, "may not be greater than 100 characters"), required("title")),
    customer_rule: oneOf(PROMO_CUSTOMER_RULES, "customer rule"),
    customer_fk: optFk,
    profile_fk: optFk,
    product_rule: oneOf(PROMO_PRODUCT_RULES, "product rule"),
    category_fk: optFk,
    brand_fk: optFk,
    item_fk: optFk,
    amount_rule_type: oneOf(PROMO_AMOUNT_RULE_TYPES, "amount rule type"),
    rule_value: z.preprocess((v) => (v === "" || v === undefined || v === null ? "0" : v), zValue),
    reward_type: oneOf(PROMO_REWARD_TYPES, "reward type"),
    reward_value: present(zValue, required("reward value")),
    start_date: present(zDay, required("start date")),
    end_date: present(zDay, required("end date")),
    is_active: zBoolish.optional(),
  })
  .superRefine((p, ctx) => {
    for (const [rule, value, fk, field] of Object.values(TARGETS)) {
      if (p[rule] === value && p[fk] == null) ctx.addIssue({ code: "custom", path: [fk], message: required(field) });
    }
    if (p.amount_rule_type !== "none" && new Decimal(p.rule_value).lte(0)) {
      ctx.addIssue({ code: "custom", path: ["rule_value"], message: "must be greater than 0" });
    }
    if (p.reward_type === "get_discount" && new Decimal(p.reward_value).gt(100)) {
      ctx.addIssue({ code: "custom", path: ["reward_value"], message: "must be between 0 and 100" });
    }
    if (p.end_date < p.start_date) ctx.addIssue({ code: "custom", path: ["end_date"], message: MSG.endDateAfterStart });
  })
  // A rule keeps only the target it names.
  .transform((p) => ({
    ...p,
    customer_fk: p.customer_rule === "customer" ? p.customer_fk : null,
    profile_fk: p.customer_rule === "profile" ? p.profile_fk : null,
    category_fk: p.product_rule === "category" ? p.category_fk : null,
    brand_fk: p.product_rule === "brand" ? p.brand_fk : null,
    item_fk: p.product_rule === "item" ? p.item_fk : null,
  }));
export type PromotionInput = z.output<typeof ZPromotion>;

/** Bulk sale price changes (SPEC §3 "Item pricing"). */
export const ITEM_PRICING_APPLY_ON = ["all", "category", "brand", "made_in", "item"] as const;
export const ITEM_PRICING_AMOUNT_TYPES = ["amount", "percent"] as const;
export const ITEM_PRICING_DIRECTIONS = ["up", "down"] as const;

const PRICING_TARGETS = {
  category: ["category_fk", "category"],
  brand: ["brand_fk", "brand"],
  made_in: ["made_in_fk", "made in"],
  item: ["item_fk", "item"],
} as const;

export const ZItemPricing = z
  .object({
    apply_on: oneOf(ITEM_PRICING_APPLY_ON, "apply on"),
    category_fk: optFk,
    brand_fk: optFk,
    made_in_fk: optFk,
    item_fk: optFk,
    amount_type: oneOf(ITEM_PRICING_AMOUNT_TYPES, "amount type"),
    amount: present(zValue, required("amount")),
    direction: oneOf(ITEM_PRICING_DIRECTIONS, "up or down"),
  })
  .superRefine((p, ctx) => {
    if (p.apply_on !== "all") {
      const [fk, field] = PRICING_TARGETS[p.apply_on];
      if (p[fk] == null) ctx.addIssue({ code: "custom", path: [fk], message: required(field) });
    }
    if (new Decimal(p.amount).lte(0)) ctx.addIssue({ code: "custom", path: ["amount"], message: "must be greater than 0" });
    if (p.amount_type === "percent" && p.direction === "down" && new Decimal(p.amount).gt(100)) {
      ctx.addIssue({ code: "custom", path: ["amount"], message: "must be between 0 and 100" });
    }
  })
  .transform((p) => ({
    ...p,
    category_fk: p.apply_on === "category" ? p.category_fk : null,
    brand_fk: p.apply_on === "brand" ? p.brand_fk : null,
    made_in_fk: p.apply_on === "made_in" ? p.made_in_fk : null,
    item_fk: p.apply_on === "item" ? p.item_fk : null,
  }));
export type ItemPricingInput = z.output<typeof ZItemPricing>;

const zDiscount = z
  .object({
    type: z.enum(["amount", "percent"], { error: "The selected discount type is invalid." }),
    value: zValue,
  })
  .nullable()
  .optional();

/** A price asked for some lines of a sale, quotation or POS ticket. */
export const ZPriceQuote = z.object({
  customer_id: optFk,
  currency_id: z.coerce
    .number({ error: "The currency field is required." })
    .refine((n) => n === 1 || n === 2, { message: "The currency must be IQD (1) or USD (2)." })
    .optional(),
  rate: zDecimal({ scale: 4, min: 0 })
    .refine((v) => Number(v) > 0, "must be greater than 0")
    .nullable()
    .optional(),
  date: zDay.optional(),
  lines: z
    .array(
      z.object({
        item_unit_id: present(
          z.coerce.number({ error: MSG.idInvalid }).refine((n) => Number.isInteger(n) && n > 0 && n <= 2_147_483_647, MSG.idInvalid),
          required("unit"),
        ),
        quantity: present(
          zDecimal({ scale: 4, min: 0 }).refine((v) => Number(v) > 0, "must be greater than 0"),
          required("quantity"),
        ),
        discount: zDiscount,
        /** A unit price set by hand (document currency); honoured on an editable item or with the Discount permission. */
        unit_price: z.preprocess((v) => (v === "" ? null : v), zDecimal({ scale: 3, min: 0 }).nullable().optional()),
      }),
      { error: "must be a list" },
    )
    .min(1, "must have at least 1 items")
    .max(500, "may not have more than 500 items"),
  invoice_discount: zDiscount,
});
export type PriceQuoteInput = z.output<typeof ZPriceQuote>;
