import { MSG } from "@app/contracts";
import { is } from "drizzle-orm";
import { getTableConfig, PgTable } from "drizzle-orm/pg-core";
import type { FastifyError, FastifyInstance } from "fastify";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import { ZodError, type z } from "zod";
import { closeAfterAnswer, onRefusedConnection } from "./client-errors.js";

/** An error that carries its HTTP answer. Anything else that escapes is logged and answered generically. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors?: Record<string, string[]>,
    /** Headers the answer carries, such as `Retry-After` on 429. */
    readonly headers?: Record<string, string>,
  ) {
    super(message);
  }
}

export const unprocessable = (errors: Record<string, string[]>, message?: string) =>
  new HttpError(422, message ?? Object.values(errors)[0]?.[0] ?? MSG.validationFailed, errors);
export const fieldError = (field: string, message: string) => unprocessable({ [field]: [message] }, message);
export const notFound = (message: string = MSG.notFound) => new HttpError(404, message);
export const forbidden = (message: string = MSG.forbidden) => new HttpError(403, message);

/**
 * A missing field answers "The {field} field is required." unless its schema names its own text
 * (SPEC's "Permission is required"); zod's own wording starts with "Invalid input".
 */
function requiredMessage(issue: z.core.$ZodIssue, field: string): string {
  if (issue.code === "invalid_type" && issue.input === undefined && /^Invalid input/.test(issue.message)) {
    return `The ${field.replace(/_/g, " ")} field is required.`;
  }
  return issue.message;
}

/**
 * Unique index and constraint names of the given tables → the field they guard, so that a
 * violation of `user_pins_name_unique` answers on `name` (a table name may hold underscores).
 */
export function uniqueFieldsOf(tables: readonly unknown[]): Map<string, string> {
  const out = new Map<string, string>();
  for (const table of tables) {
    if (!is(table, PgTable)) continue;
    const cfg = getTableConfig(table);
    const prefix = `${cfg.name}_`;
    for (const idx of cfg.indexes) {
      const name = idx.config.name;
      if (idx.config.unique && name?.startsWith(prefix) && name.endsWith("_unique"))
        out.set(name, name.slice(prefix.length, -"_unique".length));
    }
    for (const col of cfg.columns) if (col.isUnique && col.uniqueName) out.set(col.uniqueName, col.name);
    for (const u of cfg.uniqueConstraints) {
      const name = u.getName();
      if (name && u.columns.length === 1) out.set(name, u.columns[0]!.name);
    }
  }
  return out;
}

/** zod issues → Laravel-style `{field: [messages]}`. */
export function zodErrors(issues: readonly z.core.$ZodIssue[]): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const issue of issues) {
    const field = issue.path.length ? issue.path.map(String).join(".") : "body";
    const msg = requiredMessage(issue, field);
    (out[field] ??= []).push(msg);
  }
  return out;
}

/** Parses with a zod schema or throws a 422 in the protocol's shape. */
export function parse<T extends z.ZodType>(schema: T, input: unknown): z.output<T> {
  const r = schema.safeParse(input ?? {});
  if (!r.success) throw unprocessable(zodErrors(r.error.issues));
  return r.data;
}

interface PgLikeError {
  code?: string;
  constraint?: string;
  constraint_name?: string;
  detail?: string;
}

/** Unique indexes named `{table}_{field}_unique` answer "has already been taken" on that field. */
function uniqueField(constraint: string | undefined): string | undefined {
  const m = constraint?.match(/^[a-z]+(?:_[a-z]+)*?_((?:[a-z0-9]+_)*?[a-z0-9]+)_unique$/);
  if (!m) return undefined;
  return m[1];
}

const SQLSTATE = /^[0-9A-Z]{5}$/;

function pgError(err: unknown): PgLikeError | undefined {
  let e: unknown = err;
  for (let i = 0; i < 4 && e; i++) {
    const c = (e as PgLikeError).code;
    if (typeof c === "string" && SQLSTATE.test(c)) return e as PgLikeError;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}

/** The SQLSTATE of a database error, however deeply the driver wrapped it. */
export const sqlState = (err: unknown): string | undefined => pgError(err)?.code;

export function toHttp(err: unknown, uniqueFields: Map<string, string>): HttpError | undefined {
  if (err instanceof HttpError) return err;
  if (err instanceof ZodError) return unprocessable(zodErrors(err.issues));
  const pgErr = pgError(err);
  if (pgErr) {
    const constraint = pgErr.constraint ?? pgErr.constraint_name;
    if (pgErr.code === "23505") {
      const field = (constraint && uniqueFields.get(constraint)) ?? uniqueField(constraint) ?? "name";
      return fieldError(field, `The ${field.replace(/_/g, " ")} ${MSG.alreadyTaken}.`);
    }
    if (pgErr.code === "23503" && / is not present in table /.test(pgErr.detail ?? "")) {
      // A reference to a record that does not exist: answer on the referencing field.
      const field = /^Key \(([a-z0-9_]+)\)=/.exec(pgErr.detail ?? "")?.[1] ?? "id";
      return fieldError(field, `The selected ${field.replace(/_/g, " ")} is invalid.`);
    }
    // 23001: a RESTRICT reference; 23503: a NO ACTION one. Which fires first depends on the server.
    if (pgErr.code === "23503" || pgErr.code === "23001") {
      return new HttpError(422, "This record is in use by other records and cannot be changed or deleted.", {
        id: ["is in use by other records"],
      });
    }
    if (pgErr.code === "23514" && constraint?.includes("qty")) return new HttpError(422, "Not enough quantity in stock.");
    if (pgErr.code === "40001" || pgErr.code === "40P01")
      return new HttpError(409, "The record was changed at the same time, please try again.");
    return new HttpError(pgErr.code?.startsWith("22") || pgErr.code?.startsWith("23") ? 422 : 500, `Database Error [${pgErr.code}]`);
  }
  return undefined;
}

export function installErrorHandler(app: FastifyInstance, uniqueFields = new Map<string, string>()) {
  app.addHook("onRequest", onRefusedConnection);
  app.setErrorHandler((error: FastifyError, request, reply) => {
    // Refused before its body has all arrived (too large, not parsable, not allowed): the
    // connection closes after the answer, once the client can have read it.
    if (!request.raw.complete) closeAfterAnswer(request, reply);
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors: Record<string, string[]> = {};
      for (const v of error.validation) {
        const issue = v.params.issue as z.core.$ZodIssue;
        const field = issue.path.length
          ? issue.path.map(String).join(".")
          : v.instancePath.replace(/^\//, "") || error.validationContext || "body";
        const msg = requiredMessage(issue, field);
        (errors[field] ??= []).push(msg);
      }
      return reply.status(422).send({ message: Object.values(errors)[0]?.[0] ?? MSG.validationFailed, errors });
    }
    const http = toHttp(error, uniqueFields);
    if (http) {
      if (http.statusCode >= 500) request.log.error({ err: error }, "database error");
      if (http.headers) reply.headers(http.headers);
      return reply.status(http.statusCode).send(http.errors ? { message: http.message, errors: http.errors } : { message: http.message });
    }
    const code = error.code;
    if (code === "FST_ERR_CTP_INVALID_MEDIA_TYPE") return reply.status(415).send({ message: "Unsupported content type." });
    if (code === "FST_ERR_CTP_INVALID_JSON_BODY" || code === "FST_ERR_CTP_EMPTY_JSON_BODY" || error instanceof SyntaxError) {
      return reply.status(422).send({ message: MSG.validationFailed, errors: { body: ["must be valid JSON"] } });
    }
    if (code === "FST_REQ_FILE_TOO_LARGE" || code === "FST_PARTS_LIMIT" || code === "FST_FILES_LIMIT") {
      return reply.status(422).send({ message: MSG.fileTooLarge, errors: { file: [MSG.fileTooLarge] } });
    }
    if (code === "FST_PROTO_VIOLATION" || code === "FST_INVALID_JSON_FIELD_ERROR") {
      return reply.status(422).send({ message: MSG.validationFailed, errors: { body: ["must be valid multipart form data"] } });
    }
    if (code === "FST_INVALID_MULTIPART_CONTENT_TYPE") return reply.status(415).send({ message: "Unsupported content type." });
    if (code === "FST_ERR_CTP_BODY_TOO_LARGE" || code === "FST_FIELDS_LIMIT")
      return reply.status(413).send({ message: "The request is too large." });
    const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
    if (status >= 500) request.log.error({ err: error }, "unhandled error");
    return reply.status(status).send({ message: status >= 500 ? "Server Error" : error.message });
  });
}
