import { adminToken, createUser, unique } from "../support/api";
import { expect, shot, signedIn, test } from "../support/fixtures";
import { createItem, openingStock, pieceAndBox, poster } from "../support/seed";

/**
 * The salesmen's commissions view after a return: Hawre earns 2% of revenue; he sells 5 pieces at
 * 10,000 (50,000: 1,000 commission) and 2 come back, taking back 400. The view shows what the sale
 * earned, what the return took back and what is left, in English and in Arabic.
 */
test("the commissions view shows what a return took back and what is left, in English and Arabic", async ({ page }) => {
  test.setTimeout(120_000);
  const token = await adminToken();
  const u = unique();
  const post = poster(token);
  const { piece } = await pieceAndBox(token);
  const item = await createItem(token, {
    item_name: `Omeprazole ${u}`,
    item_units: [{ unit_fk: piece, quantity: "1", price: "10000", is_base: true }],
  });
  await openingStock(token, item, piece, "10", "6000");
  const customer = await post<{ consumer_id: number }>("customers", { consumer_name: `Zheen Pharmacy ${u}` });
  const name = `Hawre ${u}`;
  const salesman = await createUser(token, {
    user_name: `hawre${u}`,
    is_salesman: true,
    sale_man_name: name,
    commission_type: "revenue_commission",
    sale_man_commission_percentage: "2",
  } as Parameters<typeof createUser>[1]);
  const sale = await post<{ id: number; lines: { line_id: number }[] }>("salesman_sales", {
    consumer_fk: customer.consumer_id,
    salesman_fk: salesman.user_id,
    inventory_fk: 1,
    currency_id: 1,
    payment_type: "On Account",
    lines: [{ item_fk: item, unit_fk: piece, quantity: "5" }],
  });
  await post(`salesman_sales/${sale.id}/complete`, {});
  await post("sale_returns", {
    sale_fk: sale.id,
    inventory_fk: 1,
    received_type: "On Account",
    lines: [{ sale_line_fk: sale.lines[0]!.line_id, quantity: "2" }],
  });

  await signedIn(page, { token, lang: "en" });
  await page.goto("/sales/salesman-commissions");
  await page.getByTestId("table-search").fill(name);
  const row = page.getByRole("row").filter({ hasText: name });
  await expect(row).toHaveCount(1);
  // Commission 1,000; taken back by the return 400; net commission 600.
  const cells = row.getByRole("cell");
  await expect(cells.filter({ hasText: /^1,000(\.0+)?$/ })).toHaveCount(1);
  await expect(cells.filter({ hasText: /^400(\.0+)?$/ })).toHaveCount(1);
  await expect(cells.filter({ hasText: /^600(\.0+)?$/ })).toHaveCount(1);
  await expect(page.getByRole("columnheader", { name: "Taken back by returns" })).toBeVisible();
  await expect(page.getByRole("columnheader", { name: "Net commission" })).toBeVisible();

  await page.evaluate(() => localStorage.setItem("lang", "ar"));
  await page.reload();
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  await page.getByTestId("table-search").fill(name);
  await expect(page.getByRole("row").filter({ hasText: name })).toHaveCount(1);
  await expect(page.getByRole("columnheader", { name: "صافي العمولة" })).toBeVisible();
  await shot(page, "commissions-ar");
});
