import { randomInt } from "node:crypto";
import { ean13CheckDigit, normalizeDigits, normalizeSearch } from "@app/contracts";
import { type SQL, sql } from "drizzle-orm";
import { fold } from "../../db/fold.js";
import type { Ctx } from "../../platform/context.js";
import { escapeLike } from "../../platform/search.js";

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

/** Shorter words give pg_trgm no trigram to look up, so they cannot use the trigram index. */
const TRIGRAM_MIN = 3;

/** A search term as the queries use it: folded for names, digits folded for codes and barcodes. */
function searchTerm(term: string) {
  const t = term.trim();
  const folded = normalizeSearch(t).split(/\s+/).filter(Boolean);
  const code = normalizeDigits(t);
  return {
    code,
    lowerCode: code.toLowerCase(),
    codePrefix: `${escapeLike(code.toLowerCase())}%`,
    words: folded,
    prefix: `${escapeLike(folded.join(" "))}%`,
  };
}

/**
 * The items a search term finds: every word of the term anywhere in the folded name or the folded
 * scientific name (`like '%word%'` on their pg_trgm indexes), the item code without case and by its
 * beginning (`lower(item_code) like 'ab1%'` on its text_pattern_ops index), or any barcode. When
 * no word has three letters the name must start with the term instead (`like 'term%'` on the
 * text_pattern_ops index, so a one-letter search stays an index range), or the scientific name
 * must (its trigram index serves a prefix). The barcode arm is `= any(array(...))` so the planner
 * probes the barcode index once instead of per row.
 */
export function itemSearch(term: string, alias = "i") {
  const { code, codePrefix, words, prefix } = searchTerm(term);
  const a = sql.raw(alias);
  const scientific = fold(sql`${a}.scientific_name`);
  const long = words.some((w) => [...w].length >= TRIGRAM_MIN);
  const every = (column: SQL) =>
    sql.join(
      words.map((w) => sql`${column} like ${`%${escapeLike(w)}%`}`),
      sql` and `,
    );
  const name = long
    ? sql`(${every(sql`${a}.search_name`)}) or (${every(scientific)})`
    : sql`${a}.search_name like ${prefix} or ${scientific} like ${prefix}`;
  return sql`((${name})
    or lower(${a}.item_code) like ${codePrefix}
    or ${a}.item_id = any(array(select b.item_fk from item_barcodes b where b.barcode = ${code})))`;
}

/** The shortest barcode (EAN-8): a shorter term is as likely part of a name, and is ranked with names. */
const EXACT_MIN = 8;

/**
 * The items whose code or barcode is the term itself, for a term a scanner types: one word at
 * least as long as the shortest barcode.
 */
export function itemExactSearch(term: string, alias = "i") {
  const code = normalizeDigits(term.trim());
  if (code.length < EXACT_MIN || /\s/.test(code)) return undefined;
  const a = sql.raw(alias);
  return sql`(lower(${a}.item_code) = ${code.toLowerCase()} or ${a}.item_id = any(array(select b.item_fk from item_barcodes b where b.barcode = ${code})))`;
}

/**
 * The order of what `itemSearch` finds, best first: the exact item code or barcode, then names
 * starting with the term, then names containing it; by name within each.
 */
export function itemSearchOrder(term: string, alias = "i") {
  const { code, lowerCode, codePrefix, prefix } = searchTerm(term);
  const a = sql.raw(alias);
  return sql`case when lower(${a}.item_code) = ${lowerCode}
                    or ${a}.item_id = any(array(select b.item_fk from item_barcodes b where b.barcode = ${code})) then 0
                  when ${a}.search_name like ${prefix} or lower(${a}.item_code) like ${codePrefix} then 1
                  else 2 end, lower(${a}.item_name), ${a}.item_id`;
}
