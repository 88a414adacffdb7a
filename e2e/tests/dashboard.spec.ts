import type { Page } from "@playwright/test";
import { adminToken, unique } from "../support/api";
import { axeViolations, describeViolations } from "../support/axe";
import { expect, shot, signedIn, test } from "../support/fixtures";
import { completedSale, createItem, pieceAndBox, poster } from "../support/seed";
import { watchViolations } from "../support/walk";

/** A day on the business's clock (the server's TIME_ZONE, Asia/Baghdad), `days` from today. */
function businessDay(days: number): string {
  const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Baghdad" }).format(new Date());
  const d = new Date(`${today}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/**
 * An inventory of its own (the dashboard filtered by it sees no other test's sales) with an item
 * of 10 pieces at a cost of 1,000, its shortage alert at 50; sold 2 pieces at 2,500 yesterday and
 * 4 today: today's net sales 10,000 against yesterday's 5,000 (+100%), gross profit 6,000.
 */
async function seed(token: string) {
  const u = unique();
  const post = poster(token);
  const { piece } = await pieceAndBox(token);
  const inventory = (await post<{ inventory_id: number }>("inventories", { inventory_name: `Dash Store ${u}` })).inventory_id;
  const itemName = `Dash Syrup ${u}`;
  const item = await createItem(token, {
    item_name: itemName,
    shortage_alert: 50,
    item_units: [{ unit_fk: piece, quantity: "1", price: "2500", is_base: true }],
  });
  await post("inventory_opening_balances", {
    inventory_id: inventory,
    date: businessDay(-3),
    lines: [{ item_id: item, unit_id: piece, quantity: "10", unit_cost: "1000" }],
  });
  const customerName = `Dash Pharmacy ${u}`;
  const customer = await post<{ consumer_id: number }>("customers", { consumer_name: customerName });
  const sale = (quantity: string, date?: string) =>
    completedSale(token, {
      inventory_fk: inventory,
      consumer_fk: customer.consumer_id,
      ...(date ? { date: `${date} 10:00` } : {}),
      lines: [{ item_fk: item, unit_fk: piece, quantity }],
    });
  await sale("2", businessDay(-1));
  await sale("4");
  return { inventory, item, itemName, customerName };
}

const card = (page: Page, key: string) => page.getByTestId(`card-${key}`);

async function noAxeViolations(page: Page, where: string) {
  expect(describeViolations(where, await axeViolations(page, "main"))).toBe("");
}

test("the dashboard shows the seeded sales beside the day before, follows currency and period, and a figure opens its list (en)", async ({
  page,
}) => {
  // Many steps, each a load of its own: on a busy two-core machine it may pass the default minute.
  test.setTimeout(120_000);
  const token = await adminToken();
  const s = await seed(token);
  await signedIn(page, { token, lang: "en" });
  // The charts draw under the product's Content-Security-Policy, asking nothing of it.
  const violations = await watchViolations(page);

  // The home grid's first tile is the dashboard.
  await page.goto("/");
  await expect(page.getByTestId("home-tiles").locator("[data-testid^=tile-]").first()).toHaveAttribute("data-testid", "tile-dashboard", {
    timeout: 30_000,
  });
  await page.getByTestId("tile-dashboard").click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole("heading", { name: "Dashboard", exact: true })).toBeVisible();

  await page.goto(`/dashboard?inventory=${s.inventory}`);
  await expect(card(page, "net_sales").getByTestId("card-net_sales-value")).toHaveText("10,000 IQD", { timeout: 30_000 });
  await expect(card(page, "net_sales").getByTestId("card-net_sales-change")).toContainText("+100%");
  await expect(card(page, "net_sales").getByTestId("card-net_sales-change")).toHaveAttribute("data-tone", "good");
  await expect(card(page, "net_sales").getByTestId("card-net_sales-previous")).toHaveText("Before: 5,000 IQD");
  await expect(card(page, "sales_count").getByTestId("card-sales_count-value")).toHaveText("1");
  await expect(card(page, "sales_count").getByTestId("card-sales_count-change")).toHaveAttribute("data-direction", "flat");
  await expect(card(page, "average_ticket").getByTestId("card-average_ticket-value")).toHaveText("10,000 IQD");
  await expect(card(page, "gross_profit").getByTestId("card-gross_profit-value")).toHaveText("6,000 IQD");
  await expect(card(page, "returns").getByTestId("card-returns-value")).toHaveText("0 IQD");

  // Every chart is also a table: the top item's row, and the table view shows the same figures.
  const topItems = page.getByTestId("chart-top-items");
  await expect(topItems.locator(".recharts-surface")).toBeVisible();
  await topItems.getByTestId("chart-top-items-view").getByText("Table", { exact: true }).click();
  const itemRow = topItems.getByTestId("figures-top-items-row").filter({ hasText: s.itemName });
  await expect(itemRow).toContainText("10,000");
  await expect(itemRow).toContainText("4");
  // The item is low in its inventory: 4 pieces left under a minimum of 50.
  await expect(page.getByTestId("figures-low-stock").getByRole("row").filter({ hasText: s.itemName })).toContainText("50");
  await noAxeViolations(page, "dashboard (en)");
  await page.evaluate(() => window.scrollTo(0, 0));
  await shot(page, "dashboard-en");
  await page.getByTestId("dashboard-cash").scrollIntoViewIfNeeded();
  await shot(page, "dashboard-en-positions");

  // Only US dollar documents, in dollars: nothing of the dinar sales.
  await page.getByTestId("dashboard-currency").getByText("USD", { exact: true }).click();
  await expect(page).toHaveURL(/currency=USD/);
  await expect(card(page, "net_sales").getByTestId("card-net_sales-value")).toHaveText("0.00 USD");
  await expect(page.getByTestId("chart-by-day-empty")).toHaveText("No sales in this period.");
  await page.getByTestId("dashboard-currency").getByText("IQD", { exact: true }).click();
  await expect(card(page, "net_sales").getByTestId("card-net_sales-value")).toHaveText("10,000 IQD");

  // Yesterday's sale alone, beside a day before it that had none: no per cent of nothing.
  await page.getByTestId("dashboard-period").click();
  await page.getByRole("option", { name: "Yesterday", exact: true }).click();
  await expect(page).toHaveURL(/period=yesterday/);
  await expect(card(page, "net_sales").getByTestId("card-net_sales-value")).toHaveText("5,000 IQD");
  await expect(card(page, "net_sales").getByTestId("card-net_sales-change")).toHaveCount(0);
  await expect(card(page, "net_sales").getByTestId("card-net_sales-previous")).toHaveText("Before: 0 IQD");

  // A custom range of both days, written in the displayed format.
  await page.getByTestId("dashboard-period").click();
  await page.getByRole("option", { name: "Custom range", exact: true }).click();
  // It starts from the days shown (yesterday alone); the last day typed is today.
  const shown = (day: string) => day.split("-").reverse().join("/");
  await expect(page.getByTestId("dashboard-from")).toHaveValue(shown(businessDay(-1)));
  const to = page.getByTestId("dashboard-to");
  await to.fill("");
  await to.pressSequentially(shown(businessDay(0)));
  await to.press("Enter");
  await expect(to).toHaveValue(shown(businessDay(0)));
  await expect(page).toHaveURL(new RegExp(`from=${businessDay(-1)}&to=${businessDay(0)}`));
  await expect(card(page, "net_sales").getByTestId("card-net_sales-value")).toHaveText("15,000 IQD");
  await expect(card(page, "sales_count").getByTestId("card-sales_count-value")).toHaveText("2");

  // The figure opens the sales report of the same days and inventory, where the customer's sales are.
  await card(page, "net_sales").getByTestId("card-net_sales-value").click();
  await expect(page).toHaveURL(/\/reports\/sales\?/);
  const url = new URL(page.url());
  expect(url.searchParams.get("filter[date_filter]")).toBe("DATE_PERIOD");
  expect(url.searchParams.get("filter[date_between]")).toBe(`${businessDay(-1)},${businessDay(0)}`);
  expect(url.searchParams.get("inventory")).toBe(String(s.inventory));
  await expect(page.getByTestId("table-row").filter({ hasText: s.customerName })).toHaveCount(2, { timeout: 30_000 });

  // The top item opens the item.
  await page.goBack();
  await expect(card(page, "net_sales").getByTestId("card-net_sales-value")).toHaveText("15,000 IQD", { timeout: 30_000 });
  await page.getByTestId("chart-top-items").getByTestId("chart-top-items-view").getByText("Table", { exact: true }).click();
  await page.getByTestId("top-item-link").filter({ hasText: s.itemName }).click();
  await expect(page).toHaveURL(new RegExp(`/warehouse/items\\?filter%5Bitem_id%5D=${s.item}`));
  await expect(page.getByTestId("table-row")).toHaveCount(1, { timeout: 30_000 });
  await expect(page.getByTestId("table-row")).toContainText(s.itemName);
  expect(violations).toEqual([]);
});

for (const [lang, title, netSales] of [
  ["ar", "لوحة المعلومات", "صافي المبيعات"],
  ["ckb", "داشبۆرد", "پوختەی فرۆشتن"],
] as const) {
  test(`the dashboard reads right to left, its charts mirrored, in light and dark (${lang})`, async ({ page }) => {
    const token = await adminToken();
    const s = await seed(token);
    await signedIn(page, { token, lang });
    const violations = await watchViolations(page);
    await page.goto(`/dashboard?inventory=${s.inventory}`);
    await expect(page.getByRole("heading", { name: title, exact: true })).toBeVisible({ timeout: 30_000 });
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
    await expect(card(page, "net_sales")).toContainText(netSales);
    await expect(card(page, "net_sales").getByTestId("card-net_sales-value")).toHaveText("10,000 IQD");
    await expect(card(page, "net_sales").getByTestId("card-net_sales-change")).toContainText("+100%");
    // The value axis stands on the right, the days run from the right.
    const byDay = page.getByTestId("chart-by-day");
    await expect(byDay.locator(".recharts-yAxis")).toBeVisible();
    const axisX = await byDay.locator(".recharts-yAxis").boundingBox();
    const chart = await byDay.locator(".recharts-surface").boundingBox();
    expect(axisX && chart && axisX.x > chart.x + chart.width / 2).toBe(true);
    await noAxeViolations(page, `dashboard (${lang})`);
    await shot(page, `dashboard-${lang}`);
    // The tooltip of the hour's bar is written right to left.
    const byHour = page.getByTestId("chart-by-hour");
    await byHour.scrollIntoViewIfNeeded();
    const bar = byHour.locator("path.recharts-rectangle").filter({ visible: true }).first();
    await bar.hover();
    const tip = byHour.locator(".mantine-ChartTooltip-tooltip");
    await expect(tip).toBeVisible();
    await expect(tip).toHaveCSS("direction", "rtl");
    await expect(tip).toContainText("10,000");
    await shot(page, `dashboard-${lang}-tooltip`);

    await page.evaluate(() => localStorage.setItem("theme", "dark"));
    await page.reload();
    await expect(page.locator("html")).toHaveAttribute("data-mantine-color-scheme", "dark");
    await expect(card(page, "net_sales").getByTestId("card-net_sales-value")).toHaveText("10,000 IQD", { timeout: 30_000 });
    await expect(byDay.locator(".recharts-surface")).toBeVisible();
    await noAxeViolations(page, `dashboard, dark (${lang})`);
    await shot(page, `dashboard-${lang}-dark`);
    expect(violations).toEqual([]);
  });
}
