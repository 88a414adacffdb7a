import { mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/harness.js";

let t: TestApp;
let tls: TestApp;
const webDist = mkdtempSync(path.join(os.tmpdir(), "souq-web-"));
writeFileSync(
  path.join(webDist, "index.html"),
  '<!doctype html><html><head><meta property="csp-nonce" nonce="__CSP_NONCE__"><script type="module" src="/assets/app.js"></script></head><body></body></html>',
);

beforeAll(async () => {
  t = await createTestApp({ WEB_DIST: webDist });
  tls = await createTestApp({ WEB_DIST: webDist, TLS: "1" });
});
afterAll(async () => {
  await t.close();
  await tls.close();
});

const directives = (csp: unknown) =>
  new Map(
    String(csp)
      .split(";")
      .map((d) => d.trim().split(/\s+/))
      .filter((d) => d[0])
      .map(([name, ...values]) => [name!, values]),
  );

function expectCommonHeaders(headers: Record<string, unknown>) {
  expect(headers["x-content-type-options"]).toBe("nosniff");
  expect(headers["referrer-policy"]).toBe("no-referrer");
  expect(headers["cross-origin-opener-policy"]).toBe("same-origin");
  expect(headers["x-frame-options"]).toBe("DENY");
  const csp = directives(headers["content-security-policy"]);
  expect(csp.get("script-src")).toEqual(["'self'"]);
  expect(csp.get("object-src")).toEqual(["'none'"]);
  expect(csp.get("base-uri")).toEqual(["'self'"]);
  expect(csp.get("frame-ancestors")).toEqual(["'none'"]);
  expect(csp.get("connect-src")).toEqual(["'self'"]);
  expect(String(headers["content-security-policy"])).not.toMatch(/unsafe-(inline|eval)/);
  return csp;
}

describe("security headers", () => {
  it("the app page: a strict policy whose style nonce is the one written into the page, new on every answer", async () => {
    const a = await t.api("GET", "/login", { token: null });
    expect(a.status).toBe(200);
    expect(a.headers["content-type"]).toMatch(/text\/html/);
    expect(a.headers["cache-control"]).toBe("no-store");
    const csp = expectCommonHeaders(a.headers);
    const style = csp.get("style-src")!;
    expect(style[0]).toBe("'self'");
    const nonce = /^'nonce-([A-Za-z0-9+/=]{20,})'$/.exec(style[1]!)?.[1];
    expect(nonce).toBeDefined();
    expect(a.body).toContain(`nonce="${nonce}"`);
    expect(a.body).not.toContain("__CSP_NONCE__");
    expect(a.headers["strict-transport-security"]).toBeUndefined();
    expect(csp.has("upgrade-insecure-requests")).toBe(false);

    const b = await t.api("GET", "/", { token: null });
    expect(directives(b.headers["content-security-policy"]).get("style-src")![1]).not.toBe(style[1]);
    // The raw file with its placeholder is never served.
    expect((await t.api("GET", "/index.html", { token: null })).status).toBe(404);
  });

  it("HEAD answers like GET", async () => {
    for (const url of ["/login", "/", "/staff/1"]) {
      const head = await t.app.inject({ method: "HEAD", url });
      expect(head.statusCode, url).toBe(200);
      expect(head.headers["content-type"], url).toMatch(/text\/html/);
      expect(head.headers["content-security-policy"], url).toBeDefined();
      expect(head.body, url).toBe("");
    }
    const api = await t.app.inject({ method: "HEAD", url: "/api/login_options" });
    expect(api.statusCode).toBe(200);
    expect(api.headers["x-content-type-options"]).toBe("nosniff");
    expect((await t.app.inject({ method: "HEAD", url: "/api/nothing-here" })).statusCode).toBe(404);
  });

  it("the API, its errors and a file download carry the same headers", async () => {
    const me = await t.api("POST", "/api/auth/me");
    expect(me.status).toBe(200);
    expectCommonHeaders(me.headers);
    const denied = await t.api("POST", "/api/auth/me", { token: null });
    expect(denied.status).toBe(401);
    expectCommonHeaders(denied.headers);
    const file = await t.api("GET", "/api/users/export?headers=user_name,email");
    expect(file.status).toBe(200);
    expect(file.headers["content-disposition"]).toMatch(/attachment/);
    expectCommonHeaders(file.headers);
    const image = await t.api("GET", "/images/00000000-0000-0000-0000-000000000000.png", { token: null });
    expect(image.status).toBe(404);
    expectCommonHeaders(image.headers);
  });

  it("HSTS and the upgrade of insecure requests only when served over TLS", async () => {
    const res = await tls.api("GET", "/login", { token: null });
    expect(res.headers["strict-transport-security"]).toBe("max-age=31536000; includeSubDomains");
    expect(directives(res.headers["content-security-policy"]).has("upgrade-insecure-requests")).toBe(true);
    expect((await tls.api("POST", "/api/auth/me")).headers["strict-transport-security"]).toBeDefined();
  });

  it("the OpenAPI page has its own policy: inline styles for Swagger UI, still no inline script and no framing", async () => {
    const res = await t.api("GET", "/api/docs/", { token: null });
    expect(res.status).toBe(200);
    const csp = directives(res.headers["content-security-policy"]);
    expect(csp.get("script-src")).toEqual(["'self'"]);
    expect(csp.get("frame-ancestors")).toEqual(["'none'"]);
    expect(csp.get("style-src")).toEqual(["'self'", "'unsafe-inline'"]);
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
  });
});
