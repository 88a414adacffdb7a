import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/harness.js";

const webDist = mkdtempSync(path.join(os.tmpdir(), "souq-web-"));
mkdirSync(path.join(webDist, "assets"));
const page = (script: string) =>
  `<!doctype html><html><head><meta property="csp-nonce" nonce="__CSP_NONCE__"><script type="module" src="/assets/${script}"></script></head><body></body></html>`;
writeFileSync(path.join(webDist, "index.html"), page("index-aaaa.js"));
writeFileSync(path.join(webDist, "assets", "index-aaaa.js"), "console.log('first build');");

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ WEB_DIST: webDist });
});
afterAll(async () => {
  await t.close();
  rmSync(webDist, { recursive: true, force: true });
});

describe("the web build served while the server runs", () => {
  it("a build made after the start (an update) is served at once: its page and its new assets, not the old page", async () => {
    const first = await t.api("GET", "/customers/customers", { token: null });
    expect(first.status).toBe(200);
    expect(first.body).toContain("/assets/index-aaaa.js");
    expect((await t.api("GET", "/assets/index-aaaa.js", { token: null })).status).toBe(200);

    // The next build: new hashed names, the old ones removed, the page rewritten.
    rmSync(path.join(webDist, "assets", "index-aaaa.js"));
    writeFileSync(path.join(webDist, "assets", "index-bbbb.js"), "console.log('second build');");
    writeFileSync(path.join(webDist, "index.html"), page("index-bbbb.js"));
    const later = new Date(Date.now() + 5_000);
    utimesSync(path.join(webDist, "index.html"), later, later);

    for (const url of ["/", "/customers/customers", "/login"]) {
      const again = await t.api("GET", url, { token: null });
      expect(again.status, url).toBe(200);
      expect(again.body, url).toContain("/assets/index-bbbb.js");
      expect(again.body, url).not.toContain("index-aaaa");
      expect(again.body, url).not.toContain("__CSP_NONCE__");
    }
    const asset = await t.api("GET", "/assets/index-bbbb.js", { token: null });
    expect(asset.status).toBe(200);
    expect(asset.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(String(asset.body)).toContain("second build");
    // What the build removed is gone; the raw page with its placeholder is never served; unknown
    // API paths still answer JSON.
    expect((await t.api("GET", "/assets/index-aaaa.js", { token: null })).status).toBe(404);
    expect((await t.api("GET", "/index.html", { token: null })).status).toBe(404);
    const api = await t.api("GET", "/api/nothing-here", { token: null });
    expect(api.status).toBe(404);
    expect(api.body).toEqual({ message: expect.any(String) });
  });
});
