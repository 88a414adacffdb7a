import {
  POS_CATALOGUE_PAGE,
  type PosCatalogue,
  type PosCatalogueQuery,
  type PosCustomer,
  type PosItem,
  type PosProfile,
  type PosPromotion,
} from "@app/contracts";
import { sql } from "drizzle-orm";
import { fold } from "../../db/fold.js";
import { businessDay } from "../../platform/business-time.js";
import type { Ctx } from "../../platform/context.js";

/**
 * One page of items for the POS, in item id order, each with its units (sale price, barcodes) and
 * what the price function needs (category path, brand, tax). With `since`, only items changed after
 * it. One query a page; the units and barcodes are
 * aggregated by PostgreSQL so a page of 5,000 items is one round trip.
 */
async function itemsPage(ctx: Ctx, since: Date | null, after: number, limit: number): Promise<PosItem[]> {
  // Edits are marked on the item, also those of a unit's price alone (`markUnitsChanged`).
  const changed = since ? sql`and i.updated_at > ${since}` : sql``;
  const r = await ctx.tx.execute<PosItem>(sql`
    with recursive paths(start, category_id, parent_id) as (
      select category_id, category_id, parent_id from categories
      union all
      select paths.start, c.category_id, c.parent_id from categories c join paths on c.category_id = paths.parent_id
    ), category_paths as (select start, array_agg(category_id order by category_id) as ids from paths group by start)
    select i.item_id, i.item_name, i.item_code, ${fold(sql`i.item_name`)} as search_name,
           coalesce(cp.ids, '{}'::int[]) as category_ids, i.brand_fk as brand_id,
           case when i.has_revenue_tax then i.revenue_tax_percent::text end as tax_percent,
           i.sale_price_editable,
           coalesce((select array_agg(b.barcode order by b.id) from item_barcodes b
                      where b.item_fk = i.item_id and b.item_unit_fk is null), '{}'::text[]) as barcodes,
           coalesce((select json_agg(json_build_object(
                        'item_unit_id', iu.item_unit_id, 'unit_id', iu.unit_fk, 'unit_name', u.unit_name,
                        'quantity', iu.quantity::text, 'price', iu.price::text, 'is_base', iu.is_base,
                        'is_default', iu.is_default,
                        'barcodes', coalesce((select json_agg(b.barcode order by b.id) from item_barcodes b
                                               where b.item_unit_fk = iu.item_unit_id), '[]'::json))
                      order by iu.quantity, iu.item_unit_id)
                       from item_units iu join units u on u.unit_id = iu.unit_fk where iu.item_fk = i.item_id), '[]'::json) as units
      from items i left join category_paths cp on cp.start = i.category_fk
     where i.item_id > ${after} ${changed}
     order by i.item_id
     limit ${limit}`);
  return r.rows.map((row) => ({ ...row, category_ids: row.category_ids.map(Number) }));
}

/** Ids deleted since `since`, read from the audit log (a deleted row leaves nothing else behind). */
async function removedSince(ctx: Ctx, module: string, since: Date | null): Promise<number[]> {
  if (!since) return [];
  const r = await ctx.tx.execute<{ id: number }>(sql`
    select distinct record_id::int as id from audit_logs
     where module = ${module} and action = 'delete' and created_at > ${since} and record_id ~ '^[0-9]+$'`);
  return r.rows.map((x) => Number(x.id));
}

async function promotionsToday(ctx: Ctx): Promise<PosPromotion[]> {
  // From today on: a terminal that stays offline past midnight still knows tomorrow's promotions.
  const r = await ctx.tx.execute<PosPromotion>(sql`
    select promotion_id, title, customer_rule, customer_fk, profile_fk, product_rule, category_fk, brand_fk, item_fk,
           amount_rule_type, rule_value::text, reward_type, reward_value::text,
           to_char(start_date, 'YYYY-MM-DD') as start_date, to_char(end_date, 'YYYY-MM-DD') as end_date
      from promotions where is_active and end_date >= ${businessDay(ctx.now)}::date order by promotion_id`);
  return r.rows;
}

async function activeProfiles(ctx: Ctx): Promise<PosProfile[]> {
  const r = await ctx.tx.execute<PosProfile>(sql`
    select profile_id, profile_name, discount_percentage::text, apply_on, discount_start_amount::text, discount_end_amount::text
      from pricing_profiles where is_active order by profile_id`);
  return r.rows;
}

/** Active customers changed since `since`; one made inactive is reported as removed. */
async function customersSince(ctx: Ctx, since: Date | null): Promise<{ rows: PosCustomer[]; inactive: number[] }> {
  const r = await ctx.tx.execute<PosCustomer & { is_active: boolean }>(sql`
    select consumer_id, consumer_name, code, mobile, ${fold(sql`consumer_name`)} as search_name, pricing_profile_fk,
           allowed_debit_amount::text, is_active
      from consumers where kind = 'customer' ${since ? sql`and updated_at > ${since}` : sql`and is_active`}
     order by consumer_id`);
  return {
    rows: r.rows.filter((c) => c.is_active).map(({ is_active: _, ...c }) => c),
    inactive: r.rows.filter((c) => !c.is_active).map((c) => c.consumer_id),
  };
}

/**
 * The next sync's `since`: when the oldest transaction still running began. A save that started
 * before this sync and commits after it stamps its rows earlier than now; taking now would skip
 * them forever, taking the oldest running start sends them next time (with a few unchanged ones).
 */
async function syncPoint(ctx: Ctx): Promise<string> {
  const r = await ctx.tx.execute<{ at: Date | string }>(sql`
    select least(now(), (select min(xact_start) from pg_stat_activity where datname = current_database())) as at`);
  return new Date(r.rows[0]!.at).toISOString();
}

/** `GET /api/pos/catalogue`: one page of what the POS keeps offline; the first page also carries the small lists. */
export async function posCatalogue(ctx: Ctx, q: PosCatalogueQuery): Promise<PosCatalogue> {
  const since = q.since ? new Date(q.since) : null;
  const at = await syncPoint(ctx);
  const limit = q.limit ?? POS_CATALOGUE_PAGE;
  const first = q.after === undefined;
  const items = await itemsPage(ctx, since, q.after ?? 0, limit);
  const next = items.length === limit ? (items.at(-1)?.item_id ?? null) : null;
  if (!first) {
    return {
      at,
      next,
      full: !since,
      items,
      removed_item_ids: [],
      promotions: null,
      profiles: null,
      customers: null,
      removed_customer_ids: [],
    };
  }
  const customers = await customersSince(ctx, since);
  return {
    at,
    next,
    full: !since,
    items,
    removed_item_ids: await removedSince(ctx, "items", since),
    promotions: await promotionsToday(ctx),
    profiles: await activeProfiles(ctx),
    customers: customers.rows,
    removed_customer_ids: [...(await removedSince(ctx, "customers", since)), ...customers.inactive],
  };
}
