import type { PricingApplyOn } from "@app/contracts";

/** The endpoint of pricing profiles and the permission section that manages them (the catalogue has none of their own). */
export const PRICING_EP = "pricing_profiles";
export const PRICING_SECTION = "item_pricings";

export interface PricingProfileRow {
  profile_id: number;
  profile_name: string;
  /** A decimal string, 0 to 100 with 2 decimals. */
  discount_percentage: string;
  apply_on: PricingApplyOn;
  /** The line amounts the profile applies between (system currency), or none. */
  discount_start_amount?: string | null;
  discount_end_amount?: string | null;
  is_active: boolean;
  customers_count?: number;
  created_at?: string;
}
