import { existsSync } from "node:fs";
import { mkdir, readdir, rename } from "node:fs/promises";
import path from "node:path";
import pg from "pg";

/**
 * Earlier versions kept their database in PGlite, directly in DATA_DIR (`PG_VERSION`, `base/`, ...
 * beside `images/`). PGlite's only remaining role is reading such a directory once: its pg_dump is
 * restored into the embedded PostgreSQL, and the old files are kept, moved aside.
 */

/** Entries of DATA_DIR that are the product's own and never part of a PGlite database. */
const KEEP = new Set(["images", "pg", "pg.init", "pg.pw"]);
const isKept = (name: string) => KEEP.has(name) || name.startsWith("pglite-");

export function holdsPGlite(dataDir: string): boolean {
  return existsSync(path.join(dataDir, "PG_VERSION"));
}

/** Row counts of every table of the product, to show the copy is whole. */
const COUNTS = `select n.nspname || '.' || c.relname as name
  from pg_class c join pg_namespace n on n.oid = c.relnamespace
  where c.relkind in ('r', 'p') and n.nspname in ('public', 'drizzle') order by 1`;

async function countRows(query: (sql: string) => Promise<{ rows: Record<string, unknown>[] }>) {
  const tables = (await query(COUNTS)).rows.map((r) => String(r.name));
  const counts: Record<string, string> = {};
  for (const t of tables) {
    const [schema, table] = t.split(".");
    const r = await query(`select count(*)::text as n from "${schema}"."${table}"`);
    counts[t] = String(r.rows[0]?.n);
  }
  return counts;
}

/**
 * Copies the PGlite database in `dataDir` into `database` on the server at `adminUrl` (the
 * database is made anew, so an interrupted earlier attempt is simply redone), checks every table's
 * row count, then moves the PGlite files into `dataDir/pglite-<time>` and answers that folder.
 */
export async function importPGlite(dataDir: string, adminUrl: string, database: string): Promise<string> {
  const [{ PGlite }, { pg_trgm }, { pgDump }] = await Promise.all([
    import("@electric-sql/pglite"),
    import("@electric-sql/pglite/contrib/pg_trgm"),
    import("@electric-sql/pglite-tools/pg_dump"),
  ]);
  // The data directory holds pg_trgm (item search): it only opens with the extension loaded.
  const source = new PGlite({ dataDir, extensions: { pg_trgm } });
  let dump: string;
  let before: Record<string, string>;
  try {
    await source.waitReady;
    before = await countRows((q) => source.query(q));
    dump = await (await pgDump({ pg: source, args: ["--no-owner", "--no-privileges"] })).text();
  } finally {
    await source.close();
  }
  // psql meta-commands (`\restrict` and the like) are not SQL; the rest runs as one transaction.
  const script = dump
    .split("\n")
    .filter((line) => !line.startsWith("\\"))
    .join("\n");

  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`drop database if exists ${database} with (force)`);
    await admin.query(`create database ${database}`);
  } finally {
    await admin.end();
  }
  const target = new URL(adminUrl);
  target.pathname = `/${database}`;
  const client = new pg.Client({ connectionString: target.toString() });
  await client.connect();
  try {
    await client.query(`begin;\n${script}\ncommit;`);
    const after = await countRows((q) => client.query(q));
    const differ = Object.keys({ ...before, ...after }).filter((t) => before[t] !== after[t]);
    if (differ.length) {
      throw new Error(
        `the copy of the PGlite database differs in ${differ.map((t) => `${t} (${before[t] ?? "missing"} rows, copied ${after[t] ?? "missing"})`).join(", ")}`,
      );
    }
  } catch (e) {
    await client.query("rollback").catch(() => {});
    throw e;
  } finally {
    await client.end();
  }

  const stamp = new Date().toISOString().replace(/[-:]/g, "").replace("T", "-").slice(0, 15);
  const kept = path.join(dataDir, `pglite-${stamp}`);
  await mkdir(kept);
  // PG_VERSION goes first: once it has moved, the directory no longer reads as a PGlite database.
  await rename(path.join(dataDir, "PG_VERSION"), path.join(kept, "PG_VERSION"));
  await finishMove(dataDir, kept);
  return kept;
}

/** Moves the rest of a PGlite database into `kept` (also after a start interrupted half-way). */
async function finishMove(dataDir: string, kept: string) {
  for (const name of await readdir(dataDir)) {
    if (isKept(name)) continue;
    await rename(path.join(dataDir, name), path.join(kept, name));
  }
}

/** A move into `pglite-*` that an interrupted start left half-done is completed. */
export async function completeInterruptedMove(dataDir: string): Promise<void> {
  if (!existsSync(dataDir) || holdsPGlite(dataDir)) return;
  const entries = await readdir(dataDir);
  const leftovers = entries.filter((n) => !isKept(n));
  const kept = entries.filter((n) => n.startsWith("pglite-")).sort();
  const last = kept.at(-1);
  if (!leftovers.length || !last || !existsSync(path.join(dataDir, last, "PG_VERSION"))) return;
  if (!leftovers.includes("base") && !leftovers.includes("global")) return;
  await finishMove(dataDir, path.join(dataDir, last));
}
