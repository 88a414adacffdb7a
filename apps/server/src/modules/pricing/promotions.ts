import type { PromotionInput } from "@app/contracts";
import { eq, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.js";
import type { Ctx } from "../../platform/context.js";
import { unprocessable } from "../../platform/errors.js";
import type { ListModel } from "../../platform/list.js";
import type { PromotionRule } from "./price.js";
import { promotions } from "./promotions.tables.js";

const from = sql`from promotions p
  left join consumers c on c.consumer_id = p.customer_fk
  left join pricing_profiles pp on pp.profile_id = p.profile_fk
  left join categories cat on cat.category_id = p.category_fk
  left join brands b on b.brand_id = p.brand_fk
  left join items i on i.item_id = p.item_fk
  left join users cb on cb.user_id = p.created_by`;

export const promotionsList: ListModel = {
  model: "promotions",
  from,
  idColumn: "promotion_id",
  defaultSort: "promotion_id",
  dateColumn: sql`p.start_date::timestamptz`,
  amountColumn: sql`p.reward_value`,
  columns: {
    promotion_id: { expr: sql`p.promotion_id`, filter: "eq" },
    title: { expr: sql`p.title`, search: true, filter: "like", notNull: true },
    customer_rule: { expr: sql`p.customer_rule`, filter: "eq", notNull: true },
    customer_fk: { expr: sql`p.customer_fk`, filter: "eq" },
    customer_name: { expr: sql`c.consumer_name`, search: true },
    profile_fk: { expr: sql`p.profile_fk`, filter: "eq" },
    profile_name: { expr: sql`pp.profile_name` },
    product_rule: { expr: sql`p.product_rule`, filter: "eq", notNull: true },
    category_fk: { expr: sql`p.category_fk`, filter: "eq" },
    category_name: { expr: sql`cat.category_name` },
    brand_fk: { expr: sql`p.brand_fk`, filter: "eq" },
    brand_name: { expr: sql`b.brand_name` },
    item_fk: { expr: sql`p.item_fk`, filter: "eq" },
    item_name: { expr: sql`i.item_name`, search: true },
    amount_rule_type: { expr: sql`p.amount_rule_type`, filter: "eq", notNull: true },
    rule_value: { expr: sql`p.rule_value`, notNull: true },
    reward_type: { expr: sql`p.reward_type`, filter: "eq", notNull: true },
    reward_value: { expr: sql`p.reward_value`, notNull: true },
    start_date: { expr: sql`to_char(p.start_date, 'YYYY-MM-DD')`, sortExpr: sql`p.start_date`, notNull: true },
    end_date: { expr: sql`to_char(p.end_date, 'YYYY-MM-DD')`, sortExpr: sql`p.end_date`, notNull: true },
    is_active: { expr: sql`p.is_active`, filter: "bool", notNull: true },
    created_by_name: { expr: sql`cb.user_name` },
  },
};

export async function showPromotion(ctx: Ctx, id: number) {
  const r = await ctx.tx.execute<Record<string, unknown>>(sql`
    select p.promotion_id, p.title, p.customer_rule, p.customer_fk, c.consumer_name as customer_name, p.profile_fk,
           pp.profile_name, p.product_rule, p.category_fk, cat.category_name, p.brand_fk, b.brand_name, p.item_fk, i.item_name,
           p.amount_rule_type, p.rule_value, p.reward_type, p.reward_value,
           to_char(p.start_date, 'YYYY-MM-DD') as start_date, to_char(p.end_date, 'YYYY-MM-DD') as end_date, p.is_active
    ${from} where p.promotion_id = ${id}`);
  return r.rows[0];
}

/** Each target a rule names must exist (a customer, not a supplier), else SPEC's "selected ... is invalid". */
async function checkTargets(tx: DbOrTx, input: PromotionInput) {
  const r = await tx.execute<Record<string, boolean>>(sql`select
    ${input.customer_fk}::int is null or exists (select 1 from consumers where consumer_id = ${input.customer_fk} and kind = 'customer') as customer_fk,
    ${input.profile_fk}::int is null or exists (select 1 from pricing_profiles where profile_id = ${input.profile_fk}) as profile_fk,
    ${input.category_fk}::int is null or exists (select 1 from categories where category_id = ${input.category_fk}) as category_fk,
    ${input.brand_fk}::int is null or exists (select 1 from brands where brand_id = ${input.brand_fk}) as brand_fk,
    ${input.item_fk}::int is null or exists (select 1 from items where item_id = ${input.item_fk}) as item_fk`);
  const names = { customer_fk: "customer", profile_fk: "pricing list", category_fk: "category", brand_fk: "brand", item_fk: "item" };
  const errors: Record<string, string[]> = {};
  for (const [key, name] of Object.entries(names)) if (!r.rows[0]?.[key]) errors[key] = [`The selected ${name} is invalid.`];
  if (Object.keys(errors).length) throw unprocessable(errors);
}

const columns = (input: PromotionInput) => ({
  title: input.title,
  customer_rule: input.customer_rule,
  customer_fk: input.customer_fk,
  profile_fk: input.profile_fk,
  product_rule: input.product_rule,
  category_fk: input.category_fk,
  brand_fk: input.brand_fk,
  item_fk: input.item_fk,
  amount_rule_type: input.amount_rule_type,
  rule_value: input.rule_value,
  reward_type: input.reward_type,
  reward_value: input.reward_value,
  start_date: input.start_date,
  end_date: input.end_date,
  ...(input.is_active !== undefined ? { is_active: input.is_active } : {}),
});

export async function createPromotion(ctx: Ctx, input: PromotionInput) {
  await checkTargets(ctx.tx, input);
  const [row] = await ctx.tx
    .insert(promotions)
    .values({ ...columns(input), created_by: ctx.user?.user_id ?? null })
    .returning({ id: promotions.promotion_id });
  return { id: row!.id };
}

export async function updatePromotion(ctx: Ctx, id: number, input: PromotionInput) {
  await checkTargets(ctx.tx, input);
  await ctx.tx
    .update(promotions)
    .set({ ...columns(input), updated_by: ctx.user?.user_id ?? null, updated_at: ctx.now })
    .where(eq(promotions.promotion_id, id));
}

export async function deletePromotion(ctx: Ctx, id: number) {
  await ctx.tx.delete(promotions).where(eq(promotions.promotion_id, id));
}

/** SPEC's promotion reference: `section_id` and `title` of the active promotions, newest first. */
export async function promotionDropdown(db: DbOrTx) {
  const r = await db.execute<{ section_id: number; promotion_id: number; title: string }>(sql`
    select promotion_id as section_id, promotion_id, title from promotions where is_active order by start_date desc, promotion_id desc`);
  return r.rows;
}

/** The promotions the price function considers on a business day: active, and the day within their dates. */
export async function activePromotions(db: DbOrTx, day: string): Promise<PromotionRule[]> {
  const r = await db.execute<PromotionRule & Record<string, unknown>>(promotionsSql(day));
  return r.rows;
}

export const promotionsSql = (day: string) => sql`
    select promotion_id, title, customer_rule, customer_fk, profile_fk, product_rule, category_fk, brand_fk, item_fk,
           amount_rule_type, rule_value, reward_type, reward_value
      from promotions where is_active and ${day}::date between start_date and end_date order by promotion_id`;
