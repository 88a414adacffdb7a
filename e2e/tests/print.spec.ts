import type { Page } from "@playwright/test";
import { adminToken, call } from "../support/api";
import { expect, signedIn, test } from "../support/fixtures";

/** The printed page: the hidden frame the print went through. */
const printed = (page: Page) => page.frameLocator("iframe[data-print]").locator("body");

test("a list prints every row of its filter, with the shop, the title and who printed it (en)", async ({ page }) => {
  const token = await adminToken();
  const units = await call<{ data: { total: number } }>("units?per_page=10", { token });
  expect(units.data.total).toBeGreaterThan(10);
  const config = await call<{ data: { shop_name: string } }>("system_config", { token });
  await signedIn(page, { token, lang: "en" });
  await page.goto("/settings/units?per_page=10");
  await expect(page.getByTestId("table-row")).toHaveCount(10);
  await page.getByTestId("table-print").click();
  const body = printed(page);
  await expect(body.locator("tbody tr")).toHaveCount(units.data.total);
  await expect(body.locator(".shop")).toHaveText(config.data.shop_name);
  await expect(body.locator("h1")).toHaveText("Units");
  await expect(body.locator(".printed")).toContainText(/^Printed by Administrator on \d{2}\/\d{2}\/\d{4} \d{2}:\d{2} (AM|PM)$/);

  // A search narrows what is printed, and the print says so.
  await page.getByTestId("table-search").fill("Box");
  await expect(page.getByTestId("table-row")).not.toHaveCount(10);
  const shown = await page.getByTestId("table-row").count();
  await page.getByTestId("table-print").click();
  await expect(printed(page).locator("tbody tr")).toHaveCount(shown);
  await expect(printed(page).locator(".line")).toContainText(["Search: Box"]);
});

test("the trial balance prints its period and currency (ar)", async ({ page }) => {
  await signedIn(page, { token: await adminToken(), lang: "ar" });
  await page.goto("/reports/financial-reports/trial-balance");
  await expect(page.getByTestId("table-trial_balance")).toBeVisible();
  await page.getByTestId("report-print").click();
  const body = printed(page);
  await expect(body.locator("h1")).toHaveText("ميزان المراجعة");
  await expect(body.locator(".line").filter({ hasText: "الفترة" })).toHaveCount(1);
  await expect(body.locator(".line").filter({ hasText: "العملة: IQD" })).toHaveCount(1);
  await expect(page.frameLocator("iframe[data-print]").locator("html")).toHaveAttribute("dir", "rtl");
});
