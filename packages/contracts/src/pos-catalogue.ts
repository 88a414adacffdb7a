import { z } from "zod";

/**
 * What the POS screen keeps in the browser to sell without the server (`GET /api/pos/catalogue`):
 * items with their units, barcodes and sale prices, the active promotions, the pricing profiles and
 * the customers. Paged by `after` (the last item id of the previous page) so 100,000 items arrive
 * in a few requests; incremental by `since` (the `at` of the last complete sync).
 */
export const POS_CATALOGUE_PAGE = 5000;

const zDec = z.string();

export const ZPosCatalogueQuery = z.object({
  since: z.iso.datetime({ offset: true }).optional(),
  after: z.coerce.number().int().min(0).optional(),
  limit: z.coerce.number().int().min(1).max(POS_CATALOGUE_PAGE).optional(),
});
export type PosCatalogueQuery = z.infer<typeof ZPosCatalogueQuery>;

export const ZPosUnit = z.object({
  item_unit_id: z.number().int(),
  unit_id: z.number().int(),
  unit_name: z.string(),
  /** Base units in one of this unit. */
  quantity: zDec,
  /** The unit's sale price in the system currency. */
  price: zDec,
  is_base: z.boolean(),
  is_default: z.boolean(),
  barcodes: z.array(z.string()),
});
export type PosUnit = z.infer<typeof ZPosUnit>;

export const ZPosItem = z.object({
  item_id: z.number().int(),
  item_name: z.string(),
  item_code: z.string().nullable(),
  /** The name folded as every search folds it (Arabic and Kurdish letters, digits, case). */
  search_name: z.string(),
  /** The item's category and every category above it (promotions on a parent reach it). */
  category_ids: z.array(z.number().int()),
  brand_id: z.number().int().nullable(),
  tax_percent: zDec.nullable(),
  sale_price_editable: z.boolean(),
  /** Barcodes of the item itself (not of one unit): they sell its default unit. */
  barcodes: z.array(z.string()),
  units: z.array(ZPosUnit),
});
export type PosItem = z.infer<typeof ZPosItem>;

export const ZPosPromotion = z.object({
  promotion_id: z.number().int(),
  title: z.string(),
  customer_rule: z.enum(["all", "customer", "profile"]),
  customer_fk: z.number().int().nullable(),
  profile_fk: z.number().int().nullable(),
  product_rule: z.enum(["all", "category", "brand", "item"]),
  category_fk: z.number().int().nullable(),
  brand_fk: z.number().int().nullable(),
  item_fk: z.number().int().nullable(),
  amount_rule_type: z.enum(["none", "quantity", "amount"]),
  rule_value: zDec,
  reward_type: z.enum(["get_free", "get_discount", "get_amount"]),
  reward_value: zDec,
  start_date: z.string(),
  end_date: z.string(),
});
export type PosPromotion = z.infer<typeof ZPosPromotion>;

export const ZPosProfile = z.object({
  profile_id: z.number().int(),
  profile_name: z.string(),
  discount_percentage: zDec,
  apply_on: z.enum(["sale_price", "cost"]),
  discount_start_amount: zDec.nullable(),
  discount_end_amount: zDec.nullable(),
});
export type PosProfile = z.infer<typeof ZPosProfile>;

export const ZPosCustomer = z.object({
  consumer_id: z.number().int(),
  consumer_name: z.string(),
  code: z.string().nullable(),
  mobile: z.string().nullable(),
  search_name: z.string(),
  pricing_profile_fk: z.number().int().nullable(),
  allowed_debit_amount: zDec.nullable(),
});
export type PosCustomer = z.infer<typeof ZPosCustomer>;

export const ZPosCatalogue = z.object({
  /** The server's clock when the sync began: the next sync's `since`. */
  at: z.string(),
  /** The `after` of the next page, or null on the last one. */
  next: z.number().int().nullable(),
  /** Whether this answer holds every item (no `since`): the client drops what it had. */
  full: z.boolean(),
  items: z.array(ZPosItem),
  /** Items deleted since `since` (first page only). */
  removed_item_ids: z.array(z.number().int()),
  /** First page only, complete every time: they are few. */
  promotions: z.array(ZPosPromotion).nullable(),
  profiles: z.array(ZPosProfile).nullable(),
  /** First page only: the customers changed since `since` (all of them without it). */
  customers: z.array(ZPosCustomer).nullable(),
  removed_customer_ids: z.array(z.number().int()),
});
export type PosCatalogue = z.infer<typeof ZPosCatalogue>;
