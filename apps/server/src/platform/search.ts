import { normalizeSearch, SEARCH_PREFIX_MAX, searchVariants } from "@app/contracts";
import { type SQL, sql } from "drizzle-orm";
import { fold, SEARCH_COLUMN_START, SEARCH_GRAMS_PREFIX_MAX } from "../db/fold.js";

/** A word's start inside a column: its gram begins with the space before it. */
const WORD_START = " ";

export function escapeLike(term: string): string {
  return term.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * The search's conditions for a typed term (`normalizeSearch`): every word of the term inside one
 * of the columns, or, for a term of one or two letters, a column or a word of a column starting
 * with it; a term that reads as a phone number also matches its stored mobile form. `match(p)` is
 * "some column is like p", `columnStart(p)` the pattern of "a column starts with p".
 */
function searchConditions(term: string, match: (pattern: string) => SQL, columnStart: (escaped: string) => string): SQL {
  return searchArms(term, {
    start: (p) => match(columnStart(escapeLike(p))),
    wordStart: (p) => match(`% ${escapeLike(p)}%`),
    contains: (w) => match(`%${escapeLike(w)}%`),
  });
}

/** The search's arms (see searchConditions), each kind of condition written by `write`. */
function searchArms(
  term: string,
  write: { start: (prefix: string) => SQL; wordStart: (prefix: string) => SQL; contains: (word: string) => SQL },
): SQL {
  const folded = normalizeSearch(term.trim());
  if (!folded) return sql`true`;
  const arms: SQL[] = [];
  if ([...folded].length <= SEARCH_PREFIX_MAX) arms.push(write.start(folded), write.wordStart(folded));
  else {
    const words = folded.split(/\s+/).filter(Boolean);
    arms.push(
      sql.join(
        words.map((w) => write.contains(w)),
        sql` and `,
      ),
    );
    for (const v of searchVariants(term).slice(1)) arms.push(write.contains(v));
  }
  return sql`(${sql.join(arms, sql` or `)})`;
}

/**
 * The rows whose folded text columns match a typed term (see searchConditions), each column folded
 * per row: `translate(column, …) like …`, which a trigram index over the same folding
 * (`db/fold.ts`) serves. A list whose table stores its folded columns searches them with
 * `foldedTextSearch` instead.
 */
export function foldedSearch(columns: SQL[], term: string): SQL {
  if (!columns.length) return sql`true`;
  return searchConditions(
    term,
    (pattern) =>
      sql`(${sql.join(
        columns.map((c) => sql`${fold(c)} like ${pattern}`),
        sql` or `,
      )})`,
    (p) => `${p}%`,
  );
}

/**
 * The same search over a stored search text (`foldedText` in `db/fold.ts`: the folded columns,
 * each after SEARCH_COLUMN_START): the same rows as `foldedSearch` over those columns, as plain
 * `like`s on one stored value, served by its trigram index for terms of any length (a one-letter
 * term is the trigram of a word's start).
 */
export function foldedTextSearch(text: SQL, term: string): SQL {
  return searchConditions(
    term,
    (pattern) => sql`${text} like ${pattern}`,
    (p) => `%${SEARCH_COLUMN_START}${p}%`,
  );
}

/** A text[] literal of `values`, as one parameter. */
const textArray = (values: string[]) => sql`${`{${values.map((v) => `"${v.replace(/[\\"]/g, (c) => `\\${c}`)}"`).join(",")}}`}::text[]`;

/**
 * Every run of three characters of `word` (none for a shorter word). All of them: which is rare
 * is not known here, and one that is ("075" in "0750000", where "750", "500" and "000" are in
 * every mobile) spares reading every row's like.
 */
function trigramsOf(word: string): string[] {
  const ch = [...word];
  const out = new Set<string>();
  for (let i = 0; i + 3 <= ch.length; i++) out.add(ch.slice(i, i + 3).join(""));
  return [...out];
}

/**
 * The same search as `foldedTextSearch` over a stored search text, looked up by its stored grams
 * (SEARCH_GRAMS_PREFIX_MAX in `db/fold.ts`, with a GIN index): `foldedTextSearch`'s conditions,
 * and beside them the grams every row they find holds. A one- or two-letter term needs the gram
 * of a column's or word's start; a longer word each of its three-letter grams; a word starting
 * with `+` (a mobile's stored form) a column starting with it (one gram), or else `+` standing
 * elsewhere and its grams. The grams are what the index looks up and the `like`s what a row is
 * checked by, so no row's grams are made again once the index found it (they are not stored: the
 * index is over `searchGrams` of the text), and the rows are exactly those of `foldedTextSearch`.
 */
export function gramTextSearch(text: SQL, grams: SQL, term: string): SQL {
  const has = (g: string[]) => sql`${grams} @> ${textArray(g)}`;
  const exact = foldedTextSearch(text, term);
  const folded = normalizeSearch(term.trim());
  if (!folded) return exact;
  // Each arm's grams, or undefined for an arm that no gram narrows (then the search cannot be
  // looked up by grams at all).
  const arms: (SQL | undefined)[] = [];
  const contains = (w: string): SQL | undefined => {
    const tri = trigramsOf(w);
    if (!w.startsWith("+")) return tri.length ? has(tri) : undefined;
    const start = has([`${SEARCH_COLUMN_START}${[...w].slice(0, SEARCH_GRAMS_PREFIX_MAX).join("")}`]);
    return sql`(${start} or ${has(["+", ...tri])})`;
  };
  if ([...folded].length <= SEARCH_PREFIX_MAX) arms.push(has([`${SEARCH_COLUMN_START}${folded}`]), has([WORD_START + folded]));
  else {
    const words = folded
      .split(/\s+/)
      .filter(Boolean)
      .map(contains)
      .filter((w): w is SQL => w !== undefined);
    arms.push(words.length ? sql.join(words, sql` and `) : undefined);
    for (const v of searchVariants(term).slice(1)) arms.push(contains(v));
  }
  if (arms.some((a) => a === undefined)) return exact;
  // The likes first: a row read some other way (a scan, another index) is checked by them before
  // its grams are read.
  return sql`(${exact} and (${sql.join(arms as SQL[], sql` or `)}))`;
}

/**
 * The rows of a one- or two-letter term as grams alone: a column or a word starting with it is
 * exactly a row whose grams hold the gram of that start (SEARCH_GRAMS_PREFIX_MAX in `db/fold.ts`).
 * Only for a statement that reads every matching row by the grams' index (the list's footer):
 * a plan that read rows otherwise would make each row's grams to check it. Undefined for a longer
 * term, whose words' grams only narrow the rows its likes then check.
 */
export function gramLookup(grams: SQL, term: string): SQL | undefined {
  const folded = normalizeSearch(term.trim());
  if (!folded || [...folded].length > SEARCH_PREFIX_MAX) return undefined;
  return sql`(${grams} @> ${textArray([`${SEARCH_COLUMN_START}${folded}`])} or ${grams} @> ${textArray([WORD_START + folded])})`;
}
