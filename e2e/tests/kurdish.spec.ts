import { expect, shot, signedIn, test } from "../support/fixtures";
import { openInApp } from "../support/walk";

/** Every screen without a route parameter, as the side menu reaches it. */
const SCREENS = [
  "/",
  "/staff",
  "/roles-and-permissions",
  "/pins",
  "/profile",
  "/warehouse/items",
  "/warehouse/categories",
  "/accounting/cash-and-banks",
  "/accounting/transfer-transactions",
  "/accounting/expense-types",
  "/accounting/expenses",
  "/accounting/income-types",
  "/accounting/incomes",
  "/accounting/pricing-profile",
  "/accounting/currency-rates",
  "/customers/customers",
  "/customers/transactions",
  "/suppliers/suppliers",
  "/suppliers/transactions",
  "/reports/customer-statements",
  "/reports/supplier-statements",
  "/reports/financial-reports/trial-balance",
  "/reports/financial-reports/income-statement",
  "/settings/brands",
  "/settings/cities",
  "/settings/units",
  "/settings/inventories",
  "/settings/financial-year",
  "/settings/opening-balance/accounting-opening-balance",
  "/settings/system-configurations",
  "/settings/system-profile",
];

/**
 * Latin words left in chrome that should be Kurdish. Currency codes, the shortcut, the product
 * name and the super user's name (data, in the home greeting) are not words to translate.
 */
const NOT_WORDS = ["IQD", "USD", "Ctrl", "Souq", "Excel", "PIN", "Administrator"];
const latinWords = (text: string) => (text.match(/[A-Za-z]{2,}/g) ?? []).filter((w) => !NOT_WORDS.includes(w));

test("every screen reads right to left in Kurdish, with Kurdish menus, titles and column headers", async ({ page }) => {
  test.setTimeout(180_000);
  await signedIn(page, { lang: "ckb" });
  for (const [i, path] of SCREENS.entries()) {
    // The first from a page load, the others from inside the app, as the side menu opens them.
    if (i === 0) await page.goto(path);
    else await openInApp(page, path);
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
    await expect(page.locator("html")).toHaveAttribute("lang", "ckb");
    const title = page.locator("main h2").first();
    await expect(title, path).toBeVisible();
    expect(latinWords(await title.innerText()), `${path} title`).toEqual([]);
    expect(latinWords(await page.getByTestId("side-menu").innerText()), `${path} menu`).toEqual([]);
    // The home tiles' names and hints: every one has its text (a missing one showed its key, "hints.pos").
    if (path === "/") expect(latinWords(await page.getByTestId("home-tiles").innerText()), "home tiles").toEqual([]);
    const heads = page.locator("main thead");
    if (await heads.count()) expect(latinWords(await heads.first().innerText()), `${path} column headers`).toEqual([]);
    if (["/warehouse/items", "/accounting/expenses", "/reports/financial-reports/trial-balance"].includes(path))
      await shot(page, `${path.split("/").pop()}-ckb`);
  }
});
