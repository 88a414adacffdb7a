import { normalizeSearch, SEARCH_PREFIX_MAX, searchVariants } from "@app/contracts";
import { type SQL, sql } from "drizzle-orm";
import { fold } from "../db/fold.js";

export function escapeLike(term: string): string {
  return term.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * The rows whose folded text columns match a typed term (`normalizeSearch` on both sides): every
 * word of the term inside one of the columns, or, for a term of one or two letters, a word of a
 * column starting with it. A term that reads as a phone number also matches its stored mobile
 * form. Written as `translate(column, …) like …`, so a trigram index over the same folding
 * (`db/fold.ts`) serves it.
 */
export function foldedSearch(columns: SQL[], term: string): SQL {
  const folded = normalizeSearch(term.trim());
  if (!columns.length || !folded) return sql`true`;
  const anyColumn = (pattern: string) =>
    sql`(${sql.join(
      columns.map((c) => sql`${fold(c)} like ${pattern}`),
      sql` or `,
    )})`;
  const arms: SQL[] = [];
  if ([...folded].length <= SEARCH_PREFIX_MAX) {
    const p = escapeLike(folded);
    arms.push(anyColumn(`${p}%`), anyColumn(`% ${p}%`));
  } else {
    const words = folded.split(/\s+/).filter(Boolean);
    arms.push(
      sql.join(
        words.map((w) => anyColumn(`%${escapeLike(w)}%`)),
        sql` and `,
      ),
    );
    for (const v of searchVariants(term).slice(1)) arms.push(anyColumn(`%${escapeLike(v)}%`));
  }
  return sql`(${sql.join(arms, sql` or `)})`;
}
