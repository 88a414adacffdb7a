import { ZListQuery } from "@app/contracts";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { z } from "zod";
import type { Ctx } from "../../platform/context.js";
import { LIST_MODELS, LIST_URLS, xlsxReply } from "../../platform/crud.js";
import { exportList, requestLanguage } from "../../platform/export.js";
import { ctxOf } from "../../platform/http.js";
import { type ListModel, type RawQuery, runList } from "../../platform/list.js";
import { answers, listEnvelopeOf, takes, XLSX } from "../../platform/openapi.js";
import { checkReportQuery, type ReportQuery } from "../../platform/report-query.js";

export interface DynamicList {
  model: ListModel;
  /** The query runList sees (e.g. without the date filters a report applied itself). */
  raw: RawQuery;
  /** Adjusts the footer after the sums (totals computed once, not per row). */
  footer?: (footer: Record<string, string>) => Promise<Record<string, string>> | Record<string, string>;
}

/** Each report's own query parameters by its URL (and its export's): what the route validates and the document lists. */
export const REPORT_QUERIES = new Map<string, ReportQuery>();

/**
 * A list whose FROM clause depends on the request (a report's date range and currency): the
 * same envelope, sorting, paging and xlsx export as every other list.
 */
export function registerDynamicList(
  app: FastifyInstance,
  url: string,
  permission: string | readonly string[],
  modelName: string,
  build: (ctx: Ctx, raw: RawQuery, req: FastifyRequest) => Promise<DynamicList>,
  /** The row's shape for the OpenAPI document (the model is built per request, so it cannot be read ahead). */
  row?: z.ZodType,
  /** The report's own parameters (dates, currency, ids): validated here before `build` reads them, and documented. */
  query?: ReportQuery,
) {
  LIST_URLS.add(url);
  // The list protocol's query and the report's own parameters.
  const read = { querystring: query ? ZListQuery.extend(query.documented.shape) : ZListQuery };
  if (query) for (const u of [url, `${url}/export`]) REPORT_QUERIES.set(u, query);
  const check = (req: FastifyRequest) => {
    if (query) checkReportQuery(query, req.query as RawQuery);
  };
  const answer = row ? answers(listEnvelopeOf(row), read) : takes(read);
  // Every such list is a report: it reads where the reports read (a replica when one is set).
  const reportCtx = (req: FastifyRequest): Ctx => ({ ...ctxOf(app, req), tx: app.reportDb });
  app.get(url, { config: { permission, openapi: { kind: "list" } }, ...answer }, async (req) => {
    check(req);
    const ctx = reportCtx(req);
    const built = await build(ctx, req.query as RawQuery, req);
    LIST_MODELS.set(modelName, built.model);
    const env = await runList(app.reportDb, built.model, built.raw, ctx);
    if (built.footer) env.footer = await built.footer(env.footer);
    return { data: env };
  });
  app.get(`${url}/export`, { config: { permission, openapi: { kind: "export", file: XLSX } }, ...takes(read) }, async (req, reply) => {
    check(req);
    const ctx = reportCtx(req);
    const built = await build(ctx, req.query as RawQuery, req);
    return xlsxReply(
      reply,
      modelName,
      exportList(app.reportDb, built.model, built.raw, ctx, requestLanguage(req.headers["accept-language"])),
    );
  });
}
