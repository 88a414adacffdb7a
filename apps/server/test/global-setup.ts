import { mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { newPGlite, openDatabase } from "../src/db/client.js";
import { migrate } from "../src/db/migrate.js";
import { seed } from "../src/db/seed.js";
import { ADMIN_EMAIL, ADMIN_PASSWORD, withDatabase } from "./db-url.js";

/**
 * Migrates and seeds once per run: a PGlite data-directory dump, or a PostgreSQL template
 * database when DATABASE_URL is set. Every test file then starts from a copy of it.
 */
export default async function setup({ provide }: { provide: (key: string, value: string) => void }) {
  const url = process.env.DATABASE_URL;
  if (url) {
    const name = `tpl_${process.pid}_${Date.now()}`;
    const admin = new pg.Client({ connectionString: withDatabase(url, "postgres") });
    await admin.connect();
    await admin.query(`create database ${name}`);
    const database = await openDatabase({ databaseUrl: withDatabase(url, name) });
    await migrate(database);
    await seed(database.db, { adminEmail: ADMIN_EMAIL, adminPassword: ADMIN_PASSWORD });
    await database.close();
    provide("template", name);
    return async () => {
      const res = await admin.query<{ datname: string }>("select datname from pg_database where datname like $1", [`t%_${process.pid}_%`]);
      for (const r of res.rows) await admin.query(`drop database if exists ${r.datname} with (force)`);
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    };
  }
  const dir = await mkdtemp(path.join(os.tmpdir(), "souq-test-"));
  const client = newPGlite();
  const database = await openDatabase({ pglite: client });
  await migrate(database);
  await seed(database.db, { adminEmail: ADMIN_EMAIL, adminPassword: ADMIN_PASSWORD });
  const dump = await client.dumpDataDir("none");
  const file = path.join(dir, "template.tar");
  await writeFile(file, Buffer.from(await dump.arrayBuffer()));
  await client.close();
  provide("template", file);
  return async () => {
    await rm(dir, { recursive: true, force: true });
  };
}

declare module "vitest" {
  export interface ProvidedContext {
    template: string;
  }
}
