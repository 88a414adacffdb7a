import { createReadStream, createWriteStream, existsSync } from "node:fs";
import { mkdir, open, rm } from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { type BackupSettings, ZBackupListed, ZBackupSettings } from "@app/contracts";
import { eq } from "drizzle-orm";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type pg from "pg";
import { z } from "zod";
import type { AppModule } from "../../platform/app-module.js";
import { audit } from "../../platform/audit.js";
import { businessDateTime, businessDay } from "../../platform/business-time.js";
import type { AuthUser } from "../../platform/context.js";
import { bodyOf } from "../../platform/crud.js";
import { fieldError, notFound, parse } from "../../platform/errors.js";
import { clientIp, ctxOf } from "../../platform/http.js";
import { answers, dataOf, savedOf } from "../../platform/openapi.js";
import { setBackupSource } from "../../platform/operations.js";
import { answerStarted, defineJob, startedResponses, startJob } from "../jobs/job-runner.js";
import type { BackupProgress } from "./backup-file.js";
import { type BackupDeps, BackupRefused, backupPath, listBackups, pruneBackups, restoreBackup, takeBackup } from "./backups.js";
import { backupSettings } from "./backups.tables.js";

interface Settings {
  schedule_enabled: boolean;
  schedule_time: string;
  keep_days: number;
  folder: string | null;
  last_scheduled_on: string | null;
}
const DEFAULTS: Settings = { schedule_enabled: false, schedule_time: "02:00", keep_days: 14, folder: null, last_scheduled_on: null };
const ZSettingsShown = ZBackupSettings.extend({
  folder: z.string().nullable(),
  /** The folder in use: the one set, or DATA_DIR/backups. */
  effective_folder: z.string(),
  last_scheduled_on: z.string().nullable(),
  time_zone: z.string(),
});
const ZFileParam = z.object({ file: z.string() });
const ZNoBody = z.object({}).strict();
/** Taken by the process that runs the day's scheduled backup; the others skip it. */
const SCHEDULE_LOCK = 727275;
const MAX_UPLOAD = 20 * 1024 ** 3;

async function readSettings(app: FastifyInstance): Promise<Settings> {
  const [row] = await app.db.select().from(backupSettings).where(eq(backupSettings.id, 1));
  return row ? { ...row } : { ...DEFAULTS };
}

const folderOf = (app: FastifyInstance, s: Pick<Settings, "folder">) => s.folder || path.join(app.config.dataDir, "backups");

async function depsOf(app: FastifyInstance): Promise<BackupDeps> {
  const pool = (app.db as unknown as { $client: pg.Pool }).$client;
  return {
    pool,
    url: pool.options.connectionString!,
    uploadDir: app.config.uploadDir,
    folder: folderOf(app, await readSettings(app)),
    log: { info: (m) => app.log.info(m), error: (m) => app.log.error(m) },
  };
}

/** One backup or restore at a time in a process: a second click waits for the first. */
let running: Promise<unknown> = Promise.resolve();
function oneAtATime<T>(fn: () => Promise<T>): Promise<T> {
  const next = running.then(fn, fn);
  running = next.catch(() => {});
  return next;
}

/** The uploaded file's path once its first bytes say gzip; anything else is removed and refused. */
async function checkedUpload(req: FastifyRequest): Promise<string> {
  const upload = (req.body as { upload?: string } | undefined)?.upload;
  if (!upload) throw fieldError("file", "Choose a backup file (.tar.gz) to upload.");
  const head = Buffer.alloc(2);
  const fh = await open(upload, "r");
  await fh.read(head, 0, 2, 0);
  await fh.close();
  if (head[0] !== 0x1f || head[1] !== 0x8b) {
    await rm(upload, { force: true });
    throw fieldError("file", "The file is not a backup of this product (not a .tar.gz archive). Nothing was changed.");
  }
  return upload;
}

const refusedAs422 = async <T>(fn: () => Promise<T>): Promise<T> => {
  try {
    return await fn();
  } catch (e) {
    if (e instanceof BackupRefused) throw fieldError("file", e.message);
    throw e;
  }
};

/** Runs the day's backup when its time has come in the business's time zone, in one process only. */
export async function runScheduledBackup(app: FastifyInstance, now = new Date()): Promise<boolean> {
  const s = await readSettings(app);
  const today = businessDay(now);
  if (!s.schedule_enabled || s.last_scheduled_on === today || businessDateTime(now).slice(11, 16) < s.schedule_time) return false;
  const pool = (app.db as unknown as { $client: pg.Pool }).$client;
  const client = await pool.connect();
  try {
    const got = await client.query<{ ok: boolean }>("select pg_try_advisory_lock($1) as ok", [SCHEDULE_LOCK]);
    if (!got.rows[0]!.ok) return false;
    try {
      // Another process may have finished it while this one waited for the lock.
      if ((await readSettings(app)).last_scheduled_on === today) return false;
      const deps = await depsOf(app);
      await oneAtATime(() => takeBackup(deps, "scheduled"));
      await app.db
        .insert(backupSettings)
        .values({ id: 1, last_scheduled_on: today })
        .onConflictDoUpdate({ target: backupSettings.id, set: { last_scheduled_on: today } });
      const removed = await pruneBackups(deps.folder, s.keep_days, now);
      if (removed.length) app.log.info(`Deleted backups older than ${s.keep_days} days: ${removed.join(", ")}`);
      return true;
    } finally {
      await client.query("select pg_advisory_unlock($1)", [SCHEDULE_LOCK]).catch(() => {});
    }
  } finally {
    client.release();
  }
}

/**
 * Backups (permission `backups/...`, the settings' backups section): back up now, the list with
 * size, time and verification, download, restore from a listed or uploaded file, and the daily
 * schedule, which every process checks each minute.
 */
export const backupsModule: AppModule = {
  name: "backups",
  register(app: FastifyInstance) {
    // The metrics' backup age: the newest backup whose verification passed, in the folder the settings name.
    setBackupSource(app, async () => {
      const good = (await listBackups(folderOf(app, await readSettings(app)))).find((b) => b.verified === true && b.created_at);
      return good ? new Date(good.created_at) : null;
    });
    const ZList = z.object({ data: z.array(ZBackupListed), folder: z.string() });
    app.get("/api/backups", { config: { permission: "backups/index" }, ...answers(ZList) }, async () => {
      const folder = folderOf(app, await readSettings(app));
      return { data: await listBackups(folder), folder };
    });

    // For the home page: the newest backup when its verification failed.
    app.get("/api/backups/alert", { config: { permission: "backups/index" }, ...answers(dataOf(ZBackupListed.nullable())) }, async () => {
      const [latest] = await listBackups(folderOf(app, await readSettings(app)));
      return { data: latest && latest.verified === false ? latest : null };
    });

    app.post("/api/backups", { config: { permission: "backups/store" }, ...answers(savedOf(ZBackupListed), 201) }, async (req, reply) => {
      const deps = await depsOf(app);
      const made = await oneAtATime(() => takeBackup(deps, "manual"));
      await audit(ctxOf(app, req), { module: "backups", action: "store", record_id: made.file, after: { verified: made.verified } });
      return reply.status(201).send({
        message: made.verified ? "The backup was made and verified." : "The backup was made but failed its verification.",
        data: made,
      });
    });

    app.get(
      "/api/backups/:file/download",
      { config: { permission: "backups/index", openapi: { file: "application/gzip" } }, schema: { params: ZFileParam } },
      async (req, reply) => {
        const file = backupPath((await depsOf(app)).folder, (req.params as { file: string }).file);
        if (!file || !existsSync(file)) throw notFound();
        return reply
          .header("content-type", "application/gzip")
          .header("content-disposition", `attachment; filename="${path.basename(file)}"`)
          .send(createReadStream(file));
      },
    );

    const ZRestored = z.object({ message: z.string(), data: z.object({ before: ZBackupListed, restored_from: z.string() }) });
    const restore = async (
      who: { user: AuthUser | null; ip: string | null },
      file: string,
      label: string,
      job?: { progress: BackupProgress; reinstate: () => Promise<void> },
    ) => {
      const deps = await depsOf(app);
      const { before, manifest } = await oneAtATime(() => refusedAs422(() => restoreBackup(deps, file, job?.progress, job?.reinstate)));
      // Written into the restored database: its log says who brought it back, and from what.
      await audit(
        { tx: app.db, user: who.user, ip: who.ip },
        { module: "backups", action: "restore", record_id: label, after: { made: manifest.created_at, before: before.file } },
      );
      return { message: "The backup was restored.", data: { before, restored_from: manifest.created_at } };
    };

    app.post(
      "/api/backups/:file/restore",
      { config: { permission: "backups/restore" }, schema: { params: ZFileParam, response: { 200: ZRestored } } },
      async (req) => {
        const name = (req.params as { file: string }).file;
        const file = backupPath((await depsOf(app)).folder, name);
        if (!file || !existsSync(file)) throw notFound();
        return restore({ user: req.user, ip: clientIp(req) }, file, name);
      },
    );

    // The same three actions as jobs: answered at once (202), their progress read at
    // /api/jobs/{job_id}; a backup and a restore never run at the same time in any process.
    defineJob<Record<string, never>>(app, {
      kind: "backup",
      permission: "backups/store",
      lane: "backups",
      run: async (job) => {
        const deps = await depsOf(app);
        const made = await oneAtATime(() => takeBackup(deps, "manual", job.progress));
        await audit(
          { tx: app.db, user: job.user, ip: job.ip },
          { module: "backups", action: "store", record_id: made.file, after: { verified: made.verified } },
        );
        return made;
      },
    });
    defineJob<{ file: string; label: string; upload: boolean }>(app, {
      kind: "restore",
      permission: "backups/restore",
      lane: "backups",
      run: async (job) => {
        try {
          // After the switch the database in place has no row of this job: it is written again at once.
          return (await restore(job, job.input.file, job.input.label, job)).data;
        } finally {
          if (job.input.upload) await rm(job.input.file, { force: true });
        }
      },
    });
    app.post(
      "/api/backups/start",
      {
        config: { permission: "backups/store" },
        schema: { summary: "Start a backup as a job; its result is what POST /api/backups answers", response: startedResponses },
      },
      async (req, reply) => {
        // Nothing to say but "start": a body of anything else is refused before a job is made.
        parse(ZNoBody, bodyOf(req));
        return answerStarted(reply, startJob(app, req, "backup", {}));
      },
    );
    app.post(
      "/api/backups/:file/restore/start",
      {
        config: { permission: "backups/restore" },
        schema: { params: ZFileParam, summary: "Start a restore of a listed backup as a job", response: startedResponses },
      },
      async (req, reply) => {
        const name = (req.params as { file: string }).file;
        const file = backupPath((await depsOf(app)).folder, name);
        if (!file || !existsSync(file)) throw notFound();
        return answerStarted(reply, startJob(app, req, "restore", { file, label: name, upload: false }));
      },
    );

    // An uploaded file arrives as the raw body (application/octet-stream), written to the
    // backups folder as it comes; its content decides, never its name.
    app.register(async (scope) => {
      scope.addContentTypeParser("application/octet-stream", { bodyLimit: MAX_UPLOAD }, async (req: FastifyRequest, payload: Readable) => {
        const folder = (await depsOf(app)).folder;
        await mkdir(folder, { recursive: true });
        const tmp = path.join(folder, `.upload-${req.id}-${Date.now()}.tar.gz`);
        await pipeline(payload, createWriteStream(tmp));
        return { upload: tmp };
      });
      scope.post(
        "/api/backups/restore_upload",
        {
          config: { permission: "backups/restore", openapi: { upload: "application/octet-stream" } },
          bodyLimit: MAX_UPLOAD,
          ...answers(ZRestored),
        },
        async (req) => {
          const upload = await checkedUpload(req);
          try {
            return await restore({ user: req.user, ip: clientIp(req) }, upload, "upload");
          } finally {
            await rm(upload, { force: true });
          }
        },
      );
      scope.post(
        "/api/backups/restore_upload/start",
        {
          config: { permission: "backups/restore", openapi: { file: "application/octet-stream" } },
          bodyLimit: MAX_UPLOAD,
          schema: { summary: "Start a restore of an uploaded backup as a job (the file is the raw body)", response: startedResponses },
        },
        async (req, reply) => {
          const upload = await checkedUpload(req);
          try {
            // The job removes the file when it ends.
            return await answerStarted(reply, startJob(app, req, "restore", { file: upload, label: "upload", upload: true }));
          } catch (e) {
            await rm(upload, { force: true });
            throw e;
          }
        },
      );
    });

    app.get("/api/backup_settings", { config: { permission: "backups/index" }, ...answers(dataOf(ZSettingsShown)) }, async () => {
      const s = await readSettings(app);
      return { data: { ...shownSettings(s), effective_folder: folderOf(app, s), time_zone: app.config.timeZone } };
    });

    app.post(
      "/api/backup_settings_update",
      { config: { permission: "backups/update" }, ...answers(savedOf(ZSettingsShown), { body: ZBackupSettings }) },
      async (req) => {
        const input = parse(ZBackupSettings, req.body) as BackupSettings;
        const folder = input.folder ? path.resolve(input.folder) : null;
        if (folder) {
          try {
            await mkdir(folder, { recursive: true });
            const probe = path.join(folder, `.write-test-${req.id}`);
            await (await open(probe, "w")).close();
            await rm(probe);
          } catch {
            throw fieldError("folder", "The product cannot write to this folder. Check that it exists, is mounted and may be written.");
          }
        }
        const before = await readSettings(app);
        const values = {
          schedule_enabled: input.schedule_enabled,
          schedule_time: input.schedule_time,
          keep_days: input.keep_days,
          folder,
          updated_at: new Date(),
        };
        await app.db.transaction(async (tx) => {
          await tx
            .insert(backupSettings)
            .values({ id: 1, ...values })
            .onConflictDoUpdate({ target: backupSettings.id, set: values });
          await audit(
            { tx, user: req.user, ip: clientIp(req) },
            { module: "backups", action: "update", record_id: 1, before: shownSettings(before), after: values },
          );
        });
        const s = await readSettings(app);
        return {
          message: "Updated Successfully",
          data: { ...shownSettings(s), effective_folder: folderOf(app, s), time_zone: app.config.timeZone },
        };
      },
    );

    // Each process looks once a minute; the advisory lock and the day marker make one of them back up.
    const timer = setInterval(() => {
      runScheduledBackup(app).catch((e) => app.log.error(`The scheduled backup failed: ${(e as Error).message}`));
    }, 60_000);
    timer.unref();
    app.addHook("onClose", async () => clearInterval(timer));
  },
};

function shownSettings(s: Settings) {
  return {
    schedule_enabled: s.schedule_enabled,
    schedule_time: s.schedule_time,
    keep_days: s.keep_days,
    folder: s.folder,
    last_scheduled_on: s.last_scheduled_on,
  };
}
