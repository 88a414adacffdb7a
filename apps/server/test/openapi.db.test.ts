import { execFile } from "node:child_process";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "./harness.js";

const run = promisify(execFile);
const require = createRequire(import.meta.url);

type Schema = Record<string, unknown>;
interface Operation {
  operationId?: string;
  summary?: string;
  security?: unknown[];
  responses: Record<string, { content?: Record<string, { schema?: Schema }> }>;
}

let t: TestApp;
let doc: { openapi: string; paths: Record<string, Record<string, Operation>>; [k: string]: unknown };
let dir: string;
let docFile: string;
const operations: [string, Operation][] = [];

beforeAll(async () => {
  t = await createTestApp();
  const res = await t.app.inject({ method: "GET", url: "/api/docs/json" });
  expect(res.statusCode).toBe(200);
  doc = res.json();
  for (const [p, ops] of Object.entries(doc.paths))
    for (const [m, op] of Object.entries(ops)) operations.push([`${m.toUpperCase()} ${p}`, op]);
  dir = await mkdtemp(path.join(tmpdir(), "openapi-"));
  docFile = path.join(dir, "openapi.json");
  await writeFile(docFile, JSON.stringify(doc, null, 2));
});
afterAll(async () => {
  await t.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

/** A schema that tells a client nothing: `{}`, or an object without properties whose values may be anything. */
function untyped(s: Schema | undefined): boolean {
  if (!s || Object.keys(s).filter((k) => k !== "description").length === 0) return true;
  if (s.$ref) return false;
  if (s.type === "object" || (s.type === undefined && s.additionalProperties !== undefined)) {
    const props = s.properties as Record<string, Schema> | undefined;
    const extra = s.additionalProperties as Schema | boolean | undefined;
    if (!props || Object.keys(props).length === 0) return extra === undefined || extra === true || untyped(extra as Schema);
    // The envelope's payload must be typed as well: {data: row}, {data: {data: rows}}, {message: rows}.
    return ["data", "message"].some((k) => props[k] !== undefined && untyped(props[k]));
  }
  if (s.type === "array") return untyped(s.items as Schema | undefined);
  return false;
}

/** The 2xx answers of an operation whose schema is missing or untyped. */
function untypedAnswer(op: Operation): boolean {
  const ok = Object.entries(op.responses).filter(([code]) => /^2/.test(code));
  if (!ok.length) return true;
  return ok.some(([code, r]) => code !== "204" && (!r.content || Object.values(r.content).some((c) => untyped(c.schema))));
}

describe("OpenAPI", () => {
  it("serves a valid document listing every route", async () => {
    expect(doc.openapi).toMatch(/^3\.1\.\d+$/);
    expect((doc.info as { title: string }).title).toBe("Souq API");
    expect((doc.servers as unknown[]).length).toBeGreaterThan(0);
    expect((doc.components as { securitySchemes: unknown }).securitySchemes).toEqual({
      bearer: { type: "http", scheme: "bearer", bearerFormat: "JWT" },
    });
    const documented = new Set(operations.map(([k]) => k));
    const missing = t.routes.map((r) => `${r.method} ${r.url.replace(/:([A-Za-z0-9_]+)/g, "{$1}")}`).filter((k) => !documented.has(k));
    expect(missing).toEqual([]);
    const users = doc.paths["/api/users"]!.post as unknown as { requestBody: { content: Record<string, { schema: Schema }> } };
    expect((users.requestBody.content["application/json"]!.schema.properties as Schema).user_name).toBeDefined();
    expect((doc.paths["/api/users/{id}"]!.get as unknown as { parameters: unknown[] }).parameters).toContainEqual(
      expect.objectContaining({ name: "id", in: "path" }),
    );
  });

  it("names every operation once, sums it up and lists its error answers", () => {
    const ids = operations.map(([, op]) => op.operationId);
    expect(ids.filter((id) => !id)).toEqual([]);
    expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
    expect(operations.filter(([, op]) => !op.summary).map(([k]) => k)).toEqual([]);
    expect(doc.paths["/api/items"]!.get!.operationId).toBe("listItems");
    expect(doc.paths["/api/items/{id}"]!.get!.operationId).toBe("getItem");
    expect(doc.paths["/api/items"]!.post!.operationId).toBe("createItem");
    expect(doc.paths["/api/items/{id}"]!.delete!.operationId).toBe("deleteItem");
    const show = doc.paths["/api/items/{id}"]!.get!;
    expect(Object.keys(show.responses)).toEqual(expect.arrayContaining(["200", "401", "403", "404", "422"]));
    const invalid = doc.paths["/api/items"]!.post!.responses["422"]!.content!["application/json"]!.schema!;
    expect(invalid.required).toEqual(["message", "errors"]);
    // Public routes ask for no token and cannot answer 401.
    const login = doc.paths["/api/auth/login"]!.post!;
    expect(login.security).toEqual([]);
    expect(login.responses["401"]).toBeUndefined();
  });

  it("types every operation's 2xx answer", () => {
    // A route declares its answer: `schema.response` (docs/architecture/api-document.md).
    expect(operations.filter(([, op]) => untypedAnswer(op)).map(([k]) => k)).toEqual([]);
  });

  it("passes Redocly's recommended rules without an error", { timeout: 60_000 }, async () => {
    const cli = path.join(path.dirname(require.resolve("@redocly/cli/package.json")), "bin/cli.js");
    // Offline: no telemetry, no update check; the document references nothing outside itself.
    const env = { ...process.env, REDOCLY_TELEMETRY: "off", REDOCLY_SUPPRESS_UPDATE_NOTICE: "true", NODE_ENV: "test" };
    const out = await run(process.execPath, [cli, "lint", docFile, "--extends", "recommended", "--format", "json"], {
      env,
      cwd: dir,
    }).catch((e: { stdout: string }) => ({ stdout: e.stdout }));
    const report = JSON.parse(out.stdout) as {
      totals: { errors: number };
      problems: { ruleId: string; severity: string; message: string; location: { pointer: string }[] }[];
    };
    const errors = report.problems.filter((p) => p.severity === "error").map((p) => `${p.ruleId} ${p.location[0]?.pointer}: ${p.message}`);
    expect(errors.slice(0, 20)).toEqual([]);
    expect(report.totals.errors).toBe(0);
  });

  it("generates client types with openapi-typescript, the answers typed", { timeout: 60_000 }, async () => {
    const generator = require.resolve("@app/openapi-types/generate.mjs");
    const typesFile = path.join(dir, "schema.d.ts");
    await run(process.execPath, [generator, docFile, typesFile]);
    const types = await readFile(typesFile, "utf8");
    const operation = (id: string) => {
      const start = types.indexOf(`\n    ${id}: {`);
      expect(start, id).toBeGreaterThan(0);
      return types.slice(start, types.indexOf("\n    };", start));
    };
    const answer = (id: string, code: number) => {
      const op = operation(id);
      const at = op.indexOf(`\n            ${code}: {`);
      expect(at, `${id} ${code}`).toBeGreaterThan(0);
      return op.slice(at, op.indexOf("\n            };", at));
    };
    // The items list: the envelope with the row's columns, typed.
    const items = answer("listItems", 200);
    expect(items).toMatch(/current_page: number;/);
    expect(items).toMatch(/item_name: string;/);
    expect(items).toMatch(/item_id: number;/);
    // Sign-in answers the token.
    expect(answer("postAuthLogin", 200)).toMatch(/access_token: string;/);
    // Errors carry the catalogue's shape.
    expect(answer("createItem", 422)).toMatch(/errors: \{\s*\[key: string\]: string\[\];/);
    // No 2xx answer is `unknown` as a whole.
    for (const [, op] of operations) {
      const text = operation(op.operationId!);
      expect(text, op.operationId).not.toMatch(/\n {12}2\d\d: \{[^}]*content\?: never;/);
      expect(text, op.operationId).not.toMatch(/"application\/json": unknown;/);
    }
  });

  it("serves a browsable page", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/docs" });
    const page = res.statusCode === 302 ? await t.app.inject({ method: "GET", url: String(res.headers.location) }) : res;
    expect(page.statusCode).toBe(200);
    expect(page.headers["content-type"]).toMatch(/text\/html/);
    expect(page.body).toContain("swagger");
  });
});
