import { CURRENCY_IQD, CURRENCY_USD, MSG } from "@app/contracts";
import { sql } from "drizzle-orm";
import { intArray } from "../../db/bulk.js";
import type { Ctx } from "../../platform/context.js";
import { HttpError, unprocessable } from "../../platform/errors.js";
import { inventoryScope } from "../catalogue/inventories.js";

/**
 * What quotations and sale transfers check alike: the customer is a customer, and each line's
 * unit is one of its item's units (answered with the item unit's id and its base quantity).
 */
export async function assertCustomer(ctx: Ctx, consumerId: number) {
  const r = await ctx.tx.execute<{ consumer_name: string }>(
    sql`select consumer_name from consumers where consumer_id = ${consumerId} and kind = 'customer'`,
  );
  if (!r.rows[0]) throw new HttpError(422, MSG.chooseFromList, { consumer_fk: [MSG.chooseFromList] });
  return r.rows[0].consumer_name;
}

export async function lineUnits(ctx: Ctx, lines: { item_fk: number; unit_fk: number }[], field = "lines") {
  const pairs = lines.map((l) => `(${l.item_fk},${l.unit_fk})`);
  const r = await ctx.tx.execute<{ item_fk: number; unit_fk: number; item_unit_id: number; quantity: string }>(sql`
    select iu.item_fk, iu.unit_fk, iu.item_unit_id, iu.quantity::text
      from item_units iu
     where (iu.item_fk, iu.unit_fk) in (select * from unnest(${intArray(lines.map((l) => l.item_fk))},
                                                                ${intArray(lines.map((l) => l.unit_fk))}))`);
  const found = new Map(r.rows.map((row) => [`(${row.item_fk},${row.unit_fk})`, row]));
  const errors: Record<string, string[]> = {};
  pairs.forEach((p, i) => {
    if (!found.has(p)) errors[`${field}.${i}.unit_fk`] = ["The selected unit is invalid."];
  });
  if (Object.keys(errors).length) throw unprocessable(errors);
  return pairs.map((p) => found.get(p)!);
}

/** The system's default inventory, for documents that name none. */
export async function defaultInventory(ctx: Ctx) {
  const r = await ctx.tx.execute<{ id: number | null }>(sql`select default_inventory_fk as id from system_config where id = 1`);
  const id = r.rows[0]?.id;
  if (!id) throw new HttpError(422, MSG.mustHaveDefaultInventory, { inventory_fk: [MSG.mustHaveDefaultInventory] });
  return Number(id);
}

/** An amount column of a document list (`alias.col`) with its IQD and USD parts summed in the footer. */
export const moneyColumns = (alias: string, col: string) => ({
  [col]: { expr: sql.raw(`${alias}.${col}`) },
  [`${col}_iqd`]: {
    expr: sql.raw(`case when ${alias}.currency_id = ${CURRENCY_IQD} then ${alias}.${col} else 0 end`),
    sum: true,
    sortable: false,
  },
  [`${col}_usd`]: {
    expr: sql.raw(`case when ${alias}.currency_id = ${CURRENCY_USD} then ${alias}.${col} else 0 end`),
    sum: true,
    sortable: false,
  },
});

/** Whether the caller may see a document of this inventory (a show answers 404 otherwise). */
export async function seesInventory(ctx: Ctx, inventoryId: number) {
  const scope = inventoryScope(ctx, sql`${inventoryId}::int`);
  return !scope || (await ctx.tx.execute(sql`select 1 where ${scope}`)).rows.length > 0;
}
