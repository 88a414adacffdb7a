import { createReadStream } from "node:fs";
import { copyFile, mkdir, mkdtemp, readFile, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { drizzle } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import { from as copyFrom, to as copyTo } from "pg-copy-streams";
import { MIGRATIONS_DIR } from "../../db/migrate.js";
import { BackupRefused, type ExtractedBackup, type Manifest, removeDir } from "./backup-file.js";
import { copyInSql, copyOutSql, ident, migrationJournal, rowCounts, sha256, type TableShape, trialBalanceTotals } from "./snapshot.js";

/** The same server and credentials, another database. */
export function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${encodeURIComponent(name)}`;
  return u.toString();
}

export function databaseOf(url: string): string {
  return decodeURIComponent(new URL(url).pathname.slice(1));
}

/** Refuses a backup that this version cannot take in: from a newer product, or an unknown migration. */
export function assertRestorable(manifest: Manifest): void {
  const journal = migrationJournal();
  if (journal.some((m) => m.when === manifest.migration.when && m.tag === manifest.migration.tag)) return;
  const last = journal[journal.length - 1]!;
  if (manifest.migration.when > last.when)
    throw new BackupRefused(
      `This backup was made by a newer version of the product (product ${manifest.product_version}, database version ${manifest.migration.tag}); ` +
        `this one knows up to ${last.tag}. Update the product, then restore it. Nothing was changed.`,
    );
  throw new BackupRefused(`This backup's database version ${manifest.migration.tag} is not one this product knows. Nothing was changed.`);
}

/** drizzle's migrator on one connection, with the migrations up to `upTo` (all of them without it). */
export async function migrateClient(client: pg.Client, upTo?: Manifest["migration"]): Promise<void> {
  if (!upTo) return migratePg(drizzle(client), { migrationsFolder: MIGRATIONS_DIR });
  const dir = await mkdtemp(path.join(os.tmpdir(), "souq-migrations-"));
  try {
    const journal = JSON.parse(await readFile(path.join(MIGRATIONS_DIR, "meta/_journal.json"), "utf8")) as {
      entries: { when: number; tag: string }[];
    };
    journal.entries = journal.entries.filter((e) => e.when <= upTo.when);
    await mkdir(path.join(dir, "meta"));
    await writeFile(path.join(dir, "meta/_journal.json"), JSON.stringify(journal));
    for (const e of journal.entries) await copyFile(path.join(MIGRATIONS_DIR, `${e.tag}.sql`), path.join(dir, `${e.tag}.sql`));
    await migratePg(drizzle(client), { migrationsFolder: dir });
  } finally {
    await removeDir(dir);
  }
}

const shapeOf = (t: Manifest["tables"][number]): TableShape => ({ name: t.name, columns: t.columns, orderBy: t.order_by });

/**
 * Fills an empty database from an unpacked backup: the schema as it was (the migrations up to
 * the backup's), every table's rows copied back in one transaction (what the migrations
 * inserted is emptied first), sequences set to where they were, then the later migrations.
 */
export async function restoreInto(
  url: string,
  backup: ExtractedBackup,
  progress: (done: number, total: number) => void = () => {},
): Promise<void> {
  assertRestorable(backup.manifest);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await migrateClient(client, backup.manifest.migration);
    await client.query("begin");
    try {
      const names = backup.manifest.tables.map((t) => ident(t.name));
      if (names.length) await client.query(`truncate ${names.join(", ")} restart identity`);
      // The audit rows come back as they were, hash chain and all: its triggers (which would link
      // them anew and refuse nothing here) stay off while they are copied in.
      const audited = backup.manifest.tables.some((t) => t.name === "audit_logs");
      if (audited) await client.query("alter table audit_logs disable trigger user");
      for (const [i, t] of backup.manifest.tables.entries()) {
        progress(i, backup.manifest.tables.length);
        await pipeline(createReadStream(path.join(backup.dir, "tables", `${t.name}.copy`)), client.query(copyFrom(copyInSql(shapeOf(t)))));
      }
      if (audited) await client.query("alter table audit_logs enable trigger user");
      for (const s of backup.manifest.sequences) {
        await client.query(
          "select setval($1::regclass, coalesce($2::bigint, (select seqstart from pg_sequence where seqrelid = $1::regclass)), $2 is not null)",
          [ident(s.name), s.last_value],
        );
      }
      await client.query("commit");
    } catch (e) {
      await client.query("rollback").catch(() => {});
      throw e;
    }
    await migrateClient(client);
  } finally {
    await client.end();
  }
}

/**
 * Compares a restored database with the manifest: row counts, the trial balance, and while the
 * database version is still the backup's, each table's bytes (the same ordered COPY hashed).
 * Answers the differences found, none when the copy is whole.
 */
export async function checkRestored(
  url: string,
  manifest: Manifest,
  opts: { sameVersion: boolean; progress?: (done: number, total: number) => void },
): Promise<string[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const problems: string[] = [];
  try {
    const counts = await rowCounts(
      client,
      manifest.tables.map((t) => t.name),
    );
    for (const t of manifest.tables)
      if (counts[t.name] !== t.rows) problems.push(`${t.name}: ${counts[t.name]} rows restored, ${t.rows} in the backup`);
    const tb = await trialBalanceTotals(client);
    if (tb.debit !== manifest.trial_balance.debit || tb.credit !== manifest.trial_balance.credit)
      problems.push(
        `trial balance: debit ${tb.debit} / credit ${tb.credit} restored, ${manifest.trial_balance.debit} / ${manifest.trial_balance.credit} in the backup`,
      );
    if (opts.sameVersion) {
      for (const [i, t] of manifest.tables.entries()) {
        opts.progress?.(i, manifest.tables.length);
        const h = await tableChecksum(client, shapeOf(t));
        if (h !== t.sha256) problems.push(`${t.name}: the restored rows differ from the backup's`);
      }
    }
  } finally {
    await client.end();
  }
  return problems;
}

/** SHA-256 of a table's ordered COPY text: equal for equal rows. */
export async function tableChecksum(client: pg.ClientBase, shape: TableShape): Promise<string> {
  const hash = sha256();
  await pipeline(client.query(copyTo(copyOutSql(shape))), async (source) => {
    for await (const chunk of source) hash.update(chunk as Buffer);
  });
  return hash.digest("hex");
}

/** A client on the server's maintenance database, where databases are created, renamed and dropped. */
export async function maintenanceClient(url: string): Promise<pg.Client> {
  let last: unknown;
  for (const name of ["postgres", "template1"]) {
    const c = new pg.Client({ connectionString: withDatabase(url, name) });
    try {
      await c.connect();
      return c;
    } catch (e) {
      last = e;
      await c.end().catch(() => {});
    }
  }
  throw last;
}

/** Drops a database even while connections linger on it. */
export async function dropDatabase(admin: pg.ClientBase, name: string): Promise<void> {
  await admin.query(`drop database if exists ${ident(name)} with (force)`);
}
