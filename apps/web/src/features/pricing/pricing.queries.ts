import type { ItemPricingInput } from "@app/contracts";
import { queryOptions } from "@tanstack/react-query";
import { api } from "../../shared/api/client";
import type { MessageBody } from "../../shared/api/types";

export const PROMOTIONS_EP = "promotions";
export const ITEM_PRICINGS_EP = "item_pricings";

export interface PromotionRow {
  promotion_id: number;
  title: string;
  customer_rule: "all" | "customer" | "profile";
  customer_fk: number | null;
  customer_name: string | null;
  profile_fk: number | null;
  profile_name: string | null;
  product_rule: "all" | "category" | "brand" | "item";
  category_fk: number | null;
  category_name: string | null;
  brand_fk: number | null;
  brand_name: string | null;
  item_fk: number | null;
  item_name: string | null;
  amount_rule_type: "none" | "quantity" | "amount";
  rule_value: string;
  reward_type: "get_free" | "get_discount" | "get_amount";
  reward_value: string;
  /** YYYY-MM-DD */
  start_date: string;
  end_date: string;
  is_active: boolean;
}

/** One sale price a bulk change would set (or did). */
export interface PriceChangeRow {
  item_unit_id: number;
  item_name: string;
  unit_name: string;
  old_price: string;
  new_price: string;
  below_zero?: boolean;
}

export interface ItemPricingRow {
  item_pricing_id: number;
  apply_on: ItemPricingInput["apply_on"];
  target_name: string | null;
  amount_type: ItemPricingInput["amount_type"];
  amount: string;
  direction: ItemPricingInput["direction"];
  changed_count: number;
  recalculated_by_name: string | null;
  recalculated_at: string;
}

export const pricingProfilesDropdown = queryOptions({
  queryKey: ["pricing_profiles", "dropdown", "pricing_profiles/list"],
  queryFn: async () => (await api<MessageBody<{ profile_id: number; profile_name: string }[]>>("pricing_profiles/list")).message,
  staleTime: 60_000,
});
