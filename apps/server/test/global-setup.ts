import { chmod, mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { openDatabase } from "../src/db/client.js";
import { startEmbeddedPostgres } from "../src/db/embedded.js";
import { migrate } from "../src/db/migrate.js";
import { seed } from "../src/db/seed.js";
import { ADMIN_EMAIL, ADMIN_PASSWORD, withDatabase } from "./db-url.js";

/**
 * One PostgreSQL per run: the server DATABASE_URL names, or an embedded one in a fresh directory.
 * A template database is migrated and seeded once; every test file then gets a copy of it.
 */
export default async function setup({ provide }: { provide: (key: string, value: string) => void }) {
  let serverUrl = process.env.DATABASE_URL ? withDatabase(process.env.DATABASE_URL, "postgres") : "";
  let dir: string | null = null;
  let stopServer = async () => {};
  if (!serverUrl) {
    dir = await mkdtemp(path.join(os.tmpdir(), "souq-test-"));
    // mkdtemp makes it private; under root the server runs as the postgres user, which must enter it.
    await chmod(dir, 0o755);
    const embedded = await startEmbeddedPostgres(path.join(dir, "pg"), () => {});
    serverUrl = embedded.adminUrl;
    stopServer = embedded.stop;
  }
  const name = `tpl_${process.pid}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const database = await openDatabase({ url: withDatabase(serverUrl, name) });
  await migrate(database);
  await seed(database.db, { adminEmail: ADMIN_EMAIL, adminPassword: ADMIN_PASSWORD });
  await database.close();
  provide("serverUrl", serverUrl);
  provide("template", name);
  return async () => {
    const res = await admin.query<{ datname: string }>("select datname from pg_database where datname like $1", [`t%_${process.pid}_%`]);
    for (const r of res.rows) await admin.query(`drop database if exists ${r.datname} with (force)`);
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
    await stopServer();
    if (dir) await rm(dir, { recursive: true, force: true });
  };
}

declare module "vitest" {
  export interface ProvidedContext {
    /** The maintenance database of the run's PostgreSQL server. */
    serverUrl: string;
    /** The migrated, seeded template database every test file copies. */
    template: string;
  }
}
