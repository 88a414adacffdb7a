import { normalizeSearch, SEARCH_PREFIX_MAX, searchVariants } from "@app/contracts";
import { type SQL, sql } from "drizzle-orm";
import { fold, SEARCH_COLUMN_START } from "../db/fold.js";

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
  const folded = normalizeSearch(term.trim());
  if (!folded) return sql`true`;
  const arms: SQL[] = [];
  if ([...folded].length <= SEARCH_PREFIX_MAX) {
    const p = escapeLike(folded);
    arms.push(match(columnStart(p)), match(`% ${p}%`));
  } else {
    const words = folded.split(/\s+/).filter(Boolean);
    arms.push(
      sql.join(
        words.map((w) => match(`%${escapeLike(w)}%`)),
        sql` and `,
      ),
    );
    for (const v of searchVariants(term).slice(1)) arms.push(match(`%${escapeLike(v)}%`));
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
