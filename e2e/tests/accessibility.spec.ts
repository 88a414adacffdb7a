import type { Page } from "@playwright/test";
import { axeViolations, describeViolations } from "../support/axe";
import { expect, settled, signedIn, test } from "../support/fixtures";
import { concretePath, registryScreens, type Screen } from "../support/registry";
import { type SeededRows, seededOnce } from "../support/seed";
import { openInApp, type Violation, watchViolations } from "../support/walk";

/**
 * Every screen of the registry, in English and Arabic, loaded once and checked for everything at
 * once: the direction of the language, a heading, the lists full (a row in each), axe-core's WCAG
 * 2.1 A and AA rules, and no Content-Security-Policy violation. The walk of a language is cut in
 * parts that the two workers take side by side; each part loads the page once and goes from screen
 * to screen inside the app. One part also checks the styles made at run time and that the policy
 * is in force.
 */
const PARTS = 2;

// The parts of the walks and the dialogs, whichever worker is free.
test.describe.configure({ mode: "parallel" });

let rows: SeededRows;

test.beforeAll(async () => {
  // One row or more in every list, for the whole run (the parts share them).
  test.setTimeout(180_000);
  rows = await seededOnce();
});

/** The screens of part `part` of `PARTS`, in registry order. */
async function partOf(part: number): Promise<Screen[]> {
  const screens = await registryScreens();
  expect(screens.length).toBeGreaterThan(30);
  const size = Math.ceil(screens.length / PARTS);
  return screens.slice(part * size, (part + 1) * size);
}

/** The checks of the screen shown, each failure added to `found`. */
async function checkScreen(page: Page, lang: "en" | "ar", url: string, found: string[]) {
  await expect(page.locator("html")).toHaveAttribute("dir", lang === "ar" ? "rtl" : "ltr");
  // The heading waited for in the page, frame by frame, then asserted.
  const heading = "main h2, h1, h2";
  await page.waitForFunction((h) => document.querySelector(h)?.checkVisibility() === true, heading, { timeout: 30_000 }).catch(() => {});
  await expect(page.locator(heading).first(), url).toBeVisible();
  // A page that failed to load is blank, and a blank page has nothing for the checker to find.
  await expect(page.locator("#root")).not.toBeEmpty();
  await settled(page);
  // Lists are checked full: an empty list hides its rows' markup from the checker.
  const tables = page.locator("[data-testid^='table-']:has(table)");
  for (let i = 0; i < (await tables.count()); i++) {
    const firstRow = tables.nth(i).getByTestId("table-row").first();
    await expect(firstRow)
      .toBeVisible()
      .catch(() => found.push(`${lang} ${url}: a list without rows`));
  }
  const violations = await axeViolations(page);
  if (violations.length) found.push(describeViolations(`${lang} ${url}`, violations));
}

/** Styles made at run time pass the policy; a style without its nonce is refused and reported. */
async function runTimeStyles(page: Page, lang: "en" | "ar", violations: Violation[]) {
  // A dialog (Mantine's scroll lock adds a <style>), the theme switch (Mantine adds one while it
  // swaps colours) and the language menu; after a page load of its own.
  await page.goto("/staff");
  await page.getByTestId("theme-toggle").click();
  await page.getByTestId("theme-toggle").click();
  await page.getByRole("button", { name: lang === "ar" ? "إضافة موظف" : "Add staff member" }).click();
  await expect(page.getByRole("dialog")).toBeVisible();
  await page.keyboard.press("Escape");
  await page.getByTestId("language-menu").click();
  await expect(page.getByTestId("language-ckb")).toBeVisible();
  await page.keyboard.press("Escape");

  // The policy really is in force: a style without the nonce is refused and reported.
  const before = violations.length;
  await page.evaluate(() => {
    const s = document.createElement("style");
    s.textContent = "body { outline: 1px solid red }";
    document.head.append(s);
  });
  await expect.poll(() => violations.length).toBe(before + 1);
  expect(violations.pop()!.directive).toMatch(/^style-src/);
}

for (const lang of ["en", "ar"] as const) {
  for (let part = 0; part < PARTS; part++) {
    test(`every screen of the registry passes axe-core's WCAG 2.1 A and AA rules and the Content-Security-Policy (${lang}, part ${part + 1} of ${PARTS})`, async ({
      page,
    }) => {
      // Some fifty screens, each loaded, settled and checked, on a busy two-core machine.
      test.setTimeout(480_000);
      const screens = await partOf(part);
      const violations = await watchViolations(page);
      await signedIn(page, { lang });
      const found: string[] = [];
      for (const [i, screen] of screens.entries()) {
        const url = concretePath(screen, rows);
        // The first screen from a page load, the others from inside the app; a screen that only
        // takes another record of the one before (the same title) from a page load too.
        if (i === 0 || screen.key === screens[i - 1]!.key) await page.goto(url);
        else await openInApp(page, url);
        await checkScreen(page, lang, url, found);
      }
      if (part === PARTS - 1) await runTimeStyles(page, lang, violations);
      expect(found.join("\n")).toBe("");
      expect(violations).toEqual([]);
    });
  }

  test(`dialogs pass axe-core and give focus back to their opener (${lang})`, async ({ page }) => {
    await signedIn(page, { lang });
    const found: string[] = [];

    // The export dialog of a list.
    await page.goto("/staff");
    await settled(page);
    const exportOpen = page.getByTestId("export-open");
    await exportOpen.focus();
    await page.keyboard.press("Enter");
    const dialog = page.getByTestId("export-dialog");
    await expect(dialog).toBeVisible();
    await expect(dialog).toHaveRole("dialog");
    await settled(page);
    found.push(describeViolations(`${lang} export dialog`, await axeViolations(page)));
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(exportOpen).toBeFocused();

    // A form dialog.
    await openInApp(page, "/settings/cities");
    await settled(page);
    const add = page.getByTestId("cities-add");
    await add.focus();
    await page.keyboard.press("Enter");
    const form = page.getByTestId("cities-form");
    await expect(form).toBeVisible();
    await expect(form).toHaveRole("dialog");
    await settled(page);
    // The focused field shows where the keyboard is.
    const outline = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement | null;
      if (!el || el === document.body) return "none";
      const s = getComputedStyle(el);
      return `${s.outlineStyle} ${s.outlineWidth} ${s.borderColor}`;
    });
    expect(outline).not.toBe("none");
    found.push(describeViolations(`${lang} form dialog`, await axeViolations(page)));
    await page.keyboard.press("Escape");
    await expect(form).toBeHidden();
    await expect(add).toBeFocused();

    expect(found.filter(Boolean).join("\n")).toBe("");
  });
}
