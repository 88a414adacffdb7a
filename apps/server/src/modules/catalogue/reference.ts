import type { Brand, City, Unit } from "@app/contracts";
import { eq, sql } from "drizzle-orm";
import type { Ctx } from "../../platform/context.js";
import { fieldError } from "../../platform/errors.js";
import type { ListModel } from "../../platform/list.js";
import { brands, cities } from "./catalogue.tables.js";
import { units } from "./units.tables.js";

/** A reference picked in a form must exist: 422 "The selected {field} is invalid." otherwise. */
export async function mustExist(ctx: Ctx, table: string, idColumn: string, id: number | null | undefined, field: string) {
  if (id == null) return;
  const res = await ctx.tx.execute(sql`select 1 from ${sql.identifier(table)} where ${sql.identifier(idColumn)} = ${id}`);
  if (!res.rows.length) throw fieldError(field, `The selected ${field.replace(/_/g, " ")} is invalid.`);
}

// Units, cities and brands: small lists of names that the other screens pick from.

export const unitsList: ListModel = {
  model: "units",
  from: sql`from units u`,
  idColumn: "unit_id",
  defaultSort: "unit_id",
  dateColumn: sql`u.created_at`,
  columns: {
    unit_id: { expr: sql`u.unit_id`, filter: "eq" },
    unit_name: { expr: sql`u.unit_name`, search: true, filter: "like" },
    items_count: { expr: sql`(select count(*)::int from item_units iu where iu.unit_fk = u.unit_id)` },
    created_at: { expr: sql`u.created_at` },
  },
};

export async function showUnit(ctx: Ctx, id: number) {
  const [row] = await ctx.tx.select().from(units).where(eq(units.unit_id, id));
  return row;
}
export async function createUnit(ctx: Ctx, input: Unit) {
  const [row] = await ctx.tx.insert(units).values(input).returning({ id: units.unit_id });
  return { id: row!.id };
}
export async function updateUnit(ctx: Ctx, id: number, input: Unit) {
  await ctx.tx
    .update(units)
    .set({ ...input, updated_at: ctx.now })
    .where(eq(units.unit_id, id));
}
export async function deleteUnit(ctx: Ctx, id: number) {
  await ctx.tx.delete(units).where(eq(units.unit_id, id));
}

export const citiesList: ListModel = {
  model: "cities",
  from: sql`from cities c`,
  idColumn: "city_id",
  defaultSort: "city_id",
  dateColumn: sql`c.created_at`,
  columns: {
    city_id: { expr: sql`c.city_id`, filter: "eq" },
    city_name: { expr: sql`c.city_name`, search: true, filter: "like" },
    created_at: { expr: sql`c.created_at` },
  },
};

export async function showCity(ctx: Ctx, id: number) {
  const [row] = await ctx.tx.select().from(cities).where(eq(cities.city_id, id));
  return row;
}
export async function createCity(ctx: Ctx, input: City) {
  const [row] = await ctx.tx.insert(cities).values(input).returning({ id: cities.city_id });
  return { id: row!.id };
}
export async function updateCity(ctx: Ctx, id: number, input: City) {
  await ctx.tx
    .update(cities)
    .set({ ...input, updated_at: ctx.now })
    .where(eq(cities.city_id, id));
}
export async function deleteCity(ctx: Ctx, id: number) {
  await ctx.tx.delete(cities).where(eq(cities.city_id, id));
}

export const brandsList: ListModel = {
  model: "brands",
  from: sql`from brands b left join countries c on c.country_id = b.brand_made_in`,
  idColumn: "brand_id",
  defaultSort: "brand_id",
  dateColumn: sql`b.created_at`,
  columns: {
    brand_id: { expr: sql`b.brand_id`, filter: "eq" },
    brand_name: { expr: sql`b.brand_name`, search: true, filter: "like" },
    brand_made_in: { expr: sql`b.brand_made_in`, filter: "eq" },
    country_name: { expr: sql`c.country_name`, search: true, filter: "like" },
    created_at: { expr: sql`b.created_at` },
  },
};

export async function showBrand(ctx: Ctx, id: number) {
  const res = await ctx.tx.execute(
    sql`select b.*, c.country_name from brands b left join countries c on c.country_id = b.brand_made_in where b.brand_id = ${id}`,
  );
  return res.rows[0];
}
const brandColumns = (input: Brand) => ({ brand_name: input.brand_name, brand_made_in: input.brand_made_in ?? null });
export async function createBrand(ctx: Ctx, input: Brand) {
  await mustExist(ctx, "countries", "country_id", input.brand_made_in, "brand_made_in");
  const [row] = await ctx.tx.insert(brands).values(brandColumns(input)).returning({ id: brands.brand_id });
  return { id: row!.id };
}
export async function updateBrand(ctx: Ctx, id: number, input: Brand) {
  await mustExist(ctx, "countries", "country_id", input.brand_made_in, "brand_made_in");
  await ctx.tx
    .update(brands)
    .set({ ...brandColumns(input), updated_at: ctx.now })
    .where(eq(brands.brand_id, id));
}
export async function deleteBrand(ctx: Ctx, id: number) {
  await ctx.tx.delete(brands).where(eq(brands.brand_id, id));
}
