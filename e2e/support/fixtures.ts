import { mkdirSync } from "node:fs";
import path from "node:path";
import { type Browser, test as base, expect, type Locator, type Page } from "@playwright/test";
import { adminToken, baseUrl } from "./api";

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

/**
 * Signs in and opens a list screen in the given language, once its table is shown (a first visit
 * loads the screen's code, which may take a while on a busy machine).
 */
export async function openList(page: Page, token: string, route: string, table: string, lang: "en" | "ar" | "ckb" = "en") {
  await signedIn(page, { token, lang });
  await page.goto(route);
  await expect(page.getByTestId(table)).toBeVisible({ timeout: 30_000 });
}

/** Types into a field key by key, as a person does, after emptying it (formatted fields reformat as they are typed). */
export async function typeInto(field: Locator, text: string) {
  await field.fill("");
  await field.pressSequentially(text);
}

/** Opens a select and takes the option named `label` exactly. */
export async function choose(page: Page, field: Locator, label: string) {
  await field.click();
  await page.getByRole("option", { name: label, exact: true }).click();
}

/**
 * Takes the option named `label` in a searchable select: the field filled with the label, or with
 * `keys` typed one by one (each key asks for the matches again, as when a person types).
 */
export async function pick(page: Page, field: Locator, label: string, keys?: string) {
  await field.click();
  if (keys === undefined) await field.fill(label);
  else await field.pressSequentially(keys);
  await page.getByRole("option", { name: label, exact: true }).click();
}

/**
 * The POS card of the system settings at a manager's desk (a browser context of its own, beside
 * the till's): `edit` changes the card, it is saved (answered 200) and the page loaded again, and
 * `kept` looks at the card as it came back.
 */
export async function editPosSettings(
  browser: Browser,
  opts: { token: string; lang: "en" | "ar" | "ckb" },
  edit: (card: Locator, manager: Page) => Promise<void>,
  kept: (card: Locator) => Promise<void>,
) {
  const desk = await browser.newContext({ baseURL: baseUrl() });
  const manager = await desk.newPage();
  await signedIn(manager, opts);
  await manager.goto("/settings/system-configurations");
  const card = manager.getByTestId("pos-settings");
  await edit(card, manager);
  const saved = manager.waitForResponse((r) => r.url().endsWith("/api/pos/settings") && r.request().method() === "POST");
  await card.getByTestId("pos-settings-save").click();
  expect((await saved).status()).toBe(200);
  await manager.reload();
  await kept(manager.getByTestId("pos-settings"));
  await desk.close();
}

/**
 * Counts, in the page, the requests of its own on their way: every request of the app's goes
 * through fetch. (Playwright's request events would do, but listening to them has every request of
 * every page sent over to the test.)
 */
function countFetches() {
  const w = window as unknown as { __e2eFetching?: number };
  if (w.__e2eFetching !== undefined) return;
  w.__e2eFetching = 0;
  const native = window.fetch;
  window.fetch = function (this: unknown, ...args: Parameters<typeof fetch>) {
    w.__e2eFetching! += 1;
    return native.apply(this, args).finally(() => {
      w.__e2eFetching! -= 1;
    });
  };
}

/** Counts the page's requests on their way from its first script on (the `page` of every test). */
export async function watchRequests(page: Page) {
  await page.addInitScript(countFetches);
}

/**
 * Until no request of the page is on its way, and none went out over three frames after the last
 * answer (the page renders the answer and may ask for more). A page not watched waits for the
 * network to be idle half a second.
 */
export async function quiet(page: Page) {
  type Counted = { __e2eFetching?: number; __e2eCalm?: number };
  const watched = await page.evaluate(() => {
    const w = window as unknown as Counted;
    w.__e2eCalm = 0;
    return w.__e2eFetching !== undefined;
  });
  if (!watched) return page.waitForLoadState("networkidle");
  await page
    .waitForFunction(
      () => {
        const w = window as unknown as Counted;
        w.__e2eCalm = w.__e2eFetching === 0 ? (w.__e2eCalm ?? 0) + 1 : 0;
        return w.__e2eCalm >= 3;
      },
      undefined,
      { timeout: 30_000 },
    )
    .catch(async (e: Error) => {
      const open = await page.evaluate(() => (window as unknown as Counted).__e2eFetching).catch(() => "?");
      throw new Error(`${open} requests of the page still on their way: ${e.message}`);
    });
}

/**
 * What a person sees once the page is done: the essential data and lists loaded, nothing on the
 * network, fonts and images in, Mantine's transitions (dialogs, menus, notifications) ended.
 */
export async function settled(page: Page) {
  // Each waited for in the page, frame by frame, then asserted.
  const gone = (testId: string, timeout: number) =>
    page
      .waitForFunction((id) => !document.querySelector(`[data-testid="${id}"]`), testId, { timeout })
      .catch(() => {})
      .then(() => expect(page.getByTestId(testId)).toHaveCount(0));
  await gone("loading-essential-data", 20_000);
  await quiet(page);
  await gone("table-loading", 10_000);
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
    await watchRequests(page);
    await use(page);
  },
});
export { expect };
