import { adminToken, call, unique } from "../support/api";
import { expect, shot, signedIn, test } from "../support/fixtures";
import { completedSale, createItem, openingStock, pieceAndBox, poster } from "../support/seed";
import { openInApp } from "../support/walk";

/** An item with 10 in stock at 1,000 a piece, sold 4 at 2,500 today: 10,000 of revenue, 4,000 of cost. */
async function seedSale(token: string) {
  const u = unique();
  const { piece } = await pieceAndBox(token);
  const item = await createItem(token, {
    item_name: `Report Gauze ${u}`,
    item_units: [{ unit_fk: piece, quantity: "1", price: "2500", is_base: true }],
  });
  await openingStock(token, item, piece, "10", "1000");
  const customer = await poster(token)<{ consumer_id: number }>("customers", { consumer_name: `Report Clinic ${u}` });
  const sale = await completedSale(token, {
    consumer_fk: customer.consumer_id,
    lines: [{ item_fk: item, unit_fk: piece, quantity: "4" }],
  });
  return { name: `Report Gauze ${u}`, customer: `Report Clinic ${u}`, sale: sale.id };
}

test("a sale shows on the items profit report with its revenue, cost and profit, and the sales report finds it by customer", async ({
  page,
}) => {
  const token = await adminToken();
  const seeded = await seedSale(token);
  await signedIn(page, { token, lang: "en" });
  await page.goto(`/reports/items-profit?search=${encodeURIComponent(seeded.name)}`);
  const row = page.getByTestId("table-row").filter({ hasText: seeded.name });
  await expect(row).toBeVisible({ timeout: 30_000 });
  await expect(row).toContainText("10,000");
  await expect(row).toContainText("4,000");
  await expect(row).toContainText("6,000");
  await openInApp(page, `/reports/sales?search=${encodeURIComponent(seeded.customer)}`);
  await expect(page.getByTestId("table-row").filter({ hasText: seeded.customer })).toBeVisible({ timeout: 30_000 });
});

for (const [lang, title] of [
  ["ar", "أرباح المواد"],
  ["ckb", "قازانجی کاڵاکان"],
] as const) {
  test(`the items profit report reads right to left (${lang})`, async ({ page }) => {
    const token = await adminToken();
    await seedSale(token);
    await signedIn(page, { token, lang });
    await page.goto("/reports/items-profit");
    await expect(page.getByRole("heading", { name: title, exact: true })).toBeVisible({ timeout: 30_000 });
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
    await expect(page.getByTestId("table-row").first()).toBeVisible();
    await shot(page, `items-profit-${lang}`);
  });
}

test("in Arabic a sale return reads negative on the sales report, its minus in front, and its kind in a whole word (ar)", async ({
  page,
}) => {
  const token = await adminToken();
  const seeded = await seedSale(token);
  const sale = await call<{ data: { lines: { line_id: number }[] } }>(`sales/${seeded.sale}`, { token });
  const back = await call<{ data: { number: string } }>("sale_returns", {
    method: "POST",
    token,
    body: {
      sale_fk: seeded.sale,
      inventory_fk: 1,
      received_type: "On Account",
      lines: [{ sale_line_fk: sale.data.lines[0]!.line_id, quantity: "1" }],
    },
  });
  await signedIn(page, { token, lang: "ar" });
  await page.goto(`/reports/sales?search=${encodeURIComponent(back.data.number)}`);
  const row = page.getByTestId("table-row").filter({ hasText: back.data.number });
  await expect(row).toBeVisible({ timeout: 30_000 });
  const net = row.locator('td[data-column="net"]');
  await expect(net).toHaveText("-2,500 IQD");
  // Seen as written: the minus left of the digits and the currency after them, not "IQD 2,500-".
  const order = await net.evaluate((td) => {
    const node = td.querySelector("span")?.firstChild ?? td.firstChild!;
    const x = (i: number) => {
      const r = document.createRange();
      r.setStart(node, i);
      r.setEnd(node, i + 1);
      return r.getBoundingClientRect().left;
    };
    const text = node.textContent!;
    return { minus: x(0), digit: x(1), currency: x(text.length - 1) };
  });
  expect(order.minus).toBeLessThan(order.digit);
  expect(order.digit).toBeLessThan(order.currency);
  const kind = row.locator('td[data-column="sale_kind"] .mantine-Badge-label');
  expect(await kind.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
});
