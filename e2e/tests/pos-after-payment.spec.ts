import { writeFileSync } from "node:fs";
import type { Page } from "@playwright/test";
import { call, createUser, login, unique } from "../support/api";
import { axeViolations, describeViolations } from "../support/axe";
import { exclusive } from "../support/exclusive";
import { editPosSettings, expect, settled, signedIn, test } from "../support/fixtures";
import { scan } from "../support/scanner";

/**
 * After a bill is paid the till shows the change to hand over, and it stays until the next item is
 * scanned; with the POS setting "ask" the till asks whether to print the receipt (Esc: no). The
 * held bills show each bill's amount and lines. In English and in Arabic, the cash typed over the
 * pre-filled field as a cashier does, and the sale's figures read back from the server.
 */
let admin: string;
let cashierToken: string;
const items: { name: string; barcode: string; id: number }[] = [];

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  admin = await login();
  const post = <T>(p: string, body: unknown) => call<{ data: T }>(p, { method: "POST", token: admin, body }).then((r) => r.data);
  const unit = (await call<{ message: { unit_id: number; unit_name: string }[] }>("units/list", { token: admin })).message.find(
    (u) => u.unit_name === "Piece",
  )?.unit_id;
  const inventory = (await call<{ message: { inventory_id: number }[] }>("inventories/list", { token: admin })).message[0]?.inventory_id;
  const tag = unique();
  for (const [i, price] of ["5500", "2750"].entries()) {
    const name = `Paid Item ${tag} ${i + 1}`;
    const barcode = `66${String(Date.now()).slice(-8)}${i}`;
    const item = await post<{ item_id: number }>("items", {
      item_name: name,
      item_units: [{ unit_fk: unit, quantity: "1", price, is_base: true, is_default: true, barcode }],
    });
    items.push({ name, barcode, id: item.item_id });
  }
  await post("inventory_opening_balances", {
    inventory_id: inventory,
    lines: items.map((it) => ({ item_id: it.id, unit_id: unit, quantity: "100", unit_cost: "500" })),
  });
  const cashier = await createUser(admin, {
    user_name: `Paid Cashier ${tag}`,
    is_cashier: true,
    outlet_fk: 1,
    inventory_ids: inventory ? [inventory] : [],
    permissions: ["pos_sales/index", "pos_sales/store"],
  });
  cashierToken = await login(cashier.email, cashier.password);
});

/**
 * Saves the POS setting of the receipt after payment, the other settings as they are. A till reads
 * it with its session when it opens: the tests set it back to "never" as soon as their till is
 * open, so the tills of the other tests running meanwhile go on as before (a print they did not
 * ask for would open the browser's print).
 */
async function printReceipt(choice: "always" | "ask" | "never") {
  // Read and written back whole: no other test saves the settings in between.
  await exclusive("pos-settings", async () => {
    const now = (await call<{ data: Record<string, unknown> }>("pos/settings", { token: admin })).data;
    const body = {
      fib_account_fk: now.fib_account_fk,
      smallest_iqd_amount: now.smallest_iqd_amount,
      smallest_usd_amount: now.smallest_usd_amount,
      print_receipt: choice,
    };
    await call("pos/settings", { method: "POST", token: admin, body });
  });
}

/** The till with the browser's print counted instead of opened. */
async function openTill(page: Page, lang: "en" | "ar" | "ckb") {
  await page.addInitScript(() => {
    const w = window as unknown as { printed: number };
    w.printed = 0;
    window.print = () => {
      w.printed += 1;
    };
  });
  await signedIn(page, { token: cashierToken, lang });
  await page.goto("/settings/pos");
  await expect(page.getByTestId("pos-cashier")).toBeVisible();
}
const printed = (page: Page) => page.evaluate(() => (window as unknown as { printed: number }).printed);

for (const lang of ["en", "ar"] as const) {
  test(`the change stays on the till until the next scan, and "ask" asks to print the receipt (${lang})`, async ({ page, browser }) => {
    try {
      if (lang === "en") await printReceipt("ask");
      else {
        // In Arabic, chosen on the settings screen (which saves the settings whole: no other test saves them meanwhile).
        await exclusive("pos-settings", () =>
          editPosSettings(
            browser,
            { token: admin, lang: "ar" },
            async (card, manager) => {
              await expect(card.getByTestId("field-print_receipt")).toHaveValue("أبداً");
              await card.getByTestId("field-print_receipt").click();
              await manager.getByRole("option", { name: "اسأل أمين الصندوق" }).click();
            },
            (card) => expect(card.getByTestId("field-print_receipt")).toHaveValue("اسأل أمين الصندوق"),
          ),
        );
      }
      await openTill(page, lang);
      await printReceipt("never");
      // A held bill of two lines: 5,500 + 2,750 at today's prices.
      await scan(page, items[0]!.barcode);
      await scan(page, items[1]!.barcode);
      await expect(page.getByTestId("pos-line")).toHaveCount(2);
      await page.keyboard.press("F4");
      await page.getByTestId("pos-hold-note").fill("Table 7");
      await page.keyboard.press("Enter");
      await expect(page.getByTestId("pos-line")).toHaveCount(0);
      await page.keyboard.press("Shift+F4");
      const held = page.getByTestId("pos-held").filter({ hasText: "Table 7" });
      await expect(held.getByTestId("pos-held-amount")).toHaveText("8,250 IQD");
      await expect(held.getByTestId("pos-held-lines")).toHaveText(lang === "en" ? "2 lines" : "سطران");
      await page.keyboard.press("Escape");
      await expect(held).toBeHidden();

      // 5,500 due; the cash field holds it, and 10,000 typed over it (in Arabic-Indic digits in Arabic).
      // The change, 4,500, is a whole number of the smallest note whether another test has it at 250 or 500.
      await scan(page, items[0]!.barcode);
      await expect(page.getByTestId("pos-line")).toHaveCount(1);
      await page.keyboard.press("F8");
      const cash = page.getByTestId("pay-iqd");
      await expect(cash).toHaveValue("5,500");
      await cash.click();
      await page.keyboard.type(lang === "en" ? "10000" : "١٠٠٠٠");
      await expect(cash).toHaveValue("10,000");
      await expect(page.getByTestId("pay-change")).toHaveText("4,500 IQD");
      const sale = page.waitForResponse((r) => r.url().endsWith("/api/pos_sales") && r.request().method() === "POST");
      await page.keyboard.press("Enter");
      const answer = await sale;
      expect(answer.status()).toBe(201);
      const sold = ((await answer.json()) as { data: { id: number; number: string } }).data;

      // The bill is gone; the change stays, said to assistive technology, with the question to print.
      await expect(page.getByTestId("pos-line")).toHaveCount(0);
      const change = page.getByTestId("pos-paid-change");
      await expect(change).toHaveText("4,500 IQD");
      await expect(page.getByRole("status").filter({ has: change })).toContainText(lang === "en" ? "Change" : "الباقي");
      await expect(page.getByTestId("pos-paid")).toContainText(sold.number);
      const ask = page.getByRole("alertdialog", { name: lang === "en" ? "Print the receipt?" : "طباعة الإيصال؟" });
      await expect(ask).toBeVisible();
      await settled(page);
      expect(describeViolations(`${lang} POS after payment`, await axeViolations(page))).toBe("");
      await page.keyboard.press("Escape");
      await expect(ask).toBeHidden();
      // Esc said no: nothing printed, and the change is still there (the queue's next round too).
      await page.waitForTimeout(11_000);
      await expect(change).toHaveText("4,500 IQD");
      expect(await printed(page)).toBe(0);
      // The receipt can still be printed while the change is shown.
      await page.getByTestId("pos-paid-print").click();
      await expect.poll(() => printed(page)).toBe(1);

      // The server booked what the till showed: 10,000 received, 4,500 given back in IQD.
      const saved = (
        await call<{
          data: { total: string; received_amount: string; change: { currency_id: number; amount: string; amount_iqd: string } };
        }>(`pos_sales/${sold.id}`, { token: admin })
      ).data;
      expect(Number(saved.total)).toBe(5500);
      expect(Number(saved.received_amount)).toBe(10000);
      expect(saved.change).toMatchObject({ currency_id: 1, amount: "4500", amount_iqd: "0" });

      // The next scan starts the next bill: the change goes.
      await scan(page, items[1]!.barcode);
      await expect(page.getByTestId("pos-line")).toHaveCount(1);
      await expect(change).toBeHidden();
      await expect(ask).toBeHidden();
    } finally {
      await printReceipt("never");
    }
  });
}

test("with always the receipt prints as soon as the bill is paid; with never only from the button; asked, Enter prints it", async ({
  page,
}) => {
  try {
    await printReceipt("always");
    await openTill(page, "en");
    await printReceipt("never");
    const pay = async () => {
      await scan(page, items[1]!.barcode);
      await expect(page.getByTestId("pos-line")).toHaveCount(1);
      await page.keyboard.press("F8");
      await page.getByTestId("pay-iqd").click();
      await page.keyboard.type("3250");
      await expect(page.getByTestId("pay-change")).toHaveText("500 IQD");
      const sale = page.waitForResponse((r) => r.url().endsWith("/api/pos_sales") && r.request().method() === "POST");
      await page.keyboard.press("Enter");
      expect((await sale).status()).toBe(201);
      await expect(page.getByTestId("pos-paid-change")).toHaveText("500 IQD");
    };
    await pay();
    await expect.poll(() => printed(page)).toBe(1);
    await expect(page.getByTestId("pos-print-ask")).toHaveCount(0);

    // The till reads the setting with its session.
    await page.reload();
    await expect(page.getByTestId("pos-cashier")).toBeVisible();
    await pay();
    await expect(page.getByTestId("pos-print-ask")).toHaveCount(0);
    // (The reload counts the prints afresh.)
    await page.waitForTimeout(1000);
    expect(await printed(page)).toBe(0);
    await page.getByTestId("pos-paid-print").click();
    await expect.poll(() => printed(page)).toBe(1);

    // Asked, Enter prints it.
    await printReceipt("ask");
    await page.reload();
    await expect(page.getByTestId("pos-cashier")).toBeVisible();
    await printReceipt("never");
    await pay();
    await expect(page.getByTestId("pos-print-ask")).toBeVisible();
    expect(await printed(page)).toBe(0);
    await page.keyboard.press("Enter");
    await expect(page.getByTestId("pos-print-ask")).toBeHidden();
    await expect.poll(() => printed(page)).toBe(1);
    await expect(page.getByTestId("pos-paid-change")).toHaveText("500 IQD");
  } finally {
    await printReceipt("never");
  }
});

/** The size of each page of a PDF, in points, as its MediaBoxes give it. */
function pdfPages(pdf: Buffer): { width: number; height: number }[] {
  return [...pdf.toString("latin1").matchAll(/\/MediaBox\s*\[\s*([-\d.]+)\s+([-\d.]+)\s+([-\d.]+)\s+([-\d.]+)\s*\]/g)].map((m) => ({
    width: Number(m[3]) - Number(m[1]),
    height: Number(m[4]) - Number(m[2]),
  }));
}

for (const lang of ["en", "ar", "ckb"] as const) {
  test(`the receipt prints on an 80 mm page, from the roll's start edge, its quantity by its unit (${lang})`, async ({ page }) => {
    await openTill(page, lang);
    await scan(page, items[1]!.barcode);
    await expect(page.getByTestId("pos-line")).toHaveCount(1);
    await page.keyboard.press("F8");
    await expect(page.getByTestId("pay-iqd")).toHaveValue("2,750");
    const sale = page.waitForResponse((r) => r.url().endsWith("/api/pos_sales") && r.request().method() === "POST");
    await page.keyboard.press("Enter");
    expect((await sale).status()).toBe(201);
    await expect(page.getByTestId("pos-paid-change")).toBeVisible();
    const receipt = page.getByTestId("pos-receipt");
    await expect(receipt).toBeAttached();

    // Printed as the browser prints it: 80 mm (226.77 pt, to the pixel Chromium rounds it to) wide, whatever paper the printer would offer.
    const pdf = await page.pdf({ preferCSSPageSize: true, printBackground: true });
    writeFileSync(test.info().outputPath(`receipt-${lang}.pdf`), pdf);
    const pages = pdfPages(pdf);
    expect(pages.length).toBeGreaterThan(0);
    for (const p of pages) expect(p.width).toBeCloseTo(226.77, 0);

    // The receipt is the roll's width from the start edge of the page (on the 80 mm page it fills it), and a line's
    // quantity reads before its unit and price: from the left in English, from the right in Arabic and Kurdish.
    await page.emulateMedia({ media: "print" });
    await expect(receipt).toBeVisible();
    const box = (await receipt.boundingBox())!;
    expect(box.width).toBeCloseTo((80 / 25.4) * 96, 0);
    if (lang === "en") expect(box.x).toBe(0);
    else expect(box.x + box.width).toBeCloseTo(page.viewportSize()!.width, 0);
    // The figures stand at the receipt's end edge, inside its 4 mm padding: the right in English, the left in Arabic and Kurdish.
    const pad = (4 / 25.4) * 96;
    for (const figure of await receipt.locator(".pos-receipt-num span").all()) {
      const f = (await figure.boundingBox())!;
      if (lang === "en") expect(f.x + f.width).toBeCloseTo(box.x + box.width - pad, -1);
      else expect(f.x).toBeCloseTo(box.x + pad, -1);
    }
    const qty = receipt.locator(".pos-receipt-qty").first();
    await expect(qty).toContainText("2,750");
    const [quantity, price] = [
      (await qty.locator('[dir="ltr"]').first().boundingBox())!,
      (await qty.locator('[dir="ltr"]').last().boundingBox())!,
    ];
    if (lang === "en") expect(quantity.x).toBeLessThan(price.x);
    else expect(quantity.x).toBeGreaterThan(price.x);
    await page.emulateMedia({ media: "screen" });
  });
}

/** Saves the POS setting of the receipt's roll width, the other settings as they are (see `printReceipt`). */
async function receiptWidth(width: 80 | 58) {
  await exclusive("pos-settings", async () => {
    const now = (await call<{ data: Record<string, unknown> }>("pos/settings", { token: admin })).data;
    const body = {
      fib_account_fk: now.fib_account_fk,
      smallest_iqd_amount: now.smallest_iqd_amount,
      smallest_usd_amount: now.smallest_usd_amount,
      receipt_width: width,
    };
    await call("pos/settings", { method: "POST", token: admin, body });
  });
}

for (const lang of ["en", "ar"] as const) {
  test(`with the POS setting "58 mm" the receipt prints on a 58 mm page and fits it (${lang})`, async ({ page, browser }) => {
    try {
      if (lang === "en") await receiptWidth(58);
      else
        await exclusive("pos-settings", () =>
          editPosSettings(
            browser,
            { token: admin, lang: "ar" },
            async (card, manager) => {
              await expect(card.getByTestId("field-receipt_width")).toHaveValue("80 ملم");
              await card.getByTestId("field-receipt_width").click();
              await manager.getByRole("option", { name: "58 ملم" }).click();
            },
            (card) => expect(card.getByTestId("field-receipt_width")).toHaveValue("58 ملم"),
          ),
        );
      await openTill(page, lang);
      await receiptWidth(80);
      await scan(page, items[0]!.barcode);
      await scan(page, items[1]!.barcode);
      await expect(page.getByTestId("pos-line")).toHaveCount(2);
      await page.keyboard.press("F8");
      await expect(page.getByTestId("pay-iqd")).toHaveValue("8,250");
      const sale = page.waitForResponse((r) => r.url().endsWith("/api/pos_sales") && r.request().method() === "POST");
      await page.keyboard.press("Enter");
      expect((await sale).status()).toBe(201);
      const receipt = page.getByTestId("pos-receipt");
      await expect(receipt).toHaveAttribute("data-width", "58");

      // Every page of the receipt is 58 mm wide, by an A4 length.
      const pdf = await page.pdf({ preferCSSPageSize: true, printBackground: true });
      writeFileSync(test.info().outputPath(`receipt-58-${lang}.pdf`), pdf);
      const pages = pdfPages(pdf);
      expect(pages.length).toBeGreaterThan(0);
      // Chromium rounds a page to its pixels: within half a millimetre.
      for (const p of pages) {
        expect(Math.abs((p.width / 72) * 25.4 - 58)).toBeLessThan(0.5);
        expect(Math.abs((p.height / 72) * 25.4 - 297)).toBeLessThan(0.5);
      }

      // On paper the receipt is the narrow roll's width, from the start edge, and nothing in it runs past its edge.
      await page.emulateMedia({ media: "print" });
      await expect(receipt).toBeVisible();
      const box = (await receipt.boundingBox())!;
      expect(box.width).toBeCloseTo((58 / 25.4) * 96, 0);
      if (lang === "en") expect(box.x).toBe(0);
      else expect(box.x + box.width).toBeCloseTo(page.viewportSize()!.width, 0);
      const overflow = await receipt.evaluate((el) => el.scrollWidth - el.clientWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await expect(receipt.locator(".pos-receipt-num").last()).toBeVisible();
      await page.emulateMedia({ media: "screen" });
    } finally {
      await receiptWidth(80);
    }
  });
}
