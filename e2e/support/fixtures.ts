import { mkdirSync } from "node:fs";
import path from "node:path";
import { test as base, expect, type Page, type Request } from "@playwright/test";
import { adminToken } from "./api";

export const ARTIFACTS = path.resolve(import.meta.dirname, "../artifacts");

/** Opens the app already signed in (token in local storage, as after a login) in the given language. */
export async function signedIn(page: Page, opts: { token?: string; lang?: "en" | "ar" | "ckb" } = {}) {
  const token = opts.token ?? (await adminToken());
  await page.addInitScript(
    ([t, l]) => {
      if (!sessionStorage.getItem("e2e-seeded")) {
        localStorage.setItem("token", t);
        localStorage.setItem("lang", l);
        sessionStorage.setItem("e2e-seeded", "1");
      }
    },
    [token, opts.lang ?? "en"] as const,
  );
  return token;
}

/** The requests of a page still waiting for their answer, for pages whose requests are watched. */
const pending = new WeakMap<Page, Set<Request>>();

/** Keeps count of the page's requests on their way (the `page` of every test is watched). */
export function watchRequests(page: Page) {
  if (pending.has(page)) return;
  const open = new Set<Request>();
  page.on("request", (r) => open.add(r));
  page.on("requestfinished", (r) => open.delete(r));
  page.on("requestfailed", (r) => open.delete(r));
  pending.set(page, open);
}

/**
 * Until no request of the page is on its way, and none went out over two frames after the last
 * answer (the page renders the answer and may ask for more). A page not watched waits for the
 * network to be idle half a second.
 */
export async function quiet(page: Page) {
  const open = pending.get(page);
  if (!open) return page.waitForLoadState("networkidle");
  await expect
    .poll(
      async () => {
        if (open.size) return [...open].map((r) => r.url());
        await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
        return [...open].map((r) => r.url());
      },
      { intervals: [50], timeout: 30_000, message: "requests still on their way" },
    )
    .toEqual([]);
}

/**
 * What a person sees once the page is done: the essential data and lists loaded, nothing on the
 * network, fonts and images in, Mantine's transitions (dialogs, menus, notifications) ended.
 */
export async function settled(page: Page) {
  await expect(page.getByTestId("loading-essential-data")).toHaveCount(0, { timeout: 20_000 });
  await quiet(page);
  await expect(page.getByTestId("table-loading")).toHaveCount(0);
  await page.waitForFunction(
    () =>
      document.fonts.status === "loaded" &&
      [...document.images].every((i) => i.complete) &&
      document
        .getAnimations()
        .every((a) => a.playState !== "running" || a.effect?.getComputedTiming().iterations === Number.POSITIVE_INFINITY),
  );
}

export async function shot(page: Page, name: string) {
  mkdirSync(ARTIFACTS, { recursive: true });
  // Fonts, transitions and notifications settled, so the picture is what a person sees.
  await settled(page);
  await page.screenshot({ path: path.join(ARTIFACTS, `${name}.png`), fullPage: false });
}

export const test = base.extend({
  page: async ({ page }, use) => {
    watchRequests(page);
    await use(page);
  },
});
export { expect };
