import type { ExtractTablesWithRelations } from "drizzle-orm";
import { drizzle } from "drizzle-orm/node-postgres";
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from "drizzle-orm/pg-core";
import pg from "pg";
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
  close(): Promise<void>;
}

// Numeric and bigint columns stay strings: money never passes through a JS float.
pg.types.setTypeParser(20, (v) => v);
pg.types.setTypeParser(1700, (v) => v);

export async function openDatabase(opts: { url: string; kind?: Database["kind"]; max?: number }): Promise<Database> {
  const pool = new pg.Pool({ connectionString: opts.url, max: opts.max ?? 10 });
  // An idle connection closed by the server (restart, failover, a dropped database) must not
  // crash the process: the pool discards it and opens a new one on the next query.
  pool.on("error", (err) => {
    console.error(`database connection lost: ${err.message}`);
  });
  const db = drizzle(pool, { schema }) as unknown as Db;
  return { db, kind: opts.kind ?? "postgres", close: () => pool.end() };
}
