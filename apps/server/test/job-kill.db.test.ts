// A job whose server process is killed (SIGKILL) in the middle: the next process to start on the
// database marks it failed with the reason, at once, and the lane takes a new job.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { JOB_MSG } from "@app/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort } from "../src/platform/free-port.js";
import { createTestDatabase } from "./harness.js";
import { type ProductProcess, request, signIn, startProduct } from "./processes.js";

let db: Awaited<ReturnType<typeof createTestDatabase>>;
const running: ProductProcess[] = [];
const dataDir = mkdtempSync(path.join(tmpdir(), "souq-job-kill-"));

beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(async () => {
  for (const p of running) if (p.child.exitCode === null) p.child.kill("SIGKILL");
  await Promise.all(running.map((p) => p.exited));
  await db.drop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe("a job whose process was killed", () => {
  it("is marked failed when the next process starts, and its lane is free again", { timeout: 300_000 }, async () => {
    const env = { DATA_DIR: dataDir };
    const first = await startProduct(db.url, await freePort(), env);
    running.push(first);
    const token = await signIn(first.port);
    const started = await request(first.port, token, "POST", "/api/backups/start");
    expect(started.status).toBe(202);
    const id = started.body.data.id as string;
    // Killed while it copies or checks: the row says running, with the step it reached.
    for (;;) {
      const job = (await request(first.port, token, "GET", `/api/jobs/${id}`)).body.data;
      if (job.state !== "queued" && job.step !== "queued") {
        expect(job.state).toBe("running");
        break;
      }
      await new Promise((r) => setTimeout(r, 20));
    }
    first.child.kill("SIGKILL");
    await first.exited;

    const next = await startProduct(db.url, await freePort(), env);
    running.push(next);
    const job = (await request(next.port, token, "GET", `/api/jobs/${id}`)).body.data;
    expect(job).toMatchObject({ state: "failed", error: { message: JOB_MSG.stopped } });
    expect(job.finished_at).not.toBeNull();
    const again = await request(next.port, token, "POST", "/api/backups/start");
    expect(again.status).toBe(202);
    for (;;) {
      const j = (await request(next.port, token, "GET", `/api/jobs/${again.body.data.id}`)).body.data;
      if (j.state === "done" || j.state === "failed") {
        expect(j.state).toBe("done");
        expect(j.result.verified).toBe(true);
        break;
      }
      await new Promise((r) => setTimeout(r, 100));
    }
  });
});
