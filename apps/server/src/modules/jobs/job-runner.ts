import { randomBytes } from "node:crypto";
import { hostname } from "node:os";
import { JOB_MSG, type Job, type JobError, type JobKind, type JobStep, ZJob } from "@app/contracts";
import { sql } from "drizzle-orm";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import pg from "pg";
import { z } from "zod";
import type { DbOrTx } from "../../db/client.js";
import type { AuthUser } from "../../platform/context.js";
import { HttpError } from "../../platform/errors.js";
import { clientIp } from "../../platform/http.js";
import { ImportRowsError } from "../../platform/sheet-import.js";

/**
 * The job runner: a start call writes a `queued` row and answers at once; the process that took
 * the call claims the row (`FOR UPDATE SKIP LOCKED`, so that of any number of claimers exactly
 * one wins) and runs the work in the background, writing its step, its done/total count and a
 * heartbeat to the row; the row ends `done` with the result or `failed` with the reason. One
 * job per lane at a time, across every process, is the partial unique index on `lane`. A job
 * whose process died keeps an old heartbeat: every process marks such jobs failed when it starts
 * and at each heartbeat.
 */

/** What a job's work receives. */
export interface JobContext<I> {
  id: string;
  input: I;
  attachment: Buffer | null;
  /** Who started it (the start call's user, for permissions already checked and the audit). */
  user: AuthUser | null;
  ip: string | null;
  /** Reports what is being done; written to the row soon after (the latest call wins). */
  progress(step: JobStep, done?: number, total?: number): void;
  /** Writes the row again from what this process knows: a restore puts a database without it in place. */
  reinstate(): Promise<void>;
}

export interface JobDefinition<I> {
  kind: JobKind;
  /** The permission of the action the job runs: starting it and reading it need the same. */
  permission: string;
  /** Jobs of one lane never run at the same time; the kind by default (or one of the input's, such as a document's). */
  lane?: string | ((input: I) => string);
  run(job: JobContext<I>): Promise<unknown>;
}

export interface RunnerOptions {
  /** How often a running job's heartbeat is written and stale jobs are looked for. */
  heartbeatMs: number;
  /** A running job whose heartbeat is older than this lost its process. */
  staleMs: number;
}

interface Running {
  id: string;
  kind: JobKind;
  lane: string;
  created_by: number | null;
  created_at: Date;
  started_at: Date;
  input: unknown;
  step: string | null;
  done: number;
  total: number;
  /** The progress write in flight, and whether a newer one waits for it. */
  writing: Promise<void> | null;
  dirty: boolean;
}

interface Runner {
  owner: string;
  options: RunnerOptions;
  kinds: Map<JobKind, JobDefinition<never>>;
  running: Map<string, Running>;
  /** The work of each running job, so that a close (and a test) can wait for it. */
  work: Set<Promise<void>>;
  timer: NodeJS.Timeout | null;
}

const DEFAULTS: RunnerOptions = { heartbeatMs: 5_000, staleMs: 30_000 };
const runners = new WeakMap<FastifyInstance, Runner>();

/** This app's runner; made on first use with a name for this process that no other process has. */
export function jobRunner(app: FastifyInstance): Runner {
  let r = runners.get(app);
  if (!r) {
    r = {
      owner: `${hostname()}:${process.pid}:${randomBytes(4).toString("hex")}`,
      options: { ...DEFAULTS },
      kinds: new Map(),
      running: new Map(),
      work: new Set(),
      timer: null,
    };
    runners.set(app, r);
  }
  return r;
}

/** Registers a kind of job (a module's `register` calls it for its own work). */
export function defineJob<I>(app: FastifyInstance, def: JobDefinition<I>): void {
  jobRunner(app).kinds.set(def.kind, def as JobDefinition<never>);
}

export const jobKindOf = (app: FastifyInstance, kind: string) => jobRunner(app).kinds.get(kind as JobKind);

/** A start refused because a job of the same lane is queued or running; carries that job. */
export class JobBusy extends Error {
  constructor(readonly job: Job) {
    super(JOB_MSG.busy);
  }
}

const JOB_SELECT = sql`
  select j.id, j.kind, j.state, j.step, j.done, j.total, j.created_at, j.started_at, j.finished_at,
         u.user_name as created_by_name, j.result, j.error
    from jobs j left join users u on u.user_id = j.created_by`;

type JobRow = Omit<Job, "created_at" | "started_at" | "finished_at"> & {
  created_at: Date | string;
  started_at: Date | string | null;
  finished_at: Date | string | null;
};
const iso = (v: Date | string | null) => (v === null ? null : new Date(v).toISOString());
const shown = (r: JobRow): Job => ({
  ...r,
  created_at: iso(r.created_at)!,
  started_at: iso(r.started_at),
  finished_at: iso(r.finished_at),
});

export async function showJob(db: DbOrTx, id: string): Promise<Job | undefined> {
  if (!z.uuid().safeParse(id).success) return undefined;
  const res = await db.execute<JobRow>(sql`${JOB_SELECT} where j.id = ${id}`);
  return res.rows[0] && shown(res.rows[0]);
}

/** The job of these kinds that is queued or running, else the latest one; none when there was never one. */
export async function latestJob(db: DbOrTx, kinds: readonly string[], opts: { activeOnly?: boolean } = {}): Promise<Job | undefined> {
  const res = await db.execute<JobRow>(sql`${JOB_SELECT}
     where j.kind in (select json_array_elements_text(${JSON.stringify(kinds)}::json))
       ${opts.activeOnly ? sql`and j.state in ('queued', 'running')` : sql``}
     order by (j.state in ('queued', 'running')) desc, j.created_at desc limit 1`);
  return res.rows[0] && shown(res.rows[0]);
}

async function activeInLane(db: DbOrTx, lane: string): Promise<Job | undefined> {
  const res = await db.execute<JobRow>(sql`${JOB_SELECT} where j.lane = ${lane} and j.state in ('queued', 'running') limit 1`);
  return res.rows[0] && shown(res.rows[0]);
}

/**
 * Takes a queued job for `owner`. `SKIP LOCKED`: of claimers racing for one row, one locks and
 * updates it, the others skip it and get nothing; a row already running is not queued, so a
 * later claimer gets nothing either.
 */
export async function claimJob(db: DbOrTx, id: string, owner: string): Promise<boolean> {
  const res = await db.execute(sql`
    update jobs set state = 'running', owner = ${owner}, started_at = now(), heartbeat_at = now()
     where id = (select id from jobs where id = ${id} and state = 'queued' for update skip locked)
     returning id`);
  return res.rows.length === 1;
}

/** Marks failed the running jobs whose process stopped (an old heartbeat) and the queued ones no process took. */
export async function sweepStaleJobs(db: DbOrTx, staleMs: number): Promise<string[]> {
  const res = await db.execute<{ id: string }>(sql`
    update jobs set state = 'failed', finished_at = now(), attachment = null,
                    error = ${JSON.stringify({ message: JOB_MSG.stopped })}::jsonb
     where (state = 'running' and heartbeat_at < now() - make_interval(secs => ${staleMs / 1000}))
        or (state = 'queued' and created_at < now() - make_interval(secs => ${staleMs / 1000}))
     returning id`);
  return res.rows.map((r) => r.id);
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as { code?: string }).code === "EPERM";
  }
};

/**
 * Marks failed, at once, the running jobs of processes of this machine that are gone (a killed
 * server restarted within the heartbeat's half minute): the owner names the host and the pid.
 * Processes that share a host name are taken to share its process ids, as on one machine.
 */
export async function sweepDeadHere(db: DbOrTx): Promise<string[]> {
  const host = `${hostname()}:`;
  const res = await db.execute<{ id: string; owner: string }>(
    sql`select id, owner from jobs where state = 'running' and starts_with(owner, ${host})`,
  );
  const dead = res.rows.filter((r) => {
    const pid = Number(r.owner.slice(host.length).split(":")[0]);
    return Number.isInteger(pid) && pid > 0 && !alive(pid);
  });
  if (!dead.length) return [];
  const marked = await db.execute<{ id: string }>(sql`
    update jobs set state = 'failed', finished_at = now(), attachment = null,
                    error = ${JSON.stringify({ message: JOB_MSG.stopped })}::jsonb
     where state = 'running' and id in (select json_array_elements_text(${JSON.stringify(dead.map((d) => d.id))}::json)::uuid)
     returning id`);
  return marked.rows.map((r) => r.id);
}

/** The reason a job failed, in the words its route would answer; never a database's text. */
export function jobErrorOf(e: unknown): JobError {
  if (e instanceof ImportRowsError) return { message: e.message, errors: e.errors, rows: e.rows };
  if (e instanceof HttpError && e.statusCode < 500) return { message: e.message, ...(e.errors ? { errors: e.errors } : {}) };
  return { message: JOB_MSG.unexpected };
}

/**
 * Starts a job: its row is written `queued`, this process claims it and runs it in the
 * background. A job of the same lane queued or running refuses the start with `JobBusy`
 * (after marking stale ones failed, so that a dead process never blocks a lane for long).
 */
export async function startJob<I>(
  app: FastifyInstance,
  req: FastifyRequest | null,
  kind: JobKind,
  input: I,
  opts: { attachment?: Buffer } = {},
): Promise<Job> {
  const runner = jobRunner(app);
  const def = runner.kinds.get(kind) as JobDefinition<I> | undefined;
  if (!def) throw new Error(`No job of kind ${kind} is defined`);
  const lane = typeof def.lane === "function" ? def.lane(input) : (def.lane ?? kind);
  const user = req?.user ?? null;
  let id: string | undefined;
  for (let attempt = 0; attempt < 2 && !id; attempt++) {
    try {
      const res = await app.db.execute<{ id: string }>(sql`
        insert into jobs (kind, lane, created_by, input, attachment, step)
        values (${kind}, ${lane}, ${user?.user_id ?? null}, ${JSON.stringify(input ?? {})}::jsonb, ${opts.attachment ?? null}, 'queued')
        returning id`);
      id = res.rows[0]!.id;
    } catch (e) {
      if ((e as { code?: string }).code !== "23505" && (e as { cause?: { code?: string } }).cause?.code !== "23505") throw e;
      if (attempt === 0 && (await sweepStaleJobs(app.db, runner.options.staleMs)).length) continue;
      const active = await activeInLane(app.db, lane);
      if (active) throw new JobBusy(active);
      // It finished between the insert and the look: try once more.
      if (attempt === 1) throw e;
    }
  }
  if (await claimJob(app.db, id!, runner.owner))
    execute(app, runner, def, id!, input, opts.attachment ?? null, user, req ? clientIp(req) : null);
  return (await showJob(app.db, id!))!;
}

/** A write of the runner's own, tried again: a restore's switch ends the pool's connections, and the first try after it can fail. */
async function retried<T>(fn: () => Promise<T>, attempts = 10): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await fn();
      return;
    } catch (e) {
      if (attempt >= attempts) throw e;
      await new Promise((res) => setTimeout(res, 100 * attempt));
    }
  }
}

function execute<I>(
  app: FastifyInstance,
  runner: Runner,
  def: JobDefinition<I>,
  id: string,
  input: I,
  attachment: Buffer | null,
  user: AuthUser | null,
  ip: string | null,
) {
  const now = new Date();
  const r: Running = {
    id,
    kind: def.kind,
    lane: typeof def.lane === "function" ? def.lane(input) : (def.lane ?? def.kind),
    created_by: user?.user_id ?? null,
    created_at: now,
    started_at: now,
    input,
    step: null,
    done: 0,
    total: 0,
    writing: null,
    dirty: false,
  };
  runner.running.set(id, r);
  const write = () => {
    if (r.writing) {
      r.dirty = true;
      return;
    }
    r.writing = (async () => {
      do {
        r.dirty = false;
        await app.db
          .execute(sql`update jobs set step = ${r.step}, done = ${r.done}, total = ${r.total}, heartbeat_at = now()
                        where id = ${id} and state = 'running'`)
          .catch((e) => app.log.warn(`Job ${id}: its progress could not be written (${(e as Error).message})`));
      } while (r.dirty);
      r.writing = null;
    })();
  };
  const job: JobContext<I> = {
    id,
    input,
    attachment,
    user,
    ip,
    progress(step, done = 0, total = 0) {
      r.step = step;
      r.done = done;
      r.total = total;
      write();
    },
    // On a connection of its own: right after a restore's switch, the pool's idle connections are
    // ones the switch ended, and each would fail once before the pool lets it go.
    reinstate: () =>
      retried(async () => {
        const client = new pg.Client({ connectionString: (app.db as unknown as { $client: pg.Pool }).$client.options.connectionString });
        await client.connect();
        try {
          await client.query(
            `insert into jobs (id, kind, lane, state, created_by, created_at, started_at, heartbeat_at, owner, input, step, done, total)
             values ($1, $2, $3, 'running', $4, $5, $6, now(), $7, $8::jsonb, $9, $10, $11)
             on conflict (id) do update set state = 'running', owner = excluded.owner, heartbeat_at = now()`,
            [
              id,
              r.kind,
              r.lane,
              r.created_by,
              r.created_at,
              r.started_at,
              runner.owner,
              JSON.stringify(input ?? {}),
              r.step,
              r.done,
              r.total,
            ],
          );
        } finally {
          await client.end().catch(() => {});
        }
      }),
  };
  const finish = async (state: "done" | "failed", value: unknown) => {
    await r.writing;
    const end = () =>
      app.db.execute(sql`
          update jobs set state = ${state}, finished_at = now(), attachment = null,
                          ${state === "done" ? sql`result = ${JSON.stringify(value ?? null)}::jsonb, done = greatest(done, total)` : sql`error = ${JSON.stringify(value)}::jsonb`}
           where id = ${id} and owner = ${runner.owner}
          returning id`);
    await retried(async () => {
      // No row: a restore put a database without it in place; it is written again, then ended.
      if ((await end()).rows.length === 0 && (await app.db.execute(sql`select 1 from jobs where id = ${id}`)).rows.length === 0) {
        await job.reinstate();
        await end();
      }
    }).catch((e) => app.log.error(`Job ${id}: its end could not be written (${(e as Error).message})`));
  };
  const work = (async () => {
    try {
      const result = await def.run(job);
      await finish("done", result);
    } catch (e) {
      const reason = jobErrorOf(e);
      if (reason.message === JOB_MSG.unexpected) app.log.error(e, `Job ${id} (${def.kind}) failed`);
      await finish("failed", reason);
    } finally {
      runner.running.delete(id);
    }
  })();
  runner.work.add(work);
  void work.finally(() => runner.work.delete(work));
}

/** Heartbeats and the stale sweep; started when the app is ready, stopped when it closes. */
export async function startRunner(app: FastifyInstance, options: Partial<RunnerOptions> = {}): Promise<void> {
  const runner = jobRunner(app);
  Object.assign(runner.options, options);
  const swept = [...(await sweepDeadHere(app.db)), ...(await sweepStaleJobs(app.db, runner.options.staleMs))];
  if (swept.length) app.log.warn(`Jobs whose process stopped, marked failed: ${swept.join(", ")}`);
  runner.timer = setInterval(() => {
    void (async () => {
      const ids = [...runner.running.keys()];
      if (ids.length)
        await app.db.execute(sql`update jobs set heartbeat_at = now()
                                  where owner = ${runner.owner} and state = 'running'
                                    and id in (select json_array_elements_text(${JSON.stringify(ids)}::json)::uuid)`);
      await sweepStaleJobs(app.db, runner.options.staleMs);
    })().catch((e) => app.log.warn(`Job heartbeat: ${(e as Error).message}`));
  }, runner.options.heartbeatMs);
  runner.timer.unref();
}

/** Stops the heartbeats; the jobs still running are marked failed, since this process goes away. */
export async function stopRunner(app: FastifyInstance): Promise<void> {
  const runner = jobRunner(app);
  if (runner.timer) clearInterval(runner.timer);
  runner.timer = null;
  const ids = [...runner.running.keys()];
  if (ids.length)
    await app.db
      .execute(sql`update jobs set state = 'failed', finished_at = now(), attachment = null,
                                   error = ${JSON.stringify({ message: JOB_MSG.stopped })}::jsonb
                    where owner = ${runner.owner} and state = 'running'
                      and id in (select json_array_elements_text(${JSON.stringify(ids)}::json)::uuid)`)
      .catch(() => {});
}

/** Waits until this process's jobs have ended (tests, and a close that lets them finish). */
export async function jobsSettled(app: FastifyInstance): Promise<void> {
  const runner = jobRunner(app);
  while (runner.work.size) await Promise.allSettled([...runner.work]);
}

export const ZJobStarted = z.object({ message: z.string(), data: ZJob });

/** The answers of a start route: 202 with the job, or 409 with the job of its lane already under way. */
export const startedResponses = { 202: ZJobStarted, 409: ZJobStarted };

export async function answerStarted(reply: FastifyReply, start: Promise<Job>) {
  try {
    return reply.status(202).send({ message: "Started", data: await start });
  } catch (e) {
    if (e instanceof JobBusy) return reply.status(409).send({ message: e.message, data: e.job });
    throw e;
  }
}
