import { IMAGE_MAX_BYTES, MSG } from "@app/contracts";
import multipart from "@fastify/multipart";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { HttpError } from "./errors.js";

/**
 * Multipart forms become `{field: value}` with files as Buffers (a repeated field becomes a
 * list). The parser's own errors about a broken body (no boundary, data ending early) carry no
 * status, so they are caught here, where only the body is being read, and answered as 422.
 */
export async function installMultipart(app: FastifyInstance) {
  await app.register(multipart, { limits: { fileSize: IMAGE_MAX_BYTES, files: 5, fields: 200 } });
  app.addHook("preValidation", async (req: FastifyRequest) => {
    if (!req.isMultipart()) return;
    const body: Record<string, unknown> = {};
    try {
      for await (const part of req.parts()) {
        const value = part.type === "file" ? await part.toBuffer() : part.value;
        const prev = body[part.fieldname];
        body[part.fieldname] = prev === undefined ? value : Array.isArray(prev) ? [...prev, value] : [prev, value];
      }
    } catch (err) {
      // The limits (file size, parts) and prototype names have codes of their own, answered by the error handler.
      if (typeof (err as { code?: unknown }).code === "string") throw err;
      throw new HttpError(422, MSG.validationFailed, { body: ["must be valid multipart form data"] });
    }
    req.body = body;
  });
}

/**
 * C0 and C1 control characters other than tab, line feed and carriage return. PostgreSQL cannot
 * store NUL in text, and none of them belongs in a name, a note or a search.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding them is the point
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;
/**
 * Bidirectional embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069): they reorder
 * the text around them, so "exe.txt" can read as "txt.exe". Text pasted from word processors in
 * Arabic or Kurdish often carries them unseen, so they are removed rather than refused. The
 * direction marks (U+200E, U+200F, U+061C) stay: they reorder nothing.
 */
const BIDI_CONTROLS = /[\u202a-\u202e\u2066-\u2069]/g;

/** Strips bidi controls from every string and names the first one holding a control character. */
function cleanText(value: unknown, path: string, depth = 0): { value: unknown; bad?: string } {
  if (typeof value === "string") {
    if (CONTROL.test(value)) return { value, bad: path };
    return { value: value.replace(BIDI_CONTROLS, "") };
  }
  if (depth > 32 || value === null || typeof value !== "object" || Buffer.isBuffer(value)) return { value };
  const entries = Array.isArray(value) ? value.entries() : Object.entries(value);
  for (const [key, item] of entries) {
    const at = path ? `${path}.${key}` : String(key);
    if (typeof key === "string" && CONTROL.test(key)) return { value, bad: path || "body" };
    const r = cleanText(item, at, depth + 1);
    if (r.bad) return r;
    if (r.value !== item) (value as Record<string | number, unknown>)[key] = r.value;
  }
  return { value };
}

/**
 * Every API route's query, path parameters and body are checked before validation. Served files
 * (`/images/{file}`) answer by name alone: a name that is not one the server made is not found.
 */
export function installTextChecks(app: FastifyInstance) {
  app.addHook("preValidation", async (req: FastifyRequest) => {
    if (!req.url.startsWith("/api/")) return;
    for (const part of ["params", "query", "body"] as const) {
      const r = cleanText(req[part], "");
      if (r.bad !== undefined) throw new HttpError(422, MSG.controlCharacters, { [r.bad || part]: [MSG.controlCharacters] });
      if (r.value !== req[part]) (req as unknown as Record<string, unknown>)[part] = r.value;
    }
  });
}
