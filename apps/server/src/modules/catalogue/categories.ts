import type { Category } from "@app/contracts";
import { eq, sql } from "drizzle-orm";
import type { Ctx } from "../../platform/context.js";
import { fieldError } from "../../platform/errors.js";
import type { ListModel } from "../../platform/list.js";
import { categories } from "./catalogue.tables.js";
import { assertMayShowOnline } from "./items.js";
import { mustExist } from "./reference.js";

export const categoriesList: ListModel = {
  model: "categories",
  from: sql`from categories c left join categories p on p.category_id = c.parent_id`,
  idColumn: "category_id",
  defaultSort: "category_id",
  dateColumn: sql`c.created_at`,
  columns: {
    category_id: { expr: sql`c.category_id`, filter: "eq" },
    category_name: { expr: sql`c.category_name`, search: true, filter: "like" },
    category_code: { expr: sql`c.category_code`, search: true, filter: "eq" },
    parent_id: { expr: sql`c.parent_id`, filter: "eq" },
    parent_name: { expr: sql`p.category_name`, search: true, filter: "like" },
    is_active_online: { expr: sql`c.is_active_online`, filter: "bool" },
    children_count: { expr: sql`(select count(*)::int from categories k where k.parent_id = c.category_id)` },
    items_count: { expr: sql`(select count(*)::int from items i where i.category_fk = c.category_id)` },
    created_at: { expr: sql`c.created_at` },
  },
  filters: {
    // filter[root]=1: top-level categories only.
    root: (v) => (v === "1" || v === "true" ? sql`c.parent_id is null` : sql`c.parent_id is not null`),
  },
};

export interface CategoryNode {
  category_id: number;
  category_name: string;
  category_code: string | null;
  parent_id: number | null;
  is_active_online: boolean;
  children: CategoryNode[];
}

/** The whole tree, for the tree view; children sorted by name. */
export async function categoryTree(ctx: Ctx): Promise<CategoryNode[]> {
  const rows = await ctx.tx
    .select({
      category_id: categories.category_id,
      category_name: categories.category_name,
      category_code: categories.category_code,
      parent_id: categories.parent_id,
      is_active_online: categories.is_active_online,
    })
    .from(categories)
    .orderBy(categories.category_name, categories.category_id);
  const byId = new Map<number, CategoryNode>(rows.map((r) => [r.category_id, { ...r, children: [] }]));
  const roots: CategoryNode[] = [];
  for (const node of byId.values()) {
    const parent = node.parent_id == null ? undefined : byId.get(node.parent_id);
    (parent ? parent.children : roots).push(node);
  }
  return roots;
}

export async function showCategory(ctx: Ctx, id: number) {
  const res = await ctx.tx.execute(
    sql`select c.*, p.category_name as parent_name from categories c left join categories p on p.category_id = c.parent_id where c.category_id = ${id}`,
  );
  const row = res.rows[0];
  if (!row) return undefined;
  const children = await ctx.tx
    .select({ category_id: categories.category_id, category_name: categories.category_name, category_code: categories.category_code })
    .from(categories)
    .where(eq(categories.parent_id, id))
    .orderBy(categories.category_name);
  return { ...row, children };
}

/** Dropdowns: roots, the children of a parent, or every node at a depth (1 = sub-categories, 2 = product types). */
export async function categoryDropdown(ctx: Ctx, opts: { parentId?: number; depth: number }) {
  const where =
    opts.parentId !== undefined
      ? sql`c.parent_id = ${opts.parentId}`
      : opts.depth === 0
        ? sql`c.parent_id is null`
        : opts.depth === 1
          ? sql`p.parent_id is null and c.parent_id is not null`
          : sql`p.parent_id is not null`;
  const res = await ctx.tx.execute(
    sql`select c.category_id, c.category_name, c.category_code, c.parent_id, c.is_active_online
          from categories c left join categories p on p.category_id = c.parent_id
         where ${where} order by c.category_name, c.category_id`,
  );
  return res.rows;
}

/** A category may not become its own ancestor. */
async function assertNoCycle(ctx: Ctx, id: number, parentId: number | null | undefined) {
  if (parentId == null) return;
  if (parentId === id) throw fieldError("parent_id", "A category cannot be its own parent.");
  const res = await ctx.tx.execute(sql`
    with recursive up(id) as (
      select ${parentId}::int
      union
      select c.parent_id from categories c join up on c.category_id = up.id where c.parent_id is not null
    ) select 1 from up where id = ${id} limit 1`);
  if (res.rows.length) throw fieldError("parent_id", "A category cannot be placed under one of its own sub-categories.");
}

const columns = (input: Category) => ({
  category_name: input.category_name,
  category_code: input.category_code || null,
  parent_id: input.parent_id ?? null,
  is_active_online: input.is_active_online ?? true,
});

export async function createCategory(ctx: Ctx, input: Category) {
  assertMayShowOnline(ctx, "categories", input.is_active_online, true);
  await mustExist(ctx, "categories", "category_id", input.parent_id, "parent_id");
  const [row] = await ctx.tx.insert(categories).values(columns(input)).returning({ id: categories.category_id });
  return { id: row!.id };
}

export async function updateCategory(ctx: Ctx, id: number, input: Category) {
  const [was] = await ctx.tx.select({ online: categories.is_active_online }).from(categories).where(eq(categories.category_id, id));
  assertMayShowOnline(ctx, "categories", input.is_active_online, was?.online ?? true);
  await mustExist(ctx, "categories", "category_id", input.parent_id, "parent_id");
  await assertNoCycle(ctx, id, input.parent_id);
  await ctx.tx
    .update(categories)
    .set({ ...columns(input), is_active_online: input.is_active_online ?? was?.online ?? true, updated_at: ctx.now })
    .where(eq(categories.category_id, id));
}

export async function setCategoryOnline(ctx: Ctx, id: number, online: boolean) {
  await ctx.tx.update(categories).set({ is_active_online: online, updated_at: ctx.now }).where(eq(categories.category_id, id));
}

export async function deleteCategory(ctx: Ctx, id: number) {
  // Children and items refer to it with ON DELETE RESTRICT: such a category answers 422.
  await ctx.tx.delete(categories).where(eq(categories.category_id, id));
}
