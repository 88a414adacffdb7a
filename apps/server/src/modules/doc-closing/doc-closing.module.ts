import { CLOSABLE_SECTIONS, MSG, ZClosePeriod, ZClosePeriodResult } from "@app/contracts";
import type { FastifyInstance } from "fastify";
import type { AppModule } from "../../platform/app-module.js";
import { audit } from "../../platform/audit.js";
import { bodyOf, docs } from "../../platform/crud.js";
import { parse } from "../../platform/errors.js";
import { inTx } from "../../platform/http.js";
import { savedOf } from "../../platform/openapi.js";
import { closePeriod } from "./close-period.js";

/** The period's closing: one action over every closable kind of document (each module closes and opens one document itself). */
export const docClosingModule: AppModule = {
  name: "doc_closing",
  register(app: FastifyInstance) {
    app.post(
      "/api/documents/close_period",
      {
        config: { permission: CLOSABLE_SECTIONS.map((s) => `${s}/close`) },
        ...docs({
          tags: ["documents"],
          summary: "close every document up to a date",
          body: ZClosePeriod,
          response: savedOf(ZClosePeriodResult),
        }),
      },
      async (req) => {
        const input = parse(ZClosePeriod, bodyOf(req));
        const data = await inTx(app, req, async (ctx) => {
          const result = await closePeriod(ctx, input);
          await audit(ctx, { module: "documents", action: "close_period", after: result });
          return result;
        });
        return { message: MSG.updated, data };
      },
    );
  },
};
