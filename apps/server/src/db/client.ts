import { createHash } from "node:crypto";
import { performance } from "node:perf_hooks";
import type { ExtractTablesWithRelations, SQL } from "drizzle-orm";
import { drizzle } from "drizzle-orm/node-postgres";
import { type PgDatabase, PgDialect, type PgQueryResultHKT, type PgTransaction } from "drizzle-orm/pg-core";
import pg from "pg";
import { listenForNotices, type Notices } from "./notices.js";
import * as schema from "./schema.js";

export type Schema = typeof schema;
/** node-postgres answers `execute()` with `{ rows }`; this says so to the type system. */
type RowsOf<R> = { rows: (R extends Record<string, unknown> ? R : Record<string, unknown>)[] };
export interface RowsHKT extends PgQueryResultHKT {
  type: RowsOf<this["row"]>;
}
export type Db = PgDatabase<RowsHKT, Schema>;
export type Tx = PgTransaction<RowsHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Either the database or an open transaction: use cases accept both. */
export type DbOrTx = Db | Tx;

export interface Database {
  db: Db;
  /** The embedded PostgreSQL under DATA_DIR, or a server named by DATABASE_URL. */
  kind: "embedded" | "postgres";
  /** Hears the notices sent on a channel (one connection per channel, closed with the database). */
  notices(channel: string): Notices;
  /** The connection pool now, and the waits for a free connection since the start (metrics). */
  poolStats?: () => PoolStats;
  close(): Promise<void>;
}

export interface PoolStats {
  max: number;
  total: number;
  idle: number;
  /** Callers waiting for a connection now. */
  waiting: number;
  /** Connections handed out after a wait (none idle and the pool full), and the seconds waited for every connection. */
  waits: number;
  waitSeconds: number;
}

// Numeric and bigint columns stay strings: money never passes through a JS float.
pg.types.setTypeParser(20, (v) => v);
pg.types.setTypeParser(1700, (v) => v);

export async function openDatabase(opts: { url: string; kind?: Database["kind"]; max?: number }): Promise<Database> {
  const max = opts.max ?? 10;
  // No JIT compilation: the product's statements are short, and a plan whose estimate is inflated
  // (the search grams' function is costed high on purpose, so the planner never calls it per row)
  // spent some 90 ms compiling a query that runs in 5 on a server built with JIT (PostgreSQL 15 of
  // Debian); a `jit` or other `options` given in the URL still win.
  const pool = new pg.Pool({ connectionString: opts.url, max, options: "-c jit=off" });
  const stats = { waits: 0, waitSeconds: 0 };
  // Every query borrows a connection through connect() (pool.query with a callback, transactions
  // with a promise): the time until it is handed out is the wait.
  const connect = pool.connect.bind(pool) as (cb?: (err: Error | undefined, ...rest: unknown[]) => void) => unknown;
  pool.connect = ((cb?: (err: Error | undefined, ...rest: unknown[]) => void) => {
    const t0 = performance.now();
    const full = pool.idleCount === 0 && pool.totalCount >= max;
    const handed = () => {
      if (full) stats.waits++;
      stats.waitSeconds += (performance.now() - t0) / 1000;
    };
    if (cb)
      return connect((err, ...rest) => {
        handed();
        cb(err, ...rest);
      });
    return (connect() as Promise<pg.PoolClient>).then((c) => {
      handed();
      return c;
    });
  }) as typeof pool.connect;
  // An idle connection closed by the server (restart, failover, a dropped database) must not
  // crash the process: the pool discards it and opens a new one on the next query.
  pool.on("error", (err) => {
    console.error(`database connection lost: ${err.message}`);
  });
  const db = drizzle(pool, { schema }) as unknown as Db;
  const channels = new Map<string, Notices>();
  return {
    db,
    kind: opts.kind ?? "postgres",
    poolStats: () => ({ max, total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount, ...stats }),
    notices(channel) {
      let n = channels.get(channel);
      if (!n) channels.set(channel, (n = listenForNotices(opts.url, channel)));
      return n;
    },
    async close() {
      await Promise.all([...channels.values()].map((n) => n.close()));
      await pool.end();
    },
  };
}

const dialect = new PgDialect();
const statementNames = { q: new Map<string, string>(), souq: new Map<string, string>() };

/**
 * A prepared statement's name: the prefix and the hash of its text, so that the same text always
 * names the same statement. The prefix keeps apart statements prepared by the protocol (which pg
 * tracks per connection) and by SQL `prepare` (which it does not), as PostgreSQL names both in one
 * namespace. Remembered for a bounded number of texts: a text made per call cannot grow it without end.
 */
export function statementName(prefix: "q" | "souq", sql: string): string {
  const names = statementNames[prefix];
  let name = names.get(sql);
  if (!name) {
    name = `${prefix}_${createHash("sha1").update(sql).digest("hex")}`;
    if (names.size < 2000) names.set(sql, name);
  }
  return name;
}

/**
 * Runs a query as a named prepared statement, so that PostgreSQL parses and plans it once per
 * connection instead of at every call (planning the item look-up cost 2 ms, running it 0.08 ms).
 * The name is the text's hash: the same text always reuses its statement. Only for hot queries
 * of one fixed shape whose best plan does not depend on the values (a look-up by key); a search
 * whose plan depends on its pattern stays unprepared, as PostgreSQL may settle on a generic plan.
 */
export async function executePrepared<R extends Record<string, unknown>>(db: DbOrTx, query: SQL): Promise<{ rows: R[] }> {
  const { sql, params } = dialect.sqlToQuery(query);
  const name = statementName("q", sql);
  const prepared = db._.session.prepareQuery({ sql, params }, undefined, name, false);
  return (await prepared.execute()) as { rows: R[] };
}
