import { mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { gunzipSync, gzipSync } from "node:zlib";
import pg from "pg";
import * as tar from "tar-stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/harness.js";
import { BackupRefused, extractBackup, type Manifest, readManifest, writeBackup } from "./backup-file.js";
import { type BackupDeps, listBackups, restoreBackup, takeBackup } from "./backups.js";
import {
  checkRestored,
  databaseOf,
  dropDatabase,
  maintenanceClient,
  migrateClient,
  restoreInto,
  tableChecksum,
  withDatabase,
} from "./restore.js";
import { migrationJournal, tableShapes, trialBalanceTotals } from "./snapshot.js";

let t: TestApp;
let deps: BackupDeps;
let url: string;

const created = async (urlPath: string, body: unknown) => {
  const res = await t.api("POST", urlPath, { body });
  if (res.status !== 201) throw new Error(`${urlPath}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data;
};

/** Every table's checksum (its rows, ordered by key, as COPY text) and the trial balance of a database. */
async function fingerprint(dbUrl: string) {
  const c = new pg.Client({ connectionString: dbUrl });
  await c.connect();
  try {
    const tables: Record<string, string> = {};
    for (const s of await tableShapes(c)) tables[s.name] = await tableChecksum(c, s);
    return { tables, trial: await trialBalanceTotals(c) };
  } finally {
    await c.end();
  }
}

async function databasesLike(pattern: string): Promise<string[]> {
  const admin = await maintenanceClient(url);
  try {
    return (await admin.query<{ datname: string }>("select datname from pg_database where datname like $1", [pattern])).rows.map(
      (r) => r.datname,
    );
  } finally {
    await admin.end();
  }
}

/** The archive's entries, to write a tampered copy. */
async function entriesOf(file: string): Promise<{ name: string; body: Buffer }[]> {
  const extract = tar.extract();
  const out: { name: string; body: Buffer }[] = [];
  const done = (async () => {
    for await (const e of extract) {
      const chunks: Buffer[] = [];
      for await (const c of e) chunks.push(c as Buffer);
      out.push({ name: e.header.name, body: Buffer.concat(chunks) });
    }
  })();
  extract.end(gunzipSync(await readFile(file)));
  await done;
  return out;
}

async function packed(entries: { name: string; body: Buffer }[]): Promise<Buffer> {
  const pack = tar.pack();
  for (const e of entries) pack.entry({ name: e.name }, e.body);
  pack.finalize();
  const chunks: Buffer[] = [];
  for await (const c of pack) chunks.push(c as Buffer);
  return gzipSync(Buffer.concat(chunks));
}

beforeAll(async () => {
  t = await createTestApp();
  const pool = (t.database.db as unknown as { $client: pg.Pool }).$client;
  url = pool.options.connectionString!;
  const folder = path.join(t.app.config.dataDir, "backups");
  deps = { pool, url, uploadDir: t.app.config.uploadDir, folder, log: { info: () => {}, error: () => {} } };
  const cash = (await created("/api/cashes", { account_name: "BK Cash", cash_type: 1, currency_id: 1 })).account_id;
  const expenseType = (await created("/api/expense_types", { type_name: "BK Rent" })).type_id;
  await created("/api/incomes", {
    type_id: (await created("/api/income_types", { type_name: "BK Sales" })).type_id,
    account_id: cash,
    currency_id: 1,
    amount: "750000",
    payment_time: "09:00",
  });
  await created("/api/expenses", { type_id: expenseType, account_id: cash, currency_id: 1, amount: "125000.5", payment_time: "10:00" });
  // Names with quotes, tabs, backslashes and Arabic go through COPY's escapes.
  await created("/api/customers", { consumer_name: 'زبون "BK"\\ one' });
  await mkdir(path.join(deps.uploadDir, "thumbs"), { recursive: true });
  await writeFile(path.join(deps.uploadDir, "abc123.png"), Buffer.from("not really a png, but bytes to keep"));
  await writeFile(path.join(deps.uploadDir, "thumbs", "abc123.png"), Buffer.from("its thumbnail"));
});
afterAll(() => t?.close());

describe("backup and restore", () => {
  let file: string;
  let manifest: Manifest;

  it("a backup holds every table, the images and a manifest, and is verified in a scratch database", async () => {
    const before = await databasesLike(`${databaseOf(url).slice(0, 30)}_verify_%`);
    const made = await takeBackup(deps, "manual");
    expect(made.verified).toBe(true);
    expect(made.problems).toEqual([]);
    file = path.join(deps.folder, made.file);
    manifest = await readManifest(file);
    const income = manifest.tables.find((x) => x.name === "incomes")!;
    expect(income.rows).toBe(1);
    expect(manifest.trial_balance).toEqual({ debit: "875000.5000", credit: "875000.5000" });
    expect(manifest.images.map((i) => `${i.thumb}:${i.name}`).sort()).toEqual(["false:abc123.png", "true:abc123.png"]);
    expect(manifest.migration.tag).toMatch(/^\d{4}_/);
    // The scratch database is gone.
    expect(await databasesLike(`${databaseOf(url).slice(0, 30)}_verify_%`)).toEqual(before);
    const listed = await listBackups(deps.folder);
    expect(listed[0]).toMatchObject({ file: made.file, verified: true, reason: "manual" });
    expect(listed[0]!.size).toBeGreaterThan(1000);
  });

  it("restored into a new empty database it is equal row for row, with the same trial balance", async () => {
    const name = `${databaseOf(url).slice(0, 30)}_rt`;
    const admin = await maintenanceClient(url);
    await admin.query(`create database ${name}`);
    try {
      const dir = path.join(deps.folder, ".rt");
      await restoreInto(withDatabase(url, name), await extractBackup(file, dir));
      const [a, b] = [await fingerprint(url), await fingerprint(withDatabase(url, name))];
      expect(Object.keys(b.tables).length).toBeGreaterThan(50);
      expect(b.tables).toEqual(a.tables);
      expect(b.trial).toEqual({ debit: "875000.5000", credit: "875000.5000" });
      // Sequences go on from where they were: a new row after the restore takes the next id.
      const c = new pg.Client({ connectionString: withDatabase(url, name) });
      await c.connect();
      const next = await c.query("select nextval('consumers_consumer_id_seq')::int as id, (select max(consumer_id) from consumers) as max");
      await c.end();
      expect(next.rows[0].id).toBe(next.rows[0].max + 1);
    } finally {
      await dropDatabase(admin, name);
      await admin.end();
    }
  });

  it("a corrupted file is refused with a clear message and changes nothing", async () => {
    const fp = await fingerprint(url);
    const bytes = await readFile(file);
    const broken = Buffer.from(bytes);
    broken[Math.floor(broken.length / 2)]! ^= 0xff;
    const brokenFile = path.join(deps.folder, "souq-2020-01-01T00-00-00-000Z-dead.tar.gz");
    await writeFile(brokenFile, broken);
    await expect(restoreBackup(deps, brokenFile)).rejects.toThrow(/The backup file is damaged.*Nothing was changed/);

    // A valid archive whose table part was altered: its SHA-256 gives it away.
    const entries = await entriesOf(file);
    const part = entries.find((e) => e.name === "tables/expense_types.copy")!;
    part.body = Buffer.from(part.body.toString().replace("BK Rent", "BK Tent"));
    await writeFile(brokenFile, await packed(entries));
    const refused = await restoreBackup(deps, brokenFile).catch((e) => e);
    expect(refused).toBeInstanceOf(BackupRefused);
    expect(refused.message).toMatch(/tables\/expense_types\.copy does not match its SHA-256/);
    expect(await fingerprint(url)).toEqual(fp);
    // No backup of the current data was made for a refused file, no database left behind.
    expect((await listBackups(deps.folder)).filter((b) => b.reason === "before_restore")).toEqual([]);
    expect(await databasesLike(`${databaseOf(url).slice(0, 30)}_restore_%`)).toEqual([]);
  });

  it("a file from a newer version of the product is refused and changes nothing", async () => {
    const fp = await fingerprint(url);
    const entries = await entriesOf(file);
    const m = JSON.parse(entries[0]!.body.toString()) as Manifest;
    m.migration = { tag: "9999_from_the_future", when: m.migration.when + 1_000_000 };
    entries[0]!.body = Buffer.from(JSON.stringify(m));
    const newer = path.join(deps.folder, "souq-2030-01-01T00-00-00-000Z-beef.tar.gz");
    await writeFile(newer, await packed(entries));
    await expect(restoreBackup(deps, newer)).rejects.toThrow(/newer version of the product.*9999_from_the_future.*Nothing was changed/);
    expect(await fingerprint(url)).toEqual(fp);
  });

  it("restoring in place backs the current data up, switches the running product to the backup's data and images", async () => {
    const fp = await fingerprint(url);
    // Changes after the backup: a new customer, a lost image.
    await created("/api/customers", { consumer_name: "BK after the backup" });
    await writeFile(path.join(deps.uploadDir, "abc123.png"), Buffer.from("overwritten"));
    expect((await fingerprint(url)).tables.consumers).not.toBe(fp.tables.consumers);

    const { before } = await restoreBackup(deps, file);
    expect(before).toMatchObject({ reason: "before_restore", verified: true });
    const after = await fingerprint(url);
    // users and audit rows are the backup's too: the restore is a step back in time.
    expect(after.tables).toEqual(fp.tables);
    expect(after.trial).toEqual({ debit: "875000.5000", credit: "875000.5000" });
    expect(await readFile(path.join(deps.uploadDir, "abc123.png"), "utf8")).toBe("not really a png, but bytes to keep");
    // The product's own pool reconnects to the restored database.
    const res = await t.api("GET", "/api/customers/list?show_all=1");
    expect(res.status).toBe(200);
    const names = (res.body.message as { consumer_name: string }[]).map((c) => c.consumer_name);
    expect(names).not.toContain("BK after the backup");
    expect(names).toContain('زبون "BK"\\ one');
    // The data before the restore is a backup of its own, restorable back.
    const beforeManifest = await readManifest(path.join(deps.folder, before.file));
    const consumers = (m: Manifest) => m.tables.find((x) => x.name === "consumers")!.rows;
    expect(consumers(beforeManifest)).toBe(consumers(manifest) + 1);
  });
});

describe("a backup of an earlier database version", () => {
  it("is restored into that version's schema, then brought to this version by the later migrations", async () => {
    const journal = migrationJournal();
    const older = journal.find((m) => m.tag.startsWith("0020_"))!;
    const base = databaseOf(url).slice(0, 30);
    const [old, fresh] = [`${base}_old`, `${base}_new`];
    const admin = await maintenanceClient(url);
    await admin.query(`create database ${old}`);
    await admin.query(`create database ${fresh}`);
    try {
      const c = new pg.Client({ connectionString: withDatabase(url, old) });
      await c.connect();
      await migrateClient(c, older);
      await c.query("insert into units (unit_name) values ('Old crate')");
      expect((await c.query("select to_regclass('backup_settings') as t")).rows[0].t).toBeNull();
      await c.end();
      const pool = new pg.Pool({ connectionString: withDatabase(url, old), max: 1 });
      const { file: oldFile, manifest: m } = await writeBackup(pool, {
        folder: path.join(deps.folder, ".old"),
        uploadDir: path.join(deps.folder, ".none"),
      });
      await pool.end();
      expect(m.migration).toEqual(older);

      const extracted = await extractBackup(oldFile, path.join(deps.folder, ".old-x"));
      await restoreInto(withDatabase(url, fresh), extracted);
      expect(await checkRestored(withDatabase(url, fresh), m, { sameVersion: false })).toEqual([]);
      const r = new pg.Client({ connectionString: withDatabase(url, fresh) });
      await r.connect();
      const applied = await r.query("select count(*)::int as n from drizzle.__drizzle_migrations");
      const units = await r.query("select unit_name from units where unit_name = 'Old crate'");
      const later = await r.query("select to_regclass('backup_settings') as t");
      await r.end();
      expect(applied.rows[0].n).toBe(journal.length);
      expect(units.rows).toHaveLength(1);
      expect(later.rows[0].t).toBe("backup_settings");
    } finally {
      await dropDatabase(admin, old);
      await dropDatabase(admin, fresh);
      await admin.end();
    }
  });
});
