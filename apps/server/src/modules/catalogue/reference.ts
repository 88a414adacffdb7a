import type { Brand, City, Unit } from "@app/contracts";
import { eq, sql } from "drizzle-orm";
import type { PgColumn, PgInsertValue, PgTable, PgUpdateSetSource } from "drizzle-orm/pg-core";
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

/** A list of names kept as the form sends them (units, cities): its rows read, written and deleted by their id. */
function nameRecords<T extends PgTable, Input extends PgInsertValue<T>>(table: T, id: PgColumn) {
  return {
    show: async (ctx: Ctx, key: number) => {
      const [row] = await ctx.tx
        .select()
        .from(table as PgTable)
        .where(eq(id, key));
      return row;
    },
    create: async (ctx: Ctx, input: Input) => {
      const [row] = await ctx.tx.insert(table).values(input).returning({ id });
      return { id: row!.id as number };
    },
    update: async (ctx: Ctx, key: number, input: Input) => {
      await ctx.tx
        .update(table)
        .set({ ...input, updated_at: ctx.now } as PgUpdateSetSource<T>)
        .where(eq(id, key));
    },
    remove: async (ctx: Ctx, key: number) => {
      await ctx.tx.delete(table).where(eq(id, key));
    },
  };
}

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

export const unitRecords = nameRecords<typeof units, Unit>(units, units.unit_id);

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

export const cityRecords = nameRecords<typeof cities, City>(cities, cities.city_id);

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
