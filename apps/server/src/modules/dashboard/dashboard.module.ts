import { ZDashboard, ZDashboardQuery } from "@app/contracts";
import type { FastifyInstance } from "fastify";
import type { AppModule } from "../../platform/app-module.js";
import { docs } from "../../platform/crud.js";
import { parse } from "../../platform/errors.js";
import { ctxOf } from "../../platform/http.js";
import { DASHBOARD_CHECKS, dashboard } from "./dashboard.js";
import { compactDashboard, compactionDue } from "./dashboard.summary.js";

/** The dashboard (SPEC `/dashboard`): a period's sales beside the previous period's, and today's positions. */
export const dashboardModule: AppModule = {
  name: "dashboard",
  register(app: FastifyInstance) {
    app.get(
      "/api/dashboard",
      {
        config: { permission: "dashboard/show", checks: Object.values(DASHBOARD_CHECKS) },
        ...docs({
          tags: ["reports"],
          summary: "The dashboard's figures for a period, beside the previous period's, and today's positions",
          querystring: ZDashboardQuery,
          response: ZDashboard,
        }),
      },
      async (req) => {
        const q = parse(ZDashboardQuery, req.query);
        const ctx = ctxOf(app, req);
        // Past days' rows folded first, on the primary (a day's worth once a day; at once otherwise).
        if (await compactionDue(app.db, ctx.now)) await compactDashboard(app.db, ctx.now);
        return dashboard({ ...ctx, tx: app.reportDb }, q);
      },
    );
  },
};
