import { randomInt } from "node:crypto";
import { ean13CheckDigit, normalizeDigits, normalizeSearch } from "@app/contracts";
import { type SQL, sql } from "drizzle-orm";
import type { Ctx } from "../../platform/context.js";
import { type RankCondition, SORT_IF_FEW } from "../../platform/list.js";
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
 * must (its trigram index serves a prefix). Both folded names are stored columns, so a row costs a
 * `like` on a stored value, not a folding. The barcode arm is `= any(array(...))` so the planner
 * probes the barcode index once instead of per row.
 */
export function itemSearch(term: string, alias = "i") {
  const { names, codePrefix, barcode } = itemSearchParts(term, alias);
  return sql`(${names} or ${codePrefix} or ${barcode})`;
}

function itemSearchParts(term: string, alias: string) {
  const { code, lowerCode, codePrefix, words, prefix } = searchTerm(term);
  const a = sql.raw(alias);
  const scientific = sql`${a}.search_scientific_name`;
  const long = words.some((w) => [...w].length >= TRIGRAM_MIN);
  const every = (column: SQL) =>
    sql.join(
      words.map((w) => sql`${column} like ${`%${escapeLike(w)}%`}`),
      sql` and `,
    );
  const names = long
    ? sql`((${every(sql`${a}.search_name`)}) or (${every(scientific)}))`
    : sql`(${a}.search_name like ${prefix} or ${scientific} like ${prefix})`;
  // What names finds beside a name starting with the term (rank 2 of itemSearchRanks), written so
  // that the planner estimates it well: a short term's is the scientific name alone, and one word
  // not at a name's start is inside it (`_%word%`, estimated on the column's statistics, where
  // "contains" and "does not start with" would be taken as independent).
  const one = words.length === 1 ? `_%${escapeLike(words[0]!)}%` : undefined;
  const otherNames = !long ? sql`${scientific} like ${prefix}` : one ? sql`(${a}.search_name like ${one} or ${every(scientific)})` : names;
  const barcode = sql`${a}.item_id = any(array(select b.item_fk from item_barcodes b where b.barcode = ${code}))`;
  return {
    /** Every word in the folded name or the folded scientific name (or their start). */
    names,
    otherNames,
    codePrefix: sql`lower(${a}.item_code) like ${codePrefix}`,
    barcode,
    /** The code typed whole (any case), or a barcode. */
    exact: sql`(lower(${a}.item_code) = ${lowerCode} or ${barcode})`,
  };
}

/**
 * `itemSearchOrder`'s ranks as conditions: the exact code or barcode; then names starting with the
 * term (a range of the folded-name index) and codes starting with it; then the other names found.
 * Disjoint (a NULL code counts as no match), together what `itemSearch` finds. Within a rank, by
 * `itemSearchRankOrder`: the folded name in code-point order, the order of
 * `items_search_name_c_idx`, which reads a rank's first rows in order however many items it holds
 * (where ordering by lower(item_name) sorted every item a one-letter term finds). A list reads
 * the ranks with `rankedQuery` (`searchRanks` in `platform/list.ts`).
 */
export function itemSearchRanks(term: string, alias = "i"): RankCondition[][] {
  const { exact, codePrefix, otherNames } = itemSearchParts(term, alias);
  const { prefix } = searchTerm(term);
  const namePrefix = sql`${folded(alias)} like ${prefix}`;
  // `is not true` (a NULL code counts as no match), which the planner estimates by the condition,
  // where `not coalesce(…, false)` was taken as a half of every row.
  const not = (cond: SQL) => sql`(${cond}) is not true`;
  return [
    [exact],
    [
      sql`${namePrefix} and ${not(exact)}`,
      // Codes by their start lie anywhere in the name order: a few are read and sorted.
      { cond: sql`${codePrefix} and ${not(namePrefix)} and ${not(exact)}`, sortIfFew: SORT_IF_FEW },
    ],
    [sql`${otherNames} and ${not(namePrefix)} and ${not(codePrefix)} and ${not(exact)}`],
  ];
}

/** The folded name in code-point order (the collation of items_search_name_c_idx). */
const folded = (alias: string) => sql`${sql.raw(alias)}.search_name collate "C"`;

/** The order of items within one rank of a search: the folded name, then the id. */
export const itemSearchRankOrder = (alias = "i") => [folded(alias), sql`${sql.raw(alias)}.item_id`];

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
 * starting with the term, then names containing it; by folded name within each (as
 * `itemSearchRanks` reads them).
 */
export function itemSearchOrder(term: string, alias = "i") {
  const { code, lowerCode, codePrefix, prefix } = searchTerm(term);
  const a = sql.raw(alias);
  return sql`case when lower(${a}.item_code) = ${lowerCode}
                    or ${a}.item_id = any(array(select b.item_fk from item_barcodes b where b.barcode = ${code})) then 0
                  when ${a}.search_name like ${prefix} or lower(${a}.item_code) like ${codePrefix} then 1
                  else 2 end, ${folded(alias)}, ${a}.item_id`;
}
