import { SEARCH_DROP, SEARCH_FOLD_FROM, SEARCH_FOLD_TO } from "@app/contracts";
import { type SQL, sql } from "drizzle-orm";

/*
 * SQL twin of `normalizeSearch()`. translate() is immutable, so it can feed a generated column or
 * an expression index; the dropped characters have no counterpart in the "to" string, so
 * translate() removes them. A query uses an expression index only when it writes the same
 * expression, which is why tables and searches both build it here.
 */
const FROM = sql.raw(`'${SEARCH_FOLD_FROM}${SEARCH_DROP}'`);
const TO = sql.raw(`'${SEARCH_FOLD_TO}'`);

/** The folded (search) form of a text expression. */
export const fold = (expr: SQL | SQL.Aliased | unknown): SQL => sql`translate(${expr}, ${FROM}, ${TO})`;

/**
 * What stands before each column of a stored search text (`foldedText`): the zero-width
 * non-joiner, which the folding drops (SEARCH_DROP), so that no folded column and no folded term
 * holds it. A `like` pattern then never spans two columns, and `%\u200cab%` finds a column that
 * starts with "ab".
 */
export const SEARCH_COLUMN_START = "\u200c";

/**
 * Several text columns folded into one value for a stored generated column: each column, folded,
 * after SEARCH_COLUMN_START (a NULL column is empty). Searching it costs one `like` on a stored
 * value per row, where searching the columns folds each of them per row and pattern, and one
 * trigram index over it serves every search of the list.
 */
export const foldedText = (...columns: string[]): SQL =>
  sql.join(
    columns.map((c) => sql`chr(8204) || coalesce(${fold(sql.identifier(c))}, '')`),
    sql` || `,
  );

/** The SQL function (migration 0037) that makes a stored search text's grams: see SEARCH_GRAMS_PREFIX_MAX. */
export const SEARCH_GRAMS_FUNCTION = "search_grams_of";

/**
 * What a stored search text (`foldedText`) is looked up by: its grams (`searchGrams`), a GIN
 * index over them. pg_trgm finds no trigram in Arabic or Kurdish letters on a database whose
 * character type is C (the embedded server's), so its index could not serve those searches;
 * these grams are plain substrings, whatever the letters:
 * - every three characters in a row (a word of three letters or more is inside a value only if
 *   each of its three-letter pieces is);
 * - a column's or a word's first letter and first two, after SEARCH_COLUMN_START or a space
 *   (two and three characters: "a column or word starting with" a one- or two-letter term,
 *   exactly);
 * - a column that starts with `+` (a stored mobile or phone): its starts of four characters and
 *   more, up to SEARCH_GRAMS_PREFIX_MAX after SEARCH_COLUMN_START (the start of a number, which
 *   every mobile's trigrams share, is then one exact look-up);
 * - `+` alone when a `+` stands anywhere but at a column's start.
 * `gramTextSearch` in `platform/search.ts` names the grams a term's patterns need.
 */
export const SEARCH_GRAMS_PREFIX_MAX = 16;

/**
 * The grams of a stored search text, as its GIN expression index is built and a search looks it
 * up: never read from a row (the search checks a row by its `like`s), so the table's rows stay as
 * narrow as the text.
 */
export const searchGrams = (text: SQL | SQL.Aliased | unknown): SQL => sql`${sql.raw(SEARCH_GRAMS_FUNCTION)}(${text})`;
