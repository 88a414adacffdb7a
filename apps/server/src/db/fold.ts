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
