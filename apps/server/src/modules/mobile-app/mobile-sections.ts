import type { MobileSection } from "@app/contracts";
import { eq, sql } from "drizzle-orm";
import type { Ctx } from "../../platform/context.js";
import type { ListModel } from "../../platform/list.js";
import { mustExist } from "../catalogue/reference.js";
import { nextArrangement } from "./arrangement.js";
import { mobileSectionItems, mobileSections } from "./mobile-app.tables.js";

/** The home screen's sections and sliders, in their arrangement. */
export const mobileSectionsList: ListModel = {
  model: "mobile_sections",
  from: sql`from mobile_sections s
    left join categories c on c.category_id = s.category_fk
    left join brands b on b.brand_id = s.brand_fk`,
  idColumn: "section_id",
  defaultSort: "arrangement",
  dateColumn: sql`s.created_at`,
  columns: {
    section_id: { expr: sql`s.section_id`, filter: "eq" },
    kind: { expr: sql`s.kind`, filter: "in" },
    title: { expr: sql`s.title`, search: true, filter: "like" },
    description: { expr: sql`s.description`, search: true },
    source: { expr: sql`s.source`, filter: "in" },
    start_price: { expr: sql`s.start_price` },
    end_price: { expr: sql`s.end_price` },
    category_fk: { expr: sql`s.category_fk`, filter: "eq" },
    category_name: { expr: sql`c.category_name` },
    brand_fk: { expr: sql`s.brand_fk`, filter: "eq" },
    brand_name: { expr: sql`b.brand_name` },
    items_count: { expr: sql`(select count(*)::int from mobile_section_items i where i.section_fk = s.section_id)` },
    image: { expr: sql`s.image`, sortable: false },
    active: { expr: sql`s.active`, filter: "bool" },
    arrangement: { expr: sql`s.arrangement`, notNull: true },
    created_at: { expr: sql`s.created_at` },
  },
};

/** A section with its chosen items in their order. */
export async function showMobileSection(ctx: Ctx, id: number) {
  const res = await ctx.tx.execute(sql`
    select s.section_id, s.kind, s.title, s.description, s.source, s.start_price, s.end_price,
      s.category_fk, c.category_name, s.brand_fk, b.brand_name, s.image, s.active, s.arrangement,
      coalesce((select json_agg(json_build_object('item_id', it.item_id, 'item_name', it.item_name) order by i.position)
        from mobile_section_items i join items it on it.item_id = i.item_fk where i.section_fk = s.section_id), '[]'::json) as items
    from mobile_sections s
      left join categories c on c.category_id = s.category_fk
      left join brands b on b.brand_id = s.brand_fk
    where s.section_id = ${id}`);
  const row = res.rows[0] as (Record<string, unknown> & { items: { item_id: number }[] }) | undefined;
  return row && { ...row, item_ids: row.items.map((i) => i.item_id) };
}

/** What a section keeps of its form: a section of chosen items keeps no filters, one of filters no items. */
function columnsOf(input: MobileSection) {
  const byFilters = input.source === "filters";
  return {
    kind: input.kind,
    title: input.title,
    description: input.description ?? null,
    source: input.source,
    start_price: byFilters ? (input.start_price ?? null) : null,
    end_price: byFilters ? (input.end_price ?? null) : null,
    category_fk: byFilters ? (input.category_fk ?? null) : null,
    brand_fk: byFilters ? (input.brand_fk ?? null) : null,
    image: input.image ?? null,
  };
}

async function checkReferences(ctx: Ctx, input: MobileSection) {
  await mustExist(ctx, "categories", "category_id", input.category_fk, "category_fk");
  await mustExist(ctx, "brands", "brand_id", input.brand_fk, "brand_fk");
  if (input.source !== "items") return;
  const found = await ctx.tx.execute<{ item_id: number }>(
    sql`select item_id from items where item_id in (${sql.join(
      input.item_ids.map((x) => sql`${x}`),
      sql`, `,
    )})`,
  );
  const known = new Set(found.rows.map((r) => Number(r.item_id)));
  const missing = input.item_ids.findIndex((x) => !known.has(x));
  if (missing >= 0) await mustExist(ctx, "items", "item_id", input.item_ids[missing], `item_ids.${missing}`);
}

async function saveItems(ctx: Ctx, id: number, input: MobileSection) {
  await ctx.tx.delete(mobileSectionItems).where(eq(mobileSectionItems.section_fk, id));
  if (input.source !== "items" || !input.item_ids.length) return;
  await ctx.tx.insert(mobileSectionItems).values(input.item_ids.map((item_fk, position) => ({ section_fk: id, item_fk, position })));
}

export async function createMobileSection(ctx: Ctx, input: MobileSection) {
  await checkReferences(ctx, input);
  const [row] = await ctx.tx
    .insert(mobileSections)
    .values({
      ...columnsOf(input),
      active: input.active ?? true,
      arrangement: await nextArrangement(ctx, "mobile_sections"),
      created_by: ctx.user?.user_id ?? null,
      updated_by: ctx.user?.user_id ?? null,
    })
    .returning({ id: mobileSections.section_id });
  await saveItems(ctx, row!.id, input);
  return { id: row!.id };
}

export async function updateMobileSection(ctx: Ctx, id: number, input: MobileSection) {
  await checkReferences(ctx, input);
  await ctx.tx
    .update(mobileSections)
    .set({
      ...columnsOf(input),
      ...(input.active === undefined ? {} : { active: input.active }),
      updated_at: ctx.now,
      updated_by: ctx.user?.user_id ?? null,
    })
    .where(eq(mobileSections.section_id, id));
  await saveItems(ctx, id, input);
}

export async function deleteMobileSection(ctx: Ctx, id: number) {
  await ctx.tx.delete(mobileSections).where(eq(mobileSections.section_id, id));
}

/** How many items a section of filters shows on the home screen. */
const HOME_SECTION_ITEMS = 20;

/**
 * The home screen as the app shows it: the active sections and sliders in their order, each
 * section with its items visible online (chosen, or found by its filters on the base unit's
 * price, the category or any of its sub-categories, and the brand).
 */
export async function homeSections(ctx: Ctx) {
  const res = await ctx.tx.execute(sql`
    select s.section_id, s.kind, s.title, s.description, s.image,
      coalesce(case when s.source = 'items' then
        (select json_agg(json_build_object('item_id', it.item_id, 'item_name', it.item_name, 'price', u.price) order by i.position)
          from mobile_section_items i join items it on it.item_id = i.item_fk
            left join item_units u on u.item_fk = it.item_id and u.is_base
          where i.section_fk = s.section_id and it.is_active_online)
      else
        (select json_agg(json_build_object('item_id', f.item_id, 'item_name', f.item_name, 'price', f.price) order by f.item_name)
          from (select it.item_id, it.item_name, u.price
            from items it join item_units u on u.item_fk = it.item_id and u.is_base
            where it.is_active_online
              and (s.start_price is null or u.price >= s.start_price)
              and (s.end_price is null or u.price <= s.end_price)
              and (s.brand_fk is null or it.brand_fk = s.brand_fk)
              and (s.category_fk is null or it.category_fk in (
                with recursive tree as (
                  select category_id from categories where category_id = s.category_fk
                  union all select c.category_id from categories c join tree on c.parent_id = tree.category_id)
                select category_id from tree))
            order by it.item_name limit ${HOME_SECTION_ITEMS}) f)
      end, '[]'::json) as items
    from mobile_sections s
    where s.active
    order by s.arrangement, s.section_id`);
  return res.rows;
}
