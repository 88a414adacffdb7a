import type { APIRequestContext, Page } from "@playwright/test";
import { adminToken, createUser, login, unique } from "../support/api";
import { expect, test } from "../support/fixtures";

/**
 * The back office and the till can each be installed as an app: each page links its own web
 * manifest, whose fields a browser needs to install it and whose icons are served as the PNGs of
 * the sizes it names. The till keeps its offline service worker beside its manifest.
 */
interface Manifest {
  name: string;
  short_name: string;
  start_url: string;
  scope: string;
  display: string;
  theme_color: string;
  background_color: string;
  icons: { src: string; sizes: string; type: string; purpose?: string }[];
}

/** The manifest the page links, read from the server as a browser reads it. */
async function linkedManifest(page: Page, request: APIRequestContext): Promise<{ href: string; manifest: Manifest }> {
  const link = page.locator('link[rel="manifest"]');
  await expect(link).toHaveCount(1);
  const href = (await link.getAttribute("href"))!;
  const res = await request.get(href);
  expect(res.status()).toBe(200);
  expect(res.headers()["content-type"]).toContain("application/manifest+json");
  return { href, manifest: (await res.json()) as Manifest };
}

/** The browser itself reads the linked manifest without an error. */
async function browserReads(page: Page, href: string) {
  const cdp = await page.context().newCDPSession(page);
  await expect(async () => {
    const read = await cdp.send("Page.getAppManifest");
    expect(new URL(read.url).pathname).toBe(href);
    expect(read.errors).toEqual([]);
  }).toPass({ timeout: 10_000 });
  await cdp.detach();
}

/** Every icon answers 200 as a PNG whose header gives the size the manifest says. */
async function checkIcons(request: APIRequestContext, manifest: Manifest) {
  expect(manifest.icons.some((i) => i.sizes === "192x192")).toBe(true);
  expect(manifest.icons.some((i) => i.sizes === "512x512" && (i.purpose ?? "any").includes("any"))).toBe(true);
  expect(manifest.icons.some((i) => i.sizes === "512x512" && i.purpose?.includes("maskable"))).toBe(true);
  for (const icon of manifest.icons) {
    const res = await request.get(icon.src);
    expect(res.status(), icon.src).toBe(200);
    expect(res.headers()["content-type"], icon.src).toBe("image/png");
    expect(icon.type).toBe("image/png");
    const png = await res.body();
    expect(png.subarray(1, 4).toString("latin1"), icon.src).toBe("PNG");
    expect(`${png.readUInt32BE(16)}x${png.readUInt32BE(20)}`, icon.src).toBe(icon.sizes);
  }
}

function checkFields(manifest: Manifest) {
  for (const field of ["name", "short_name", "start_url", "scope", "theme_color", "background_color"] as const) {
    expect(manifest[field], field).toBeTruthy();
  }
  expect(manifest.display).toBe("standalone");
  expect(manifest.start_url.startsWith(manifest.scope)).toBe(true);
}

test("the sign-in page links the back office's manifest, with its icons, and the policy allows it", async ({ page }) => {
  const answer = await page.goto("/login");
  // No manifest-src of its own: the manifest falls under default-src, which is the app's own origin.
  const policy = answer!.headers()["content-security-policy"] ?? "";
  expect(policy).toContain("default-src 'self'");
  expect(policy).not.toContain("manifest-src");
  await expect(page.locator('link[rel="apple-touch-icon"]')).toHaveAttribute("href", "/apple-touch-icon.png");
  const { href, manifest } = await linkedManifest(page, page.request);
  expect(href).toBe("/manifest.webmanifest");
  await browserReads(page, href);
  checkFields(manifest);
  expect(manifest.name).toBe("Souq");
  expect(manifest.start_url).toBe("/");
  expect(manifest.scope).toBe("/");
  await checkIcons(page.request, manifest);
  const touch = await page.request.get("/apple-touch-icon.png");
  expect(touch.status()).toBe(200);
  expect(touch.headers()["content-type"]).toBe("image/png");
});

test("the till links its own manifest, opening at the POS screen, and its service worker still registers", async ({ page, context }) => {
  const cashier = await createUser(await adminToken(), {
    user_name: `Manifest Cashier ${unique()}`,
    is_cashier: true,
    outlet_fk: 1,
    permissions: ["pos_sales/index", "pos_sales/store"],
  });
  const token = await login(cashier.email, cashier.password);
  await context.addInitScript((t) => {
    localStorage.setItem("token", t);
    localStorage.setItem("lang", "en");
  }, token);
  await page.goto("/settings/pos");
  await expect(page.getByTestId("pos-cashier")).toBeVisible({ timeout: 30_000 });
  await expect(page.locator('link[rel="manifest"]')).toHaveAttribute("href", "/pos.webmanifest");
  const { href, manifest } = await linkedManifest(page, page.request);
  await browserReads(page, href);
  checkFields(manifest);
  expect(manifest.name).toBe("Souq POS");
  expect(manifest.start_url).toBe("/settings/pos");
  expect(manifest.scope).toBe("/settings/pos");
  await checkIcons(page.request, manifest);
  // The worker is the till's, at the site's root scope as before.
  const worker = await page.evaluate(async () => {
    const reg = await navigator.serviceWorker.ready;
    return { scope: reg.scope, script: reg.active?.scriptURL ?? "" };
  });
  expect(new URL(worker.scope).pathname).toBe("/");
  expect(new URL(worker.script).pathname).toBe("/sw.js");
});
