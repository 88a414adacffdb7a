import { can, type ItemInput, type ItemUnitInput, MSG } from "@app/contracts";
import { and, eq, inArray, type SQL, sql } from "drizzle-orm";
import { intArray } from "../../db/bulk.js";
import { executePrepared } from "../../db/client.js";
import type { Ctx } from "../../platform/context.js";
import { fieldError, HttpError, notFound, unprocessable } from "../../platform/errors.js";
import type { ListModel } from "../../platform/list.js";
import { rankedQuery } from "../../platform/list.js";
import { generateEan13, itemExactSearch, itemSearch, itemSearchOrder, itemSearchRankOrder, itemSearchRanks } from "./barcodes.js";
import { itemBarcodes, items, itemUnits } from "./catalogue.tables.js";
import { mustExist } from "./reference.js";

export const itemsList: ListModel = {
  model: "items",
  from: sql`from items i
    left join categories c on c.category_id = i.category_fk
    left join brands b on b.brand_id = i.brand_fk
    left join countries m on m.country_id = i.made_in_fk`,
  idColumn: "item_id",
  defaultSort: "item_id",
  dateColumn: sql`i.created_at`,
  search: (term) => itemSearch(term),
  searchOrder: (term) => itemSearchOrder(term),
  searchRanks: { ranks: (term) => itemSearchRanks(term), order: itemSearchRankOrder() },
  exactSearch: (term) => itemExactSearch(term),
  columns: {
    item_id: { expr: sql`i.item_id`, filter: "eq" },
    // By lower(name): the unique index on it serves the sort, and case does not split the order.
    item_name: { expr: sql`i.item_name`, search: true, notNull: true, sortExpr: sql`lower(i.item_name)` },
    item_code: { expr: sql`i.item_code`, search: true, filter: "eq" },
    // The first image's name; the list shows its thumbnail.
    image: { expr: sql`i.images->>0`, sortable: false },
    category_fk: { expr: sql`i.category_fk`, filter: "eq" },
    category_name: { expr: sql`c.category_name`, filter: "like" },
    brand_fk: { expr: sql`i.brand_fk`, filter: "eq" },
    brand_name: { expr: sql`b.brand_name`, filter: "like" },
    made_in: { expr: sql`m.country_name`, filter: "like" },
    scientific_name: { expr: sql`i.scientific_name`, filter: "like" },
    base_unit: {
      expr: sql`(select u.unit_name from item_units iu join units u on u.unit_id = iu.unit_fk where iu.item_fk = i.item_id and iu.is_base)`,
      sortable: false,
    },
    default_unit: {
      expr: sql`(select u.unit_name from item_units iu join units u on u.unit_id = iu.unit_fk where iu.item_fk = i.item_id and iu.is_default)`,
      sortable: false,
    },
    sale_price: { expr: sql`(select iu.price from item_units iu where iu.item_fk = i.item_id and iu.is_base)`, sortable: false },
    barcodes: {
      expr: sql`(select string_agg(x.barcode, ',' order by x.id) from item_barcodes x where x.item_fk = i.item_id)`,
      sortable: false,
    },
    shortage_alert: { expr: sql`i.shortage_alert` },
    expire_alert: { expr: sql`i.expire_alert` },
    has_expire: { expr: sql`i.has_expire`, filter: "bool" },
    has_batch_number: { expr: sql`i.has_batch_number`, filter: "bool" },
    sale_price_editable: { expr: sql`i.sale_price_editable`, filter: "bool" },
    is_active_online: { expr: sql`i.is_active_online`, filter: "bool" },
    created_at: { expr: sql`i.created_at` },
  },
};

export interface ItemUnitRow {
  item_unit_id: number;
  item_fk: number;
  unit_fk: number;
  unit_name: string;
  quantity: string;
  price: string;
  is_base: boolean;
  is_default: boolean;
  barcode: string | null;
}

/** The units of some items, base unit first, with each unit's barcode. */
export async function unitsOf(ctx: Ctx, itemIds: number[]): Promise<Map<number, ItemUnitRow[]>> {
  const out = new Map<number, ItemUnitRow[]>();
  if (!itemIds.length) return out;
  const res = await ctx.tx.execute<ItemUnitRow & Record<string, unknown>>(sql`
    select iu.item_unit_id, iu.item_fk, iu.unit_fk, u.unit_name, iu.quantity, iu.price, iu.is_base, iu.is_default,
           (select min(b.barcode) from item_barcodes b where b.item_unit_fk = iu.item_unit_id) as barcode
      from item_units iu join units u on u.unit_id = iu.unit_fk
     where iu.item_fk in (${sql.join(
       itemIds.map((id) => sql`${id}`),
       sql`, `,
     )})
     order by iu.item_fk, iu.is_base desc, iu.quantity, iu.item_unit_id`);
  for (const r of res.rows) {
    const list = out.get(r.item_fk) ?? [];
    list.push(r);
    out.set(r.item_fk, list);
  }
  return out;
}

export async function showItem(ctx: Ctx, id: number) {
  const res = await ctx.tx.execute(sql`
    select i.item_id, i.item_name, i.item_code, i.category_fk, c.category_name, c.parent_id as category_parent_id,
           i.brand_fk, b.brand_name, i.made_in_fk, m.country_name as made_in, i.scientific_name, i.direction_of_use, i.side_effect,
           i.shortage_alert, i.expire_alert, i.has_expire, i.has_batch_number, i.sale_price_editable, i.has_revenue_tax,
           i.revenue_tax_percent, i.profit_percent, i.description, i.is_active_online, i.images, i.created_at, i.updated_at
      from items i
      left join categories c on c.category_id = i.category_fk
      left join brands b on b.brand_id = i.brand_fk
      left join countries m on m.country_id = i.made_in_fk
     where i.item_id = ${id}`);
  const row = res.rows[0] as (Record<string, unknown> & { images: string[] }) | undefined;
  if (!row) return undefined;
  const unitRows = (await unitsOf(ctx, [id])).get(id) ?? [];
  const codes = await ctx.tx
    .select({ barcode: itemBarcodes.barcode, item_unit_fk: itemBarcodes.item_unit_fk })
    .from(itemBarcodes)
    .where(eq(itemBarcodes.item_fk, id))
    .orderBy(itemBarcodes.id);
  return {
    ...row,
    item_units: unitRows.map(({ item_fk: _i, ...u }) => u),
    base_unit: unitRows.find((u) => u.is_base)?.unit_fk ?? null,
    default_unit: unitRows.find((u) => u.is_default)?.unit_fk ?? null,
    sale_price: unitRows.find((u) => u.is_base)?.price ?? null,
    /** The item's own barcodes (not tied to a unit). */
    barcodes: codes.filter((c) => c.item_unit_fk === null).map((c) => c.barcode),
    all_barcodes: codes.map((c) => c.barcode),
    images: (row.images ?? []).map((file) => ({ file, url: `/images/${file}` })),
  };
}

interface PlannedUnit extends ItemUnitInput {
  is_base: boolean;
  is_default: boolean;
}

/** SPEC §5's unit rules on the submitted units; answers the units with base and default settled. */
function planUnits(input: ItemUnitInput[], storedBaseId: number | undefined): PlannedUnit[] {
  if (!input.length) throw fieldError("item_units", MSG.atLeastOneUnit);
  const errors: Record<string, string[]> = {};
  const seen = new Set<number>();
  input.forEach((u, i) => {
    if (seen.has(u.unit_fk)) errors[`item_units.${i}.unit_fk`] = ["The unit is repeated."];
    seen.add(u.unit_fk);
  });
  let baseIdx = input.findIndex((u) => u.is_base);
  if (storedBaseId !== undefined) {
    const keep = input.findIndex((u) => u.item_unit_id === storedBaseId);
    if (keep < 0) throw fieldError("item_units", MSG.cannotDeleteUnit);
    if (baseIdx >= 0 && baseIdx !== keep) errors[`item_units.${baseIdx}.is_base`] = ["The base unit cannot be changed."];
    baseIdx = keep;
  }
  if (baseIdx < 0) baseIdx = 0;
  if (input.filter((u) => u.is_base).length > 1) errors.item_units = ["Only one unit can be the base unit."];
  if (input.filter((u) => u.is_default).length > 1) errors.item_units = ["Only one unit can be the default unit."];
  if (Number(input[baseIdx]!.quantity) !== 1) errors[`item_units.${baseIdx}.quantity`] = ["The base unit quantity must be 1."];
  if (Object.keys(errors).length) throw unprocessable(errors);
  const defaultIdx = Math.max(
    0,
    input.findIndex((u) => u.is_default),
  );
  const hasDefault = input.some((u) => u.is_default);
  return input.map((u, i) => ({ ...u, is_base: i === baseIdx, is_default: hasDefault ? i === defaultIdx : i === baseIdx }));
}

/** Barcodes of the submission: no repeats, none used by another item. */
async function checkBarcodes(ctx: Ctx, itemId: number | undefined, codes: { code: string; field: string }[]) {
  const errors: Record<string, string[]> = {};
  const seen = new Set<string>();
  for (const c of codes) {
    if (seen.has(c.code)) errors[c.field] = [`The barcode ${c.code} is repeated.`];
    seen.add(c.code);
  }
  if (seen.size) {
    const taken = await ctx.tx
      .select({ barcode: itemBarcodes.barcode, item_fk: itemBarcodes.item_fk })
      .from(itemBarcodes)
      .where(inArray(itemBarcodes.barcode, [...seen]));
    for (const t of taken) {
      if (t.item_fk === itemId) continue;
      const c = codes.find((x) => x.code === t.barcode)!;
      errors[c.field] = [`The barcode ${MSG.alreadyTaken}.`];
    }
  }
  if (Object.keys(errors).length) throw unprocessable(errors);
}

function itemColumns(input: ItemInput, images: string[]) {
  return {
    item_name: input.item_name,
    item_code: input.item_code || null,
    category_fk: input.category_fk ?? null,
    brand_fk: input.brand_fk ?? null,
    made_in_fk: input.made_in_fk ?? null,
    scientific_name: input.scientific_name ?? null,
    direction_of_use: input.direction_of_use ?? null,
    side_effect: input.side_effect ?? null,
    shortage_alert: input.shortage_alert ?? null,
    expire_alert: input.expire_alert ?? null,
    has_expire: input.has_expire ?? false,
    has_batch_number: input.has_batch_number ?? false,
    sale_price_editable: input.sale_price_editable ?? false,
    has_revenue_tax: input.has_revenue_tax ?? false,
    revenue_tax_percent: input.has_revenue_tax ? (input.revenue_tax_percent ?? "0") : (input.revenue_tax_percent ?? null),
    profit_percent: input.profit_percent ?? null,
    description: input.description ?? null,
    is_active_online: input.is_active_online ?? true,
    images,
  };
}

async function checkReferences(ctx: Ctx, input: ItemInput) {
  await mustExist(ctx, "categories", "category_id", input.category_fk, "category_fk");
  await mustExist(ctx, "brands", "brand_id", input.brand_fk, "brand_fk");
  await mustExist(ctx, "countries", "country_id", input.made_in_fk, "made_in_fk");
  const unitIds = [...new Set(input.item_units.map((u) => u.unit_fk))];
  const res = await ctx.tx.execute<{ unit_id: number }>(
    sql`select unit_id from units where unit_id in (${sql.join(
      unitIds.map((id) => sql`${id}`),
      sql`, `,
    )})`,
  );
  const known = new Set(res.rows.map((r) => r.unit_id));
  const errors: Record<string, string[]> = {};
  input.item_units.forEach((u, i) => {
    if (!known.has(u.unit_fk)) errors[`item_units.${i}.unit_fk`] = ["The selected unit is invalid."];
  });
  if (Object.keys(errors).length) throw unprocessable(errors);
}

/** Store or update an item with its units and barcodes. `images` is the final list of stored image names. */
/**
 * SPEC §6 activate/inactivate: showing a record online or hiding it is `{section}/activate`
 * (its own route, or the form's flag); a form that leaves the flag out keeps it as it was.
 */
export function assertMayShowOnline(ctx: Ctx, section: string, sent: boolean | undefined, was: boolean) {
  if (sent === undefined || sent === was) return;
  if (!can(ctx.user ? { user_id: ctx.user.user_id, permissions: ctx.user.permissions } : null, `${section}/activate`))
    throw new HttpError(403, MSG.forbidden, { is_active_online: [MSG.forbidden] });
}

export async function saveItem(ctx: Ctx, id: number | undefined, input: ItemInput, images: string[]): Promise<{ id: number }> {
  const [was] = id === undefined ? [] : await ctx.tx.select({ online: items.is_active_online }).from(items).where(eq(items.item_id, id));
  assertMayShowOnline(ctx, "items", input.is_active_online, was?.online ?? true);
  await checkReferences(ctx, input);
  const stored = id === undefined ? [] : await ctx.tx.select().from(itemUnits).where(eq(itemUnits.item_fk, id));
  if (id !== undefined) {
    const own = new Set(stored.map((u) => u.item_unit_id));
    const errors: Record<string, string[]> = {};
    input.item_units.forEach((u, i) => {
      if (u.item_unit_id != null && !own.has(u.item_unit_id))
        errors[`item_units.${i}.item_unit_id`] = ["The selected item unit is invalid."];
    });
    if (Object.keys(errors).length) throw unprocessable(errors);
    const kept = new Set(input.item_units.map((u) => u.item_unit_id).filter((x) => x != null));
    if (stored.some((u) => !kept.has(u.item_unit_id) && (u.is_base || u.is_default))) throw fieldError("item_units", MSG.cannotDeleteUnit);
  }
  const planned = planUnits(input.item_units, stored.find((u) => u.is_base)?.item_unit_id);

  const codes = [
    ...planned.flatMap((u, i) => (u.barcode ? [{ code: u.barcode, field: `item_units.${i}.barcode` }] : [])),
    ...(input.barcodes ?? []).map((code, i) => ({ code, field: `barcodes.${i}` })),
  ];
  await checkBarcodes(ctx, id, codes);
  const extra = [...(input.barcodes ?? [])];
  if (input.generate_barcode && !codes.length) {
    const code = await generateEan13(ctx);
    const base = planned.find((u) => u.is_base)!;
    base.barcode = code;
  }

  let itemId: number;
  if (id === undefined) {
    const [row] = await ctx.tx
      .insert(items)
      .values({ ...itemColumns(input, images), created_by: ctx.user?.user_id ?? null })
      .returning({ id: items.item_id });
    itemId = row!.id;
  } else {
    itemId = id;
    await ctx.tx
      .update(items)
      .set({ ...itemColumns(input, images), is_active_online: input.is_active_online ?? was?.online ?? true, updated_at: ctx.now })
      .where(eq(items.item_id, id));
    await ctx.tx.delete(itemBarcodes).where(eq(itemBarcodes.item_fk, id));
    const kept = new Set(planned.map((u) => u.item_unit_id).filter((x) => x != null));
    const removed = stored.filter((u) => !kept.has(u.item_unit_id)).map((u) => u.item_unit_id);
    if (removed.length) await ctx.tx.delete(itemUnits).where(inArray(itemUnits.item_unit_id, removed));
    // Flags move between rows: clear them first so the one-base/one-default indexes hold at every step.
    await ctx.tx.update(itemUnits).set({ is_base: false, is_default: false }).where(eq(itemUnits.item_fk, id));
  }

  const barcodeRows: (typeof itemBarcodes.$inferInsert)[] = [];
  for (const u of planned) {
    const values = { unit_fk: u.unit_fk, quantity: u.quantity, price: u.price, is_base: u.is_base, is_default: u.is_default };
    let unitId = u.item_unit_id ?? undefined;
    if (unitId !== undefined) {
      await ctx.tx
        .update(itemUnits)
        .set(values)
        .where(and(eq(itemUnits.item_unit_id, unitId), eq(itemUnits.item_fk, itemId)));
    } else {
      const [row] = await ctx.tx
        .insert(itemUnits)
        .values({ ...values, item_fk: itemId })
        .returning({ id: itemUnits.item_unit_id });
      unitId = row!.id;
    }
    if (u.barcode) barcodeRows.push({ barcode: u.barcode, item_fk: itemId, item_unit_fk: unitId });
  }
  for (const code of extra) barcodeRows.push({ barcode: code, item_fk: itemId, item_unit_fk: null });
  if (barcodeRows.length) await ctx.tx.insert(itemBarcodes).values(barcodeRows);
  return { id: itemId };
}

/** Removes one unit of an item; the default unit, the base unit and the last unit stay. */
export async function deleteItemUnit(ctx: Ctx, itemId: number, itemUnitId: number) {
  const stored = await ctx.tx.select().from(itemUnits).where(eq(itemUnits.item_fk, itemId));
  const unit = stored.find((u) => u.item_unit_id === itemUnitId);
  if (!unit) throw notFound();
  if (unit.is_base || unit.is_default || stored.length <= 1)
    throw new HttpError(422, MSG.cannotDeleteUnit, { item_unit_id: [MSG.cannotDeleteUnit] });
  await ctx.tx.delete(itemUnits).where(eq(itemUnits.item_unit_id, itemUnitId));
}

/**
 * Marks the items of these units as changed: a sale price written outside the item form (a bulk
 * price change, a purchase's new sale prices) still reaches the POS tills' incremental sync.
 */
export async function markUnitsChanged(ctx: Ctx, itemUnitIds: number[]) {
  if (itemUnitIds.length === 0) return;
  await ctx.tx.execute(sql`
    update items set updated_at = ${ctx.now}
     where item_id in (select item_fk from item_units where item_unit_id = any(${intArray(itemUnitIds)}))`);
}

export async function setItemOnline(ctx: Ctx, id: number, online: boolean) {
  await ctx.tx.update(items).set({ is_active_online: online, updated_at: ctx.now }).where(eq(items.item_id, id));
}

export async function deleteItem(ctx: Ctx, id: number) {
  await ctx.tx.delete(items).where(eq(items.item_id, id));
}

/**
 * One page of the item dropdown (infinite scroll): name, code or barcode search, best matches
 * first (see itemSearchOrder), else by name; units with prices.
 */
export async function itemDropdown(ctx: Ctx, opts: { search?: string; page: number; perPage: number; onlyExpiring?: boolean }) {
  const search = opts.search?.trim();
  const only = opts.onlyExpiring ? sql`i.has_expire` : sql`true`;
  const byName = sql`lower(i.item_name), i.item_id`;
  const firstRows = (where: SQL, offset: number) => sql`select ${DROPDOWN_COLUMNS}, row_number() over (order by ${byName}) as __pos
      from items i where ${where} order by ${byName} limit ${opts.perPage + 1} offset ${offset}`;
  // A scanned barcode or a typed code answers from its unique indexes alone; the name search runs
  // only when the term names no item exactly.
  const exact = search && opts.page === 1 ? itemExactSearch(search) : undefined;
  if (exact) {
    const found = await dropdownPage(ctx, firstRows(sql`${only} and ${exact}`, 0), opts.perPage, true);
    if (found.rows.length) return found;
  }
  const offset = (opts.page - 1) * opts.perPage;
  if (!search) return dropdownPage(ctx, firstRows(only, offset), opts.perPage);
  // The first rows of each rank of itemSearchOrder (rankedQuery), not every item found, sorted.
  const ranked = rankedQuery({
    columns: DROPDOWN_COLUMNS,
    from: sql`from items i`,
    // The ranks are together what itemSearch finds.
    where: only,
    ranks: itemSearchRanks(search),
    order: itemSearchRankOrder(),
    limit: opts.perPage + 1,
    offset,
  });
  return dropdownPage(
    ctx,
    sql`select ${sql.raw(DROPDOWN_KEYS.map((k) => `r.${k}`).join(", "))}, row_number() over (order by r.__rank, r.__o0, r.__o1) as __pos
          from (${ranked}) r`,
    opts.perPage,
  );
}

const DROPDOWN_KEYS = [
  "item_id",
  "item_name",
  "item_code",
  "has_expire",
  "has_batch_number",
  "expire_alert",
  "sale_price_editable",
  "has_revenue_tax",
  "revenue_tax_percent",
];
const DROPDOWN_COLUMNS = sql.raw(DROPDOWN_KEYS.map((k) => `i.${k}`).join(", "));

/**
 * `page` selects the items of the page (and one more) with their place, `__pos`. `prepared`: the
 * look-up by code or barcode has one shape and one good plan (its unique indexes), so PostgreSQL
 * plans it once per connection; a name search is planned for its words each time.
 */
async function dropdownPage(ctx: Ctx, page: SQL, perPage: number, prepared = false) {
  // One round trip: the page of items, each with its units (and each unit's barcode) as JSON.
  const query = sql`
    select i.*, coalesce(u.units, '[]'::json) as item_units, u.default_unit
      from (${page}) i
      left join lateral (
        select json_agg(json_build_object(
                 'item_unit_id', iu.item_unit_id, 'unit_fk', iu.unit_fk, 'unit_name', un.unit_name,
                 'quantity', iu.quantity::text, 'price', iu.price::text, 'is_base', iu.is_base, 'is_default', iu.is_default,
                 'barcode', (select min(b.barcode) from item_barcodes b where b.item_unit_fk = iu.item_unit_id))
                 order by iu.is_base desc, iu.quantity, iu.item_unit_id) as units,
               max(iu.unit_fk) filter (where iu.is_default) as default_unit
          from item_units iu join units un on un.unit_id = iu.unit_fk
         where iu.item_fk = i.item_id) u on true
     order by i.__pos`;
  type Row = { item_id: number; __pos: unknown } & Record<string, unknown>;
  const res = prepared ? await executePrepared<Row>(ctx.tx, query) : await ctx.tx.execute<Row>(query);
  return {
    rows: res.rows.slice(0, perPage).map(({ __pos, ...row }) => row),
    hasMore: res.rows.length > perPage,
  };
}
