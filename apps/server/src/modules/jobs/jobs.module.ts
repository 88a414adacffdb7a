import { can, JOB_KINDS, ZJob } from "@app/contracts";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import type { AppModule } from "../../platform/app-module.js";
import { docs } from "../../platform/crud.js";
import { forbidden, notFound, parse } from "../../platform/errors.js";
import { dataOf } from "../../platform/openapi.js";
import { jobKindOf, jobRunner, jobsSettled, latestJob, showJob, startRunner, stopRunner } from "./job-runner.js";

const tags = ["jobs"];
/**
 * A job is read with the permission of the action it runs (checked per job below); the route
 * itself lets in whoever holds one of those actions.
 */
const READ_ANY = ["backups/store", "backups/restore", "recalculations/store", "items/import", "purchases/import"];
const ZKinds = z.object({
  kind: z
    .string()
    .transform((s) => s.split(",").filter(Boolean))
    .pipe(z.array(z.enum(JOB_KINDS)).min(1)),
  active: z.enum(["0", "1"]).optional(),
});
/** How long a close waits for this process's jobs before marking the rest failed. */
const CLOSE_WAIT_MS = 10_000;

/**
 * Jobs: the state of a long job (backup, restore, recalculation, items import) that its own
 * module's start route began, for the screen that shows its progress and, after a reload,
 * finds it again. The runner's heartbeats start when the app is ready.
 */
export const jobsModule: AppModule = {
  name: "jobs",
  register(app: FastifyInstance) {
    const mayRead = (kind: string, user: Parameters<typeof can>[0]) => {
      const def = jobKindOf(app, kind);
      return Boolean(def && can(user, def.permission));
    };
    app.get(
      "/api/jobs/:job_id",
      {
        config: { permission: READ_ANY },
        ...docs({
          tags,
          summary: "A job's state, progress, result or the reason it failed",
          params: z.object({ job_id: z.uuid() }),
          response: dataOf(ZJob),
        }),
      },
      async (req) => {
        // A job id is a UUID: anything else names no job.
        const job = await showJob(app.db, (req.params as { job_id: string }).job_id);
        if (!job) throw notFound();
        if (!mayRead(job.kind, req.user)) throw forbidden();
        return { data: job };
      },
    );
    app.get(
      "/api/jobs",
      {
        config: { permission: READ_ANY },
        ...docs({
          tags,
          summary: "The job of these kinds queued or running, else the latest (active=1: only one under way)",
          querystring: ZKinds,
          response: dataOf(ZJob.nullable()),
        }),
      },
      async (req) => {
        const q = parse(ZKinds, req.query);
        const kinds = q.kind.filter((k) => mayRead(k, req.user));
        if (!kinds.length) throw forbidden();
        return { data: (await latestJob(app.db, kinds, { activeOnly: q.active === "1" })) ?? null };
      },
    );
    app.addHook("onReady", () => startRunner(app));
    app.addHook("onClose", async () => {
      await Promise.race([jobsSettled(app), new Promise((r) => setTimeout(r, CLOSE_WAIT_MS).unref())]);
      await stopRunner(app);
    });
    jobRunner(app);
  },
};
