import type { ItemPricingInput } from "@app/contracts";
import { type SQL, sql } from "drizzle-orm";
import { intArray } from "../../db/bulk.js";
import type { DbOrTx } from "../../db/client.js";
import { audit } from "../../platform/audit.js";
import type { Ctx } from "../../platform/context.js";
import { unprocessable } from "../../platform/errors.js";
import type { ListModel } from "../../platform/list.js";
import { markUnitsChanged } from "../catalogue/items.js";
import { D } from "../ledger/money.js";
import { itemPricingLines, itemPricings } from "./promotions.tables.js";

export const BELOW_ZERO = "Some prices would fall below zero; lower the amount.";

export interface PriceChange {
  item_unit_id: number;
  item_id: number;
  item_name: string;
  unit_name: string;
  unit_qty: string;
  old_price: string;
  new_price: string;
  below_zero: boolean;
}

/** The items a change applies to; a category takes its sub-categories too. */
function target(input: ItemPricingInput): SQL {
  switch (input.apply_on) {
    case "all":
      return sql`true`;
    case "category":
      return sql`i.category_fk in (
        with recursive down(category_id) as (
          select category_id from categories where category_id = ${input.category_fk}
          union all select c.category_id from categories c join down on c.parent_id = down.category_id
        ) select category_id from down)`;
    case "brand":
      return sql`i.brand_fk = ${input.brand_fk}`;
    case "made_in":
      return sql`i.made_in_fk = ${input.made_in_fk}`;
    case "item":
      return sql`i.item_id = ${input.item_fk}`;
  }
}

/**
 * The new sale price of every unit the change reaches: a percentage of its price, or an amount per
 * base unit (a packet of 10 goes up ten times the amount), rounded to the price's 2 decimals.
 * Units whose price would not change are left out.
 */
async function priceChanges(tx: DbOrTx, input: ItemPricingInput, lock: boolean): Promise<PriceChange[]> {
  const r = await tx.execute<Omit<PriceChange, "new_price" | "below_zero">>(sql`
    select iu.item_unit_id, i.item_id, i.item_name, u.unit_name, iu.quantity as unit_qty, iu.price as old_price
      from item_units iu join items i on i.item_id = iu.item_fk join units u on u.unit_id = iu.unit_fk
     where ${target(input)}
     order by iu.item_unit_id
     ${lock ? sql`for no key update of iu` : sql``}`);
  const sign = input.direction === "up" ? 1 : -1;
  return r.rows
    .map((row) => {
      const old = D(row.old_price);
      const delta = input.amount_type === "percent" ? old.mul(input.amount).div(100) : D(input.amount).mul(row.unit_qty);
      const next = old.plus(delta.mul(sign)).toDecimalPlaces(2);
      return { ...row, new_price: next.toFixed(2), below_zero: next.isNegative() };
    })
    .filter((row) => !D(row.new_price).eq(row.old_price))
    .sort((a, b) => a.item_name.localeCompare(b.item_name) || a.item_id - b.item_id || D(a.unit_qty).comparedTo(b.unit_qty));
}

async function checkTarget(tx: DbOrTx, input: ItemPricingInput) {
  const checks: Record<string, [SQL, string]> = {
    category_fk: [sql`select 1 from categories where category_id = ${input.category_fk}`, "category"],
    brand_fk: [sql`select 1 from brands where brand_id = ${input.brand_fk}`, "brand"],
    made_in_fk: [sql`select 1 from countries where country_id = ${input.made_in_fk}`, "made in"],
    item_fk: [sql`select 1 from items where item_id = ${input.item_fk}`, "item"],
  };
  for (const [key, [query, name]] of Object.entries(checks)) {
    if (input[key as keyof typeof checks & keyof ItemPricingInput] == null) continue;
    if ((await tx.execute(query)).rows.length === 0) throw unprocessable({ [key]: [`The selected ${name} is invalid.`] });
  }
}

/** What a change would do, price by price, before anything is saved. */
export async function previewItemPricing(ctx: Ctx, input: ItemPricingInput) {
  await checkTarget(ctx.tx, input);
  const rows = await priceChanges(ctx.tx, input, false);
  return { rows, count: rows.length, below_zero: rows.some((r) => r.below_zero) };
}

/**
 * Saves a change: every reached unit's sale price in one transaction (the rows locked first, so two
 * changes at once both count), a record of who recalculated and when, each old and new price, and
 * an audit row.
 */
export async function saveItemPricing(ctx: Ctx, input: ItemPricingInput) {
  await checkTarget(ctx.tx, input);
  const rows = await priceChanges(ctx.tx, input, true);
  if (rows.some((r) => r.below_zero)) throw unprocessable({ amount: [BELOW_ZERO] }, BELOW_ZERO);
  const prices = `{${rows.map((r) => r.new_price).join(",")}}`;
  if (rows.length > 0) {
    await ctx.tx.execute(sql`
      update item_units iu set price = v.price
        from unnest(${intArray(rows.map((r) => r.item_unit_id))}, ${prices}::numeric[]) as v(id, price) where iu.item_unit_id = v.id`);
    await markUnitsChanged(
      ctx,
      rows.map((r) => r.item_unit_id),
    );
  }
  const [rec] = await ctx.tx
    .insert(itemPricings)
    .values({
      apply_on: input.apply_on,
      category_fk: input.category_fk,
      brand_fk: input.brand_fk,
      made_in_fk: input.made_in_fk,
      item_fk: input.item_fk,
      amount_type: input.amount_type,
      amount: input.amount,
      direction: input.direction,
      changed_count: rows.length,
      recalculated_by: ctx.user?.user_id ?? null,
      recalculated_at: ctx.now,
    })
    .returning({ id: itemPricings.item_pricing_id });
  const id = rec!.id;
  if (rows.length > 0) {
    await ctx.tx
      .insert(itemPricingLines)
      .values(rows.map((r) => ({ item_pricing_fk: id, item_unit_fk: r.item_unit_id, old_price: r.old_price, new_price: r.new_price })));
  }
  const changes = rows.map(({ item_unit_id, item_name, unit_name, old_price, new_price }) => ({
    item_unit_id,
    item_name,
    unit_name,
    old_price,
    new_price,
  }));
  await audit(ctx, {
    module: "item_pricings",
    action: "recalculate",
    record_id: id,
    before: { prices: changes.map((c) => ({ item_unit_id: c.item_unit_id, price: c.old_price })) },
    after: { ...input, prices: changes.map((c) => ({ item_unit_id: c.item_unit_id, price: c.new_price })) },
  });
  return { item_pricing_id: id, count: rows.length, rows: changes };
}

/** The history of changes: what was asked, how many prices changed, recalculated by whom and when. */
export const itemPricingsList: ListModel = {
  model: "item_pricings",
  from: sql`from item_pricings ip
    left join users ub on ub.user_id = ip.recalculated_by
    left join categories cat on cat.category_id = ip.category_fk
    left join brands b on b.brand_id = ip.brand_fk
    left join countries co on co.country_id = ip.made_in_fk
    left join items i on i.item_id = ip.item_fk`,
  idColumn: "item_pricing_id",
  defaultSort: "item_pricing_id",
  dateColumn: sql`ip.recalculated_at`,
  amountColumn: sql`ip.amount`,
  columns: {
    item_pricing_id: { expr: sql`ip.item_pricing_id` },
    apply_on: { expr: sql`ip.apply_on`, filter: "eq", notNull: true },
    target_name: { expr: sql`coalesce(cat.category_name, b.brand_name, co.country_name, i.item_name)`, search: true },
    amount_type: { expr: sql`ip.amount_type`, filter: "eq", notNull: true },
    amount: { expr: sql`ip.amount`, notNull: true },
    direction: { expr: sql`ip.direction`, filter: "eq", notNull: true },
    changed_count: { expr: sql`ip.changed_count`, notNull: true },
    recalculated_by_name: { expr: sql`ub.user_name`, search: true },
    recalculated_at: { expr: sql`ip.recalculated_at`, notNull: true },
  },
};
