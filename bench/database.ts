// A fresh, empty database for one benchmark: on the server DATABASE_URL names, or on an embedded
// PostgreSQL started in a temporary directory (the product's default); both removed afterwards.
import { chmodSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { type Database, openDatabase } from "@app/server/src/db/client.js";
import { startEmbeddedPostgres } from "@app/server/src/db/embedded.js";
import pg from "pg";

export interface BenchDatabase {
  database: Database;
  /** The database's URL, for benchmarks that open more connections or start the product on it. */
  url: string;
  cleanup: () => Promise<void>;
}

export async function benchDatabase(label: string, serverUrl = process.env.DATABASE_URL, max?: number): Promise<BenchDatabase> {
  let adminUrl = serverUrl;
  let stopServer = async () => {};
  let dir: string | null = null;
  if (!adminUrl) {
    dir = mkdtempSync(path.join(os.tmpdir(), `souq-bench-${label}-`));
    // Under root the embedded server runs as the postgres user, which must enter the directory.
    chmodSync(dir, 0o755);
    const embedded = await startEmbeddedPostgres(path.join(dir, "pg"), () => {});
    adminUrl = embedded.adminUrl;
    stopServer = embedded.stop;
  }
  const name = `bench_${label}_${process.pid}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.query(`create database ${name}`);
  const u = new URL(adminUrl);
  u.pathname = `/${name}`;
  const url = u.toString();
  const database = await openDatabase({ url, kind: serverUrl ? "postgres" : "embedded", max });
  return {
    database,
    url,
    cleanup: async () => {
      await database.close();
      // The pool's connections finish closing after close() resolves: wait for them before dropping.
      for (let i = 0; i < 50; i++) {
        const open = await admin.query<{ n: number }>("select count(*)::int as n from pg_stat_activity where datname = $1", [name]);
        if (open.rows[0]?.n === 0) break;
        await new Promise((r) => setTimeout(r, 100));
      }
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
      await stopServer();
      if (dir) rmSync(dir, { recursive: true, force: true });
    },
  };
}
