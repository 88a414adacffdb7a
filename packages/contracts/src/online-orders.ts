import { z } from "zod";
import { zDecimal } from "./common.js";
import { ONLINE_ORDER_STATUSES } from "./enums.js";
import { MOBILE_INVALID, normalizeMobile } from "./text.js";

/**
 * The shop API the mobile app calls (`/api/shop/v1/...`): a customer signs in with their mobile
 * number and a one-time code, keeps addresses, browses the items shown online, quotes a cart,
 * places orders (pending until the shop confirms them) and cancels a pending one within the
 * setting "online order accepted time in minutes".
 */

export type OnlineOrderStatus = (typeof ONLINE_ORDER_STATUSES)[number];

export const SHOP_MSG = {
  codeInvalid: "The code is wrong or has expired.",
  codeAttempts: "Too many wrong codes; ask for a new one.",
  signInRequired: "Sign in to continue.",
  blocked: "This account is blocked.",
  cityInvalid: "The selected city is invalid.",
  addressInvalid: "The selected address is invalid.",
  addressRequired: "Add a delivery address first.",
  itemInvalid: "The selected item is invalid.",
  unitInvalid: "The selected unit is invalid.",
  itemUnavailable: "The item is not available now.",
  notEnough: "Only :qty left of this item.",
  cartEmpty: "Add at least one item.",
  orderNotFound: "The order was not found.",
  notCancellable: "The order can no longer be cancelled.",
  reasonRequired: "Choose a cancellation reason.",
  reasonTextRequired: "Write the reason when the reason is Other.",
  reasonInvalid: "The selected cancellation reason is invalid.",
  expiredReason: "The shop did not confirm the order in time.",
  shopClosed: "The shop is not taking orders now.",
  belowMinimum: "The order is below the shop's smallest order amount.",
} as const;

/** How long a sign-in code lives and how many wrong tries it takes. */
export const SHOP_CODE_TTL_SECONDS = 300;
export const SHOP_CODE_ATTEMPTS = 5;
export const SHOP_CODE_DIGITS = 6;
/** How long an app's sign-in lasts. */
export const SHOP_TOKEN_TTL_DAYS = 90;

/** A mobile number, required, in its one stored form. */
export const zShopMobile = z
  .string({ error: MOBILE_INVALID })
  .trim()
  .max(50, MOBILE_INVALID)
  .transform((v, c) => {
    const m = normalizeMobile(v);
    if (!m) {
      c.addIssue({ code: "custom", message: MOBILE_INVALID });
      return z.NEVER;
    }
    return m;
  });

const zPositiveId = (message: string) =>
  z
    .unknown()
    .refine((v) => v !== undefined && v !== null && v !== "", { message, abort: true })
    .pipe(z.coerce.number({ error: message }).refine((n) => Number.isInteger(n) && n > 0 && n <= 2_147_483_647, { message }));

const optText = (max: number) => z.string().trim().max(max, `may not be greater than ${max} characters`).optional().nullable();

export const ZShopRequestCode = z.object({ mobile: zShopMobile });
export const ZShopVerifyCode = z.object({
  mobile: zShopMobile,
  code: z
    .string({ error: SHOP_MSG.codeInvalid })
    .trim()
    .regex(/^\d{4,8}$/, SHOP_MSG.codeInvalid),
  /** The device to register with the sign-in, if the app has its push token already. */
  device: z
    .object({
      push_token: z.string().trim().min(1).max(500),
      platform: z.enum(["android", "ios"]),
      app_version: optText(50),
    })
    .optional(),
});

export const ZShopSession = z.object({
  access_token: z.string(),
  expires_at: z.string(),
  customer: z.object({ customer_id: z.number(), mobile: z.string(), name: z.string().nullable() }),
});

export const ZShopProfile = z.object({
  customer_id: z.number(),
  mobile: z.string(),
  name: z.string().nullable(),
  created_at: z.string(),
});
export const ZShopProfileUpdate = z.object({
  name: z.string().trim().min(1, "The name field is required.").max(100, "may not be greater than 100 characters"),
});

const zLat = zDecimal({ scale: 6, allowNegative: true }).refine((v) => Math.abs(Number(v)) <= 90, "must be between -90 and 90");
const zLng = zDecimal({ scale: 6, allowNegative: true }).refine((v) => Math.abs(Number(v)) <= 180, "must be between -180 and 180");

export const ZShopAddressInput = z
  .object({
    city_id: zPositiveId(SHOP_MSG.cityInvalid),
    landmark: z
      .string({ error: "The landmark field is required." })
      .trim()
      .min(1, "The landmark field is required.")
      .max(200, "may not be greater than 200 characters"),
    street: optText(200),
    lat: zLat.optional().nullable(),
    lng: zLng.optional().nullable(),
    is_default: z.boolean().optional(),
  })
  .superRefine((v, c) => {
    // A pin is both coordinates or none.
    if ((v.lat == null) !== (v.lng == null))
      c.addIssue({ code: "custom", path: [v.lat == null ? "lat" : "lng"], message: "Give both coordinates of the pin, or neither." });
  });

export const ZShopAddress = z.object({
  address_id: z.number(),
  city_id: z.number(),
  city_name: z.string(),
  landmark: z.string(),
  street: z.string().nullable(),
  lat: z.string().nullable(),
  lng: z.string().nullable(),
  is_default: z.boolean(),
});

export const ZShopDevice = z.object({
  push_token: z.string().trim().min(1, "The push token field is required.").max(500),
  platform: z.enum(["android", "ios"]),
  app_version: optText(50),
});

/** One line of a cart: an item in one of its units (the item's base unit when none is named). */
export const ZShopCartLine = z.object({
  item_id: zPositiveId(SHOP_MSG.itemInvalid),
  unit_id: zPositiveId(SHOP_MSG.unitInvalid).optional().nullable(),
  quantity: zDecimal({ scale: 4, min: 0 }).refine((v) => Number(v) > 0, "must be greater than 0"),
});
export const ZShopCart = z.object({
  lines: z.array(ZShopCartLine, { error: SHOP_MSG.cartEmpty }).min(1, SHOP_MSG.cartEmpty).max(100),
});
export const ZShopPlaceOrder = ZShopCart.extend({
  address_id: zPositiveId(SHOP_MSG.addressInvalid),
  note: optText(500),
});

export const ZShopQuoteLine = z.object({
  item_id: z.number(),
  item_name: z.string(),
  unit_id: z.number(),
  unit_name: z.string(),
  quantity: z.string(),
  unit_price: z.string(),
  net_price: z.string(),
  line_total: z.string(),
  /** Whether the quantity can be ordered now. */
  available: z.boolean(),
  /** Why not, when it cannot. */
  message: z.string().nullable(),
});
export const ZShopQuote = z.object({
  currency_id: z.number(),
  lines: z.array(ZShopQuoteLine),
  gross: z.string(),
  discount_amount: z.string(),
  total: z.string(),
  /** Every line can be ordered. */
  orderable: z.boolean(),
});

/** Cancel my order: a cancellation message by id, or Other with the reason written. */
export const ZShopCancelOrder = z
  .object({
    message_id: zPositiveId(SHOP_MSG.reasonInvalid).optional().nullable(),
    other: z.boolean().optional(),
    reason: optText(500),
  })
  .superRefine((v, c) => {
    if (v.other) {
      if (!v.reason) c.addIssue({ code: "custom", path: ["reason"], message: SHOP_MSG.reasonTextRequired });
    } else if (v.message_id == null) c.addIssue({ code: "custom", path: ["message_id"], message: SHOP_MSG.reasonRequired });
  });

export const ZShopOrderEvent = z.object({
  action: z.string(),
  status: z.enum(ONLINE_ORDER_STATUSES),
  at: z.string(),
  by_customer: z.boolean(),
  note: z.string().nullable(),
});

export const ZShopOrderLine = z.object({
  item_id: z.number(),
  item_name: z.string(),
  unit_id: z.number(),
  unit_name: z.string(),
  quantity: z.string(),
  unit_price: z.string(),
  net_price: z.string(),
  line_total: z.string(),
});

export const ZShopOrder = z.object({
  order_id: z.number(),
  order_no: z.string(),
  status: z.enum(ONLINE_ORDER_STATUSES),
  currency_id: z.number(),
  gross: z.string(),
  discount_amount: z.string(),
  total: z.string(),
  address: z.object({
    city_id: z.number(),
    city_name: z.string(),
    landmark: z.string(),
    street: z.string().nullable(),
    lat: z.string().nullable(),
    lng: z.string().nullable(),
  }),
  note: z.string().nullable(),
  ordered_at: z.string(),
  confirmed_at: z.string().nullable(),
  delivered_at: z.string().nullable(),
  cancelled_at: z.string().nullable(),
  cancel_reason: z.string().nullable(),
  /** Until when the customer may still cancel it (a pending order), else null. */
  cancellable_until: z.string().nullable(),
  lines: z.array(ZShopOrderLine),
  timeline: z.array(ZShopOrderEvent),
});
export type ShopOrder = z.infer<typeof ZShopOrder>;

export const ZShopOrderSummary = ZShopOrder.omit({ lines: true, timeline: true });
