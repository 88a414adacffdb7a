import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "./harness.js";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe("OpenAPI", () => {
  it("serves a valid document listing every route", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/docs/json" });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\.\d+\.\d+$/);
    expect(doc.info.title).toBe("Souq API");
    expect(typeof doc.info.version).toBe("string");
    expect(doc.components.securitySchemes.bearer).toEqual({ type: "http", scheme: "bearer", bearerFormat: "JWT" });
    const documented = new Set<string>();
    for (const [path, ops] of Object.entries(doc.paths as Record<string, Record<string, { responses?: unknown }>>)) {
      for (const [method, op] of Object.entries(ops)) {
        documented.add(`${method.toUpperCase()} ${path}`);
        expect(op.responses, `${method} ${path}`).toBeDefined();
      }
    }
    const missing = t.routes.map((r) => `${r.method} ${r.url.replace(/:([A-Za-z0-9_]+)/g, "{$1}")}`).filter((k) => !documented.has(k));
    expect(missing).toEqual([]);
    const users = doc.paths["/api/users"].post;
    expect(users.requestBody.content["application/json"].schema.properties.user_name).toBeDefined();
    expect(doc.paths["/api/users/{id}"].get.parameters).toContainEqual(expect.objectContaining({ name: "id", in: "path" }));
  });

  it("serves a browsable page", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/docs" });
    const page = res.statusCode === 302 ? await t.app.inject({ method: "GET", url: String(res.headers.location) }) : res;
    expect(page.statusCode).toBe(200);
    expect(page.headers["content-type"]).toMatch(/text\/html/);
    expect(page.body).toContain("swagger");
  });
});
