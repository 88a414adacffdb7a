import { execFile } from "node:child_process";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { promisify } from "node:util";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN_EMAIL, ADMIN_PASSWORD, createTestApp, type TestApp } from "./harness.js";

const run = promisify(execFile);
const require = createRequire(import.meta.url);
const root = path.resolve(import.meta.dirname, "../../..");
const clientDir = path.join(root, "tools/openapi-types/client");

type Schema = Record<string, unknown>;
interface Operation {
  operationId?: string;
  summary?: string;
  security?: unknown[];
  parameters?: { name: string; in: string; schema?: Schema }[];
  requestBody?: { content: Record<string, { schema?: Schema }> };
  responses: Record<string, { content?: Record<string, { schema?: Schema }> }>;
}

/** A schema that admits any value: `{}` (a description aside). */
const untypedValue = (s: Schema | undefined) => !s || Object.keys(s).every((k) => k === "description");

let t: TestApp;
let doc: { openapi: string; paths: Record<string, Record<string, Operation>>; [k: string]: unknown };
let dir: string;
let docFile: string;
const operations: [string, Operation][] = [];
/** The client types openapi-typescript generates from the document, once for the tests that read them. */
let typesFile: Promise<string>;

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
  const generator = require.resolve("@app/openapi-types/generate.mjs");
  const file = path.join(dir, "schema.d.ts");
  typesFile = run(process.execPath, [generator, docFile, file]).then(() => file);
  typesFile.catch(() => {});
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
    // Public routes ask for no token: only a refused sign-in answers 401.
    const login = doc.paths["/api/auth/login"]!.post!;
    expect(login.security).toEqual([]);
    expect(doc.paths["/api/login_options"]!.get!.responses["401"]).toBeUndefined();
  });

  it("types every operation's 2xx answer", () => {
    // A route declares its answer: `schema.response` (docs/architecture/api-document.md).
    expect(operations.filter(([, op]) => untypedAnswer(op)).map(([k]) => k)).toEqual([]);
  });

  it("passes Redocly's recommended rules without a warning or an error", { timeout: 60_000 }, async () => {
    const cli = path.join(path.dirname(require.resolve("@redocly/cli/package.json")), "bin/cli.js");
    // Offline: no telemetry, no update check; the document references nothing outside itself.
    const env = { ...process.env, REDOCLY_TELEMETRY: "off", REDOCLY_SUPPRESS_UPDATE_NOTICE: "true", NODE_ENV: "test" };
    // The repository's redocly.yaml: the recommended rules, no-ambiguous-paths reading the parameters' types.
    const config = path.join(root, "redocly.yaml");
    const out = await run(process.execPath, [cli, "lint", docFile, "--config", config, "--format", "json"], {
      env,
      cwd: dir,
    }).catch((e: { stdout: string }) => ({ stdout: e.stdout }));
    const report = JSON.parse(out.stdout) as {
      totals: { errors: number; warnings: number };
      problems: { ruleId: string; severity: string; message: string; location: { pointer: string }[] }[];
    };
    const problems = report.problems.map((p) => `${p.severity} ${p.ruleId} ${p.location[0]?.pointer}: ${p.message}`);
    expect(problems.slice(0, 20)).toEqual([]);
    expect(report.totals).toMatchObject({ errors: 0, warnings: 0 });
  });

  it("types what every operation reads: bodies, path and query parameters", () => {
    const loose: string[] = [];
    /** Properties that admit anything (`{}`), anywhere in a schema. */
    const walk = (s: Schema | undefined, at: string) => {
      if (!s || typeof s !== "object") return;
      for (const [k, v] of Object.entries((s.properties as Record<string, Schema> | undefined) ?? {})) {
        if (untypedValue(v)) loose.push(`${at}.${k}`);
        walk(v, `${at}.${k}`);
      }
      for (const key of ["items", "additionalProperties"]) walk(s[key] as Schema | undefined, at);
      for (const key of ["anyOf", "oneOf", "allOf"]) for (const b of (s[key] as Schema[] | undefined) ?? []) walk(b, at);
    };
    for (const [k, op] of operations) {
      for (const [media, c] of Object.entries(op.requestBody?.content ?? {})) walk(c.schema, `${k} ${media}`);
      for (const p of op.parameters ?? []) if (untypedValue(p.schema)) loose.push(`${k} ${p.in} ${p.name}`);
      // Ids in paths are integers, as the answers give them (or uuids a route declares); other path parameters are strings.
      for (const p of op.parameters ?? []) {
        if (p.in !== "path") continue;
        const uuid = p.schema?.type === "string" && p.schema.format === "uuid";
        expect(p.schema?.type, `${k} ${p.name}`).toBe(/(^id|Id)$/.test(p.name) && !uuid ? "integer" : "string");
      }
    }
    expect(loose).toEqual([]);
    // The sign-in, an item and a sale document their bodies.
    const body = (p: string, m: string) => doc.paths[p]![m]!.requestBody?.content["application/json"]?.schema;
    expect(body("/api/auth/login", "post")?.required).toEqual(["email", "password"]);
    expect(Object.keys(body("/api/items", "post")?.properties as Schema)).toEqual(expect.arrayContaining(["item_name", "item_units"]));
    expect(Object.keys(doc.paths["/api/items"]!.post!.requestBody!.content)).toEqual(["application/json", "multipart/form-data"]);
    expect(Object.keys(body("/api/items/{id}", "patch")?.properties as Schema)).toContain("item_name");
    expect((body("/api/items/{id}", "post")!.properties as Schema)._method).toBeDefined();
    expect(body("/api/sales", "post")?.required).toEqual(expect.arrayContaining(["inventory_fk", "lines"]));
  });

  it("documents each report's own query parameters as its route reads them: names, types, enums, required", async () => {
    const { LIST_URLS } = await import("../src/platform/crud.js");
    const { REPORT_QUERIES } = await import("../src/modules/ledger/dynamic-list.js");
    const { errorKey } = await import("../src/platform/report-query.js");
    const { ZListQuery } = await import("@app/contracts");
    const { z } = await import("zod");
    // Every report built per request declares its parameters, for its list and its export.
    const reports = [...REPORT_QUERIES.keys()].filter((u) => !u.endsWith("/export"));
    expect(reports.length).toBeGreaterThanOrEqual(12);
    for (const url of LIST_URLS)
      if (/^\/api\/(financial_reports|reports)\//.test(url) && REPORT_QUERIES.has(`${url}/export`)) expect(reports).toContain(url);
    for (const [url, query] of REPORT_QUERIES) {
      const op = doc.paths[url]!.get!;
      const documented = new Map(
        (op.parameters ?? []).filter((p) => p.in === "query").map((p) => [p.name, p as typeof p & { required?: boolean }]),
      );
      // Exactly the list protocol's and the report's own, no more and no fewer.
      expect([...documented.keys()].sort(), url).toEqual([...Object.keys(ZListQuery.shape), ...Object.keys(query.documented.shape)].sort());
      const json = z.toJSONSchema(query.documented, { io: "input", unrepresentable: "any" }) as {
        properties: Record<string, Schema>;
        required?: string[];
      };
      for (const [name, want] of Object.entries(json.properties)) {
        const got = documented.get(name)!;
        const pick = (s: Schema | undefined) => ({
          type: s?.type,
          enum: s?.enum,
          format: s?.format,
          pattern: s?.pattern,
          minimum: s?.minimum,
        });
        expect(pick(got.schema), `${url} ${name}`).toEqual(pick(want));
        expect(Boolean(got.required), `${url} ${name} required`).toBe((json.required ?? []).includes(name));
      }
    }
    const param = (url: string, name: string) => doc.paths[url]!.get!.parameters?.find((p) => p.name === name) as Schema | undefined;
    expect(param("/api/financial_reports/general_ledger", "account_id")).toMatchObject({ in: "query", required: true });
    expect(param("/api/financial_reports/trial_balance", "currency_id")).toMatchObject({ schema: { type: "string", enum: ["1", "2"] } });
    expect(param("/api/financial_reports/trial_balance/export", "filter[compare_date_between]")).toBeDefined();
    expect(param("/api/reports/sales", "filter[kind]")).toMatchObject({ schema: { enum: ["sale", "salesman", "pos"] } });
    // The route refuses what the document rules out, naming the parameter: a value of the wrong
    // type or outside its enum or pattern, and a required parameter left out.
    for (const [url, query] of REPORT_QUERIES) {
      if (url.endsWith("/export")) continue;
      const json = z.toJSONSchema(query.schema, { io: "input", unrepresentable: "any" }) as {
        properties: Record<string, Schema>;
        required?: string[];
      };
      for (const name of json.required ?? []) {
        const res = await t.api("GET", url);
        expect(res.status, `${url} without ${name}`).toBe(422);
        expect(Object.keys(res.body.errors), `${url} without ${name}`).toContain(errorKey(name));
      }
      for (const [name, s] of Object.entries(json.properties)) {
        if (!(s.enum || s.pattern || s.format || s.type === "integer")) continue;
        for (const key of [
          name,
          ...Object.entries(query.aliases)
            .filter(([, n]) => n === name)
            .map(([a]) => a),
        ]) {
          const res = await t.api("GET", `${url}?${encodeURIComponent(key)}=x%C2%A7`);
          expect(res.status, `${url} ${key}`).toBe(422);
          expect(Object.keys(res.body.errors), `${url} ${key}`).toContain(errorKey(name));
        }
      }
    }
  });

  it("documents the refusals: 401 and 403 when signed in, 422 with the field errors, 429 with Retry-After", () => {
    for (const [k, op] of operations) {
      expect(op.responses["422"]?.content?.["application/json"]?.schema?.required, k).toEqual(["message", "errors"]);
      if (op.security?.length === 0) continue;
      expect(Object.keys(op.responses), k).toEqual(expect.arrayContaining(["400", "401", "403"]));
    }
    const login = doc.paths["/api/auth/login"]!.post!;
    expect(Object.keys(login.responses)).toEqual(expect.arrayContaining(["401", "403", "422", "429"]));
    const throttled = login.responses["429"] as { headers?: Record<string, { schema: Schema }> };
    expect(throttled.headers?.["Retry-After"]?.schema.type).toBe("integer");
    for (const p of ["/api/auth/cashier_login", "/api/auth/refresh", "/api/auth/two_factor/confirm"])
      expect(doc.paths[p]!.post!.responses["429"], p).toBeDefined();
  });

  it("generates client types with openapi-typescript, the answers typed", { timeout: 60_000 }, async () => {
    const types = await readFile(await typesFile, "utf8");
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

/**
 * The typed client of tools/openapi-types/client: compiled under `tsc --strict` against the types
 * generated from the served document, then run against this server over HTTP. A body, a path
 * parameter or an answer the document leaves untyped (or types wrongly) fails one or the other.
 */
describe("the typed client", () => {
  it("compiles under tsc --strict against the generated types, without a cast", { timeout: 60_000 }, async () => {
    // The client beside the freshly generated types (never a schema.d.ts left in its own folder).
    const source = await readFile(path.join(clientDir, "client.ts"), "utf8");
    const build = await mkdtemp(path.join(dir, "client-"));
    await writeFile(path.join(build, "client.ts"), source);
    await writeFile(path.join(build, "schema.d.ts"), await readFile(await typesFile));
    const base = JSON.parse(await readFile(path.join(clientDir, "tsconfig.json"), "utf8"));
    const fetchTypes = path.dirname(require.resolve("openapi-fetch/package.json", { paths: [clientDir] }));
    const compilerOptions = { ...base.compilerOptions, paths: { "openapi-fetch": [fetchTypes] } };
    await writeFile(path.join(build, "tsconfig.json"), JSON.stringify({ ...base, compilerOptions }));
    const tsc = path.join(path.dirname(require.resolve("typescript/package.json", { paths: [root] })), "bin/tsc");
    const out = await run(process.execPath, [tsc, "-p", path.join(build, "tsconfig.json"), "--strict"]).catch(
      (e: { stdout: string; stderr: string }) => e,
    );
    expect(`${out.stdout}${out.stderr}`).toBe("");
    // No type assertion, non-null assertion or `any` stands in for a type the document should give.
    const code = source.replace(/\/\*[\s\S]*?\*\/|\/\/.*$/gm, "");
    expect(code).not.toMatch(/\bas\s+(?!const\b)[A-Za-z_{[(]/);
    expect(code).not.toMatch(/[\w)\]]!(?!=)/);
    expect(code).not.toMatch(/\bany\b/);
  });

  it("signs in, adds an item and makes a sale over HTTP", async () => {
    await t.app.listen({ port: 0, host: "127.0.0.1" });
    const baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    // Imported by its path: its types come from the generated schema.d.ts, which only the test above has.
    const { ApiError, souqClient } = await import(pathToFileURL(path.join(clientDir, "client.ts")).href);
    const client = souqClient(baseUrl);
    const refusal = (e: unknown) => {
      expect(e).toBeInstanceOf(ApiError);
      return e as { status: number; body: { message: string; errors?: Record<string, string[]> } };
    };

    // The documented 401 of a wrong password, with the field's message.
    const refused = refusal(await client.login(ADMIN_EMAIL, "not-the-password").catch((e: unknown) => e));
    expect(refused.status).toBe(401);
    expect(refused.body.errors?.email).toHaveLength(1);
    expect((await client.login(ADMIN_EMAIL, ADMIN_PASSWORD)).token_type).toBe("bearer");

    const piece = (await client.units()).find((u: { unit_name: string }) => u.unit_name === "Piece");
    const item = await client.createItem({
      item_name: "Cardamom Tea 250 g",
      item_units: [{ unit_fk: piece.unit_id, quantity: "1", price: "2500", is_base: true }],
    });
    expect(item.item_name).toBe("Cardamom Tea 250 g");
    expect((await client.item(item.item_id)).item_id).toBe(item.item_id);

    const customer = await client.createCustomer({ consumer_name: "Sulaymaniyah Grocers" });
    const sale = await client.createSale({
      consumer_fk: customer.consumer_id,
      inventory_fk: 1,
      currency_id: 1,
      payment_type: "On Account",
      lines: [{ item_fk: item.item_id, unit_fk: piece.unit_id, quantity: "3" }],
    });
    expect(Number(sale.total)).toBe(7500);
    expect(sale.lines.map((l: Record<string, string>) => [l.item_name, Number(l.quantity), Number(l.line_total)])).toEqual([
      ["Cardamom Tea 250 g", 3, 7500],
    ]);
    expect((await client.sale(sale.id)).total).toBe(sale.total);
    // What was saved, not only what was answered.
    const saved = await t.database.db.execute<{ total: string; consumer_fk: number }>(
      sql`select total::text, consumer_fk from sales where id = ${sale.id}`,
    );
    expect(saved.rows.map((r) => [Number(r.total), r.consumer_fk])).toEqual([[7500, customer.consumer_id]]);

    // A refused body answers the documented 422 with the field's message.
    const bad = refusal(await client.createItem({ item_name: "", item_units: [] }).catch((e: unknown) => e));
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors ?? {})).toContain("item_name");
  });
});
