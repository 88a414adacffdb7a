import { getTableColumns, getTableName, type SQL, sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/node-postgres";
import { PgDialect, type PgTable } from "drizzle-orm/pg-core";
import pg from "pg";
import { type Db, statementName, type Tx } from "./client.js";

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
  // The rows as one JSON text, written field by field (no object a row on the way).
  const fields = [
    ...keys.map((k) => ({ from: k, to: `${JSON.stringify(columns[k]!.name)}:` })),
    ...Object.keys(extra).map((k) => ({ from: k, to: `${JSON.stringify(k)}:` })),
  ];
  const payload = rows
    .map((r) => `{${fields.map((f) => f.to + JSON.stringify((r as Record<string, unknown>)[f.from] ?? null)).join(",")}}`)
    .join(",");
  const set = Object.entries(opts.set ?? {});
  const into = [...names, ...set.map(([k]) => `"${columns[k]!.name}"`)].join(", ");
  const values = sql.join([...names.map((n) => sql.raw(`x.${n}`)), ...set.map(([, v]) => v)], sql`, `);
  return sql`insert into ${sql.raw(`"${getTableName(table)}"`)} (${sql.raw(into)})
    select ${values}
      from rows from (jsonb_to_recordset(${`[${payload}]`}::jsonb) as (${sql.raw(defs.join(", "))}))
           with ordinality as x(${sql.raw([...names, ...extraNames, "n"].join(", "))})
           ${opts.join ?? sql``}
     order by x.n`;
}

/**
 * Texts as one `text[]` literal (`{"a","b"}`), each quoted and escaped, repeats dropped: a list of
 * texts as a single parameter (`= any(${textArray(keys)}::text[])`), which `queryMany` can send.
 */
export const textArray = (xs: Iterable<string>) => `{${[...new Set(xs)].map((x) => `"${x.replace(/["\\]/g, "\\$&")}"`).join(",")}}`;

/**
 * A row as PostgreSQL answers it when read back from its table (`select *` through `execute`),
 * made from the values written: numbers at their column's scale as text, whole numbers as numbers,
 * a missing value as the column's plain default (or null), jsonb as parsed JSON. Times and dates
 * are PostgreSQL's own text and must be given in `read` (with the ids the table made), as must
 * any column whose default is an expression; a column that cannot be made so throws.
 */
export function readBack<T extends PgTable>(
  table: T,
  values: Record<string, unknown>,
  read: Record<string, unknown>,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, col] of Object.entries(getTableColumns(table))) {
    const c = col as unknown as { columnType: string; scale?: number; hasDefault: boolean; default?: unknown; name: string };
    if (key in read) {
      out[key] = read[key];
      continue;
    }
    let v = values[key];
    if (v === undefined) {
      if (c.hasDefault && (c.default === undefined || (typeof c.default === "object" && c.default !== null)))
        throw new Error(`readBack: ${getTableName(table)}.${c.name} must be read`);
      v = c.hasDefault ? c.default : null;
    }
    if (v === null) out[key] = null;
    else if (c.columnType === "PgNumeric") {
      const [whole, frac = ""] = decimalText(v).split(".");
      const places = c.scale ?? 0;
      out[key] = roundText(whole!, frac, places);
    } else if (c.columnType === "PgInteger" || c.columnType === "PgSerial" || c.columnType === "PgSmallInt") out[key] = Number(v);
    else if (c.columnType === "PgJsonb" || c.columnType === "PgJson") out[key] = JSON.parse(JSON.stringify(v));
    else if (c.columnType === "PgText" || c.columnType === "PgBoolean") out[key] = v;
    else throw new Error(`readBack: ${getTableName(table)}.${c.name} must be read`);
  }
  return out;
}

/** A number's plain decimal text (no exponent). */
function decimalText(v: unknown): string {
  const t = typeof v === "string" ? v.trim() : typeof v === "number" ? String(v) : (v as { toFixed(): string }).toFixed();
  if (!/^-?\d+(\.\d+)?$/.test(t)) throw new Error(`readBack: not a plain number: ${t}`);
  return t;
}

/** `whole.frac` rounded half away from zero to `places`, as numeric(p, places) prints it. */
function roundText(whole: string, frac: string, places: number): string {
  const neg = whole.startsWith("-");
  const digits = (neg ? whole.slice(1) : whole) + frac.padEnd(places, "0").slice(0, places);
  let n = BigInt(digits);
  if (frac.length > places && frac[places]! >= "5") n += 1n;
  let t = n.toString().padStart(places + 1, "0");
  t = places ? `${t.slice(0, -places)}.${t.slice(-places)}` : t;
  return neg && n !== 0n ? `-${t}` : t;
}

/**
 * Whole numbers as one `int[]` parameter (`{1,2,3}::int[]`), in the order given, repeats kept: a
 * list of ids as a single value (`= any(${intArray(ids)})`, or `unnest` beside another array of the
 * same length), which `queryMany` can send and whose statement text does not change with the count.
 */
export function intArray(xs: Iterable<number>): SQL {
  const list = [...xs];
  for (const x of list) if (!Number.isSafeInteger(x)) throw new Error("not a whole number");
  return sql`${`{${list.join(",")}}`}::int[]`;
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
  if (v instanceof Date) return quoted(v.toISOString());
  if (typeof v === "string") return quoted(v);
  throw new Error(`no literal for ${typeof v}`);
}

/**
 * A text quoted as pg's `escapeLiteral` quotes it (quotes doubled; with a backslash, every
 * backslash doubled and the literal marked ` E'…'`), by the engine's own search and replace:
 * `escapeLiteral` builds its answer a character at a time, about a millisecond for the 40 KB of
 * rows a POS booking writes.
 */
export function quoted(v: string): string {
  const backslash = v.includes("\\");
  let t = v.includes("'") ? v.replaceAll("'", "''") : v;
  if (backslash) t = t.replaceAll("\\", "\\\\");
  return backslash ? ` E'${t}'` : `'${t}'`;
}

/** A transaction of `inOneGo`: its connection, whether `begin` went out and whether `commit` did. */
interface OneGo {
  conn: pg.PoolClient;
  begun: boolean;
  committed: boolean;
}
const oneGos = new WeakMap<object, OneGo>();
/** The statements each connection has prepared (a connection that failed is closed, and its statements with it). */
const preparedOn = new WeakMap<pg.ClientBase, Set<string>>();
/** How often each text was sent in `inOneGo` (a bounded count: texts made per call stop being counted). */
const sent = new Map<string, number>();
const PREPARE_AFTER = 3;
const MOST_TEXTS = 2000;
const MOST_PREPARED = 100;

/**
 * A transaction whose `begin` goes out with its first statements (those of `queryMany`; a
 * statement sent otherwise, by `tx.execute` or a query builder, sends `begin` before it if it is
 * the first): a round trip fewer than `db.transaction`, for a transaction that makes few and whose
 * every round trip waits behind the other requests the process serves. Commits when `fn` returns;
 * on any error the connection is closed rather than returned to the pool: the server rolls the
 * transaction back, and the statements prepared on it (which a rollback leaves in place, and of
 * which a failed round trip leaves unknown which were made) go with it.
 */
export async function inOneGo<T>(db: Db, fn: (tx: Tx) => Promise<T>): Promise<T> {
  const pool = (db as unknown as { $client: pg.Pool }).$client;
  const conn = await pool.connect();
  const go: OneGo = { conn, begun: false, committed: false };
  const client = {
    query: async (...args: unknown[]) => {
      if (!go.begun) {
        go.begun = true;
        await conn.query("begin");
      }
      return (conn.query as (...a: unknown[]) => Promise<unknown>)(...args);
    },
  };
  oneGos.set(client, go);
  try {
    const out = await fn(drizzle(client as unknown as pg.Client) as unknown as Tx);
    if (go.begun && !go.committed) await conn.query("commit");
    conn.release();
    return out;
  } catch (err) {
    conn.release(err instanceof Error ? err : new Error(String(err)));
    throw err;
  } finally {
    oneGos.delete(client);
  }
}

/**
 * Several statements sent as one (PostgreSQL's simple query protocol): one round trip instead of
 * one per statement, run in order; each answers its rows as `tx.execute` would. Their values go
 * as literals quoted as pg's `escapeLiteral` quotes them (`quoted`; the simple protocol takes no parameters). In a
 * transaction of `inOneGo` the first statements carry its `begin`, the last may carry its
 * `commit` (`{ commit: true }`; nothing is sent after it), and a statement whose text
 * keeps coming back (the values aside) is prepared on the connection (`prepare`, then `execute`
 * with the values), so that PostgreSQL plans it once per connection rather than at every call: a
 * read joining half a dozen tables costs more to plan than to run.
 */
export async function queryMany(tx: unknown, statements: SQL[], opts: { commit?: boolean } = {}): Promise<Record<string, unknown>[][]> {
  if (!statements.length) return [];
  const client = (tx as { _: { session: { client: pg.ClientBase } } })._.session.client;
  const go = oneGos.get(client);
  if (opts.commit && !go) throw new Error("queryMany commits in inOneGo only");
  const conn = go?.conn ?? client;
  const known = go ? (preparedOn.get(conn) ?? new Set<string>()) : null;
  if (known) preparedOn.set(conn, known);
  const made: string[] = [];
  // Each text, and whether its rows are answered (those of begin and prepare are not).
  const texts: { text: string; answered: boolean }[] = [];
  if (go && !go.begun) texts.push({ text: "begin", answered: false });
  for (const s of statements) {
    const q = dialect.sqlToQuery(s);
    const times = known ? (sent.get(q.sql) ?? 0) + 1 : 0;
    if (known && (times > 1 || sent.size < MOST_TEXTS)) sent.set(q.sql, times);
    const name = known && (times >= PREPARE_AFTER || known.size || made.length) ? statementName("souq", q.sql) : "";
    if (name && known && (known.has(name) || made.includes(name) || (times >= PREPARE_AFTER && known.size + made.length < MOST_PREPARED))) {
      if (!known.has(name) && !made.includes(name)) {
        texts.push({ text: `prepare ${name} as ${q.sql}`, answered: false });
        made.push(name);
      }
      texts.push({ text: q.params.length ? `execute ${name}(${q.params.map(literal).join(", ")})` : `execute ${name}`, answered: true });
      continue;
    }
    // One pass over the text: a literal put in is never read again as a placeholder.
    texts.push({ text: q.sql.replace(/\$(\d+)\b/g, (_, n: string) => literal(q.params[Number(n) - 1])), answered: true });
  }
  if (opts.commit) texts.push({ text: "commit", answered: false });
  if (go) go.begun = true;
  const res = (await conn.query({ text: texts.map((t) => t.text).join(";\n"), types: rawTypes } as pg.QueryConfig)) as unknown as
    | pg.QueryResult
    | pg.QueryResult[];
  for (const name of made) known!.add(name);
  if (go && opts.commit) go.committed = true;
  return (Array.isArray(res) ? res : [res]).filter((_, k) => texts[k]!.answered).map((r) => r.rows);
}

const dialect = new PgDialect();
