import { PGlite, type PGliteOptions } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import type { ExtractTablesWithRelations } from "drizzle-orm";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import pg from "pg";
import * as schema from "./schema.js";

export type Schema = typeof schema;
/** Both drivers answer `execute()` with `{ rows }`; this says so to the type system. */
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
  kind: "pglite" | "postgres";
  close(): Promise<void>;
}

// Numeric and bigint columns stay strings: money never passes through a JS float.
pg.types.setTypeParser(20, (v) => v);
pg.types.setTypeParser(1700, (v) => v);

/**
 * A PGlite with the extensions the migrations create (pg_trgm for item search). Every PGlite must
 * be made here: a data directory holding an extension only opens with that extension loaded.
 */
export function newPGlite(opts: Omit<PGliteOptions, "extensions"> = {}): PGlite {
  return new PGlite({ ...opts, extensions: { pg_trgm } });
}

export async function openDatabase(opts: { databaseUrl?: string; dataDir?: string; pglite?: PGlite }): Promise<Database> {
  if (opts.databaseUrl) {
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: 10 });
    // An idle connection closed by the server (restart, failover, a dropped database) must not
    // crash the process: the pool discards it and opens a new one on the next query.
    pool.on("error", (err) => {
      console.error(`database connection lost: ${err.message}`);
    });
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    return { db, kind: "postgres", close: () => pool.end() };
  }
  const client = opts.pglite ?? newPGlite({ dataDir: opts.dataDir });
  await client.waitReady;
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return { db, kind: "pglite", close: () => client.close() };
}
