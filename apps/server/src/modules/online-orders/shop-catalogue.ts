import { sql } from "drizzle-orm";
import type { Ctx } from "../../platform/context.js";
import { foldedSearch } from "../../platform/search.js";
import { systemCurrency } from "../ledger/ledger.js";
import { quotePrices } from "../pricing/quote.js";
import { availableOf, money, shopSettings, shownOnline } from "./shop-cart.js";

/** The categories shown online, each with its parent, for the app's menu. */
export async function shopCategories(ctx: Ctx) {
  const r = await ctx.tx.execute<{ category_id: number; category_name: string; parent_id: number | null }>(sql`
    select category_id, category_name, parent_id from categories where is_active_online order by category_name, category_id`);
  return r.rows;
}

export interface ItemsQuery {
  search?: string | undefined;
  category_id?: number | undefined;
  page: number;
  per_page: number;
}

type ItemRow = {
  item_id: number;
  item_name: string;
  scientific_name: string | null;
  description: string | null;
  category_id: number | null;
  images: string[];
  item_unit_id: number;
  unit_id: number;
  unit_name: string;
};

/**
 * The items shown online (the item and its category visible), searched as every list searches
 * (the folded name or scientific name, in any of the three languages' scripts), each in its
 * default unit at the price function's price, and whether it can be ordered now.
 */
export async function shopItems(ctx: Ctx, q: ItemsQuery, only?: number) {
  const where = [shownOnline];
  if (q.search?.trim()) where.push(foldedSearch([sql`i.item_name`, sql`coalesce(i.scientific_name, '')`], q.search));
  if (q.category_id !== undefined) where.push(sql`i.category_fk = ${q.category_id}`);
  if (only !== undefined) where.push(sql`i.item_id = ${only}`);
  const cond = sql.join(where, sql` and `);
  const rows = await ctx.tx.execute<ItemRow>(sql`
    select i.item_id, i.item_name, i.scientific_name, i.description, i.category_fk as category_id, i.images,
           iu.item_unit_id, iu.unit_fk as unit_id, u.unit_name
      from items i
      join lateral (select * from item_units x where x.item_fk = i.item_id order by x.is_default desc, x.is_base desc, x.item_unit_id limit 1) iu on true
      join units u on u.unit_id = iu.unit_fk
     where ${cond}
     order by i.item_name, i.item_id
     limit ${q.per_page} offset ${(q.page - 1) * q.per_page}`);
  const count = await ctx.tx.execute<{ n: number }>(sql`select count(*)::int as n from items i where ${cond}`);
  const settings = await shopSettings(ctx.tx);
  const ids = rows.rows.map((r) => Number(r.item_id));
  const available = await availableOf(ctx.tx, ids, settings.inventory, settings.minQty, ctx.now);
  const priced = rows.rows.length
    ? await quotePrices(
        ctx,
        {
          currency_id: await systemCurrency(ctx.tx),
          lines: rows.rows.map((r) => ({ item_unit_id: r.item_unit_id, quantity: "1" })),
        } as Parameters<typeof quotePrices>[1],
        { confirmed: true },
      )
    : null;
  const data = rows.rows.map((r, i) => ({
    item_id: Number(r.item_id),
    item_name: r.item_name,
    scientific_name: r.scientific_name,
    description: r.description,
    category_id: r.category_id == null ? null : Number(r.category_id),
    images: r.images ?? [],
    unit_id: Number(r.unit_id),
    unit_name: r.unit_name,
    sale_price: money(priced!.lines[i]!.sale_price),
    price: money(priced!.lines[i]!.total),
    in_stock: (available.get(Number(r.item_id)) ?? null)?.gt(0) ?? false,
  }));
  return { data, meta: { page: q.page, per_page: q.per_page, total: Number(count.rows[0]!.n) } };
}
