import path from "node:path";
import type { AppConfig } from "../config.js";
import { type Database, openDatabase } from "./client.js";
import { type EmbeddedPostgres, EmbeddedPostgresError, startEmbeddedPostgres } from "./embedded.js";
import { completeInterruptedMove, holdsPGlite, importPGlite } from "./pglite-import.js";

export interface OpenedDatabase {
  database: Database;
  /** The embedded server this process runs, to stop on shutdown; null under DATABASE_URL. */
  embedded: EmbeddedPostgres | null;
}

/** Connections of this process when DB_POOL_SIZE is unset (AppConfig.dbPoolSize). */
const EMBEDDED_POOL = 20;
const EXTERNAL_POOL = 10;

/**
 * The product's database: the server DATABASE_URL names, or the embedded PostgreSQL under
 * DATA_DIR/pg (a PGlite database an earlier version left in DATA_DIR is copied into it once).
 */
export async function openConfiguredDatabase(config: AppConfig, log: (m: string) => void = console.log): Promise<OpenedDatabase> {
  if (config.databaseUrl)
    return { database: await openDatabase({ url: config.databaseUrl, max: config.dbPoolSize ?? EXTERNAL_POOL }), embedded: null };
  await completeInterruptedMove(config.dataDir);
  const fromPGlite = holdsPGlite(config.dataDir);
  const embedded = await startEmbeddedPostgres(path.join(config.dataDir, "pg"), log);
  try {
    if (embedded.created || fromPGlite) log(`The database lives in ${embedded.dir}`);
    if (fromPGlite) {
      log(`Copying the PGlite database in ${config.dataDir} into PostgreSQL ...`);
      const kept = await importPGlite(config.dataDir, embedded.adminUrl, embedded.database);
      log(`The PGlite database was copied whole into PostgreSQL; its files are kept in ${kept}`);
    }
    return { database: await openDatabase({ url: embedded.url, kind: "embedded", max: config.dbPoolSize ?? EMBEDDED_POOL }), embedded };
  } catch (e) {
    await embedded.stop().catch(() => {});
    throw e;
  }
}

export { EmbeddedPostgresError };
