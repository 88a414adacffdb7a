import path from "node:path";
import { fileURLToPath } from "node:url";
import { sql } from "drizzle-orm";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import type { Database } from "./client.js";

export const MIGRATIONS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../drizzle");

/** Applies the committed drizzle-kit migrations; several processes starting at once take turns. */
export async function migrate(database: Database): Promise<void> {
  const config = { migrationsFolder: MIGRATIONS_DIR };
  if (database.kind === "pglite") {
    // biome-ignore lint/suspicious/noExplicitAny: both migrators take their own driver's database type
    await migratePglite(database.db as any, config);
    return;
  }
  await database.db.execute(sql`select pg_advisory_lock(727274)`);
  try {
    // biome-ignore lint/suspicious/noExplicitAny: both migrators take their own driver's database type
    await migratePg(database.db as any, config);
  } finally {
    await database.db.execute(sql`select pg_advisory_unlock(727274)`);
  }
}
