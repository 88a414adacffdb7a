import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/harness.js";
import { jobsSettled } from "../jobs/job-runner.js";

/** Backup and restore as jobs: progress on the row, the result the routes answer, a refusal as its reason. */
let t: TestApp;
const steps = new Set<string>();
/** Polls the job as the screen does, noting every step seen, until it ends. */
async function follow(id: string) {
  const until = Date.now() + 20_000;
  for (;;) {
    const res = await t.api("GET", `/api/jobs/${id}`);
    // A read at a restore's switch fails once (the switch ends every connection); the next gets through.
    // Between the switch and the moment the job writes its row into the restored database, it is not found.
    if ((res.status === 500 || res.status === 404) && Date.now() < until) {
      await new Promise((r) => setTimeout(r, 200));
      continue;
    }
    expect(res.status).toBe(200);
    const job = res.body.data;
    if (job.step) steps.add(job.step);
    if (job.state === "done" || job.state === "failed") return job;
    await new Promise((r) => setTimeout(r, 5));
  }
}

beforeAll(async () => {
  t = await createTestApp();
  await t.app.ready();
});
afterAll(async () => {
  await jobsSettled(t.app);
  await t?.close();
});

describe("backups as jobs", () => {
  let file: string;
  it("a backup job answers 202 at once and ends with the verified backup, having shown its steps", async () => {
    const started = await t.api("POST", "/api/backups/start");
    expect(started.status).toBe(202);
    expect(started.body.data).toMatchObject({ kind: "backup", state: "running" });
    // The same lane while it runs: refused with the job under way.
    const again = await t.api("POST", "/api/backups/start");
    expect(again.status).toBe(409);
    expect(again.body.data.id).toBe(started.body.data.id);
    const job = await follow(started.body.data.id);
    expect(job).toMatchObject({ state: "done", error: null, result: { verified: true, reason: "manual", problems: [] } });
    file = job.result.file;
    expect(steps).toContain("backup.copying");
    expect(steps).toContain("backup.verifying");
    const list = await t.api("GET", "/api/backups");
    expect(list.body.data.map((b: { file: string }) => b.file)).toEqual([file]);
  });

  it("a restore job puts the backup back and keeps its own row in the restored database", async () => {
    await t.database.db.execute(sql`insert into brands (brand_name) values ('Made After The Backup')`);
    const started = await t.api("POST", `/api/backups/${encodeURIComponent(file)}/restore/start`);
    expect(started.status).toBe(202);
    steps.clear();
    const job = await follow(started.body.data.id);
    expect(job.state).toBe("done");
    expect(job.result.before.reason).toBe("before_restore");
    expect(steps).toContain("restore.copying");
    const brands = await t.database.db.execute(sql`select 1 from brands where brand_name = 'Made After The Backup'`);
    expect(brands.rows.length).toBe(0);
    // The restored database holds this job's row (the backup left the jobs table out), and only it.
    const rows = await t.database.db.execute<{ id: string; state: string }>(sql`select id, state from jobs`);
    expect(rows.rows).toEqual([{ id: started.body.data.id, state: "done" }]);
  });

  it("a refused restore fails with the refusal's words, nothing changed", async () => {
    const started = await t.api("POST", "/api/backups/restore_upload/start", {
      body: Buffer.concat([Buffer.from([0x1f, 0x8b]), Buffer.from("not really a backup")]),
      headers: { "content-type": "application/octet-stream" },
    });
    expect(started.status).toBe(202);
    const job = await follow(started.body.data.id);
    expect(job.state).toBe("failed");
    expect(job.error.message).toMatch(/^The backup file is damaged or is not a backup of this product .*Nothing was changed\.$/);
    expect(job.error.errors.file).toEqual([job.error.message]);
    const notGzip = await t.api("POST", "/api/backups/restore_upload/start", {
      body: Buffer.from("plain text"),
      headers: { "content-type": "application/octet-stream" },
    });
    expect(notGzip.status).toBe(422);
  });

  it("starting and reading needs the action's permission", async () => {
    const reader = await t.userWith(["backups/index"]);
    expect((await t.api("POST", "/api/backups/start", { token: reader.token })).status).toBe(403);
    expect((await t.api("POST", `/api/backups/${encodeURIComponent(file)}/restore/start`, { token: reader.token })).status).toBe(403);
    const maker = await t.userWith(["backups/store"]);
    const latest = await t.api("GET", "/api/jobs?kind=backup,restore", { token: maker.token });
    expect(latest.status).toBe(200);
    // Only the kinds it may read: the backup it could have started, not the restores.
    expect(latest.body.data).toBeNull();
  });
});
