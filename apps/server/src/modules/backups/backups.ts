import { randomBytes } from "node:crypto";
import { cp, readdir, readFile, rename, rm, stat } from "node:fs/promises";
import path from "node:path";
import type pg from "pg";
import {
  type BackupProgress,
  BackupRefused,
  type ExtractedBackup,
  extractBackup,
  isBackupFileName,
  type Manifest,
  readManifest,
  removeDir,
  writeBackup,
  writeJson,
} from "./backup-file.js";
import { assertRestorable, checkRestored, databaseOf, dropDatabase, maintenanceClient, restoreInto, withDatabase } from "./restore.js";
import { ident } from "./snapshot.js";

/** What a backup operation needs from the running product. */
export interface BackupDeps {
  pool: pg.Pool;
  /** The product's database URL (the pool's). */
  url: string;
  uploadDir: string;
  folder: string;
  log: { info(msg: string): void; error(msg: string): void };
}

/** Kept beside each backup as `<file>.json`: survives a restore, which replaces the database. */
export interface BackupStatus {
  verified: boolean | null;
  checked_at: string | null;
  problems: string[];
  created_at: string;
  product_version: string;
  migration: string;
  rows: number;
  images: number;
  reason: "manual" | "scheduled" | "before_restore";
  /** The audit chain's head as the manifest records it; null for a backup from before the chain. */
  audit_chain: { ok: boolean; rows_checked: number; head: { id: number | null; hash: string } } | null;
}

export interface ListedBackup extends BackupStatus {
  file: string;
  size: number;
}

const statusFile = (file: string) => `${file}.json`;
const scratchName = (base: string, what: string) => `${base.slice(0, 30)}_${what}_${randomBytes(4).toString("hex")}`;

/**
 * Restores a backup into a scratch database on the same server (made for it, dropped after) and
 * compares it with the manifest: row counts, trial balance and each table's checksum.
 */
export async function verifyBackup(url: string, file: string, workDir: string, progress: BackupProgress = () => {}): Promise<string[]> {
  const dir = path.join(workDir, `.verify-${randomBytes(4).toString("hex")}`);
  const admin = await maintenanceClient(url);
  const scratch = scratchName(databaseOf(url), "verify");
  try {
    const extracted = await extractBackup(file, dir);
    await admin.query(`create database ${ident(scratch)}`);
    await restoreInto(withDatabase(url, scratch), extracted, (done, total) => progress("backup.verifying", done, total));
    return await checkRestored(withDatabase(url, scratch), extracted.manifest, {
      sameVersion: true,
      progress: (done, total) => progress("backup.comparing", done, total),
    });
  } catch (e) {
    return [(e as Error).message];
  } finally {
    await dropDatabase(admin, scratch).catch(() => {});
    await admin.end().catch(() => {});
    await removeDir(dir);
  }
}

/** Backs up, verifies the file, and keeps the verdict beside it; a failed verification is logged. */
export async function takeBackup(
  deps: BackupDeps,
  reason: BackupStatus["reason"],
  progress: BackupProgress = () => {},
): Promise<ListedBackup> {
  const { file, manifest } = await writeBackup(deps.pool, { folder: deps.folder, uploadDir: deps.uploadDir, progress });
  const problems = await verifyBackup(deps.url, file, deps.folder, progress);
  const status: BackupStatus = {
    ...summaryOf(manifest, reason),
    verified: problems.length === 0,
    checked_at: new Date().toISOString(),
    problems,
  };
  await writeJson(statusFile(file), status);
  if (problems.length) deps.log.error(`Backup ${path.basename(file)} failed its verification: ${problems.join("; ")}`);
  else deps.log.info(`Backup ${path.basename(file)} made and verified`);
  return { ...status, file: path.basename(file), size: (await stat(file)).size };
}

function summaryOf(manifest: Manifest, reason: BackupStatus["reason"]) {
  return {
    created_at: manifest.created_at,
    product_version: manifest.product_version,
    migration: manifest.migration.tag,
    rows: manifest.tables.reduce((n, t) => n + t.rows, 0),
    images: manifest.images.length,
    reason,
    audit_chain: manifest.audit_chain
      ? { ok: manifest.audit_chain.ok, rows_checked: manifest.audit_chain.rows_checked, head: manifest.audit_chain.head }
      : null,
  };
}

/** The backups in a folder, newest first; a file without a verdict (copied in by hand) shows as not verified. */
export async function listBackups(folder: string): Promise<ListedBackup[]> {
  const names = (await readdir(folder).catch(() => [] as string[])).filter(isBackupFileName).sort().reverse();
  const out: ListedBackup[] = [];
  for (const name of names) {
    const file = path.join(folder, name);
    const size = (await stat(file).catch(() => null))?.size;
    if (size === undefined) continue;
    let status: BackupStatus;
    try {
      status = JSON.parse(await readFile(statusFile(file), "utf8")) as BackupStatus;
    } catch {
      status = {
        verified: null,
        checked_at: null,
        problems: [],
        created_at: "",
        product_version: "",
        migration: "",
        rows: 0,
        images: 0,
        reason: "manual",
        audit_chain: null,
      };
      try {
        status = { ...status, ...summaryOf(await readManifest(file), "manual") };
      } catch {
        status.problems = ["The file is not a readable backup."];
        status.verified = false;
      }
    }
    out.push({ ...status, audit_chain: status.audit_chain ?? null, file: name, size });
  }
  return out;
}

/** A listed backup's path, or undefined for a name that is not one in the folder. */
export function backupPath(folder: string, name: string): string | undefined {
  return isBackupFileName(name) ? path.join(folder, name) : undefined;
}

/** Deletes scheduled and manual backups older than `keepDays` (with their verdicts). */
export async function pruneBackups(folder: string, keepDays: number, now = new Date()): Promise<string[]> {
  const limit = now.getTime() - keepDays * 86_400_000;
  const removed: string[] = [];
  for (const b of await listBackups(folder)) {
    const at = Date.parse(b.created_at);
    if (Number.isFinite(at) && at < limit) {
      await rm(path.join(folder, b.file), { force: true });
      await rm(statusFile(path.join(folder, b.file)), { force: true });
      removed.push(b.file);
    }
  }
  return removed;
}

/**
 * Puts the restored database in the product's place. The product's database keeps its name, so
 * every process (and every pool) reaches the restored data by reconnecting, with nothing to
 * persist: connections to it are refused and ended, it is renamed aside, the restored one takes
 * its name, and the old one is dropped (the backup made just before holds it). A failure on the
 * way puts the names back.
 */
export async function promoteDatabase(url: string, restored: string): Promise<void> {
  const current = databaseOf(url);
  const aside = scratchName(current, "before");
  const admin = await maintenanceClient(url);
  try {
    await admin.query(`alter database ${ident(current)} with allow_connections false`);
    let renamed = false;
    try {
      for (let i = 0; ; i++) {
        await admin.query("select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()", [
          current,
        ]);
        try {
          await admin.query(`alter database ${ident(current)} rename to ${ident(aside)}`);
          renamed = true;
          break;
        } catch (e) {
          // 55006: a connection still closing; ask again.
          if ((e as { code?: string }).code !== "55006" || i > 50) throw e;
          await new Promise((r) => setTimeout(r, 100));
        }
      }
      await admin.query(`alter database ${ident(restored)} rename to ${ident(current)}`);
    } catch (e) {
      if (renamed) await admin.query(`alter database ${ident(aside)} rename to ${ident(current)}`).catch(() => {});
      await admin.query(`alter database ${ident(current)} with allow_connections true`).catch(() => {});
      throw e;
    }
    await dropDatabase(admin, aside);
  } finally {
    await admin.end();
  }
}

/**
 * Restores a backup file in the product's place. Checked first (every part's SHA-256, a
 * database version this product knows), so a damaged or newer file changes nothing; then the
 * current data is backed up, the file is restored into a new database and compared with its
 * manifest, and only when that holds does the product switch to it (and to its images).
 */
export async function restoreBackup(
  deps: BackupDeps,
  file: string,
  progress: BackupProgress = () => {},
  /** Runs right after the switch, on the restored database (a job writes its own row into it). */
  afterSwitch: () => Promise<void> = async () => {},
): Promise<{ before: ListedBackup; manifest: Manifest }> {
  const dir = path.join(deps.folder, `.restore-${randomBytes(4).toString("hex")}`);
  const admin = await maintenanceClient(deps.url);
  const target = scratchName(databaseOf(deps.url), "restore");
  let extracted: ExtractedBackup;
  let created = false;
  try {
    progress("restore.checking");
    extracted = await extractBackup(file, dir);
    assertRestorable(extracted.manifest);
    // The backup of the data as it is now reports its own counts under one step.
    const before = await takeBackup(deps, "before_restore", (_step, done, total) => progress("restore.backing_up", done, total));
    if (before.verified === false)
      throw new BackupRefused(`The current data could not be backed up safely (${before.problems.join("; ")}). Nothing was changed.`);
    await admin.query(`create database ${ident(target)}`);
    created = true;
    await restoreInto(withDatabase(deps.url, target), extracted, (done, total) => progress("restore.copying", done, total));
    const sameVersion = extracted.manifest.migration.tag === before.migration;
    const problems = await checkRestored(withDatabase(deps.url, target), extracted.manifest, {
      sameVersion,
      progress: (done, total) => progress("restore.comparing", done, total),
    });
    if (problems.length)
      throw new BackupRefused(`The restored data did not match the backup (${problems.join("; ")}). Nothing was changed.`);
    progress("restore.switching");
    await promoteDatabase(deps.url, target);
    created = false;
    await afterSwitch().catch((e) =>
      deps.log.error(`After the restore's switch: ${String((e as { cause?: unknown }).cause ?? (e as Error).message)}`),
    );
    progress("restore.images");
    await swapImages(deps.uploadDir, path.join(dir, "images"));
    deps.log.info(
      `Restored backup ${path.basename(file)} (made ${extracted.manifest.created_at}); the data before it is in ${before.file}`,
    );
    return { before, manifest: extracted.manifest };
  } finally {
    if (created) await dropDatabase(admin, target).catch(() => {});
    await admin.end().catch(() => {});
    await removeDir(dir);
  }
}

/** The restored images take the upload folder's place; the folder before goes (the backup before holds it). */
async function swapImages(uploadDir: string, restored: string): Promise<void> {
  const aside = `${uploadDir}.before-restore-${randomBytes(3).toString("hex")}`;
  const hadFolder = await stat(uploadDir).then(
    () => true,
    () => false,
  );
  if (hadFolder) await rename(uploadDir, aside);
  try {
    await rename(restored, uploadDir);
  } catch {
    // Another disk: copy instead of moving.
    await cp(restored, uploadDir, { recursive: true });
  }
  if (hadFolder) await removeDir(aside);
}

export { BackupRefused, withDatabase };
