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
