import { writeFileSync } from "node:fs";
import type { Page } from "@playwright/test";
import { adminToken, unique } from "../support/api";
import { pdfPagesMm } from "../support/barcodes";
import { expect, signedIn, test } from "../support/fixtures";
import { completedPurchase, completedSale, createItem, pieceAndBox, pieceOnly, poster } from "../support/seed";

/**
 * The browser's own print of a document's view (Ctrl+P, the browser's menu) prints the document
 * as its Print button does, on A4, and nothing of the application around it: not the side menu,
 * not the header, not the buttons. In English and in Arabic, on a sale.
 */
let token: string;
let saleId: number;

test.beforeAll(async () => {
  token = await adminToken();
  const u = unique();
  const post = poster(token);
  const { piece } = await pieceAndBox(token);
  const item = await createItem(token, { item_name: `Paracetamol Print ${u}`, item_units: pieceOnly(piece, "2500") });
  const supplier = await post<{ consumer_id: number }>("suppliers", { consumer_name: `Print Supplier ${u}` });
  await completedPurchase(token, {
    consumer_id: supplier.consumer_id,
    lines: [{ item_id: item, unit_id: piece, quantity: "20", unit_price: "1000" }],
  });
  const customer = await post<{ consumer_id: number }>("customers", { consumer_name: `Print Customer ${u}` });
  saleId = (await completedSale(token, { consumer_fk: customer.consumer_id, lines: [{ item_fk: item, unit_fk: piece, quantity: "6" }] }))
    .id;
});

/** A page's HTML without who printed it and when (the two prints are made a moment apart). */
const withoutPrinted = (html: string) => html.replace(/<div class="printed">[^<]*<\/div>/, "");

async function openSale(page: Page, lang: "en" | "ar") {
  await signedIn(page, { token, lang });
  await page.goto(`/sales/sales/view/${saleId}/0`);
  await expect(page.getByTestId("sale-sheet")).toBeVisible({ timeout: 30_000 });
}

for (const lang of ["en", "ar"] as const) {
  test(`Ctrl+P on a sale prints the A4 document the Print button prints, without the application (${lang})`, async ({ page }) => {
    await openSale(page, lang);
    const totalHeader = (await page.getByTestId("sale-sheet-lines").locator("th").last().textContent())!.trim();
    expect(totalHeader).not.toBe("");

    // What the Print button prints: the page written into its frame.
    await page.getByTestId("sale-print").click();
    const frame = page.locator("iframe[data-print]");
    await expect(page.frameLocator("iframe[data-print]").locator("h1")).toBeAttached();
    const buttonHtml = await frame.evaluate((f) => (f as HTMLIFrameElement).contentDocument!.body.innerHTML);

    // What the browser's print shows: the document's copy alone.
    await page.emulateMedia({ media: "print" });
    const copy = page.getByTestId("doc-print");
    await expect(copy).toBeVisible();
    await expect(page.getByTestId("side-menu")).toBeHidden();
    await expect(page.getByTestId("sale-print")).toBeHidden();
    await expect(page.getByTestId("sale-sheet")).toBeHidden();
    await expect(copy).toHaveAttribute("dir", lang === "ar" ? "rtl" : "ltr");
    await expect(copy.locator("th").last()).toHaveText(totalHeader);
    await expect(copy.locator("tbody tr").first().locator("td.num").last()).toHaveText("15,000");
    const copyHtml = await copy.evaluate((el) => el.shadowRoot!.innerHTML);
    expect(withoutPrinted(copyHtml)).toBe(withoutPrinted(buttonHtml));
    // Nothing of the application is shown on paper: every box but the copy is left out.
    const shown = await page.evaluate(() =>
      [...document.body.children].filter((el) => el.getClientRects().length > 0).map((el) => el.className || el.tagName),
    );
    expect(shown).toEqual(["doc-print"]);

    // As the browser prints it: A4 pages.
    const pdf = await page.pdf({ preferCSSPageSize: true, printBackground: true });
    writeFileSync(test.info().outputPath(`sale-${lang}.pdf`), pdf);
    const pages = pdfPagesMm(pdf);
    expect(pages.length).toBeGreaterThan(0);
    for (const p of pages) {
      expect(Math.abs(p.width - 210)).toBeLessThan(0.5);
      expect(Math.abs(p.height - 297)).toBeLessThan(0.5);
    }
    await page.emulateMedia({ media: "screen" });
    await expect(copy).toBeHidden();
    await expect(page.getByTestId("side-menu")).toBeVisible();
  });
}
