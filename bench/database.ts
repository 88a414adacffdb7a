// A fresh, empty database for one benchmark: on the server DATABASE_URL names, or on an embedded
// PostgreSQL started in a temporary directory (the product's default); both removed afterwards.
// In smoke mode one embedded PostgreSQL serves the whole run (started on first use, stopped by
// closeAll), each benchmark in a database of its own on it; and every such database, on it
// or on the server DATABASE_URL names, is a copy of one the run migrated and seeded once (the
// benchmarks' own migrate and seed then find nothing to do). closeAll, when a run ends (also early,
// on a signal or a smoke run's time limit), removes what a benchmark did not: its database, its
// embedded PostgreSQL, the smoke run's.
import { chmodSync, rmSync } from "node:fs";
import path from "node:path";
import { type Database, openDatabase } from "@app/server/src/db/client.js";
import { startEmbeddedPostgres } from "@app/server/src/db/embedded.js";
import { migrate } from "@app/server/src/db/migrate.js";
import { seed } from "@app/server/src/db/seed.js";
import pg from "pg";
import { scratchDir } from "./scratch.js";
import { smoke } from "./size.js";

export interface BenchDatabase {
  database: Database;
  /** The database's URL, for benchmarks that open more connections or start the product on it. */
  url: string;
  cleanup: () => Promise<void>;
}

interface Server {
  adminUrl: string;
  stop: () => Promise<void>;
}

/** An embedded PostgreSQL in a temporary directory, removed when stopped. */
async function embeddedServer(label: string): Promise<Server> {
  const dir = scratchDir(`souq-bench-${label}-`);
  // Under root the embedded server runs as the postgres user, which must enter the directory.
  chmodSync(dir, 0o755);
  try {
    const embedded = await startEmbeddedPostgres(path.join(dir, "pg"), () => {});
    return {
      adminUrl: embedded.adminUrl,
      stop: async () => {
        try {
          await embedded.stop();
        } finally {
          rmSync(dir, { recursive: true, force: true });
        }
      },
    };
  } catch (err) {
    rmSync(dir, { recursive: true, force: true });
    throw err;
  }
}

let shared: Promise<Server> | undefined;
/** The smoke run's migrated and seeded database: its server's admin URL and its name. */
let template: Promise<{ adminUrl: string; name: string }> | undefined;
const templateName = `bench_template_${process.pid}`;

/** The URL of database `name` on the server of `adminUrl`. */
function databaseUrl(adminUrl: string, name: string): string {
  const u = new URL(adminUrl);
  u.pathname = `/${name}`;
  return u.toString();
}

async function makeTemplate(adminUrl: string) {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`drop database if exists ${templateName} with (force)`);
    await admin.query(`create database ${templateName}`);
  } finally {
    await admin.end();
  }
  const database = await openDatabase({ url: databaseUrl(adminUrl, templateName), max: 1 });
  try {
    await migrate(database);
    // The password every benchmark seeds with and signs in with.
    await seed(database.db, { adminPassword: "bench-password" });
  } finally {
    await database.close();
  }
  return { adminUrl, name: templateName };
}

/** What benchDatabase made and its benchmark has not cleaned up yet, each with how to remove it. */
const open = new Set<() => Promise<void>>();

/**
 * Ends a run: removes the databases and embedded servers benchmarks left (a run stopped early),
 * then the smoke run's template database and embedded PostgreSQL, if they were made.
 */
export async function closeAll(): Promise<void> {
  const failures: unknown[] = [];
  for (const remove of [...open]) {
    open.delete(remove);
    await remove().catch((err: unknown) => failures.push(err));
  }
  await closeShared().catch((err: unknown) => failures.push(err));
  if (failures.length) throw failures[0];
}

async function closeShared(): Promise<void> {
  const t = template;
  template = undefined;
  const s = shared;
  shared = undefined;
  try {
    const made = await t?.catch(() => undefined);
    if (made) {
      const admin = new pg.Client({ connectionString: made.adminUrl });
      await admin.connect();
      try {
        await admin.query(`drop database if exists ${made.name} with (force)`);
      } finally {
        await admin.end();
      }
    }
  } finally {
    if (s) await (await s).stop();
  }
}

const noServer = async () => {};

export async function benchDatabase(label: string, serverUrl = process.env.DATABASE_URL, max?: number): Promise<BenchDatabase> {
  let adminUrl = serverUrl;
  let stopServer = noServer;
  if (!adminUrl && smoke) {
    shared ??= embeddedServer("smoke");
    adminUrl = (await shared).adminUrl;
  } else if (!adminUrl) {
    const own = await embeddedServer(label);
    adminUrl = own.adminUrl;
    stopServer = own.stop;
  }
  const name = `bench_${label}_${process.pid}`;
  if (smoke && !template) template = makeTemplate(adminUrl);
  const copyOf = smoke && (await template)?.adminUrl === adminUrl ? templateName : undefined;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.query(`create database ${name}${copyOf ? ` template ${copyOf}` : ""}`);
  const url = databaseUrl(adminUrl, name);
  // Left behind (the run stopped): a server of the bench's own is stopped, which ends its sessions
  // and removes its directory; a database on a shared server is dropped, its sessions ended.
  const ownServer = stopServer;
  const remove = async () => {
    if (ownServer !== noServer) return ownServer();
    const c = new pg.Client({ connectionString: adminUrl });
    await c.connect();
    try {
      await c.query(`drop database if exists ${name} with (force)`);
    } finally {
      await c.end();
    }
  };
  open.add(remove);
  const database = await openDatabase({ url, kind: serverUrl ? "postgres" : "embedded", max });
  return {
    database,
    url,
    cleanup: async () => {
      open.delete(remove);
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
    },
  };
}
