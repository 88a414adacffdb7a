import { MSG } from "@app/contracts";
import type { FastifyInstance } from "fastify";
import { audit } from "../../platform/audit.js";
import { HttpError } from "../../platform/errors.js";
import { retryTx } from "../../platform/http.js";
import { refreshEstimates } from "../../platform/list.js";
import { answerStarted, defineJob, startedResponses, startJob } from "../jobs/job-runner.js";
import { importItems, readItemSheet } from "./import-items.js";

/**
 * The items import as a job (`POST /api/items/import/start`, 202): the sheet travels on the
 * job's row, the import runs in one transaction as `POST /api/items/import` runs it, and its
 * result (or every refused row, as that route answers them) is the job's.
 */
export function registerItemImportJob(app: FastifyInstance) {
  defineJob<Record<string, never>>(app, {
    kind: "items_import",
    permission: "items/import",
    run: async (job) => {
      const result = await retryTx(app, async (tx) => {
        const ctx = { tx, user: job.user, now: new Date(), ip: job.ip };
        const r = await importItems(ctx, job.attachment, job.progress);
        await audit(ctx, { module: "items", action: "import", after: r });
        return r;
      });
      if (result.imported) await refreshEstimates(app.db, ["items", "item_units", "item_barcodes"]);
      return result;
    },
  });
  app.post(
    "/api/items/import/start",
    {
      config: { permission: "items/import", openapi: { files: ["file"] } },
      schema: { summary: "Start an items import as a job; its result is what POST /api/items/import answers", response: startedResponses },
    },
    async (req, reply) => {
      const file = req.isMultipart() ? (req.body as { file?: unknown } | undefined)?.file : undefined;
      // A missing file, or one that is no workbook of the import's columns, is refused at once in
      // the import's words; the rows are checked by the job.
      if (!Buffer.isBuffer(file)) throw new HttpError(422, MSG.excelRequired, { file: [MSG.excelRequired] });
      await readItemSheet(file);
      return answerStarted(reply, startJob(app, req, "items_import", {}, { attachment: file }));
    },
  );
}
