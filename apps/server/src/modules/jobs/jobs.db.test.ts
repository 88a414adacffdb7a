import { JOB_MSG, type JobKind } from "@app/contracts";
import { sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/node-postgres";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/harness.js";
import { buildApp } from "../../app.js";
import * as schema from "../../db/schema.js";
import { HttpError } from "../../platform/errors.js";
import { claimJob, defineJob, JobBusy, jobRunner, jobsSettled, showJob, startJob } from "./job-runner.js";

/** The job runner: progress rows, one claimer per job among many, failures with their reason, a dead process's job. */
let t: TestApp;
const url = () => (t.database.db as unknown as { $client: pg.Pool }).$client.options.connectionString!;
const rowOf = async (id: string) =>
  (
    await t.database.db.execute<{ state: string; step: string | null; done: number; total: number; owner: string | null; error: unknown }>(
      sql`select state, step, done, total, owner, error from jobs where id = ${id}`,
    )
  ).rows[0]!;
const until = async (what: () => Promise<boolean>, ms = 10_000) => {
  const end = Date.now() + ms;
  while (!(await what())) {
    if (Date.now() > end) throw new Error("timed out");
    await new Promise((r) => setTimeout(r, 20));
  }
};
/** A job the test steps through: each gate opened lets it report the next step. */
function gated() {
  const gates: (() => void)[] = [];
  const wait = () => new Promise<void>((r) => gates.push(r));
  const open = async () => {
    await until(async () => gates.length > 0);
    gates.shift()!();
  };
  return { wait, open };
}
// A kind of the contracts' list stands in for the test's own work: the runner treats every kind alike.
const TEST_KIND = "items_import" as JobKind;

beforeAll(async () => {
  t = await createTestApp();
  await t.app.ready();
});
afterAll(async () => {
  await jobsSettled(t.app);
  await t.close();
});

describe("the job runner", () => {
  it("answers at once, writes each step with its count, and ends done with the result", async () => {
    const g = gated();
    defineJob<{ rows: number }>(t.app, {
      kind: TEST_KIND,
      permission: "items/import",
      run: async (job) => {
        for (let i = 1; i <= job.input.rows; i++) {
          job.progress("import.saving", i, job.input.rows);
          await g.wait();
        }
        return { imported: job.input.rows };
      },
    });
    const job = await startJob(t.app, null, TEST_KIND, { rows: 3 });
    expect(job.state).toBe("running");
    const seen: string[] = [];
    for (let i = 1; i <= 3; i++) {
      await until(async () => (await rowOf(job.id)).done === i);
      const r = await rowOf(job.id);
      seen.push(`${r.state} ${r.step} ${r.done}/${r.total}`);
      await g.open();
    }
    await jobsSettled(t.app);
    expect(seen).toEqual(["running import.saving 1/3", "running import.saving 2/3", "running import.saving 3/3"]);
    const end = (await showJob(t.database.db, job.id))!;
    expect(end).toMatchObject({ state: "done", done: 3, total: 3, result: { imported: 3 }, error: null });
    expect(end.finished_at).not.toBeNull();
  });

  it("refuses a second job of the same lane while one is under way, with that job", async () => {
    const g = gated();
    defineJob(t.app, { kind: TEST_KIND, permission: "items/import", run: () => g.wait() });
    const first = await startJob(t.app, null, TEST_KIND, {});
    const refused = await startJob(t.app, null, TEST_KIND, {}).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(JobBusy);
    expect((refused as JobBusy).job.id).toBe(first.id);
    expect((refused as JobBusy).message).toBe(JOB_MSG.busy);
    await g.open();
    await jobsSettled(t.app);
    // Once it ended, the lane is free again.
    defineJob(t.app, { kind: TEST_KIND, permission: "items/import", run: async () => 1 });
    const next = await startJob(t.app, null, TEST_KIND, {});
    await jobsSettled(t.app);
    expect((await showJob(t.database.db, next.id))!.state).toBe("done");
  });

  it("a failed job keeps its reason in the route's words; an unexpected error never shows its text", async () => {
    const refusal = "The backup file is damaged or is not a backup of this product (manifest.json). Nothing was changed.";
    defineJob(t.app, {
      kind: TEST_KIND,
      permission: "items/import",
      run: async (job) => {
        job.progress("restore.checking");
        throw new HttpError(422, refusal, { file: [refusal] });
      },
    });
    const refused = await startJob(t.app, null, TEST_KIND, {});
    await jobsSettled(t.app);
    expect(await showJob(t.database.db, refused.id)).toMatchObject({
      state: "failed",
      result: null,
      error: { message: refusal, errors: { file: [refusal] } },
    });
    defineJob(t.app, {
      kind: TEST_KIND,
      permission: "items/import",
      run: async () => {
        throw new Error('relation "secret_table" does not exist');
      },
    });
    const broken = await startJob(t.app, null, TEST_KIND, {});
    await jobsSettled(t.app);
    const shown = (await showJob(t.database.db, broken.id))!;
    expect(shown.state).toBe("failed");
    expect(shown.error).toEqual({ message: JOB_MSG.unexpected });
  });

  it("of many claimers on their own connections, exactly one takes each job", async () => {
    const JOBS = 40;
    const CLAIMERS = 16;
    const made = await t.database.db.execute<{ id: string }>(sql`
      insert into jobs (kind, lane) select 'recalculation', 'claim-test-' || g from generate_series(1, ${JOBS}) g returning id`);
    const ids = made.rows.map((r) => r.id);
    const pool = new pg.Pool({ connectionString: url(), max: CLAIMERS });
    try {
      const db = drizzle(pool, { schema });
      const won = await Promise.all(
        Array.from({ length: CLAIMERS }, async (_, c) => {
          const mine: string[] = [];
          // Each claimer goes through every job, in an order of its own, twice.
          const order = [...ids, ...ids].sort(() => Math.random() - 0.5);
          for (const id of order) if (await claimJob(db, id, `claimer-${c}`)) mine.push(id);
          return mine;
        }),
      );
      const all = won.flat();
      expect(all.length).toBe(JOBS);
      expect(new Set(all).size).toBe(JOBS);
      const owners = await t.database.db.execute<{ id: string; owner: string; state: string }>(
        sql`select id, owner, state from jobs where lane like 'claim-test-%'`,
      );
      for (const r of owners.rows) {
        expect(r.state).toBe("running");
        expect(won[Number(r.owner.split("-")[1])]).toContain(r.id);
      }
      // All of them at once on one job: one wins.
      const [one] = (
        await t.database.db.execute<{ id: string }>(sql`insert into jobs (kind, lane) values ('recalculation', 'claim-one') returning id`)
      ).rows;
      const got = await Promise.all(Array.from({ length: CLAIMERS }, (_, c) => claimJob(db, one!.id, `racer-${c}`)));
      expect(got.filter(Boolean).length).toBe(1);
    } finally {
      await pool.end();
      await t.database.db.execute(sql`update jobs set state = 'done' where lane like 'claim-%'`);
    }
  });

  it("a job whose process died is marked failed when a process starts", async () => {
    const g = gated();
    defineJob(t.app, { kind: TEST_KIND, permission: "items/import", run: () => g.wait() });
    const job = await startJob(t.app, null, TEST_KIND, {});
    // The process "dies": its heartbeat stops, and the last one it wrote grows old.
    const runner = jobRunner(t.app);
    clearInterval(runner.timer!);
    await t.database.db.execute(sql`update jobs set heartbeat_at = now() - interval '5 minutes' where id = ${job.id}`);
    // A queued job that no process took, from long ago.
    const [orphan] = (
      await t.database.db.execute<{ id: string }>(
        sql`insert into jobs (kind, lane, created_at) values ('backup', 'orphan-test', now() - interval '1 hour') returning id`,
      )
    ).rows;
    const next = await buildApp({ database: t.database, config: t.app.config });
    try {
      await next.app.ready();
      for (const id of [job.id, orphan!.id]) {
        const r = await rowOf(id);
        expect(r.state).toBe("failed");
        expect(r.error).toEqual({ message: JOB_MSG.stopped });
      }
      // A lane is free again once its dead job is marked.
      defineJob(next.app, { kind: TEST_KIND, permission: "items/import", run: async () => "again" });
      const again = await startJob(next.app, null, TEST_KIND, {});
      await jobsSettled(next.app);
      expect((await showJob(t.database.db, again.id))!.result).toBe("again");
    } finally {
      await g.open();
      await jobsSettled(t.app);
      await next.app.close();
    }
  });
});

describe("jobs through the routes", () => {
  it("a recalculation started as a job answers 202, shows its steps, and ends with the run it stored", async () => {
    // A stock balance with no movement behind it: the run corrects it.
    const inv = 1;
    const units = (await t.api("GET", "/api/units/list")).body.message as { unit_id: number; unit_name: string }[];
    const piece = units.find((u) => u.unit_name === "Piece")!.unit_id;
    const item = (
      await t.api("POST", "/api/items", {
        body: { item_name: "Jobs Gauze", item_units: [{ unit_fk: piece, quantity: "1", price: "250", is_base: true }] },
      })
    ).body.data.item_id as number;
    await t.database.db.execute(sql`insert into stock_batches (item_fk, batch_no) values (${item}, 'J1')`);
    await t.database.db.execute(sql`
      insert into stock_balances (item_fk, inventory_fk, batch_fk, qty)
      select ${item}, ${inv}, batch_id, 7 from stock_batches where item_fk = ${item}`);

    const started = await t.api("POST", "/api/recalculations/start", { body: {} });
    expect(started.status).toBe(202);
    expect(started.body.data.kind).toBe("recalculation");
    const id = started.body.data.id as string;
    await jobsSettled(t.app);
    const shown = await t.api("GET", `/api/jobs/${id}`);
    expect(shown.status).toBe(200);
    expect(shown.body.data).toMatchObject({ state: "done", step: "recalculation.writing", done: 1, total: 1, error: null });
    const run = shown.body.data.result as { id: number; stock_differences: number };
    expect(run.stock_differences).toBe(1);
    const stored = await t.api("GET", `/api/recalculations/${run.id}`);
    expect(stored.body.data.differences).toMatchObject([{ kind: "stock_balance", field: "qty", was: "7", now: "0" }]);
    const qty = await t.database.db.execute<{ qty: string }>(sql`select qty::text from stock_balances where item_fk = ${item}`);
    expect(Number(qty.rows[0]!.qty)).toBe(0);

    // Found again after a reload: the latest recalculation job.
    const latest = await t.api("GET", "/api/jobs?kind=recalculation");
    expect(latest.body.data.id).toBe(id);
    expect((await t.api("GET", "/api/jobs?kind=recalculation&active=1")).body.data).toBeNull();
  });

  it("reading a job needs the permission of the action it runs", async () => {
    const started = await t.api("POST", "/api/recalculations/start", { body: {} });
    await jobsSettled(t.app);
    const id = started.body.data.id as string;
    const backups = await t.userWith(["backups/store"]);
    expect((await t.api("GET", `/api/jobs/${id}`, { token: backups.token })).status).toBe(403);
    expect((await t.api("GET", "/api/jobs?kind=recalculation", { token: backups.token })).status).toBe(403);
    const runner = await t.userWith(["recalculations/store"]);
    expect((await t.api("GET", `/api/jobs/${id}`, { token: runner.token })).status).toBe(200);
    const reader = await t.userWith(["recalculations/index"]);
    expect((await t.api("POST", "/api/recalculations/start", { token: reader.token, body: {} })).status).toBe(403);
    expect((await t.api("GET", "/api/jobs/not-a-job")).status).toBe(404);
    expect((await t.api("GET", "/api/jobs?kind=nothing")).status).toBe(422);
    expect((await t.api("POST", "/api/recalculations/start", { body: { all: true } })).status).toBe(422);
  });
});
