import { writeFileSync } from "node:fs";
import type { Locator, Page } from "@playwright/test";
import { adminToken, unique } from "../support/api";
import { pdfPagesMm, readBarcode } from "../support/barcodes";
import { choose, expect, pick, signedIn, test } from "../support/fixtures";
import { completedPurchase, createItem, pieceAndBox, poster } from "../support/seed";

/**
 * Barcode labels, from the items list and from a purchase, in English and in Arabic: the labels
 * dialog's preview is photographed and every barcode in it read back with ZXing (an EAN-13 and a
 * Code 128), the print goes to PDF on the label stock's own page size, and the expiry of the
 * purchase's batch stands on its labels.
 */
test.describe.configure({ mode: "serial" });
// Sharper pixels for the reader: the preview is drawn at the labels' real size.
test.use({ deviceScaleFactor: 3 });

const ean13 = (first12: string) => {
  const sum = [...first12].reduce((s, d, i) => s + Number(d) * (i % 2 ? 3 : 1), 0);
  return `${first12}${(10 - (sum % 10)) % 10}`;
};

let token: string;
let tag: string;
let purchaseId: number;
const ean = { piece: "", box: "" };
let code128 = "";
const names = { a: "", b: "" };

test.beforeAll(async () => {
  token = await adminToken();
  tag = unique();
  const digits = String(Date.now()).slice(-8);
  ean.piece = ean13(`62${digits}01`);
  ean.box = ean13(`62${digits}02`);
  code128 = `LBL-${tag}`.toUpperCase();
  const units = await pieceAndBox(token);
  names.a = `Amoxicillin Label ${tag}`;
  names.b = `Bandage Label ${tag}`;
  const a = await createItem(token, {
    item_name: names.a,
    has_expire: true,
    item_units: [
      { unit_fk: units.piece, quantity: "1", price: "3000", is_base: true, is_default: true, barcode: ean.piece },
      { unit_fk: units.box, quantity: "10", price: "28000", barcode: ean.box },
    ],
  });
  const b = await createItem(token, {
    item_name: names.b,
    item_units: [{ unit_fk: units.piece, quantity: "1", price: "1250", is_base: true, is_default: true, barcode: code128 }],
  });
  const supplier = await poster(token)<{ consumer_id: number }>("suppliers", { consumer_name: `Label Supplier ${tag}` });
  purchaseId = (
    await completedPurchase(token, {
      consumer_id: supplier.consumer_id,
      lines: [
        { item_id: a, unit_id: units.piece, quantity: "2", bonus: "1", unit_price: "2000", expire_date: "2027-06-30" },
        { item_id: a, unit_id: units.box, quantity: "1", unit_price: "19000", expire_date: "2027-06-30" },
        { item_id: b, unit_id: units.piece, quantity: "2", unit_price: "800" },
      ],
    })
  ).id;
});

const T = {
  en: {
    roll50: "Roll, 50 × 30 mm",
    roll38: "Roll, 38 × 25 mm",
    a4: "A4 sheet, 4 × 10 (40 labels)",
    iqd: "IQD",
    none: "No price",
    exp: "Exp.",
  },
  ar: {
    roll50: "لفافة، 50 × 30 ملم",
    roll38: "لفافة، 38 × 25 ملم",
    a4: "ورقة A4، ‏4 × 10 (40 ملصقاً)",
    iqd: "د.ع",
    none: "بدون سعر",
    exp: "ينتهي",
  },
} as const;

/** Every barcode of the preview, read from a photograph of each label's barcode, in the preview's order. */
async function readPreview(page: Page, dialog: Locator) {
  const read: { text: string; format: string }[] = [];
  for (const [i, code] of (await dialog.getByTestId("labels-preview").locator(".label-barcode").all()).entries()) {
    await code.scrollIntoViewIfNeeded();
    const shot = await code.screenshot();
    // Kept beside the test's results, to see what the reader saw.
    writeFileSync(test.info().outputPath(`barcode-${i + 1}.png`), shot);
    read.push(await readBarcode(page, shot));
  }
  return read;
}

/** The print as the browser makes it, on the page size the labels' CSS asks for. */
async function printed(page: Page, name: string) {
  const pdf = await page.pdf({ preferCSSPageSize: true, printBackground: true });
  writeFileSync(test.info().outputPath(name), pdf);
  return pdfPagesMm(pdf);
}

const near = (mm: number, want: number) => expect(Math.abs(mm - want), `${mm} mm, not ${want} mm`).toBeLessThan(0.5);

/** A barcode is drawn left to right whatever the page's direction, and the label's own text follows the page. */
async function directions(dialog: Locator, lang: "en" | "ar") {
  const label = dialog.getByTestId("labels-preview").getByTestId("label").first();
  expect(await label.evaluate((el) => getComputedStyle(el).direction)).toBe(lang === "ar" ? "rtl" : "ltr");
  expect(await label.locator(".label-barcode").evaluate((el) => getComputedStyle(el).direction)).toBe("ltr");
}

for (const lang of ["en", "ar"] as const) {
  test(`labels from the items list: chosen items, a count each, read back from the preview and printed on 50 × 30 mm and A4 (${lang})`, async ({
    page,
  }) => {
    const tx = T[lang];
    await signedIn(page, { token, lang });
    await page.addInitScript(() => {
      localStorage.removeItem("labels-layout");
      localStorage.removeItem("labels-price");
    });
    await page.goto(`/warehouse/items?search=${encodeURIComponent(tag)}`);
    await expect(page.getByTestId("table-row")).toHaveCount(2, { timeout: 30_000 });
    await page.getByTestId("items-labels").click();
    const dialog = page.getByTestId("labels-dialog");
    await expect(dialog).toBeVisible();
    await pick(page, dialog.getByTestId("labels-add"), names.a);
    await pick(page, dialog.getByTestId("labels-add"), names.b);
    await expect(dialog.getByTestId("labels-line")).toHaveCount(2);
    await dialog.getByTestId("labels-count").first().fill("2");
    await choose(page, dialog.getByTestId("labels-layout"), tx.roll50);

    const preview = dialog.getByTestId("labels-preview");
    await expect(preview.getByTestId("label")).toHaveCount(3);
    await expect(preview.getByTestId("label").first()).toContainText(names.a);
    await expect(preview.getByTestId("label-price").first()).toHaveText(`\u20663,000\u2069 ${tx.iqd}`);
    await expect(preview.getByTestId("label-price").last()).toHaveText(`\u20661,250\u2069 ${tx.iqd}`);
    await expect(preview.locator(".label-barcode").first()).toHaveAttribute("data-format", "EAN13");
    await expect(preview.locator(".label-barcode").last()).toHaveAttribute("data-format", "CODE128");
    await directions(dialog, lang);

    expect(await readPreview(page, dialog)).toEqual([
      { text: ean.piece, format: "EAN_13" },
      { text: ean.piece, format: "EAN_13" },
      { text: code128, format: "CODE_128" },
    ]);

    // A roll prints one label per page, each page the label's own 50 × 30 mm.
    const roll = await printed(page, `items-roll-${lang}.pdf`);
    expect(roll).toHaveLength(3);
    for (const p of roll) {
      near(p.width, 50);
      near(p.height, 30);
    }

    // An A4 sheet of 4 × 10 holds the three on one A4 page.
    await choose(page, dialog.getByTestId("labels-layout"), tx.a4);
    await expect(preview.getByTestId("labels-page")).toHaveCount(1);
    await dialog.screenshot({ path: test.info().outputPath(`dialog-a4-${lang}.png`) });
    const sheet = await printed(page, `items-a4-${lang}.pdf`);
    expect(sheet).toHaveLength(1);
    near(sheet[0]!.width, 210);
    near(sheet[0]!.height, 297);
    expect((await readPreview(page, dialog)).map((r) => r.text)).toEqual([ean.piece, ean.piece, code128]);

    // A sheet used before: its first 38 places stay empty, so the third label goes on a second sheet.
    await dialog.getByTestId("labels-skip").fill("38");
    await expect(preview.getByTestId("labels-page")).toHaveCount(2);
    await expect(preview.getByTestId("labels-page").first().locator(".label-blank")).toHaveCount(38);
    expect(await printed(page, `items-a4-used-${lang}.pdf`)).toHaveLength(2);
  });

  test(`labels from a purchase: one per unit and box received, bonus too, with the batch's expiry, on 38 × 25 mm (${lang})`, async ({
    page,
  }) => {
    const tx = T[lang];
    await signedIn(page, { token, lang });
    await page.goto(`/purchases/purchases/view/${purchaseId}/0`);
    await expect(page.getByTestId("purchase-sheet")).toBeVisible({ timeout: 30_000 });
    await page.getByTestId("purchase-labels").click();
    const dialog = page.getByTestId("labels-dialog");
    await expect(dialog.getByTestId("labels-line")).toHaveCount(3);
    for (const [i, count] of ["3", "1", "2"].entries()) await expect(dialog.getByTestId("labels-count").nth(i)).toHaveValue(count);
    await choose(page, dialog.getByTestId("labels-layout"), tx.roll38);
    await expect(dialog.getByTestId("labels-expiry")).toBeChecked();

    const preview = dialog.getByTestId("labels-preview");
    await expect(preview.getByTestId("label")).toHaveCount(6);
    await expect(preview.getByTestId("label-expiry")).toHaveCount(4);
    await expect(preview.getByTestId("label-expiry").first()).toHaveText(`${tx.exp} \u206630/06/2027\u2069`);
    // The box's label carries the box's price.
    await expect(preview.getByTestId("label").nth(3).getByTestId("label-price")).toHaveText(`\u206628,000\u2069 ${tx.iqd}`);
    await directions(dialog, lang);

    expect(await readPreview(page, dialog)).toEqual([
      ...Array.from({ length: 3 }, () => ({ text: ean.piece, format: "EAN_13" })),
      { text: ean.box, format: "EAN_13" },
      ...Array.from({ length: 2 }, () => ({ text: code128, format: "CODE_128" })),
    ]);

    const pages = await printed(page, `purchase-roll-${lang}.pdf`);
    expect(pages).toHaveLength(6);
    for (const p of pages) {
      near(p.width, 38);
      near(p.height, 25);
    }

    // No price, no expiry: the labels carry the name and the barcode alone, and the codes still read.
    await choose(page, dialog.getByTestId("labels-price"), tx.none);
    await dialog.getByTestId("labels-expiry").uncheck();
    await expect(preview.getByTestId("label-price")).toHaveCount(0);
    await expect(preview.getByTestId("label-expiry")).toHaveCount(0);
    expect((await readPreview(page, dialog)).map((r) => r.text)).toEqual([ean.piece, ean.piece, ean.piece, ean.box, code128, code128]);
  });
}

test("labels from the stock on hand: one per piece of each batch in stock, with the batch's expiry (en)", async ({ page }) => {
  await signedIn(page, { token, lang: "en" });
  await page.goto(`/warehouse/warehouse?search=${encodeURIComponent(names.a)}`);
  const row = page.getByTestId("table-row").filter({ hasText: names.a });
  await expect(row).toHaveCount(1, { timeout: 30_000 });
  await row.getByTestId("row-actions").click();
  await page.getByTestId("row-action-labels").click();
  const dialog = page.getByTestId("labels-dialog");
  // The purchase brought 2 + 1 bonus pieces and a box of ten, all of one batch: 13 pieces.
  await expect(dialog.getByTestId("labels-line")).toHaveCount(1);
  await expect(dialog.getByTestId("labels-count")).toHaveValue("13");
  await choose(page, dialog.getByTestId("labels-layout"), T.en.roll50);
  const preview = dialog.getByTestId("labels-preview");
  await expect(preview.getByTestId("label")).toHaveCount(13);
  await expect(preview.getByTestId("label-expiry").first()).toHaveText(`${T.en.exp} \u206630/06/2027\u2069`);
  await expect(preview.getByTestId("label-price").first()).toHaveText(`\u20663,000\u2069 ${T.en.iqd}`);
  const first = preview.locator(".label-barcode").first();
  expect(await readBarcode(page, await first.screenshot())).toEqual({ text: ean.piece, format: "EAN_13" });
});
