import { MSG, PURCHASE_IMPORT_COLUMNS } from "@app/contracts";
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { audit } from "../../platform/audit.js";
import { parseId } from "../../platform/crud.js";
import { HttpError, notFound } from "../../platform/errors.js";
import { retryTx } from "../../platform/http.js";
import { readSheetRecords } from "../../platform/sheet-import.js";
import { answerStarted, defineJob, startedResponses, startJob } from "../jobs/job-runner.js";
import { importPurchaseLines } from "./purchase-import.js";
import { purchases } from "./purchases.tables.js";

/**
 * The purchase lines import as a job (`POST /api/purchases/{id}/import/start`, 202): one import
 * per purchase at a time, the sheet on the job's row, run in one transaction as
 * `POST /api/purchases/{id}/import` runs it; its result, or every refused row, is the job's.
 */
export function registerPurchaseImportJob(app: FastifyInstance) {
  defineJob<{ purchase_id: number }>(app, {
    kind: "purchase_import",
    permission: "purchases/import",
    lane: (input) => `purchase_import:${input.purchase_id}`,
    run: async (job) => {
      job.progress("import.lines");
      return retryTx(app, async (tx) => {
        const ctx = { tx, user: job.user, now: new Date(), ip: job.ip };
        const r = await importPurchaseLines(ctx, job.input.purchase_id, job.attachment);
        await audit(ctx, { module: "purchases", action: "import", record_id: job.input.purchase_id, after: r });
        return r;
      });
    },
  });
  app.post(
    "/api/purchases/:id/import/start",
    {
      config: { permission: "purchases/import", openapi: { files: ["file"] } },
      schema: {
        summary: "Start a purchase lines import as a job; its result is what POST /api/purchases/{id}/import answers",
        response: startedResponses,
      },
    },
    async (req, reply) => {
      const id = parseId((req.params as { id: string }).id);
      const file = req.isMultipart() ? (req.body as { file?: unknown } | undefined)?.file : undefined;
      if (!Buffer.isBuffer(file)) throw new HttpError(422, MSG.excelRequired, { file: [MSG.excelRequired] });
      // A purchase that is not there, or a file that is no workbook of the import's columns, is
      // refused at once; the purchase's state and the rows are checked by the job.
      const [found] = await app.db.select({ id: purchases.id }).from(purchases).where(eq(purchases.id, id));
      if (!found) throw notFound();
      await readSheetRecords(file, PURCHASE_IMPORT_COLUMNS, ["item", "unit_quantity", "unit_price"]);
      return answerStarted(reply, startJob(app, req, "purchase_import", { purchase_id: id }, { attachment: file }));
    },
  );
}
