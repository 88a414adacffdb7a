// `npm run restore -- FILE`: restores a backup file into the configured database (DATABASE_URL or
// the embedded PostgreSQL under DATA_DIR), the same way the settings screen does: the file is
// checked first, the current data is backed up, and the product's database is replaced only
// when the restored copy matches the file's manifest.
import path from "node:path";
import type pg from "pg";
import { loadConfig } from "./config.js";
import { migrate } from "./db/migrate.js";
import { openConfiguredDatabase } from "./db/open.js";
import { BackupRefused, restoreBackup } from "./modules/backups/backups.js";

const arg = process.argv[2];
if (!arg) {
  console.error("Usage: npm run restore -- FILE   (a backup file, souq-....tar.gz)");
  process.exit(2);
}
const file = path.resolve(process.env.INIT_CWD ?? process.cwd(), arg);
const config = loadConfig();
const { database, embedded } = await openConfiguredDatabase(config);
let code = 0;
try {
  // A new, empty data directory (a machine being set up again) gets its schema first.
  await migrate(database);
  const pool = (database.db as unknown as { $client: pg.Pool }).$client;
  const folder = await pool
    .query<{ folder: string | null }>("select folder from backup_settings where id = 1")
    .then((r) => r.rows[0]?.folder ?? null)
    .catch(() => null);
  const deps = {
    pool,
    url: pool.options.connectionString!,
    uploadDir: config.uploadDir,
    folder: folder || path.join(config.dataDir, "backups"),
    log: { info: (m: string) => console.log(m), error: (m: string) => console.error(m) },
  };
  console.log(`Restoring ${file} ...`);
  const { before, manifest } = await restoreBackup(deps, file);
  console.log(`Restored the backup made ${manifest.created_at}. The data before it is kept in ${path.join(deps.folder, before.file)}.`);
} catch (e) {
  console.error(e instanceof BackupRefused ? e.message : `The restore failed: ${(e as Error).message}`);
  code = 1;
} finally {
  await database.close().catch(() => {});
  // A server taken over from a running product stays up for it.
  if (embedded && !embedded.reused) await embedded.stop().catch(() => {});
}
process.exit(code);
