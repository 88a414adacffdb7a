import { adminToken, call, unique } from "../support/api";
import { ARTIFACTS, choose, expect, pick, shot, signedIn, test, typeInto } from "../support/fixtures";
import { createItem, pieceAndBox, pieceAndBoxOfTen, poster } from "../support/seed";

/**
 * A purchase received as people type it: the date in the displayed format, amounts with thousands
 * separators, a USD purchase with an IQD transport charge; its costs applied and its sale prices
 * modified; then its view printed in Arabic.
 */

/** Today on the business's clock (Asia/Baghdad), as the page shows dates (DD/MM/YYYY). */
const today = () => {
  const [y, m, d] = new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Baghdad" }).format(new Date()).split("-");
  return { typed: `${d}/${m}/${y}`, iso: `${y}-${m}-${d}` };
};

interface Seed {
  token: string;
  item: number;
  itemName: string;
  supplier: string;
  carrier: string;
}

async function seed(): Promise<Seed> {
  const token = await adminToken();
  const u = unique();
  const post = poster(token);
  const itemName = `Cefixime ${u}`;
  const item = await createItem(token, {
    item_name: itemName,
    has_expire: true,
    item_units: pieceAndBoxOfTen(await pieceAndBox(token), { piece: "2000", box: "20000" }),
  });
  const supplier = `Erbil Pharma ${u}`;
  const carrier = `Zagros Transport ${u}`;
  await post("suppliers", { consumer_name: supplier });
  await post("suppliers", { consumer_name: carrier });
  return { token, item, itemName, supplier, carrier };
}

let s: Seed;
let purchaseId = 0;
/** The day the purchase was typed with: the run may cross midnight in Baghdad between its tests. */
let day = today();

test.describe
  .serial("purchases", () => {
    test.beforeAll(async () => {
      s = await seed();
    });

    test("receive a USD purchase with an IQD transport charge, apply its cost and modify the sale prices (en)", async ({ page }) => {
      test.setTimeout(120_000);
      await signedIn(page, { token: s.token, lang: "en" });
      await page.goto("/purchases/purchases");
      await page.getByTestId("purchase-add").click();
      await expect(page).toHaveURL(/\/purchases\/purchases\/upsert\/0\/0\/0\/0$/);
      const form = page.getByTestId("purchase-form");
      const header = form.getByTestId("purchase-header");

      await choose(page, form.getByTestId("purchase-supplier"), s.supplier);
      await form.getByTestId("purchase-reference").fill("INV-2291");
      day = today();
      await typeInto(form.getByTestId("purchase-date"), day.typed);
      await choose(page, header.getByTestId("currency-select"), "USD");
      // The out-rate of the day comes in; the user types the invoice's rate with its separator.
      await expect(header.getByTestId("currency-rate")).not.toHaveValue("");
      await typeInto(header.getByTestId("currency-rate"), "1,500");
      await expect(header.getByTestId("currency-rate")).toHaveValue("1,500");

      const line = form.getByTestId("purchase-line").first();
      await pick(page, line.getByTestId("line-item"), s.itemName, s.itemName.slice(0, 12));
      await expect(line.getByTestId("line-unit")).toHaveValue("Box");
      await typeInto(line.getByTestId("line-quantity"), "10");
      await typeInto(line.getByTestId("line-bonus"), "2");
      await typeInto(line.getByTestId("line-price"), "12");
      await line.getByTestId("line-batch").fill("CX-01");
      await typeInto(line.getByTestId("line-expiry"), "30/06/2030");
      await expect(line.getByTestId("line-total")).toHaveText("120");

      await form.getByText("Percent", { exact: true }).click();
      await typeInto(form.getByTestId("purchase-discount"), "10");
      await form.getByTestId("charge-add").click();
      const charge = form.getByTestId("charge-row").first();
      await choose(page, charge.getByTestId("charge-supplier"), s.carrier);
      await typeInto(charge.getByTestId("charge-amount"), "36,000");
      await expect(charge.getByTestId("charge-amount")).toHaveValue("36,000");
      await expect(form.getByTestId("total-total")).toHaveText("108 USD");
      await shot(page, "purchase-form-en");

      // Saved and completed in one call.
      const saved = page.waitForResponse((r) => r.url().endsWith("/api/purchases") && r.request().method() === "POST");
      await form.getByTestId("purchase-save-complete").click();
      expect((await saved).status()).toBe(201);
      await expect(page).toHaveURL(/\/purchases\/purchases\/view\/\d+\/0$/);
      purchaseId = Number(/view\/(\d+)\//.exec(page.url())![1]);
      const sheet = page.getByTestId("purchase-sheet");
      await expect(sheet.getByTestId("doc-status").first()).toHaveText("Complete");
      await expect(sheet.getByTestId("purchase-sheet-totals")).toContainText("108 USD");

      const stored = (
        await call<{ data: { date: string; rate: string; reference_no: string; charges: { amount: string }[] } }>(
          `purchases/${purchaseId}`,
          { token: s.token },
        )
      ).data;
      expect(stored.date.slice(0, 10)).toBe(day.iso);
      expect(Number(stored.rate)).toBe(1500);
      expect(Number(stored.charges[0]!.amount)).toBe(36000);

      // Apply cost: 108 USD × 1,500 = 162,000 for 120 pieces (1,350; 13,500 a box) plus 36,000 → 16,500 a box.
      await page.getByTestId("purchase-apply-cost").click();
      await expect(page).toHaveURL(/\/purchases\/purchases\/apply-cost\/\d+\/0$/);
      await expect(page.getByTestId("apply-cost-total")).toContainText("36,000");
      await expect(page.getByTestId("new-unit-cost")).toHaveText("16,500");
      const applied = page.waitForResponse((r) => r.url().endsWith("/apply_cost") && r.request().method() === "POST");
      await page.getByTestId("apply-cost-save").click();
      expect((await applied).status()).toBe(200);
      await expect(page.getByTestId("apply-cost-state")).toBeVisible();
      await shot(page, "purchase-apply-cost-en");

      // Modify sale price: 20% on 1,650 a piece, rounded up to 250: 2,000 a piece, 20,000 a box.
      await page.goto(`/purchases/purchases/modify-sales-price/${purchaseId}/0`);
      const priced = page.getByTestId("sale-price-line").first();
      await expect(priced.getByTestId("sale-price-cost")).toContainText("16,500");
      await typeInto(priced.getByTestId("sale-price-profit"), "20");
      await typeInto(priced.getByTestId("sale-price-round"), "250");
      await expect(priced.getByTestId("sale-price-Box")).toHaveValue("20,000");
      await expect(priced.getByTestId("sale-price-Piece")).toHaveValue("2,000");
      await typeInto(priced.getByTestId("sale-price-Box"), "19,750");
      const prices = page.waitForResponse((r) => r.url().endsWith("/modify_sale_price"));
      await page.getByTestId("sale-price-save").click();
      expect((await prices).status()).toBe(200);
      const item = (await call<{ data: { item_units: { unit_name: string; price: string }[] } }>(`items/${s.item}`, { token: s.token }))
        .data;
      expect(Object.fromEntries(item.item_units.map((x) => [x.unit_name, Number(x.price)]))).toEqual({ Piece: 2000, Box: 19750 });
      await shot(page, "purchase-sale-prices-en");
    });

    test("the purchase view prints in Arabic, right to left, with the shop and the lines (ar)", async ({ page, context }) => {
      expect(purchaseId).toBeGreaterThan(0);
      await signedIn(page, { token: s.token, lang: "ar" });
      await page.goto(`/purchases/purchases/view/${purchaseId}/0`);
      await expect(page.getByTestId("purchase-sheet")).toBeVisible();
      await expect(page.getByTestId("purchase-sheet").getByTestId("doc-status").first()).toHaveText("مكتملة");
      await shot(page, "purchase-view-ar");
      await page.getByTestId("purchase-print").click();
      const frame = page.frameLocator("iframe[data-print]");
      await expect(frame.locator("html")).toHaveAttribute("dir", "rtl");
      await expect(frame.locator("h1")).toContainText("فاتورة مشتريات");
      await expect(frame.locator("tbody tr").first()).toContainText(s.itemName);
      // Values are isolated, so a date or a Latin name after an Arabic label keeps its own order.
      await expect(frame.locator(".line").filter({ hasText: s.supplier })).toHaveText(`المورد: \u2068${s.supplier}\u2069`);
      // Day first, as in English: one format in every language.
      await expect(frame.locator(".line").filter({ hasText: "التاريخ" })).toHaveText(`التاريخ: \u2068${day.typed}\u2069`);
      const config = await call<{ data: { shop_name: string } }>("system_config", { token: s.token });
      await expect(frame.locator(".shop")).toHaveText(config.data.shop_name);
      // The printed page itself, as the printer receives it.
      const html = await page
        .locator("iframe[data-print]")
        .evaluate((f: HTMLIFrameElement) => f.contentDocument!.documentElement.outerHTML);
      const printedPage = await context.newPage();
      await printedPage.setViewportSize({ width: 794, height: 1123 });
      await printedPage.setContent(html);
      await printedPage.screenshot({ path: `${ARTIFACTS}/purchase-print-ar.png`, fullPage: true });
      await printedPage.close();
    });
  });

test("a barcode scanned into a line's item field takes its item and the unit it names, and never submits the purchase (ar)", async ({
  page,
}) => {
  const token = await adminToken();
  const u = unique();
  const { piece, box } = await pieceAndBox(token);
  const itemName = `Shampoo ${u}`;
  const code = `626${String(Date.now()).slice(-10)}`;
  // The box of 12 has a barcode of its own: scanning it buys boxes, not pieces.
  const boxCode = `627${String(Date.now()).slice(-10)}`;
  await createItem(token, {
    item_name: itemName,
    item_units: [
      { unit_fk: piece, quantity: "1", price: "5000", is_base: true, is_default: true, barcode: code },
      { unit_fk: box, quantity: "12", price: "55000", barcode: boxCode },
    ],
  });
  await signedIn(page, { token, lang: "ar" });
  await page.goto("/purchases/purchases/upsert/0/0/0/0");
  const line = page.getByTestId("purchase-form").getByTestId("purchase-line").first();
  let submitted = false;
  page.on("request", (r) => {
    if (r.method() === "POST" && /\/api\/purchases/.test(r.url())) submitted = true;
  });
  // A scanner types fast and ends with Enter, before the matches come back; in Arabic-Indic digits on an Arabic keyboard.
  await line.getByTestId("line-item").click();
  await page.keyboard.type(`${boxCode.replace(/\d/g, (d) => "٠١٢٣٤٥٦٧٨٩"[Number(d)]!)}\n`, { delay: 5 });
  await expect(line.getByTestId("line-item")).toHaveValue(itemName);
  await expect(line.getByTestId("line-unit")).toHaveValue("علبة");
  await expect(page).toHaveURL(/\/purchases\/purchases\/upsert\/0\/0\/0\/0$/);
  expect(submitted).toBe(false);
  // Enter after the quantity moves on to the line's next field; the half-typed purchase is not saved.
  await line.getByTestId("line-quantity").click();
  await page.keyboard.type("٣");
  await page.keyboard.press("Enter");
  await expect(line.getByTestId("line-bonus")).toBeFocused();
  await expect(page).toHaveURL(/\/purchases\/purchases\/upsert\/0\/0\/0\/0$/);
  expect(submitted).toBe(false);

  // Completing a draft from the list posts it: the menu asks first, and offers only what the state allows.
  const post = poster(token);
  const supplier = (await post<{ consumer_id: number }>("suppliers", { consumer_name: `Supplier ${u}` })).consumer_id;
  const item = (await call<{ message: { item_id: number }[] }>(`items/list?search=${code}`, { token })).message[0]!.item_id;
  const draft = await post<{ id: number; number: string }>("purchases", {
    consumer_id: supplier,
    inventory_id: 1,
    currency_id: 1,
    discount_type: "amount",
    payment_type: "On Account",
    lines: [{ item_id: item, unit_id: piece, quantity: "2", unit_price: "4000" }],
  });
  const status = async () => (await call<{ data: { status: string } }>(`purchases/${draft.id}`, { token })).data.status;
  await page.goto("/purchases/purchases");
  const row = page.getByTestId("table-row").filter({ hasText: draft.number });
  await row.getByTestId("row-actions").click();
  await expect(page.getByTestId("row-action-return_to_draft")).toHaveCount(0);
  await page.getByTestId("row-action-complete").click();
  await expect(page.getByTestId("confirm-action")).toBeVisible();
  expect(await status()).toBe("draft");
  const completed = page.waitForResponse((r) => r.url().endsWith(`/purchases/${draft.id}/complete`) && r.request().method() === "POST");
  await page.getByTestId("confirm-action-yes").click();
  expect((await completed).status()).toBe(200);
  expect(await status()).toBe("complete");
  await row.getByTestId("row-actions").click();
  await expect(page.getByTestId("row-action-return_to_draft")).toBeVisible();
  await expect(page.getByTestId("row-action-complete")).toHaveCount(0);
  await page.keyboard.press("Escape");
  // A click on the row opens the purchase.
  await row.locator('td[data-column="date"]').click();
  await expect(page).toHaveURL(new RegExp(`/purchases/purchases/view/${draft.id}/0$`));
});
