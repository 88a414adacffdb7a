import { type Column, getTableColumns, type SQL, sql, type Table } from "drizzle-orm";
import type { FastifyInstance, FastifySerializerCompiler, RouteOptions } from "fastify";
import { createJsonSchemaTransform, type jsonSchemaTransform } from "fastify-type-provider-zod";
import { z } from "zod";
import type { DbOrTx } from "../db/client.js";
import { JsonText } from "./json-text.js";
import type { ListModel } from "./list.js";

/**
 * The OpenAPI document (`/api/docs/json`, OpenAPI 3.1) and the answers it promises.
 *
 * A route declares its 2xx answer as a zod schema in Fastify's own place, `schema.response`,
 * built with the envelopes below (`dataOf`, `savedOf`, `dropdownOf`, `ZMessage`). Those schemas
 * only describe: they never shape what a client receives (the serializer writes the handler's
 * value as it is), and under the tests every answer is checked against them, so a schema that
 * lies fails the route's tests. The list protocol and the crud helpers declare their answers
 * themselves; operationId, summary, security, the path parameters' types and the error answers
 * (400, 401, 403, 404, 422, 429) are filled here for every route.
 *
 * What a route reads is declared beside its answer: `answers(Row, { body, querystring })`, or
 * `docs()` in the crud helpers. Both only describe: the handler parses with the same schema.
 */

// ------------------------------------------------------------------ answer envelopes

/** `{message}`: deletes, logout, actions that only confirm. */
export const ZMessage = z.object({ message: z.string() });

/** The error catalogue's shape: `{message, errors?: {field: [messages]}}`. */
export const ZErrorBody = z.object({
  message: z.string(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
});

/** A record: `{data: row}` (SPEC §7: most calls return data in a data field). */
export const dataOf = <T extends z.ZodType>(row: T) => z.object({ data: row });

/** A saved record: `{message: "Added Successfully", data: row}`. */
export const savedOf = <T extends z.ZodType>(row: T) => z.object({ message: z.string(), data: row });

/** A dropdown list: `{message: [rows]}` (SPEC §7: lists come in a message field). */
export const dropdownOf = <T extends z.ZodType>(row: T) => z.object({ message: z.array(row) });

/** The list protocol's envelope `{data: {data: rows, total, per_page, ...}}` around a row shape. */
export const listEnvelopeOf = <T extends z.ZodType>(row: T) =>
  z.object({
    data: z.object({
      data: z.array(row),
      total: z.number().int(),
      total_estimated: z.boolean(),
      per_page: z.number().int(),
      current_page: z.number().int(),
      last_page: z.number().int(),
      footer: z.record(z.string(), z.string().nullable()),
      params: z.record(z.string(), z.unknown()),
      model: z.string(),
      sortable: z.array(z.string()),
      hidden_columns: z.string(),
    }),
  });

/** Numbers that stay strings end to end (numeric and bigint columns: money, quantities). */
export const zDecimal = z.string().meta({ description: "Decimal number as a string", examples: ["1250.5"] });
/** Timestamps as they leave the server (ISO 8601). */
export const zDateTime = z.string().meta({ format: "date-time" });
/** Calendar days (YYYY-MM-DD). */
export const zDate = z.string().meta({ format: "date" });

/** A document line's item and unit, as the documents' shows answer them (quantity in the line's unit). */
export const docLineItem = {
  item_id: z.number().int(),
  item_name: z.string(),
  unit_id: z.number().int(),
  unit_name: z.string(),
  quantity: zDecimal,
};
/** The batch a line names: its id, number and expiry (YYYY-MM-DD). */
export const batchRef = {
  batch_id: z.number().int().nullable(),
  batch_no: z.string().nullable(),
  expire_date: z.string().nullable(),
};

/** Decimal (string) fields, nullable: `z.object({ ...decimals("debit", "credit") })`. */
export const decimals = (...keys: string[]) => Object.fromEntries(keys.map((k) => [k, zDecimal.nullable()]));

export const XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

/** The zod type of what a Drizzle column hands the serializer. */
function columnType(col: Column): z.ZodType {
  const c = col as Column & { enumValues?: string[]; baseColumn?: Column };
  let t: z.ZodType;
  if (c.columnType === "PgNumeric" || c.dataType === "bigint" || c.columnType === "PgBigInt64") t = zDecimal;
  else if (c.enumValues?.length && c.dataType === "string") t = z.enum(c.enumValues as [string, ...string[]]);
  else if (/^PgDate/.test(c.columnType)) t = zDate;
  else if (c.dataType === "date" || /Timestamp/.test(c.columnType)) t = zDateTime;
  else if (c.dataType === "number") t = /Integer|Serial|SmallInt|BigInt53/.test(c.columnType) ? z.number().int() : z.number();
  else if (c.dataType === "boolean") t = z.boolean();
  else if (c.dataType === "string") t = z.string();
  else if (c.dataType === "array" && c.baseColumn) t = z.array(columnType(c.baseColumn));
  else return z.unknown();
  return c.notNull ? t : t.nullable();
}

/**
 * A table's row as `select().from(table)` answers it, for records that answer whole rows;
 * `omit` drops what the answer leaves out (password hashes, ...).
 */
export function rowOf<T extends Table>(table: T, omit: readonly string[] = []) {
  const shape: Record<string, z.ZodType> = {};
  for (const [key, col] of Object.entries(getTableColumns(table))) if (!omit.includes(key)) shape[key] = columnType(col as Column);
  return z.object(shape);
}

// ------------------------------------------------------------------ per-route documentation

/** What the crud and list helpers tell the document about a route (in `config.openapi`). */
export interface RouteDoc {
  /** How the operationId is named: `listItems`, `getItem`, `createItem`, ... */
  kind?: "list" | "export" | "show" | "create" | "update" | "replace" | "updateForm" | "delete";
  /** The route answers this list model's envelope; its row shape is read from the database. */
  list?: ListModel;
  /** The route answers a file of this media type (exports, images). */
  file?: string;
  /**
   * The route answers rows with this list model's columns: `{data: row}` (`envelope` "data"),
   * `{message, data: row}` ("saved") or `{message: [rows]}` ("dropdown").
   */
  listRow?: ListModel;
  /** Fields the answer adds to the list's columns. */
  extra?: Record<string, z.ZodType>;
  envelope?: "data" | "saved" | "dropdown";
  /**
   * Refusals the route gives beyond those its permission, path and input imply, by status with
   * their descriptions: a sign-in's 401, or 429 for a rate-limited route (documented with its
   * `Retry-After` header).
   */
  refuses?: Partial<Record<401 | 403 | 409 | 429, string>>;
  /**
   * The route also reads a multipart form: its body's fields, and these file parts (each may be
   * repeated). The document lists both media types, the files as binary strings.
   */
  files?: string[];
  /** The body is a file of this media type, sent as it is (a backup to restore). */
  upload?: string;
}

/** A record shaped as a list's row, with fields of its own: the crud helpers' `row: { list, extra }`. */
export interface ListShaped {
  list: ListModel;
  extra?: Record<string, z.ZodType>;
}

declare module "fastify" {
  interface FastifyContextConfig {
    openapi?: RouteDoc;
  }
}

// ------------------------------------------------------------------ list rows from the database

/**
 * PostgreSQL type ids → what node-postgres hands the serializer (numeric and bigint stay strings:
 * db/client.ts; dates and timestamps become ISO strings).
 */
const PG_TYPES: Record<number, z.ZodType> = {
  16: z.boolean(),
  20: zDecimal,
  21: z.number().int(),
  23: z.number().int(),
  26: z.number().int(),
  700: z.number(),
  701: z.number(),
  1700: zDecimal,
  18: z.string(),
  19: z.string(),
  25: z.string(),
  1042: z.string(),
  1043: z.string(),
  2950: z.string().meta({ format: "uuid" }),
  1082: zDateTime,
  1114: zDateTime,
  1184: zDateTime,
  1083: z.string(),
  1186: z.string(),
  114: z.unknown(),
  3802: z.unknown(),
  1000: z.array(z.boolean()),
  1005: z.array(z.number().int()),
  1007: z.array(z.number().int()),
  1016: z.array(zDecimal),
  1009: z.array(z.string()),
  1015: z.array(z.string()),
  1231: z.array(zDecimal),
};

const listRows = new WeakMap<ListModel, z.ZodType>();

/** Every list model a documented route answers with, so that its row shape can be read before the document is built. */
const documentedLists = new Set<ListModel>();

/** The route options that document a list route's answer. */
export function listDoc(model: ListModel): RouteDoc {
  documentedLists.add(model);
  return { kind: "list", list: model };
}

/**
 * `config.openapi` of a route answering rows with a list's columns (a record shown as the list
 * shows it, a dropdown of the list's rows): their shape is read from the database like the list's.
 */
export function rowsLike(model: ListModel | ListShaped, envelope: RouteDoc["envelope"] = "data", kind?: RouteDoc["kind"]): RouteDoc {
  const { list, extra } = "list" in model ? model : { list: model, extra: undefined };
  documentedLists.add(list);
  return { kind, listRow: list, envelope, ...(extra ? { extra } : {}) };
}

/**
 * The row shape of a list, as PostgreSQL describes the list's select (`limit 0`: no row is read).
 * A column is nullable unless the model says it is not (`notNull`, or the id column).
 */
async function readListRow(db: DbOrTx, model: ListModel): Promise<z.ZodType> {
  const keys = Object.keys(model.columns);
  const select: SQL = sql.join(
    keys.map((k) => sql`${model.columns[k]!.expr} as ${sql.identifier(k)}`),
    sql`, `,
  );
  const res = (await db.execute(sql`select ${select} ${model.from} limit 0`)) as unknown as {
    fields?: { name: string; dataTypeID: number }[];
  };
  const types = new Map((res.fields ?? []).map((f) => [f.name, f.dataTypeID]));
  const shape: Record<string, z.ZodType> = {};
  for (const k of keys) {
    const type = PG_TYPES[types.get(k) ?? -1] ?? z.unknown();
    const notNull = model.columns[k]!.notNull || k === model.idColumn;
    shape[k] = notNull || type instanceof z.ZodUnknown ? type : type.nullable();
  }
  return z.object(shape);
}

/** Reads the row shape of every documented list once (before the document is first built). */
async function readListRows(db: DbOrTx) {
  for (const model of documentedLists) {
    if (listRows.has(model)) continue;
    // A list whose FROM cannot be read without a request keeps the generic row.
    const row = await readListRow(db, model).catch(() => undefined);
    if (row) listRows.set(model, row);
  }
}

// ------------------------------------------------------------------ operation ids and summaries

const pascal = (s: string) =>
  s
    .split(/[_\-.]+/)
    .filter(Boolean)
    .map((w) => w[0]!.toUpperCase() + w.slice(1))
    .join("");

const singular = (s: string) =>
  s.endsWith("ies")
    ? `${s.slice(0, -3)}y`
    : s.endsWith("sses")
      ? s.slice(0, -2)
      : s.endsWith("s") && !s.endsWith("ss")
        ? s.slice(0, -1)
        : s;

const KIND_VERB: Record<NonNullable<RouteDoc["kind"]>, string> = {
  list: "list",
  export: "export",
  show: "get",
  create: "create",
  update: "update",
  replace: "replace",
  updateForm: "updateByForm",
  delete: "delete",
};

const METHOD_VERB: Record<string, string> = { GET: "get", POST: "post", PUT: "put", PATCH: "patch", DELETE: "delete" };

/**
 * A stable operationId from the method and the route: the crud and list helpers' routes read as
 * `listItems`, `exportItems`, `getItem`, `createItem`, `updateItem`, `deleteItem`; any other
 * route as its method and path, e.g. `postAuthLogin`, `getLoginCashiersListByOutletId`.
 */
export function operationIdOf(method: string, url: string, kind?: RouteDoc["kind"]): string {
  const segments = url
    .replace(/^\/api\//, "")
    .split("/")
    .filter(Boolean);
  if (kind) {
    const statics = segments.filter((s) => !s.startsWith(":") && !(kind === "export" && s === "export"));
    const last = statics.length - 1;
    const one = kind !== "list" && kind !== "export";
    return KIND_VERB[kind] + statics.map((s, i) => pascal(i === last && one ? singular(s) : s)).join("");
  }
  const verb = METHOD_VERB[method] ?? method.toLowerCase();
  return verb + segments.map((s) => (s.startsWith(":") ? `By${pascal(s.slice(1))}` : pascal(s))).join("");
}

/** "getLoginCashiersListByOutletId" → "Get login cashiers list by outlet id". */
function sentenceOf(operationId: string) {
  const words = operationId.replace(/([a-z0-9])([A-Z])/g, "$1 $2").toLowerCase();
  return words[0]!.toUpperCase() + words.slice(1);
}

// ------------------------------------------------------------------ error answers

const errorJson = (description: string, withFields = false) => ({
  description,
  type: "object",
  properties: {
    message: { type: "string" },
    ...(withFields ? { errors: { type: "object", additionalProperties: { type: "array", items: { type: "string" } } } } : {}),
  },
  required: withFields ? ["message", "errors"] : ["message"],
});

/** 429: the catalogue's shape and the seconds to wait (`Retry-After`, as rate-limit.ts sends it). */
const tooManyJson = (description: string) => ({
  description,
  content: { "application/json": { schema: errorJson(description) } },
  headers: { "Retry-After": { description: "Seconds until an attempt is let through again", type: "integer", minimum: 1 } },
});

/**
 * The error answers a route can give, from what it declares (permission, path ids, input). Every
 * /api route can answer 422: query and body text is refused with control characters in it
 * (platform/body.ts), and malformed JSON is refused as 422 too.
 */
function errorResponses(url: string, permission: unknown, refuses: RouteDoc["refuses"] = {}) {
  const out: Record<string, unknown> = {};
  const open = permission === "public" || permission === undefined;
  if (!open) {
    out[400] = errorJson("The token is expired or invalid");
    out[401] = errorJson("Not signed in: the request carries no token");
    out[403] = errorJson(
      permission === "authenticated"
        ? "The token only sets up two-factor sign-in"
        : "The user lacks the route's permission, or the token only sets up two-factor sign-in",
    );
  }
  if (url.includes(":")) out[404] = errorJson("No such record");
  out[422] = errorJson("The input is invalid: the message and each field's messages", true);
  for (const [code, description] of Object.entries(refuses)) {
    if (description) out[code] = code === "429" ? tooManyJson(description) : errorJson(description);
  }
  return out;
}

// ------------------------------------------------------------------ the transform

type SwaggerDoc = Parameters<typeof jsonSchemaTransform>[0];
type OverrideCtx = { zodSchema: unknown; jsonSchema: Record<string, unknown> };
const fileJson = (media: string) => ({
  description: "The file",
  content: { [media]: { schema: { type: "string", format: "binary", contentMediaType: media } } },
});

const defOf = (schema: unknown) => (schema as { _zod: { def: Record<string, unknown> } })._zod.def;
/** `z.unknown().refine(...).pipe(schema)` (a field that must be present, then typed), or `z.preprocess(fn, schema)`. */
const looseInput = (def: Record<string, unknown>) =>
  def.type === "pipe" && ["unknown", "any", "transform"].includes(String(defOf(def.in).type));
const isBare = (json: Record<string, unknown>) => Object.keys(json).every((k) => k === "description" || k === "$schema");

/** A schema's input JSON Schema, with the same rules as the document's (for a pipe's typed side). */
function inputJson(schema: z.ZodType): Record<string, unknown> {
  const { $schema: _, ...json } = z.toJSONSchema(schema, {
    io: "input",
    unrepresentable: "any",
    target: "draft-2020-12",
    override: documentSchema,
  }) as Record<string, unknown>;
  return json;
}

/**
 * zod → JSON Schema, as fastify-type-provider-zod does it (empty union branches dropped, dates
 * as date-time strings), and: a field read as anything, checked present, then parsed by a typed
 * schema (`present(zId)`, a preprocess) is documented as that typed schema, and as required when
 * the typed side is not optional. Without it every such id would read as `unknown` to a client.
 */
function documentSchema(ctx: OverrideCtx) {
  const def = defOf(ctx.zodSchema);
  const json = ctx.jsonSchema;
  if (def.type === "union" && Array.isArray(json.anyOf)) json.anyOf = json.anyOf.filter((b: object) => Object.keys(b).length > 0);
  // `z.unknown().nullable()`: a branch that admits anything makes the whole `anyOf` admit anything.
  else if (Array.isArray(json.anyOf) && json.anyOf.some((b: Record<string, unknown>) => isBare(b))) delete json.anyOf;
  if (def.type === "date") Object.assign(json, { type: "string", format: "date-time" });
  if (looseInput(def) && isBare(json)) Object.assign(json, inputJson(def.out as z.ZodType));
  if (def.type === "object" && json.properties) {
    const shape = def.shape as Record<string, z.ZodType>;
    const required = new Set((json.required as string[] | undefined) ?? []);
    for (const [key, field] of Object.entries(shape)) {
      const fd = defOf(field);
      if (looseInput(fd) && defOf(fd.in).type !== "transform" && (fd.out as z.ZodType)._zod.optin !== "optional") required.add(key);
    }
    if (required.size) json.required = [...required];
  }
}

const zodTransform = createJsonSchemaTransform({ zodToJsonConfig: { override: documentSchema as never } });

/** The update by form (POST) carries `_method=PATCH` (or PUT) beside the fields. */
export const withMethodOverride = (schema: z.ZodType) =>
  z.intersection(schema, z.object({ _method: z.enum(["PATCH", "PUT", "patch", "put"]).describe("The method the form stands for") }));

/** A body's JSON Schema with file parts added (a file, or several under the same name). */
function withFiles(body: Record<string, unknown>, files: string[]) {
  const file = { type: "string", format: "binary", description: "A file part of a multipart form" };
  const parts = Object.fromEntries(files.map((f) => [f, { anyOf: [file, { type: "array", items: file }] }]));
  return { ...body, type: "object", properties: { ...((body.properties as object | undefined) ?? {}), ...parts } };
}

/** The path's parameters: ids (`:id`, `:saleId`, ...) are integers as `parseId` reads them, any other a string. */
function pathParams(url: string): z.ZodType | undefined {
  const names = [...url.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => m[1]!);
  if (!names.length) return undefined;
  return z.object(
    Object.fromEntries(
      names.map((n) => [n, n === "id" || n.endsWith("Id") ? z.number().int().min(1).max(2_147_483_647) : z.string().min(1)]),
    ),
  );
}

/**
 * Per route: zod → JSON Schema (fastify-type-provider-zod), then the list answer, operationId,
 * summary, security (none for public routes), the path parameters and the error answers.
 */
export function openapiTransform(doc: SwaggerDoc) {
  const route = (doc as unknown as { route: RouteOptions }).route;
  const routeDoc = route.config?.openapi;
  const schema = { ...((doc.schema as Record<string, unknown> | undefined) ?? {}) };
  const rowOfList = (model: ListModel) => listRows.get(model) ?? z.record(z.string(), z.unknown());
  if (routeDoc?.list) schema.response = { 200: listEnvelopeOf(rowOfList(routeDoc.list)), ...(schema.response as object | undefined) };
  if (routeDoc?.listRow) {
    const base = rowOfList(routeDoc.listRow);
    const row = routeDoc.extra && base instanceof z.ZodObject ? base.extend(routeDoc.extra) : base;
    const envelope = routeDoc.envelope === "saved" ? savedOf(row) : routeDoc.envelope === "dropdown" ? dropdownOf(row) : dataOf(row);
    schema.response = { [routeDoc.kind === "create" ? 201 : 200]: envelope };
  }
  schema.params ??= pathParams(doc.url);
  // The update by form (POST) names the method it stands for.
  if (routeDoc?.kind === "updateForm" && schema.body) schema.body = withMethodOverride(schema.body as z.ZodType);
  if (routeDoc?.files) {
    schema.body ??= z.object({});
    schema.consumes = ["application/json", "multipart/form-data"];
  }
  const out = zodTransform({ ...doc, schema } as SwaggerDoc) as { schema: Record<string, unknown>; url: string };
  if (out.schema.hide) return out;
  if (routeDoc?.files) out.schema.body = withFiles(out.schema.body as Record<string, unknown>, routeDoc.files);
  // A body with a file among its fields (`zFile`) is sent as a multipart form, or as JSON without the file.
  const fields = (out.schema.body as { properties?: Record<string, { format?: string }> } | undefined)?.properties;
  if (fields && Object.values(fields).some((f) => f.format === "binary"))
    out.schema.consumes ??= ["application/json", "multipart/form-data"];
  if (routeDoc?.upload) {
    out.schema.body = { type: "string", format: "binary", contentMediaType: routeDoc.upload };
    out.schema.consumes = [routeDoc.upload];
  }
  const method = [route.method].flat().find((m) => m !== "HEAD") ?? "GET";
  const permission = route.config?.permission;
  const operationId = operationIdOf(method, doc.url, routeDoc?.kind);
  const response = { ...(out.schema.response as Record<string, unknown> | undefined) };
  if (routeDoc?.file) response[200] = fileJson(routeDoc.file);
  for (const [code, err] of Object.entries(errorResponses(doc.url, permission, routeDoc?.refuses))) response[code] ??= err;
  out.schema = {
    ...out.schema,
    operationId,
    summary: (out.schema.summary as string | undefined) ?? sentenceOf(operationId),
    response,
    ...(permission === "public" || permission === undefined ? { security: [] } : {}),
  };
  return out;
}

// ------------------------------------------------------------------ serializer

/**
 * Response schemas describe; they never shape the answer: the handler's value is written as
 * JSON.stringify writes it (a zod or fast-json-stringify serializer would drop keys the schema
 * does not name). Under the tests every answer is checked against its schema, so that the
 * document stays true: a mismatch fails the request with the schema's complaint.
 */
export const documentingSerializer: FastifySerializerCompiler<unknown> = ({ schema, method, url, httpStatus }) => {
  const check = process.env.VITEST !== undefined && schema instanceof z.ZodType;
  return (data: unknown) => {
    const json = data instanceof JsonText ? data.text : JSON.stringify(data);
    if (check && json !== undefined) {
      const result = (schema as z.ZodType).safeParse(JSON.parse(json));
      if (!result.success) {
        const complaint = `The ${httpStatus} answer of ${method} ${url} does not match its documented schema: ${z.prettifyError(result.error)}`;
        // The test log shows it: the client gets a generic 500.
        console.error(complaint);
        throw new Error(complaint);
      }
    }
    return json;
  };
};

/** Reads what the document needs from the database before it is first served. */
export function installOpenapi(app: FastifyInstance, prefix: string) {
  let ready: Promise<void> | undefined;
  app.addHook("onRequest", async (req) => {
    if (!req.url.startsWith(`${prefix}/json`) && !req.url.startsWith(`${prefix}/yaml`)) return;
    ready ??= readListRows(app.db);
    await ready;
  });
}

/** What a route reads, for the document: its body and its query (the handler parses them itself). */
export interface Takes {
  body?: z.ZodType;
  querystring?: z.ZodType;
}

/** Validation is the handler's (`parse()`): the declared input only describes. */
export const describeOnly = () => (value: unknown) => ({ value });

/**
 * Route options declaring a route's 2xx answer and what it reads:
 * `app.post(url, { config, ...answers(dataOf(Row), { body: ZInput }) }, handler)`; the status is
 * 200 unless given (`answers(Row, 201)`, `answers(Row, { status: 201, body })`).
 */
export const answers = (schema: z.ZodType, opts: number | (Takes & { status?: number }) = 200) => {
  const { status = 200, ...input } = typeof opts === "number" ? { status: opts } : opts;
  const read = takes(input);
  return { ...read, schema: { response: { [status]: schema }, ...read.schema } };
};

/** Route options declaring only what a route reads (its answer documented by `config.openapi`). */
export const takes = ({ body, querystring }: Takes) => ({
  schema: { ...(body ? { body } : {}), ...(querystring ? { querystring } : {}) },
  ...(body || querystring ? { validatorCompiler: describeOnly } : {}),
});
