import { MSG, type RecalculationRun, ZRecalculationFindings, ZRecalculationRequest, ZRecalculationRun } from "@app/contracts";
import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { AppModule } from "../../platform/app-module.js";
import { audit } from "../../platform/audit.js";
import { sqlBusinessDateTime } from "../../platform/business-time.js";
import type { AuthUser, Ctx } from "../../platform/context.js";
import { bodyOf, docs, parseId, registerList } from "../../platform/crud.js";
import { notFound, parse } from "../../platform/errors.js";
import { clientIp, ctxOf, retryTx } from "../../platform/http.js";
import type { ListModel } from "../../platform/list.js";
import { dataOf, savedOf } from "../../platform/openapi.js";
import { answerStarted, defineJob, startedResponses, startJob } from "../jobs/job-runner.js";
import { previewRecalculation, type RecalculationProgress, runRecalculation } from "./recalculate.js";

const SECTION = "recalculations";
const tags = [SECTION];

/** The run history: who ran it, when, and how many figures of each kind it corrected. */
const recalculationsList: ListModel = {
  model: SECTION,
  from: sql`from recalculations r left join users u on u.user_id = r.created_by`,
  idColumn: "id",
  defaultSort: "created_at",
  dateColumn: sql`r.created_at`,
  columns: {
    id: { expr: sql`r.id`, filter: "eq" },
    created_at: { expr: sqlBusinessDateTime(sql`r.created_at`), sortExpr: sql`r.created_at` },
    created_by_name: { expr: sql`u.user_name`, search: true },
    stock_differences: { expr: sql`r.stock_differences`, sum: true },
    cost_differences: { expr: sql`r.cost_differences`, sum: true },
    account_differences: { expr: sql`r.account_differences`, sum: true },
    differences_count: {
      expr: sql`(r.stock_differences + r.cost_differences + r.account_differences + r.dashboard_differences)`,
      sum: true,
    },
  },
};

async function showRun(ctx: Ctx, id: number): Promise<RecalculationRun | undefined> {
  const res = await ctx.tx.execute<Omit<RecalculationRun, "differences"> & { differences: RecalculationRun["differences"] }>(sql`
    select r.id, ${sqlBusinessDateTime(sql`r.created_at`)} created_at, u.user_name created_by_name, r.stock_differences,
           r.cost_differences, r.account_differences, r.dashboard_differences, r.differences
      from recalculations r left join users u on u.user_id = r.created_by
     where r.id = ${id}`);
  const row = res.rows[0];
  return row && { ...row, id: Number(row.id) };
}

export const recalculationsModule: AppModule = {
  name: SECTION,
  register(app: FastifyInstance) {
    registerList(app, "/api/recalculations", recalculationsList, `${SECTION}/index`);
    app.get(
      "/api/recalculations/preview",
      {
        config: { permission: `${SECTION}/index` },
        ...docs({ tags, summary: "What a recalculation would correct now", response: dataOf(ZRecalculationFindings) }),
      },
      // One snapshot for every comparison: a posting committed meanwhile cannot show as a difference.
      async () => ({
        data: await app.db.transaction((tx) => previewRecalculation(tx), { isolationLevel: "repeatable read", accessMode: "read only" }),
      }),
    );
    app.get(
      "/api/recalculations/:id",
      {
        config: { permission: `${SECTION}/index` },
        ...docs({ tags, summary: "A run with every difference it corrected", response: dataOf(ZRecalculationRun) }),
      },
      async (req) => {
        const found = await showRun(ctxOf(app, req), parseId((req.params as { id: string }).id));
        if (!found) throw notFound();
        return { data: found };
      },
    );
    app.post(
      "/api/recalculations",
      {
        config: { permission: `${SECTION}/store` },
        ...docs({
          tags,
          summary: "Rebuild stock balances, item costs and account balances from the movements and the journal",
          body: ZRecalculationRequest,
          response: savedOf(ZRecalculationRun),
          status: 201,
        }),
      },
      async (req, reply) => {
        parse(ZRecalculationRequest, bodyOf(req));
        const data = await recalculate(app, { user: req.user, ip: clientIp(req) });
        return reply.status(201).send({ message: MSG.updated, data });
      },
    );
    // The same run as a job: answered at once, its progress read at /api/jobs/{job_id}.
    defineJob<Record<string, never>>(app, {
      kind: "recalculation",
      permission: `${SECTION}/store`,
      run: (job) => recalculate(app, job, (step, done, total) => job.progress(step, done, total)),
    });
    app.post(
      "/api/recalculations/start",
      {
        config: { permission: `${SECTION}/store` },
        schema: {
          tags,
          summary: "Start a recalculation as a job; its result is the run that POST /api/recalculations answers",
          body: ZRecalculationRequest,
          response: startedResponses,
        },
        validatorCompiler: () => (value: unknown) => ({ value }),
      },
      async (req, reply) => {
        parse(ZRecalculationRequest, bodyOf(req));
        return answerStarted(reply, startJob(app, req, "recalculation", {}));
      },
    );
  },
};

/** One run in one transaction (retried on a deadlock), audited, answered as the run with its differences. */
async function recalculate(
  app: FastifyInstance,
  who: { user: AuthUser | null; ip: string | null },
  progress?: RecalculationProgress,
): Promise<RecalculationRun> {
  return retryTx(app, async (tx) => {
    const ctx: Ctx = { tx, user: who.user, now: new Date(), ip: who.ip };
    const run = await runRecalculation(ctx, progress);
    await audit(ctx, {
      module: SECTION,
      action: "create",
      record_id: run.id,
      after: {
        stock_differences: run.stock_differences,
        cost_differences: run.cost_differences,
        account_differences: run.account_differences,
        dashboard_differences: run.dashboard_differences,
      },
    });
    return (await showRun(ctx, run.id))!;
  });
}
