import { sql } from "drizzle-orm";
import { intArray } from "../../db/bulk.js";
import type { DbOrTx } from "../../db/client.js";
import type { Ctx } from "../../platform/context.js";
import { unprocessable } from "../../platform/errors.js";

/** The items of some lines with their units (base quantities, prices) and whether they expire. */
export async function itemsWithUnits(tx: DbOrTx, itemIds: number[]) {
  if (!itemIds.length) return itemsWithUnitsFrom([]);
  return itemsWithUnitsFrom((await tx.execute<ItemUnitRow>(itemsWithUnitsSql(itemIds))).rows);
}

interface ItemUnitRow extends Record<string, unknown> {
  item_id: number;
  item_name: string;
  has_expire: boolean;
  unit_fk: number;
  item_unit_id: number;
  quantity: string;
  unit_name: string;
}

export const itemsWithUnitsSql = (itemIds: number[]) => sql`
    select i.item_id, i.item_name, i.has_expire, iu.unit_fk, iu.item_unit_id, iu.quantity::text, u.unit_name
      from items i join item_units iu on iu.item_fk = i.item_id join units u on u.unit_id = iu.unit_fk
     where i.item_id = any(${intArray(new Set(itemIds))})`;

/** The items `itemsWithUnitsSql` read, each with its units by unit id. */
export function itemsWithUnitsFrom(rows: ItemUnitRow[]) {
  const out = new Map<
    number,
    {
      item_id: number;
      item_name: string;
      has_expire: boolean;
      units: Map<number, { item_unit_id: number; quantity: string; unit_name: string }>;
    }
  >();
  for (const r of rows) {
    const id = Number(r.item_id);
    const it = out.get(id) ?? { item_id: id, item_name: r.item_name, has_expire: r.has_expire, units: new Map() };
    it.units.set(Number(r.unit_fk), { item_unit_id: Number(r.item_unit_id), quantity: r.quantity, unit_name: r.unit_name });
    out.set(id, it);
  }
  return out;
}

/** Each line's unit is one of its item's units (422 on the line's unit otherwise): the item unit's id and base quantity, line by line. */
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
