import { adminToken, unique } from "../support/api";
import { expect, shot, signedIn, test } from "../support/fixtures";
import { seedExpiringItem } from "../support/seed";
import { openInApp } from "../support/walk";

/** Opening stock of two batches: 12 expiring in 5 days, 5 expired 2 days ago. */
const seedItem = (token: string, name: string) =>
  seedExpiringItem(token, name, [
    { batch_no: "SOON", days: 5, quantity: "12" },
    { batch_no: "GONE", days: -2, quantity: "5" },
  ]);

test("item transactions: choose an item, every movement with the running quantity, printed (en)", async ({ page }) => {
  const token = await adminToken();
  const name = `Report Drops ${unique()}`;
  await seedItem(token, name);
  await signedIn(page, { token, lang: "en" });
  await page.goto("/reports/item-transaction");
  await expect(page.getByTestId("report-choose")).toHaveText("Please select an item to view its transactions");
  await page.getByTestId("report-item").pressSequentially(name);
  await page.getByRole("option", { name, exact: true }).click();
  const rows = page.getByTestId("table-item_transactions").getByTestId("table-row");
  // This year's period: the quantity before it (0) first, then the two batches in.
  await expect(rows).toHaveCount(3);
  await expect(page.getByTestId("it-balance")).toHaveText(["0", "12", "17"]);
  await expect(page.getByTestId("it-closing")).toContainText("17");
  await expect(rows.nth(1)).toContainText("SOON");
  await shot(page, "item-transactions-en");
  await page.getByTestId("table-print").click();
  const printed = page.frameLocator("iframe[data-print]").locator("body");
  await expect(printed.locator("tbody tr")).toHaveCount(3);
  await expect(printed).toContainText(name);
});

test("expired items: expired and expiring batches soonest first; inventories with their value (ar)", async ({ page }) => {
  const token = await adminToken();
  const name = `دواء سعال ${unique()}`;
  await seedItem(token, name);
  await signedIn(page, { token, lang: "ar" });
  await page.goto("/reports/expired-items");
  await page.getByTestId("table-search").pressSequentially(name);
  const rows = page.getByTestId("table-expired_items").getByTestId("table-row");
  await expect(rows).toHaveCount(2);
  await expect(rows.first().getByTestId("expired-badge")).toHaveText("منتهية الصلاحية");
  await expect(rows.first()).toContainText("GONE");
  await expect(rows.nth(1)).toContainText("SOON");
  await shot(page, "expired-items-ar");

  await openInApp(page, "/reports/inventories");
  const first = page.getByTestId("table-inventories_report").getByTestId("table-row").first();
  await expect(first).toBeVisible();
  const value = await first.locator("[data-column='value']").innerText();
  expect(Number(value.replace(/,/g, ""))).toBeGreaterThan(0);
  await shot(page, "inventories-report-ar");
});
