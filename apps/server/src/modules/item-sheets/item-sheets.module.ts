import { MSG, ZListQuery } from "@app/contracts";
import type { FastifyInstance, FastifyReply } from "fastify";
import { z } from "zod";
import type { AppModule } from "../../platform/app-module.js";
import { docs } from "../../platform/crud.js";
import { requestLanguage } from "../../platform/export.js";
import { ctxOf, inTx } from "../../platform/http.js";
import { savedOf, XLSX, zDecimal } from "../../platform/openapi.js";
import { ImportRowsError } from "../../platform/sheet-import.js";
import { exportItemsSheet } from "./export-items-sheet.js";
import { importPrices } from "./import-prices.js";
import { exportPriceSheet } from "./price-sheet.js";

/**
 * Sheets that go back in: the items in the items import's own columns, and the sale prices in a
 * sheet the prices import reads back, so that "export, change prices in a spreadsheet, import"
 * works. Both exports take the items list's search and filters.
 */

/** Whoever changes sale prices in bulk (SPEC §6 item_pricings) imports them, and may export them. */
const PRICES_IMPORT = "item_pricings/store";

const ZPriceImported = z.object({
  updated: z.number().int(),
  unchanged: z.number().int(),
  changes: z.array(
    z.object({
      row: z.number().int(),
      item_unit_id: z.number().int(),
      item_name: z.string(),
      unit_name: z.string(),
      old_price: zDecimal,
      new_price: zDecimal,
    }),
  ),
});

function sendXlsx(reply: FastifyReply, name: string, stream: NodeJS.ReadableStream) {
  return reply
    .header("content-type", XLSX)
    .header("content-disposition", `attachment; filename="${name}-${new Date().toISOString().slice(0, 10)}.xlsx"`)
    .send(stream);
}

export const itemSheetsModule: AppModule = {
  name: "item-sheets",
  register(app: FastifyInstance) {
    app.get(
      "/api/items/export_for_import",
      {
        config: { permission: "items/index", openapi: { file: XLSX } },
        ...docs({ tags: ["items"], summary: "The items as xlsx in the items import's columns", querystring: ZListQuery }),
      },
      async (req, reply) =>
        sendXlsx(
          reply,
          "items",
          exportItemsSheet(app.db, req.query as Record<string, unknown>, ctxOf(app, req), requestLanguage(req.headers["accept-language"])),
        ),
    );
    app.get(
      "/api/items/prices_export",
      {
        config: { permission: ["items/index", PRICES_IMPORT], openapi: { file: XLSX } },
        ...docs({ tags: ["items"], summary: "Every unit's sale price as xlsx, as the prices import reads it", querystring: ZListQuery }),
      },
      async (req, reply) =>
        sendXlsx(
          reply,
          "prices",
          exportPriceSheet(app.db, req.query as Record<string, unknown>, ctxOf(app, req), requestLanguage(req.headers["accept-language"])),
        ),
    );
    app.post(
      "/api/items/prices_import",
      {
        // The sheet as the file part `file` of a multipart form.
        config: { permission: PRICES_IMPORT, openapi: { files: ["file"] } },
        ...docs({ tags: ["items"], summary: "Set sale prices from a prices sheet (all rows or none)", response: savedOf(ZPriceImported) }),
      },
      async (req, reply) => {
        const file = req.isMultipart() ? (req.body as Record<string, unknown> | undefined)?.file : undefined;
        try {
          const data = await inTx(app, req, (ctx) => importPrices(ctx, file));
          return { message: MSG.updated, data };
        } catch (err) {
          if (err instanceof ImportRowsError) return reply.status(422).send({ message: err.message, errors: err.errors, rows: err.rows });
          throw err;
        }
      },
    );
  },
};
