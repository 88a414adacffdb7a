import { createHash } from "node:crypto";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { drizzle } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type pg from "pg";
import type { Database } from "./client.js";

export const MIGRATIONS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../drizzle");

/**
 * Whether the database already holds the last migration of the journal: its last applied row has
 * the journal's last timestamp and that migration file's hash (the row drizzle's migrator writes).
 * Drizzle applies only migrations newer than that row, so there is nothing to apply then: one
 * query and one file read, instead of the lock and every migration file read and hashed.
 */
async function upToDate(client: pg.PoolClient): Promise<boolean> {
  const journal = JSON.parse(await readFile(path.join(MIGRATIONS_DIR, "meta/_journal.json"), "utf8")) as {
    entries: { when: number; tag: string }[];
  };
  const last = journal.entries.at(-1);
  if (!last) return false;
  const res = await client.query<{ hash: string; created_at: string }>(
    "select hash, created_at::text from drizzle.__drizzle_migrations order by created_at desc limit 1",
  );
  const row = res.rows[0];
  if (!row || Number(row.created_at) !== last.when) return false;
  const hash = createHash("sha256")
    .update(await readFile(path.join(MIGRATIONS_DIR, `${last.tag}.sql`), "utf8"))
    .digest("hex");
  return row.hash === hash;
}

/**
 * Applies the committed drizzle-kit migrations; several processes starting at once take turns.
 * The advisory lock is a session's, so the lock, the migrations and the unlock share one connection.
 * A database that holds the journal's last migration already is left as it is, without the lock.
 */
export async function migrate(database: Database): Promise<void> {
  const pool = (database.db as unknown as { $client: pg.Pool }).$client;
  const client = await pool.connect();
  try {
    // A new database has no migrations table yet: the query fails, and the migrations run.
    if (await upToDate(client).catch(() => false)) return;
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
