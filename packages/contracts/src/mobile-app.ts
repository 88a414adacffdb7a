import { z } from "zod";
import { zBoolish, zDecimal, zIntInput } from "./common.js";
import { zPhone } from "./text-schemas.js";

/*
 * The mobile app's settings screens (SPEC /settings/mobile-app/*): order cancellation messages,
 * the home screen's sections and sliders, the shop app's settings and the online customers.
 */

/** The texts these screens' refusals are in. */
export const MOBILE_MSG = {
  itemsRequired: "Choose at least one item.",
  filterRequired: "Choose at least one filter: a price, a category or a brand.",
  priceRange: "The end price must be greater than or equal to the start price.",
  imageRequired: "The image field is required.",
  repeated: "A row is named twice.",
  arrangementStale: "The list has changed since it was shown; reload it and arrange it again.",
  currencyRequired: "Choose at least one currency.",
  cityRepeated: "A city is named twice.",
  alreadyBlocked: "The customer is already blocked.",
  notBlocked: "The customer is not blocked.",
  noMobile: "The customer has no mobile number to sign in with.",
  alreadyInApp: "The customer already uses the app.",
} as const;

const required = (field: string) => `The ${field.replace(/_/g, " ")} field is required.`;
const text = (field: string, max: number) =>
  z
    .string({ error: required(field) })
    .trim()
    .min(1, required(field))
    .max(max, `may not be greater than ${max} characters`);
const optText = (max: number) => z.string().trim().max(max, `may not be greater than ${max} characters`).optional().nullable();
const id = z.coerce.number({ error: "must be an integer" }).int("must be an integer").positive("must be at least 1");
const optId = z.preprocess((v) => (v === "" ? null : v), id.optional().nullable());
const optPrice = z.preprocess((v) => (v === "" ? null : v), zDecimal({ scale: 3, min: 0 }).optional().nullable());

export const ZCancellationMessage = z.object({
  message: text("message", 191),
  active: zBoolish.optional(),
});
export type CancellationMessage = z.output<typeof ZCancellationMessage>;

/** A new order of a list's rows: their ids, first to last. */
export const ZArrangement = z.object({
  ids: z
    .array(id, { error: required("ids") })
    .min(1, required("ids"))
    .max(1000, "may not have more than 1000 items")
    .refine((ids) => new Set(ids).size === ids.length, MOBILE_MSG.repeated),
});
export type Arrangement = z.output<typeof ZArrangement>;

export const MOBILE_SECTION_KINDS = ["section", "slider"] as const;
export const MOBILE_SECTION_SOURCES = ["items", "filters"] as const;

export const ZMobileSection = z
  .object({
    kind: z.enum(MOBILE_SECTION_KINDS, { error: "must be section or slider" }).default("section"),
    title: text("title", 100),
    description: optText(500),
    /** items: the items named in item_ids, in that order; filters: the items the filters find. */
    source: z.enum(MOBILE_SECTION_SOURCES, { error: "must be items or filters" }).default("items"),
    item_ids: z.array(id).max(100, "may not have more than 100 items").default([]),
    start_price: optPrice,
    end_price: optPrice,
    category_fk: optId,
    brand_fk: optId,
    /** A slider's picture: a name `POST /api/images` gave. */
    image: optText(100),
    active: zBoolish.optional(),
  })
  .superRefine((v, ctx) => {
    if (new Set(v.item_ids).size !== v.item_ids.length) ctx.addIssue({ code: "custom", path: ["item_ids"], message: MOBILE_MSG.repeated });
    if (v.source === "items" && v.item_ids.length === 0)
      ctx.addIssue({ code: "custom", path: ["item_ids"], message: MOBILE_MSG.itemsRequired });
    if (v.source === "filters" && v.start_price == null && v.end_price == null && v.category_fk == null && v.brand_fk == null)
      ctx.addIssue({ code: "custom", path: ["start_price"], message: MOBILE_MSG.filterRequired });
    if (v.start_price != null && v.end_price != null && Number(v.end_price) < Number(v.start_price))
      ctx.addIssue({ code: "custom", path: ["end_price"], message: MOBILE_MSG.priceRange });
    if (v.kind === "slider" && !v.image) ctx.addIssue({ code: "custom", path: ["image"], message: MOBILE_MSG.imageRequired });
  });
export type MobileSection = z.output<typeof ZMobileSection>;

/** A back-office customer given an account in the app, under their mobile number. */
export const ZOnlineCustomerAdd = z.object({
  consumer_id: z.coerce
    .number({ error: required("consumer_id") })
    .int()
    .positive(required("consumer_id")),
});
export type OnlineCustomerAdd = z.output<typeof ZOnlineCustomerAdd>;

export const DELIVERY_FEE_MODES = ["flat", "per_city"] as const;

export const ZMobileAppSettings = z
  .object({
    /** How long an online order waits to be confirmed, in minutes (system settings' own field). */
    online_order_accepted_minutes: zIntInput().pipe(z.number().min(1, "must be at least 1").max(10_080, "may not be greater than 10080")),
    /** Below this quantity an item shows as out of stock in the app (system settings' own field). */
    out_of_stock_min_qty: zDecimal({ scale: 4, min: 0 }),
    shop_open: zBoolish,
    min_order_amount: zDecimal({ scale: 3, min: 0 }),
    delivery_fee_mode: z.enum(DELIVERY_FEE_MODES, { error: "must be flat or per_city" }),
    /** The flat fee, or the fee of a city not in city_fees. */
    delivery_fee: zDecimal({ scale: 3, min: 0 }),
    city_fees: z
      .array(z.object({ city_fk: id, fee: zDecimal({ scale: 3, min: 0 }) }))
      .max(1000)
      .default([])
      .refine((rows) => new Set(rows.map((r) => r.city_fk)).size === rows.length, MOBILE_MSG.cityRepeated),
    currency_ids: z.array(id).min(1, MOBILE_MSG.currencyRequired).max(10),
    contact_phone: zPhone,
  })
  .partial({ city_fees: true });
export type MobileAppSettings = z.output<typeof ZMobileAppSettings>;
