import path from "node:path";
import type pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/harness.js";
import { readManifest } from "../backups/backup-file.js";
import { type BackupDeps, restoreBackup, takeBackup } from "../backups/backups.js";
import { verifyChain } from "./audit-chain.js";

let t: TestApp;
let pool: pg.Pool;
let deps: BackupDeps;
beforeAll(async () => {
  t = await createTestApp();
  pool = (t.database.db as unknown as { $client: pg.Pool }).$client;
  deps = {
    pool,
    url: pool.options.connectionString!,
    uploadDir: t.app.config.uploadDir,
    folder: path.join(t.app.config.dataDir, "backups"),
    log: { info: () => {}, error: () => {} },
  };
});
afterAll(() => t.close());

const verify = async () => {
  const c = await pool.connect();
  try {
    return await verifyChain(c);
  } finally {
    c.release();
  }
};
const unit = async (name: string) => expect((await t.api("POST", "/api/units", { body: { unit_name: name } })).status).toBe(201);

describe("the audit chain and backups", () => {
  it("a backup's manifest and list show the chain's verified head; restored, the chain verifies and goes on", async () => {
    await unit("Chain backup 1");
    await unit("Chain backup 2");
    const head = await verify();
    expect(head.ok).toBe(true);
    const listed = await takeBackup(deps, "manual");
    expect(listed.verified).toBe(true);
    expect(listed.audit_chain).toEqual({ ok: true, rows_checked: head.rows_checked, head: head.head });
    const manifest = await readManifest(path.join(deps.folder, listed.file));
    expect(manifest.audit_chain).toEqual({ ok: true, rows_checked: head.rows_checked, head: head.head, first_mismatch: null });
    const list = await t.api("GET", "/api/backups");
    expect(list.body.data.find((b: { file: string }) => b.file === listed.file).audit_chain).toEqual(listed.audit_chain);

    await unit("Chain after the backup");
    expect((await verify()).rows_checked).toBeGreaterThan(head.rows_checked);
    await restoreBackup(deps, path.join(deps.folder, listed.file));
    const restored = await verify();
    expect(restored).toMatchObject({ ok: true, first_mismatch: null });
    const [row] = (
      await pool.query<{ hash: string; chain_seq: string }>("select hash, chain_seq::text from audit_logs where id = $1", [head.head.id])
    ).rows;
    expect(row).toEqual({ hash: head.head.hash, chain_seq: String(head.rows_checked) });
    const gone = await pool.query("select 1 from audit_logs where after->>'unit_name' = 'Chain after the backup'");
    expect(gone.rowCount).toBe(0);
    // The chain goes on from the restored head.
    await unit("Chain after the restore");
    const later = await verify();
    expect(later.ok).toBe(true);
    expect(later.rows_checked).toBeGreaterThan(restored.rows_checked);
  }, 120_000);
});
