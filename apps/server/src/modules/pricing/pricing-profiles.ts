import type { PricingProfileInput } from "@app/contracts";
import { eq, sql } from "drizzle-orm";
import type { Ctx } from "../../platform/context.js";
import type { ListModel } from "../../platform/list.js";
import { pricingProfiles } from "./pricing.tables.js";

export const pricingProfilesList: ListModel = {
  model: "pricing_profiles",
  from: sql`from pricing_profiles p left join users cb on cb.user_id = p.created_by left join users ub on ub.user_id = p.updated_by`,
  idColumn: "profile_id",
  defaultSort: "profile_id",
  dateColumn: sql`p.created_at`,
  amountColumn: sql`p.discount_percentage`,
  columns: {
    profile_id: { expr: sql`p.profile_id`, filter: "eq" },
    profile_name: { expr: sql`p.profile_name`, search: true, filter: "like" },
    discount_percentage: { expr: sql`p.discount_percentage` },
    apply_on: { expr: sql`p.apply_on`, filter: "eq" },
    discount_start_amount: { expr: sql`p.discount_start_amount` },
    discount_end_amount: { expr: sql`p.discount_end_amount` },
    is_active: { expr: sql`p.is_active`, filter: "bool" },
    customers_count: { expr: sql`(select count(*)::int from consumers c where c.pricing_profile_fk = p.profile_id)` },
    created_by_name: { expr: sql`cb.user_name` },
    updated_by_name: { expr: sql`ub.user_name` },
    created_at: { expr: sql`p.created_at` },
    updated_at: { expr: sql`p.updated_at` },
  },
};

export async function showPricingProfile(ctx: Ctx, id: number) {
  const [row] = await ctx.tx.select().from(pricingProfiles).where(eq(pricingProfiles.profile_id, id));
  return row;
}

const columns = (input: PricingProfileInput) => ({
  profile_name: input.profile_name,
  discount_percentage: input.discount_percentage,
  apply_on: input.apply_on,
  discount_start_amount: input.discount_start_amount ?? null,
  discount_end_amount: input.discount_end_amount ?? null,
  ...(input.is_active !== undefined ? { is_active: input.is_active } : {}),
});

export async function createPricingProfile(ctx: Ctx, input: PricingProfileInput) {
  const [row] = await ctx.tx
    .insert(pricingProfiles)
    .values({ ...columns(input), created_by: ctx.user?.user_id ?? null })
    .returning({ id: pricingProfiles.profile_id });
  return { id: row!.id };
}

export async function updatePricingProfile(ctx: Ctx, id: number, input: PricingProfileInput) {
  await ctx.tx
    .update(pricingProfiles)
    .set({ ...columns(input), updated_by: ctx.user?.user_id ?? null, updated_at: ctx.now })
    .where(eq(pricingProfiles.profile_id, id));
}

/** A profile that customers use is kept by the foreign key, which answers "in use". */
export async function deletePricingProfile(ctx: Ctx, id: number) {
  await ctx.tx.delete(pricingProfiles).where(eq(pricingProfiles.profile_id, id));
}
