import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/harness.js";

/** The web shop's build (apps/shop) served under /shop/ beside the back office's at /. */
const webDist = mkdtempSync(path.join(os.tmpdir(), "souq-web-"));
const shopDist = mkdtempSync(path.join(os.tmpdir(), "souq-shop-"));
mkdirSync(path.join(shopDist, "assets"));
writeFileSync(path.join(webDist, "index.html"), "<!doctype html><html><head></head><body>back office</body></html>");
writeFileSync(
  path.join(shopDist, "index.html"),
  `<!doctype html><html><head><meta property="csp-nonce" nonce="__CSP_NONCE__"><script type="module" src="/shop/assets/index-cccc.js" nonce="__CSP_NONCE__"></script></head><body>shop</body></html>`,
);
writeFileSync(path.join(shopDist, "assets", "index-cccc.js"), "console.log('shop');");
writeFileSync(path.join(shopDist, "sw.js"), "self.addEventListener('fetch', () => {});");
writeFileSync(path.join(shopDist, "manifest.webmanifest"), "{}");

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ WEB_DIST: webDist, SHOP_DIST: shopDist });
});
afterAll(async () => {
  await t.close();
  rmSync(webDist, { recursive: true, force: true });
  rmSync(shopDist, { recursive: true, force: true });
});

describe("the web shop at /shop/", () => {
  it("serves its page on every shop address with its own style nonce, its assets kept, its worker checked each time", async () => {
    for (const url of ["/shop/", "/shop/cart", "/shop/orders/12", "/shop/item/3?x=1"]) {
      const page = await t.api("GET", url, { token: null });
      expect(page.status, url).toBe(200);
      expect(page.body, url).toContain("shop");
      expect(page.body, url).not.toContain("__CSP_NONCE__");
      expect(page.headers["cache-control"], url).toBe("no-store");
      const nonce = /nonce="([^"]+)"/.exec(String(page.body))![1]!;
      expect(page.headers["content-security-policy"], url).toContain(`'nonce-${nonce}'`);
      expect(page.headers["x-frame-options"], url).toBe("DENY");
    }
    expect((await t.api("GET", "/shop", { token: null })).body).toContain("/shop/assets/index-cccc.js");
    const asset = await t.api("GET", "/shop/assets/index-cccc.js", { token: null });
    expect(asset.status).toBe(200);
    expect(asset.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    const worker = await t.api("GET", "/shop/sw.js", { token: null });
    expect([worker.status, worker.headers["cache-control"]]).toEqual([200, "no-cache"]);
    // The raw page and missing files are not served; the back office keeps its own page.
    expect((await t.api("GET", "/shop/index.html", { token: null })).status).toBe(404);
    expect((await t.api("GET", "/shop/assets/gone.js", { token: null })).status).toBe(404);
    const office = await t.api("GET", "/customers/customers", { token: null });
    expect(office.body).toContain("back office");
  });
});
