import { can, MSG, ZListQuery } from "@app/contracts";
import { asc, getTableColumns, type SQL } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { FastifyContextConfig, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { z } from "zod";
import type { Db } from "../db/client.js";
import { audit } from "./audit.js";
import type { Ctx } from "./context.js";
import { HttpError, notFound, parse } from "./errors.js";
import { exportList, requestLanguage } from "./export.js";
import { type Access, ctxOf, inTx } from "./http.js";
import { type ListModel, runList } from "./list.js";
import {
  answers,
  dataOf,
  dropdownOf,
  type ListShaped,
  listDoc,
  type RouteDoc,
  rowOf,
  rowsLike,
  savedOf,
  XLSX,
  ZMessage,
} from "./openapi.js";

/** Every list model by name, so that hidden-column settings only accept real models. */
export const LIST_MODELS = new Map<string, ListModel>();
/** The address of every list, so a test can walk them all (sorting by every declared column). */
export const LIST_URLS = new Set<string>();

/**
 * Route options that put a zod schema in the OpenAPI document without validating with it:
 * handlers parse with the same schema themselves (`parse()`), so that transforms run once and
 * the form-method override (`_method`) is still visible to them.
 */
export function docs(opts: {
  tags: string[];
  summary?: string;
  body?: z.ZodType;
  querystring?: z.ZodType;
  /** The path parameters, when they are not ids read by `parseId` (the document types those itself). */
  params?: z.ZodType;
  /** The 2xx answer (documentation only: see platform/openapi.ts); 200 unless `status` says otherwise. */
  response?: z.ZodType;
  status?: number;
}) {
  return {
    schema: {
      tags: opts.tags,
      ...(opts.summary ? { summary: opts.summary } : {}),
      ...(opts.body ? { body: opts.body } : {}),
      ...(opts.querystring ? { querystring: opts.querystring } : {}),
      ...(opts.params ? { params: opts.params } : {}),
      ...(opts.response ? { response: { [opts.status ?? 200]: opts.response } } : {}),
    },
    validatorCompiler: () => (value: unknown) => ({ value }),
  };
}

/** Path ids: an integer greater than 0, else 422 with SPEC's text. */
export function parseId(value: unknown): number {
  const s = typeof value === "string" ? value : String(value ?? "");
  if (!/^[1-9][0-9]{0,9}$/.test(s) || Number(s) > 2_147_483_647) {
    throw new HttpError(422, MSG.idInvalid, { id: [MSG.idInvalid] });
  }
  return Number(s);
}

export function xlsxReply(reply: FastifyReply, name: string, stream: NodeJS.ReadableStream) {
  const file = `${name.replace(/[^A-Za-z0-9_-]/g, "_")}-${new Date().toISOString().slice(0, 10)}.xlsx`;
  return reply
    .header("content-type", "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet")
    .header("content-disposition", `attachment; filename="${file}"`)
    .send(stream);
}

/** `GET url` answers the list envelope and `GET url/export` streams it as xlsx. */
export function registerList(
  app: FastifyInstance,
  url: string,
  model: ListModel,
  permission: string | readonly string[],
  checks: readonly string[] = [],
) {
  LIST_MODELS.set(model.model, model);
  LIST_URLS.add(url);
  const tags = [model.model];
  const openapi: RouteDoc = listDoc(model);
  const declared = model.guarded ? [...checks, model.guarded.permission] : checks;
  app.get(
    url,
    { config: { permission, checks: declared, openapi }, ...docs({ tags, summary: `List ${model.model}`, querystring: ZListQuery }) },
    async (req) => {
      const ctx = ctxOf(app, req);
      return { data: await runList(app.db, readableModel(model, ctx), req.query as Record<string, unknown>, ctx) };
    },
  );
  app.get(
    `${url}/export`,
    {
      config: { permission, checks: declared, openapi: { kind: "export", file: XLSX } },
      ...docs({ tags, summary: `Export ${model.model} as xlsx`, querystring: ZListQuery }),
    },
    async (req, reply) => {
      const ctx = ctxOf(app, req);
      return xlsxReply(
        reply,
        model.model,
        exportList(
          app.db,
          readableModel(model, ctx),
          req.query as Record<string, unknown>,
          ctx,
          requestLanguage(req.headers["accept-language"]),
        ),
      );
    },
  );
}

/** The list as this caller may read it: without the guarded columns when they lack their permission. */
export function readableModel(model: ListModel, ctx: Ctx): ListModel {
  const g = model.guarded;
  return g && !can(ctx.user ? { user_id: ctx.user.user_id, permissions: ctx.user.permissions } : null, g.permission) ? g.model : model;
}

/** The rows of a dropdown as a form loads them, and their shape for the OpenAPI document. */
export interface Dropdown {
  row: z.ZodType;
  load: (req: FastifyRequest) => Promise<unknown[]>;
  /** The query `load` reads (documentation: `load` parses it itself). */
  query?: z.ZodType;
}

/** `GET url`: a dropdown, `{ message: rows }`, under the permissions of every screen that picks from it. */
export function registerDropdown(app: FastifyInstance, url: string, permission: Access, dropdown: Dropdown) {
  app.get(url, { config: { permission }, ...answers(dropdownOf(dropdown.row), { querystring: dropdown.query }) }, async (req) => ({
    message: await dropdown.load(req),
  }));
}

/** `GET url` (its `:id` a record's id): the record `show` finds, `{ data: row }`, else 404. */
export function registerShow(
  app: FastifyInstance,
  url: string,
  config: FastifyContextConfig,
  row: z.ZodType,
  show: (ctx: Ctx, id: number) => Promise<unknown>,
) {
  app.get(url, { config, ...answers(dataOf(row)) }, async (req) => {
    const found = await show(ctxOf(app, req), parseId((req.params as { id: string }).id));
    if (!found) throw notFound();
    return { data: found };
  });
}

/**
 * A dropdown straight from a table: the named columns of its rows (those `where` keeps) in the
 * order of `order`, documented with the table's own column types.
 */
export function tableDropdown<T extends PgTable>(
  db: Db,
  table: T,
  columns: readonly (keyof T["_"]["columns"] & string)[],
  order: PgColumn,
  where?: SQL,
): Dropdown {
  const all: Record<string, PgColumn> = getTableColumns(table);
  const fields = Object.fromEntries(columns.map((k) => [k, all[k]!]));
  const shape = rowOf(table).shape;
  return {
    row: z.object(Object.fromEntries(columns.map((k) => [k, shape[k]!]))),
    load: () =>
      db
        .select(fields)
        .from(table as PgTable)
        .where(where)
        .orderBy(asc(order)),
  };
}

type Body = Record<string, unknown>;

export interface CrudSpec<TCreate extends z.ZodType, TUpdate extends z.ZodType> {
  /** Path under /api, e.g. "users". */
  endpoint: string;
  /** Permission section, e.g. "users" → users/index, users/store, ...; defaults to the endpoint. */
  section?: string;
  /** Audit module name; defaults to the section. */
  module?: string;
  list?: ListModel;
  /** `GET /api/{endpoint}/list`, the dropdown the other screens pick from, under its own permissions. */
  dropdown?: Dropdown & { permission: Access };
  /**
   * The record `show` answers, for the OpenAPI document (GET, and the saved record of POST and
   * PATCH): a zod schema (checked against every answer under the tests: name the fields the
   * client may rely on; `rowOf(table)` for whole table rows), or the list model whose columns
   * `show` selects (its row shape is read from the database), with `{ list, extra }` for fields
   * `show` adds to them.
   */
  row?: z.ZodType | ListModel | ListShaped;
  show: (ctx: Ctx, id: number) => Promise<Record<string, unknown> | undefined>;
  /** `completing`: a "save and complete" completes it in the same transaction (a document numbered as it completes may wait till then). */
  create?: { schema: TCreate; run: (ctx: Ctx, input: z.output<TCreate>, opts: { completing: boolean }) => Promise<{ id: number }> };
  update?: { schema: TUpdate; run: (ctx: Ctx, id: number, input: z.output<TUpdate>) => Promise<void> };
  remove?: (ctx: Ctx, id: number) => Promise<void>;
  /**
   * "Save and complete": `complete: true` in the body of a store or an update saves the document
   * and runs this state change in the same transaction (under its own `permission`), so a refused
   * completion (stock, the customer's credit) leaves nothing behind: no draft, no stock move, no
   * entry. `action` names it in the audit log ("complete", "send").
   */
  complete?: { permission: string; action: string; run: (ctx: Ctx, id: number) => Promise<unknown> };
  /** Keys a use case checks for part of its work beyond the route's own (`config.checks`): a field it refuses, the rows it shows. */
  checks?: Partial<Record<"index" | "show" | "store" | "update" | "destroy", readonly string[]>>;
}

/**
 * The body's "save and complete" flag (a JSON `true`, or "1"/"true" from a form) and the body
 * without it, for a document that has one (elsewhere `complete` is left to the schema).
 */
function completeFlag(body: Body, honoured: boolean): { complete: boolean; rest: Body } {
  if (!honoured) return { complete: false, rest: body };
  const { complete, ...rest } = body;
  return { complete: complete === true || complete === "1" || complete === "true", rest };
}

/** The flag in the OpenAPI document, beside the document's own fields. */
const withCompleteFlag = (schema: z.ZodType) =>
  schema instanceof z.ZodObject
    ? schema.extend({ complete: z.boolean().optional().describe("Save and complete in one transaction: refused, nothing is saved") })
    : schema;

/** Strips the form-method override and multipart artefacts before validation. */
export function bodyOf(req: FastifyRequest): Body {
  const b = req.body;
  if (b === undefined || b === null) return {};
  if (typeof b !== "object" || Array.isArray(b)) throw new HttpError(422, MSG.validationFailed, { body: ["must be an object"] });
  const { _method, ...rest } = b as Body;
  return rest;
}

/**
 * The CRUD mechanism of SPEC §7: list, export, show, store, update (PATCH and POST with
 * _method=PATCH), destroy, each with its permission, one transaction and an audit row.
 */
export function registerCrud<TCreate extends z.ZodType, TUpdate extends z.ZodType>(app: FastifyInstance, spec: CrudSpec<TCreate, TUpdate>) {
  const base = `/api/${spec.endpoint}`;
  const section = spec.section ?? spec.endpoint;
  const p = (action: string) => `${section}/${action}`;
  const module = spec.module ?? section;
  const tags = [spec.endpoint];
  if (spec.dropdown) registerDropdown(app, `${base}/list`, spec.dropdown.permission, spec.dropdown);
  if (spec.list) registerList(app, base, spec.list, p("index"), spec.checks?.index);
  // A "save and complete" checks the completion's permission inside a store or an update.
  const checksOf = (action: "show" | "store" | "update") => [
    ...(spec.checks?.[action] ?? []),
    ...(spec.complete && action !== "show" ? [spec.complete.permission] : []),
  ];
  const listShaped = spec.row !== undefined && !(spec.row instanceof z.ZodType) ? spec.row : undefined;
  const row = spec.row instanceof z.ZodType ? spec.row : z.record(z.string(), z.unknown());
  const doc = (kind: RouteDoc["kind"]): RouteDoc =>
    listShaped && kind !== "delete" ? rowsLike(listShaped, kind === "show" ? "data" : "saved", kind) : { kind };

  /** The completion a "save and complete" asks for, once its permission is checked (403 before anything is saved). */
  const completionOf = (req: FastifyRequest) => {
    const completion = spec.complete!;
    const user = req.user;
    if (!user || !can({ user_id: user.user_id, permissions: user.permissions }, completion.permission))
      throw new HttpError(403, MSG.forbidden);
    return completion;
  };
  /** Completes the document just saved, audited as its own action; the answer is the document completed. */
  const completeIn = async (ctx: Ctx, id: number, before: unknown, completion: NonNullable<typeof spec.complete>) => {
    await completion.run(ctx, id);
    const after = await spec.show(ctx, id);
    await audit(ctx, { module, action: completion.action, record_id: id, before, after });
    return after;
  };

  app.get(
    `${base}/:id`,
    {
      config: { permission: p("show"), checks: checksOf("show"), openapi: doc("show") },
      ...docs({ tags, summary: `Show one of ${spec.endpoint}`, response: dataOf(row) }),
    },
    async (req) => {
      const id = parseId((req.params as { id: string }).id);
      const found = await spec.show(ctxOf(app, req), id);
      if (!found) throw notFound();
      return { data: found };
    },
  );

  const create = spec.create;
  if (create) {
    app.post(
      base,
      {
        config: { permission: p("store"), checks: checksOf("store"), openapi: doc("create") },
        ...docs({
          tags,
          summary: `Add to ${spec.endpoint}`,
          body: spec.complete ? withCompleteFlag(create.schema) : create.schema,
          response: savedOf(row),
          status: 201,
        }),
      },
      async (req, reply) => {
        const { complete, rest } = completeFlag(bodyOf(req), spec.complete !== undefined);
        const completion = complete ? completionOf(req) : undefined;
        const input = parse(create.schema, rest);
        const row = await inTx(app, req, async (ctx) => {
          const { id } = await create.run(ctx, input, { completing: completion !== undefined });
          const after = await spec.show(ctx, id);
          await audit(ctx, { module, action: "create", record_id: id, after });
          return completion ? await completeIn(ctx, id, after, completion) : after;
        });
        return reply.status(201).send({ message: MSG.added, data: row });
      },
    );
  }

  const update = spec.update;
  if (update) {
    const handler = async (req: FastifyRequest) => {
      const id = parseId((req.params as { id: string }).id);
      const raw = req.body as Body | undefined;
      if (req.method === "POST") {
        const m = typeof raw?._method === "string" ? raw._method.toUpperCase() : "";
        if (m !== "PATCH" && m !== "PUT") throw new HttpError(405, "Use _method=PATCH to update.");
      }
      const { complete, rest } = completeFlag(bodyOf(req), spec.complete !== undefined);
      const completion = complete ? completionOf(req) : undefined;
      const input = parse(update.schema, rest);
      const row = await inTx(app, req, async (ctx) => {
        const before = await spec.show(ctx, id);
        if (!before) throw notFound();
        await update.run(ctx, id, input);
        const after = await spec.show(ctx, id);
        await audit(ctx, { module, action: "update", record_id: id, before, after });
        return completion ? await completeIn(ctx, id, after, completion) : after;
      });
      return { message: MSG.updated, data: row };
    };
    const opts = (kind: RouteDoc["kind"], summary: string) => ({
      config: { permission: p("update"), checks: checksOf("update"), openapi: doc(kind) },
      ...docs({ tags, summary, body: spec.complete ? withCompleteFlag(update.schema) : update.schema, response: savedOf(row) }),
    });
    app.patch(`${base}/:id`, opts("update", `Update one of ${spec.endpoint}`), handler);
    app.put(`${base}/:id`, opts("replace", `Update one of ${spec.endpoint} (PUT)`), handler);
    app.post(`${base}/:id`, opts("updateForm", `Update one of ${spec.endpoint} (form with _method=PATCH)`), handler);
  }

  const remove = spec.remove;
  if (remove) {
    app.delete(
      `${base}/:id`,
      {
        config: { permission: p("destroy"), checks: spec.checks?.destroy ?? [], openapi: doc("delete") },
        ...docs({ tags, summary: `Delete one of ${spec.endpoint}`, response: ZMessage }),
      },
      async (req) => {
        const id = parseId((req.params as { id: string }).id);
        await inTx(app, req, async (ctx) => {
          const before = await spec.show(ctx, id);
          if (!before) throw notFound();
          await remove(ctx, id);
          await audit(ctx, { module, action: "delete", record_id: id, before });
        });
        return { message: MSG.deleted };
      },
    );
  }
}

/**
 * `POST /api/{endpoint}/{id}/{name}`: one state change of a document in one transaction, audited
 * with the record before and after; `body` (when given) is parsed and handed to `run`.
 */
export function registerAction<TBody extends z.ZodType | undefined = undefined>(
  app: FastifyInstance,
  opts: {
    endpoint: string;
    name: string;
    permission: string;
    show: (ctx: Ctx, id: number) => Promise<Record<string, unknown> | undefined>;
    row: z.ZodType;
    body?: TBody;
    /** Keys the state change checks for part of its work (`config.checks`): a closed document changed by one who may unclose. */
    checks?: readonly string[];
    run: (ctx: Ctx, id: number, input: TBody extends z.ZodType ? z.output<TBody> : undefined) => Promise<unknown>;
  },
) {
  const { endpoint, name } = opts;
  app.post(
    `/api/${endpoint}/:id/${name}`,
    {
      config: { permission: opts.permission, checks: opts.checks ?? [] },
      ...docs({
        tags: [endpoint],
        summary: `${name} one of ${endpoint}`,
        ...(opts.body ? { body: opts.body } : {}),
        response: savedOf(opts.row),
      }),
    },
    async (req) => {
      const id = parseId((req.params as { id: string }).id);
      const input = (opts.body ? parse(opts.body, bodyOf(req)) : undefined) as TBody extends z.ZodType ? z.output<TBody> : undefined;
      const data = await inTx(app, req, async (ctx) => {
        const before = await opts.show(ctx, id);
        if (!before) throw notFound();
        await opts.run(ctx, id, input);
        const after = await opts.show(ctx, id);
        await audit(ctx, { module: endpoint, action: name, record_id: id, before, after });
        return after;
      });
      return { message: MSG.updated, data };
    },
  );
}
