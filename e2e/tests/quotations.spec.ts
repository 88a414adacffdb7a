import type { Page } from "@playwright/test";
import { adminToken, call, unique } from "../support/api";
import { expect, openList, pick, shot, signedIn, test } from "../support/fixtures";
import { createItem, pieceAndBox, pieceAndBoxOfTen, poster } from "../support/seed";
import { openInApp } from "../support/walk";

/** An item with a box of ten at 9,500 (the unit it is sold in) and a customer. */
async function seed(token: string) {
  const u = unique();
  const units = await pieceAndBox(token);
  const name = `Omeprazole ${u}`;
  const item = await createItem(token, { item_name: name, item_units: pieceAndBoxOfTen(units, { piece: "1000", box: "9500" }) });
  const customerName = `Zheen Pharmacy ${u}`;
  const customer = (await poster(token)<{ consumer_id: number }>("customers", { consumer_name: customerName })).consumer_id;
  return { name, item, box: units.box, customerName, customer };
}

/** On the quotation form: the seeded customer, and the seeded item on the first line (the line). */
async function pickCustomerAndItem(page: Page, s: { name: string; customerName: string }) {
  const form = page.getByTestId("quotation-form");
  await pick(page, form.getByTestId("quotation-customer"), s.customerName);
  const line = form.getByTestId("doc-line").first();
  await pick(page, line.getByTestId("line-item"), s.name, s.name.slice(0, 12));
  return line;
}

test("a quotation typed on its screen shows its prices and why, and Convert To Sale lands on the draft sale", async ({ page }) => {
  test.setTimeout(180_000);
  const token = await adminToken();
  const s = await seed(token);
  await openList(page, token, "/sales/sale-quotations", "table-quotations");
  await page.getByTestId("quotation-add").click();

  const form = page.getByTestId("quotation-form");
  const line = await pickCustomerAndItem(page, s);
  await line.getByTestId("line-quantity").fill("2");
  await line.getByTestId("line-discount").fill("10");
  const [saved] = await Promise.all([
    page.waitForResponse((r) => r.url().endsWith("/api/quotations") && r.request().method() === "POST"),
    form.getByTestId("quotation-save").click(),
  ]);
  expect(saved.status()).toBe(201);
  const quotation = ((await saved.json()) as { data: { id: number; number: string } }).data;
  // 2 boxes × 9,500 = 19,000 less 10% = 17,100.
  const sheet = page.getByTestId("quotation-sheet");
  await expect(sheet).toContainText("17,100");
  await expect(page.getByTestId("quotation-steps").first()).toContainText("Line discount");
  await expect(page.getByTestId("quotation-status")).toHaveText("Open");

  const [converted] = await Promise.all([
    page.waitForResponse((r) => r.url().endsWith(`/api/quotations/${quotation.id}/convert_to_sale`) && r.request().method() === "POST"),
    page.getByTestId("quotation-convert").click(),
  ]);
  expect(converted.status()).toBe(200);
  const saleId = ((await converted.json()) as { data: { sale_fk: number } }).data.sale_fk;
  await expect(page).toHaveURL(new RegExp(`/sales/sales/view/${saleId}/0$`));
  // The sale's own screen opens on the draft, with the quotation's customer.
  await expect(page.getByText(s.customerName).first()).toBeVisible({ timeout: 30_000 });
  const sale = await call<{ data: { status: string; consumer_name: string; total: string } }>(`sales/${saleId}`, { token });
  expect(sale.data).toMatchObject({ status: "draft", consumer_name: s.customerName });
  expect(Number(sale.data.total)).toBe(17100);
  const again = await call<{ data: { status: string; sale_fk: number } }>(`quotations/${quotation.id}`, { token });
  expect(again.data).toMatchObject({ status: "converted", sale_fk: saleId });
});

test("a quotation's lines are priced as they are typed, before saving: the customer's promotion shows in the price", async ({ page }) => {
  test.setTimeout(180_000);
  const token = await adminToken();
  const s = await seed(token);
  // 20% off this item for this customer only: a box is 7,600 to them, not its list price of 9,500.
  const day = (offset: number) =>
    new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Baghdad" }).format(new Date(Date.now() + offset * 86_400_000));
  const title = `Zheen spring ${unique()}`;
  await poster(token)("promotions", {
    title,
    customer_rule: "customer",
    customer_fk: s.customer,
    product_rule: "item",
    item_fk: s.item,
    amount_rule_type: "none",
    reward_type: "get_discount",
    reward_value: "20",
    start_date: day(-1),
    end_date: day(30),
    is_active: true,
  });
  const posted: string[] = [];
  page.on("request", (r) => {
    if (r.method() === "POST" && r.url().endsWith("/api/quotations")) posted.push(r.url());
  });
  await signedIn(page, { token, lang: "en" });
  await page.goto("/sales/sale-quotations/upsert/0/0/0/0");
  const form = page.getByTestId("quotation-form");
  const line = await pickCustomerAndItem(page, s);
  const quantity = line.getByTestId("line-quantity");
  await quantity.click();
  await quantity.press("ControlOrMeta+a");
  await quantity.pressSequentially("2");

  // Priced by the server's price function while typing: the promotion's price, not the list price.
  await expect(line.getByTestId("line-price")).toHaveText("7,600");
  await expect(line.getByTestId("line-total")).toHaveText("15,200");
  await expect(line.getByTestId("line-promotion")).toHaveText(title);
  await expect(line.getByTestId("line-steps")).toContainText(`Promotion «${title}» 20%`);
  await expect(form.getByTestId("quotation-totals").getByTestId("total-total")).toHaveText("15,200 IQD");
  // A line discount is priced on top, still before saving: 15,200 less 10% = 13,680.
  await line.getByTestId("line-discount").pressSequentially("10");
  await expect(line.getByTestId("line-total")).toHaveText("13,680");
  await expect(form.getByTestId("quotation-totals").getByTestId("total-discount_amount")).toHaveText("5,320 IQD");
  expect(posted).toEqual([]);
  await shot(page, "quotation-form-en");

  const [saved] = await Promise.all([
    page.waitForResponse((r) => r.url().endsWith("/api/quotations") && r.request().method() === "POST"),
    form.getByTestId("quotation-save").click(),
  ]);
  expect(saved.status()).toBe(201);
  // What was shown is what is kept.
  expect(Number(((await saved.json()) as { data: { total: string } }).data.total)).toBe(13680);
  await expect(page.getByTestId("quotation-sheet")).toContainText("13,680");
});

test("in Arabic: the quotation prints right to left with its validity", async ({ page }) => {
  test.setTimeout(180_000);
  const token = await adminToken();
  const s = await seed(token);
  const doc = await poster(token)<{ id: number }>("quotations", {
    consumer_fk: s.customer,
    valid_until: "2099-12-31",
    currency_id: 1,
    lines: [{ item_fk: s.item, unit_fk: s.box, quantity: "1" }],
  });
  await signedIn(page, { token, lang: "ar" });
  // Its form, right to left, prices the stored line again as it opens.
  await page.goto(`/sales/sale-quotations/upsert/${doc.id}/1/0/0`);
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  const line = page.getByTestId("doc-line").first();
  await expect(line.getByTestId("line-item")).toHaveValue(s.name);
  await expect(line.getByTestId("line-price")).toHaveText("9,500");
  await expect(line.getByTestId("line-total")).toHaveText("9,500");
  await shot(page, "quotation-form-ar");
  await openInApp(page, `/sales/sale-quotations/view/${doc.id}/0`);
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  await expect(page.getByTestId("quotation-sheet")).toContainText("صالح حتى");
  await expect(page.getByTestId("quotation-sheet")).toContainText("9,500");
  await expect(page.getByTestId("quotation-status")).toHaveText("مفتوح");
  await shot(page, "quotation-ar");
});
