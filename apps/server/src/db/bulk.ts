import { getTableColumns, getTableName, type SQL, sql } from "drizzle-orm";
import { PgDialect, type PgTable } from "drizzle-orm/pg-core";
import pg from "pg";

/**
 * Many rows of a table as one statement's one parameter: `insert into t (…) select … from
 * jsonb_to_recordset($1) … order by n`, the rows in the order given (so serial ids follow it).
 * The columns are the keys of the rows (the table's TypeScript names); the others take their
 * defaults. Column types come from the table's own definition, so the values arrive as a
 * one-row-at-a-time insert would store them. Used where a document writes many rows at once
 * (the POS books sales together) and where statements joined with `with` write several tables.
 */
export function insertRows<T extends PgTable>(
  table: T,
  rows: Partial<T["$inferInsert"]>[],
  opts: {
    /** Fields of the rows that are no column, with their SQL types: what `join` and `set` read (`x.field`). */
    extra?: Record<string, string>;
    /** Joins after the rows (`x`), e.g. to a `with` query that inserted the parent rows. */
    join?: SQL;
    /** Columns set from an expression of the joins, e.g. `{ sale_fk: sql\`s.id\` }`. */
    set?: Record<string, SQL>;
  } = {},
): SQL {
  const columns = getTableColumns(table);
  const extra = opts.extra ?? {};
  const keys = [...new Set(rows.flatMap((r) => Object.keys(r)))].filter((k) => k in columns && !(opts.set && k in opts.set));
  const typeOf = (t: string) => (t === "serial" ? "integer" : t === "bigserial" ? "bigint" : t === "smallserial" ? "smallint" : t);
  const names = keys.map((k) => `"${columns[k]!.name}"`);
  const extraNames = Object.keys(extra).map((k) => `"${k}"`);
  const defs = [
    ...keys.map((k) => `"${columns[k]!.name}" ${typeOf(columns[k]!.getSQLType())}`),
    ...Object.entries(extra).map(([k, t]) => `"${k}" ${t}`),
  ];
  const payload = rows.map((r) =>
    Object.fromEntries([
      ...keys.map((k) => [columns[k]!.name, (r as Record<string, unknown>)[k] ?? null]),
      ...Object.keys(extra).map((k) => [k, (r as Record<string, unknown>)[k] ?? null]),
    ]),
  );
  const set = Object.entries(opts.set ?? {});
  const into = [...names, ...set.map(([k]) => `"${columns[k]!.name}"`)].join(", ");
  const values = sql.join([...names.map((n) => sql.raw(`x.${n}`)), ...set.map(([, v]) => v)], sql`, `);
  return sql`insert into ${sql.raw(`"${getTableName(table)}"`)} (${sql.raw(into)})
    select ${values}
      from rows from (jsonb_to_recordset(${JSON.stringify(payload)}::jsonb) as (${sql.raw(defs.join(", "))}))
           with ordinality as x(${sql.raw([...names, ...extraNames, "n"].join(", "))})
           ${opts.join ?? sql``}
     order by x.n`;
}

/** Dates, times and their arrays as text, numbers as pg makes them: what drizzle's `execute` answers. */
const rawTypes = {
  getTypeParser: (typeId: number, format?: "text" | "binary") => {
    const b = pg.types.builtins;
    if ([b.TIMESTAMPTZ, b.TIMESTAMP, b.DATE, b.INTERVAL, 1231, 1115, 1185, 1187, 1182].includes(typeId)) return (val: string) => val;
    return pg.types.getTypeParser(typeId, format);
  },
};

/** A value as an SQL literal: numbers as written, text quoted as PostgreSQL's client library quotes it. */
function literal(v: unknown): string {
  if (v === null || v === undefined) return "NULL";
  if (typeof v === "number") {
    if (!Number.isFinite(v)) throw new Error("not a finite number");
    return String(v);
  }
  if (typeof v === "boolean") return v ? "true" : "false";
  if (v instanceof Date) return pg.escapeLiteral(v.toISOString());
  if (typeof v === "string") return pg.escapeLiteral(v);
  throw new Error(`no literal for ${typeof v}`);
}

/**
 * Several statements sent as one (PostgreSQL's simple query protocol): one round trip instead of
 * one per statement, run in order; each answers its rows as `tx.execute` would. Their values go
 * as literals quoted by pg's `escapeLiteral` (the simple protocol takes no parameters).
 */
export async function queryMany(tx: unknown, statements: SQL[]): Promise<Record<string, unknown>[][]> {
  if (!statements.length) return [];
  const text = statements
    .map((s) => {
      const q = dialect.sqlToQuery(s);
      // One pass over the text: a literal put in is never read again as a placeholder.
      return q.sql.replace(/\$(\d+)\b/g, (_, n: string) => literal(q.params[Number(n) - 1]));
    })
    .join(";\n");
  const client = (tx as { _: { session: { client: pg.ClientBase } } })._.session.client;
  const res = (await client.query({ text, types: rawTypes } as pg.QueryConfig)) as unknown as pg.QueryResult | pg.QueryResult[];
  return (Array.isArray(res) ? res : [res]).map((r) => r.rows);
}

const dialect = new PgDialect();
