import { login } from "../support/api";
import { axeViolations, describeViolations } from "../support/axe";
import { expect, signedIn, test } from "../support/fixtures";
import { concretePath, registryScreens } from "../support/registry";
import { type SeededRows, seedEveryList } from "../support/seed";

async function settled(page: import("@playwright/test").Page) {
  // A page that failed to load is blank, and a blank page has nothing for the checker to find.
  await expect(page.locator("#root")).not.toBeEmpty();
  await expect(page.getByTestId("loading-essential-data")).toHaveCount(0, { timeout: 20_000 });
  await page.waitForLoadState("networkidle");
  await expect(page.getByTestId("table-loading")).toHaveCount(0);
  // Mantine's transitions (menus opening, notifications) end before the page is read.
  await page.waitForTimeout(300);
}

let rows: SeededRows;
let token: string;

test.beforeAll(async () => {
  token = await login();
  rows = await seedEveryList(token);
});

for (const lang of ["en", "ar"] as const) {
  test(`every screen of the registry passes axe-core's WCAG 2.1 A and AA rules (${lang})`, async ({ page }) => {
    // Some thirty screens, each loaded, settled and checked, on a busy two-core machine.
    test.setTimeout(600_000);
    const screens = await registryScreens();
    expect(screens.length).toBeGreaterThan(25);
    await signedIn(page, { token, lang });
    const found: string[] = [];
    for (const screen of screens) {
      await page.goto(concretePath(screen, rows));
      await settled(page);
      // Lists are checked full: an empty list hides its rows' markup from the checker.
      const tables = page.locator("[data-testid^='table-']:has(table)");
      for (let i = 0; i < (await tables.count()); i++) {
        const firstRow = tables.nth(i).getByTestId("table-row").first();
        await expect(firstRow)
          .toBeVisible()
          .catch(() => found.push(`${lang} ${screen.path}: a list without rows`));
      }
      const violations = await axeViolations(page);
      if (violations.length) found.push(describeViolations(`${lang} ${screen.path}`, violations));
    }
    expect(found.join("\n")).toBe("");
  });

  test(`dialogs pass axe-core and give focus back to their opener (${lang})`, async ({ page }) => {
    await signedIn(page, { token, lang });
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
    await page.waitForTimeout(300);
    found.push(describeViolations(`${lang} export dialog`, await axeViolations(page)));
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(exportOpen).toBeFocused();

    // A form dialog.
    await page.goto("/settings/cities");
    await settled(page);
    const add = page.getByTestId("cities-add");
    await add.focus();
    await page.keyboard.press("Enter");
    const form = page.getByTestId("cities-form");
    await expect(form).toBeVisible();
    await expect(form).toHaveRole("dialog");
    await page.waitForTimeout(300);
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
