import path from "node:path";
import { fileURLToPath } from "node:url";
import { drizzle } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type pg from "pg";
import type { Database } from "./client.js";

export const MIGRATIONS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../drizzle");

/**
 * Applies the committed drizzle-kit migrations; several processes starting at once take turns.
 * The advisory lock is a session's, so the lock, the migrations and the unlock share one connection.
 */
export async function migrate(database: Database): Promise<void> {
  const pool = (database.db as unknown as { $client: pg.Pool }).$client;
  const client = await pool.connect();
  try {
    await client.query("select pg_advisory_lock(727274)");
    try {
      await migratePg(drizzle(client), { migrationsFolder: MIGRATIONS_DIR });
    } finally {
      await client.query("select pg_advisory_unlock(727274)");
    }
  } finally {
    client.release();
  }
}
