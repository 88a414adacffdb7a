import { sql } from "drizzle-orm";
import type { TestApp } from "../../../test/harness.js";

/** Quantity and value (at average cost) of the item in an inventory, from its movements. */
export async function heldIn(t: TestApp, item: number, inventory: number): Promise<{ qty: number; value: number }> {
  const [r] = (
    await t.database.db.execute<{ q: string; v: string }>(sql`
      select coalesce(sum(qty), 0)::text q, coalesce(sum(value), 0)::text v from stock_movements where item_fk = ${item} and inventory_fk = ${inventory}`)
  ).rows;
  return { qty: Number(r!.q), value: Number(r!.v) };
}
