import { randomBytes } from "node:crypto";
import { createReadStream, createWriteStream } from "node:fs";
import { mkdir, readdir, rename, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import { createGunzip, createGzip } from "node:zlib";
import { type AuditChainResult, type JobStep, ZAuditChainResult } from "@app/contracts";
import type pg from "pg";
import { to as copyTo } from "pg-copy-streams";
import * as tar from "tar-stream";
import { z } from "zod";
import { verifyChain } from "../audit-chain/audit-chain.js";
import {
  appliedMigration,
  copyOutSql,
  ident,
  type MigrationVersion,
  productVersion,
  sha256,
  type TableShape,
  type TrialBalanceTotals,
  tableShapes,
  trialBalanceTotals,
} from "./snapshot.js";

/**
 * One backup file is a gzip-compressed tar archive:
 *   manifest.json                  first, so a reader knows every part and its SHA-256 before it
 *   tables/<table>.copy            every table's rows as COPY text, ordered by primary key
 *   images/<file>, images/thumbs/  the uploaded images
 */
export const BACKUP_FORMAT = "souq-backup";
export const BACKUP_EXT = ".tar.gz";
const SAFE_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;

const ZPart = z.object({
  name: z.string().regex(SAFE_NAME),
  size: z.number().int().nonnegative(),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
});
export const ZManifest = z.object({
  format: z.literal(BACKUP_FORMAT),
  format_version: z.literal(1),
  product_version: z.string(),
  created_at: z.string(),
  migration: z.object({ tag: z.string(), when: z.number() }),
  tables: z.array(
    ZPart.extend({
      columns: z.array(z.string()),
      order_by: z.array(z.string()),
      rows: z.number().int().nonnegative(),
    }),
  ),
  sequences: z.array(z.object({ name: z.string(), last_value: z.string().nullable() })),
  images: z.array(ZPart.extend({ thumb: z.boolean() })),
  trial_balance: z.object({ debit: z.string(), credit: z.string() }),
  /** The audit log's chain verified in the same snapshot: its head is the file's (absent before the chain). */
  audit_chain: ZAuditChainResult.optional(),
});
export type Manifest = z.infer<typeof ZManifest>;

/** What a backup or a restore reports as it goes (a job's step key, done of total). */
export type BackupProgress = (step: JobStep, done?: number, total?: number) => void;

/** A file refused before anything was changed: the message is the user's. */
export class BackupRefused extends Error {}

/** Counts rows (COPY text puts one row on a line) and hashes the bytes as they pass. */
function measuring() {
  const hash = sha256();
  let size = 0;
  let rows = 0;
  const stream = new Transform({
    transform(chunk: Buffer, _enc, done) {
      hash.update(chunk);
      size += chunk.length;
      for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) rows++;
      done(null, chunk);
    },
  });
  return { stream, result: () => ({ size, rows, sha256: hash.digest("hex") }) };
}

async function hashFile(file: string) {
  const m = measuring();
  await pipeline(createReadStream(file), m.stream, async (source) => {
    for await (const _ of source);
  });
  return m.result();
}

async function listImages(uploadDir: string): Promise<{ name: string; thumb: boolean; file: string }[]> {
  const out: { name: string; thumb: boolean; file: string }[] = [];
  for (const [dir, thumb] of [
    [uploadDir, false],
    [path.join(uploadDir, "thumbs"), true],
  ] as const) {
    const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
    for (const e of entries) if (e.isFile() && SAFE_NAME.test(e.name)) out.push({ name: e.name, thumb, file: path.join(dir, e.name) });
  }
  return out;
}

/** `souq-2026-11-24T09-55-00-123Z-1a2b.tar.gz`: sorts by time, never collides between processes. */
export function backupFileName(now: Date): string {
  return `souq-${now.toISOString().replace(/[:.]/g, "-")}-${randomBytes(2).toString("hex")}${BACKUP_EXT}`;
}

export const isBackupFileName = (name: string) => /^souq-[0-9TZ-]+-[0-9a-f]{4}\.tar\.gz$/.test(name);

/**
 * Reads every table in one REPEATABLE READ snapshot (one transaction, one connection), so the
 * file holds the database as it was at one instant, however long the copy takes and whatever
 * is written meanwhile. The rows go to temporary files first: a tar entry needs its size.
 */
export async function writeBackup(
  pool: pg.Pool,
  opts: { folder: string; uploadDir: string; now?: Date; progress?: BackupProgress },
): Promise<{ file: string; manifest: Manifest }> {
  const progress = opts.progress ?? (() => {});
  const now = opts.now ?? new Date();
  await mkdir(opts.folder, { recursive: true });
  const name = backupFileName(now);
  const work = path.join(opts.folder, `.${name}.parts`);
  await mkdir(work, { recursive: true });
  try {
    const client = await pool.connect();
    let shapes: TableShape[];
    let migration: MigrationVersion;
    let totals: TrialBalanceTotals;
    const tables: Manifest["tables"] = [];
    let sequences: Manifest["sequences"];
    let auditChain: AuditChainResult | undefined;
    try {
      await client.query("begin isolation level repeatable read read only");
      migration = await appliedMigration(client);
      shapes = await tableShapes(client);
      for (const [i, t] of shapes.entries()) {
        progress("backup.copying", i, shapes.length);
        const m = measuring();
        await pipeline(client.query(copyTo(copyOutSql(t))), m.stream, createWriteStream(path.join(work, `${t.name}.copy`)));
        tables.push({ name: t.name, columns: t.columns, order_by: t.orderBy, ...m.result() });
      }
      totals = await trialBalanceTotals(client);
      // A database of a version from before the chain (a test's, an old copy) has none to verify.
      const chained = await client.query("select to_regclass('public.audit_chain_head') is not null as yes");
      if (chained.rows[0].yes) auditChain = await verifyChain(client, { inSnapshot: true });
      // Sequences stand outside snapshots; read after the rows, each is at least what those rows used.
      const seq = await client.query<{ name: string; last_value: string | null }>(
        "select sequencename as name, last_value::text from pg_sequences where schemaname = 'public' order by sequencename",
      );
      sequences = seq.rows;
      await client.query("commit");
    } catch (e) {
      await client.query("rollback").catch(() => {});
      throw e;
    } finally {
      client.release();
    }
    const imageFiles = await listImages(opts.uploadDir);
    const images: Manifest["images"] = [];
    for (const img of imageFiles) {
      const r = await hashFile(img.file);
      images.push({ name: img.name, thumb: img.thumb, size: r.size, sha256: r.sha256 });
    }
    const manifest: Manifest = {
      format: BACKUP_FORMAT,
      format_version: 1,
      product_version: productVersion(),
      created_at: now.toISOString(),
      migration,
      tables,
      sequences,
      images,
      trial_balance: totals,
      audit_chain: auditChain,
    };
    progress("backup.packing", 0, tables.length + images.length);
    const pack = tar.pack();
    const packing = (async () => {
      const add = (header: Partial<tar.Header> & { name: string }, file: string) =>
        new Promise<void>((resolve, reject) => {
          const entry = pack.entry(header, (err) => (err ? reject(err) : resolve()));
          createReadStream(file).on("error", reject).pipe(entry);
        });
      pack.entry({ name: "manifest.json", mtime: now }, JSON.stringify(manifest, null, 1));
      let packed = 0;
      for (const t of tables) {
        await add({ name: `tables/${t.name}.copy`, size: t.size, mtime: now }, path.join(work, `${t.name}.copy`));
        progress("backup.packing", ++packed, tables.length + images.length);
      }
      for (const img of images) {
        const file = imageFiles.find((f) => f.name === img.name && f.thumb === img.thumb)!.file;
        await add({ name: `images/${img.thumb ? "thumbs/" : ""}${img.name}`, size: img.size, mtime: now }, file);
      }
      pack.finalize();
    })();
    const partial = path.join(opts.folder, `.${name}.partial`);
    await Promise.all([packing, pipeline(pack, createGzip({ level: 6 }), createWriteStream(partial))]);
    const file = path.join(opts.folder, name);
    await rename(partial, file);
    return { file, manifest };
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

export interface ExtractedBackup {
  manifest: Manifest;
  /** Folder holding `tables/` and `images/` exactly as listed in the manifest, every part checked. */
  dir: string;
}

const damaged = (why: string) =>
  new BackupRefused(`The backup file is damaged or is not a backup of this product (${why}). Nothing was changed.`);

/** Reads just the manifest (the archive's first entry) and checks it; the rest of the file is not read. */
export async function readManifest(file: string): Promise<Manifest> {
  const extract = tar.extract();
  const source = createReadStream(file);
  const gunzip = createGunzip();
  source.pipe(gunzip).pipe(extract);
  const fail = (e: Error) => extract.destroy(e);
  source.on("error", fail);
  gunzip.on("error", fail);
  try {
    for await (const entry of extract) {
      if (entry.header.name !== "manifest.json") throw damaged("no manifest at its start");
      const chunks: Buffer[] = [];
      for await (const c of entry) chunks.push(c as Buffer);
      return parseManifest(Buffer.concat(chunks));
    }
    throw damaged("an empty archive");
  } catch (e) {
    if (e instanceof BackupRefused) throw e;
    throw damaged((e as Error).message);
  } finally {
    source.destroy();
  }
}

function parseManifest(buf: Buffer): Manifest {
  let json: unknown;
  try {
    json = JSON.parse(buf.toString("utf8"));
  } catch {
    throw damaged("its manifest is not JSON");
  }
  const r = ZManifest.safeParse(json);
  if (!r.success) throw damaged("its manifest is not one this product writes");
  return r.data;
}

/**
 * Unpacks a backup into `dir`, checking each part against the SHA-256 and size the manifest
 * gives; a part missing, extra, altered or cut short refuses the whole file.
 */
export async function extractBackup(file: string, dir: string): Promise<ExtractedBackup> {
  await mkdir(path.join(dir, "tables"), { recursive: true });
  await mkdir(path.join(dir, "images", "thumbs"), { recursive: true });
  const extract = tar.extract();
  const source = createReadStream(file);
  const gunzip = createGunzip();
  source.pipe(gunzip).pipe(extract);
  const fail = (e: Error) => extract.destroy(e);
  source.on("error", fail);
  gunzip.on("error", fail);
  let manifest: Manifest | undefined;
  const expected = new Map<string, { size: number; sha256: string }>();
  const seen = new Set<string>();
  try {
    for await (const entry of extract) {
      const name = entry.header.name;
      if (!manifest) {
        if (name !== "manifest.json") throw damaged("no manifest at its start");
        const chunks: Buffer[] = [];
        for await (const c of entry) chunks.push(c as Buffer);
        manifest = parseManifest(Buffer.concat(chunks));
        for (const t of manifest.tables) expected.set(`tables/${t.name}.copy`, t);
        for (const i of manifest.images) expected.set(`images/${i.thumb ? "thumbs/" : ""}${i.name}`, i);
        continue;
      }
      const want = expected.get(name);
      if (!want || seen.has(name)) throw damaged(`an unexpected part ${name}`);
      seen.add(name);
      const m = measuring();
      await pipeline(entry, m.stream, createWriteStream(path.join(dir, name)));
      const got = m.result();
      if (got.size !== want.size || got.sha256 !== want.sha256) throw damaged(`${name} does not match its SHA-256`);
    }
  } catch (e) {
    if (e instanceof BackupRefused) throw e;
    throw damaged((e as Error).message);
  } finally {
    source.destroy();
  }
  if (!manifest) throw damaged("an empty archive");
  const missing = [...expected.keys()].find((k) => !seen.has(k));
  if (missing) throw damaged(`${missing} is missing`);
  return { manifest, dir };
}

/** Removes a folder made for unpacking or copying, whatever happened. */
export const removeDir = (dir: string) => rm(dir, { recursive: true, force: true });

export async function fileSize(file: string): Promise<number> {
  return (await stat(file)).size;
}

export async function writeJson(file: string, value: unknown): Promise<void> {
  const tmp = `${file}.${randomBytes(3).toString("hex")}.tmp`;
  await writeFile(tmp, JSON.stringify(value, null, 1));
  await rename(tmp, file);
}

export { ident };
