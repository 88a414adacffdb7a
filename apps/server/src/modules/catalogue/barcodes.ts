import { randomInt } from "node:crypto";
import { ean13CheckDigit, normalizeDigits, normalizeSearch } from "@app/contracts";
import { sql } from "drizzle-orm";
import type { Ctx } from "../../platform/context.js";
import { escapeLike } from "../../platform/list.js";

/**
 * A new EAN-13 no item uses yet. The "2" prefix is GS1's range for numbers a shop assigns
 * itself, so a made-up code never collides with a manufacturer's real one.
 */
export async function generateEan13(ctx: Ctx, avoid: ReadonlySet<string> = new Set()): Promise<string> {
  for (;;) {
    let first12 = "2";
    for (let i = 0; i < 11; i++) first12 += String(randomInt(10));
    const code = first12 + String(ean13CheckDigit(first12));
    if (avoid.has(code)) continue;
    const res = await ctx.tx.execute(sql`select 1 from item_barcodes where barcode = ${code}`);
    if (!res.rows.length) return code;
  }
}

/**
 * The items a search term finds: the folded name starting with the term, the item code, or any
 * barcode, each an indexed look-up (`= any(array(...))` lets the planner use the barcode index
 * once instead of probing per row).
 */
export function itemSearch(term: string, alias = "i") {
  const t = term.trim();
  const code = normalizeDigits(t);
  const a = sql.raw(alias);
  return sql`(${a}.search_name like ${`${escapeLike(normalizeSearch(t))}%`}
    or ${a}.item_code = ${code}
    or ${a}.item_id = any(array(select b.item_fk from item_barcodes b where b.barcode = ${code})))`;
}
