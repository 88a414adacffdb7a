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
export function insertRows<T extends PgTable>(table: T, rows: Partial<T["$inferInsert"]>[]): SQL {
  const columns = getTableColumns(table);
  const keys = [...new Set(rows.flatMap((r) => Object.keys(r)))].filter((k) => k in columns);
  const names = keys.map((k) => `"${columns[k]!.name}"`);
  const typeOf = (t: string) => (t === "serial" ? "integer" : t === "bigserial" ? "bigint" : t === "smallserial" ? "smallint" : t);
  const defs = keys.map((k) => `"${columns[k]!.name}" ${typeOf(columns[k]!.getSQLType())}`);
  const payload = rows.map((r) => Object.fromEntries(keys.map((k) => [columns[k]!.name, (r as Record<string, unknown>)[k] ?? null])));
  return sql`insert into ${sql.raw(`"${getTableName(table)}"`)} (${sql.raw(names.join(", "))})
    select ${sql.raw(names.map((n) => `x.${n}`).join(", "))}
      from rows from (jsonb_to_recordset(${JSON.stringify(payload)}::jsonb) as (${sql.raw(defs.join(", "))}))
           with ordinality as x(${sql.raw([...names, "n"].join(", "))})
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

/**
 * Several statements without parameters sent as one (PostgreSQL's simple query protocol): one
 * round trip instead of one per statement; each answers its rows as `tx.execute` would. Only
 * for statements whose values are numbers and fixed text (nothing a user typed).
 */
export async function queryMany(tx: unknown, statements: SQL[]): Promise<Record<string, unknown>[][]> {
  const text = statements
    .map((s) => {
      const q = dialect.sqlToQuery(s);
      if (q.params.length) throw new Error("queryMany takes statements without parameters");
      return q.sql;
    })
    .join(";\n");
  const client = (tx as { _: { session: { client: pg.ClientBase } } })._.session.client;
  const res = (await client.query({ text, types: rawTypes } as pg.QueryConfig)) as unknown as pg.QueryResult | pg.QueryResult[];
  return (Array.isArray(res) ? res : [res]).map((r) => r.rows);
}

const dialect = new PgDialect();
