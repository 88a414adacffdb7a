import { adminToken, call, unique } from "../support/api";
import { ARTIFACTS, expect, shot, signedIn, test } from "../support/fixtures";
import { completedPurchase, completedSale, createItem, pieceAndBox, pieceOnly, poster } from "../support/seed";

/**
 * Part of a sale comes back, as a shop does it: from the sale's page, the return form shows what
 * each line can still return; 4 of the 10 pieces sold come back on the customer's account. The
 * warehouse shows them in stock again and the customer's statement shows the return, which opens
 * its document; the return reads and prints right to left in Arabic.
 */
interface Seed {
  token: string;
  itemName: string;
  customerId: number;
  customerName: string;
  saleId: number;
}

async function seed(): Promise<Seed> {
  const token = await adminToken();
  const u = unique();
  const post = poster(token);
  const { piece } = await pieceAndBox(token);
  const itemName = `Ibuprofen ${u}`;
  const item = await createItem(token, { item_name: itemName, item_units: pieceOnly(piece, "2000") });
  const supplier = await post<{ consumer_id: number }>("suppliers", { consumer_name: `Sulaymaniyah Drugs ${u}` });
  await completedPurchase(token, {
    consumer_id: supplier.consumer_id,
    discount_type: "amount",
    lines: [{ item_id: item, unit_id: piece, quantity: "30", unit_price: "1000" }],
  });
  const customerName = `Zanko Pharmacy ${u}`;
  const customer = await post<{ consumer_id: number }>("customers", { consumer_name: customerName });
  const sale = await completedSale(token, {
    consumer_fk: customer.consumer_id,
    lines: [{ item_fk: item, unit_fk: piece, quantity: "10" }],
  });
  return { token, itemName, customerId: customer.consumer_id, customerName, saleId: sale.id };
}

let s: Seed;

test.describe
  .serial("sale returns", () => {
    test.beforeAll(async () => {
      s = await seed();
    });

    test("return part of a sale from its page; the stock and the customer's statement change (en)", async ({ page }) => {
      test.setTimeout(120_000);
      await signedIn(page, { token: s.token, lang: "en" });
      await page.goto(`/sales/sales/view/${s.saleId}/0`);
      await page.getByTestId("sale-return-from").click();
      await expect(page).toHaveURL(new RegExp(`/sales/sale-returns/upsert/0/0/${s.saleId}/0$`));
      const form = page.getByTestId("sale-return-form");
      const line = form.getByTestId("sale-return-line").first();
      await expect(line).toContainText(s.itemName);
      await expect(line.getByTestId("sale-return-returnable")).toHaveText("10");
      // More than was sold is refused on the line itself.
      await line.getByTestId("sale-return-quantity").fill("11");
      await form.getByTestId("sale-return-save").click();
      await expect(line).toContainText("The quantity may not be greater than what was sold less what was already returned.");
      await line.getByTestId("sale-return-quantity").fill("4");
      // 4 × 2,000
      await expect(form.getByTestId("sale-return-total")).toContainText("8,000");
      await form.getByTestId("sale-return-save").click();
      await expect(page).toHaveURL(/\/sales\/sale-returns\/view\/\d+\/0$/);
      const sheet = page.getByTestId("sale-return-sheet");
      await expect(sheet).toContainText(s.customerName);
      await expect(sheet.getByTestId("sale-return-sheet-totals")).toContainText("8,000");
      const returnUrl = page.url();

      // The warehouse: 30 bought, 10 sold, 4 back.
      await page.goto("/warehouse/warehouse");
      await expect(page.getByTestId("table-stocks")).toBeVisible({ timeout: 30_000 });
      await page.getByTestId("table-search").fill(s.itemName);
      await expect(page.getByTestId("table-row")).toHaveCount(1);
      await expect(page.getByTestId("table-row").first()).toContainText("24");

      // The statement: the sale's 20,000 less the return's 8,000; the return's line opens it.
      await page.goto(`/customers/${s.customerId}/transactions`);
      const statement = page.getByTestId("statement-1");
      // Named by its number, as the sale's line is.
      const returnId = Number(/view\/(\d+)\//.exec(returnUrl)![1]);
      const returnNo = (await call<{ data: { number: string } }>(`sale_returns/${returnId}`, { token: s.token })).data.number;
      const back = statement.getByTestId("statement-line").filter({ hasText: `Sale return ${returnNo} from ${s.customerName}` });
      await expect(back).toHaveCount(1);
      await expect(back).toContainText("8,000");
      await expect(statement.getByTestId("statement-closing")).toContainText("12,000");
      await back.getByTestId("statement-document").click();
      await expect(page).toHaveURL(returnUrl);

      // What is left to return is 6 now.
      await page.goto(`/sales/sale-returns/upsert/0/0/${s.saleId}/0`);
      await expect(page.getByTestId("sale-return-line").first().getByTestId("sale-return-returnable")).toHaveText("6");
    });

    test("the return reads right to left in Arabic and prints on A4", async ({ page, context }) => {
      await signedIn(page, { token: s.token, lang: "ar" });
      await page.goto("/sales/sales-returns");
      await page.getByTestId("table-search").fill(s.customerName);
      await expect(page.getByTestId("table-row")).toHaveCount(1);
      await page.getByTestId("table-row").first().getByTestId("row-actions").click();
      await page.getByTestId("row-action-view").click();
      await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
      const sheet = page.getByTestId("sale-return-sheet");
      await expect(sheet).toContainText("مبلغ الإرجاع");
      await expect(sheet).toContainText("على الحساب");
      await shot(page, "sale-return-ar");
      await page.getByTestId("sale-return-print").click();
      const frame = page.frameLocator("iframe[data-print]");
      await expect(frame.locator("html")).toHaveAttribute("dir", "rtl");
      await expect(frame.locator("h1")).toContainText("مرتجع مبيعات");
      await expect(frame.locator("tbody tr").first()).toContainText(s.itemName);
      await expect(frame.locator(".line").filter({ hasText: s.customerName })).toHaveText(`الزبون: \u2068${s.customerName}\u2069`);
      const html = await page
        .locator("iframe[data-print]")
        .evaluate((f: HTMLIFrameElement) => f.contentDocument!.documentElement.outerHTML);
      const printed = await context.newPage();
      await printed.setViewportSize({ width: 794, height: 1123 });
      await printed.setContent(html);
      await printed.screenshot({ path: `${ARTIFACTS}/sale-return-print-ar.png`, fullPage: true });
      await printed.close();
    });
  });
