import type { Locator, Page } from "@playwright/test";
import { adminToken, call, unique } from "../support/api";
import { expect, shot, signedIn, test } from "../support/fixtures";

/** Arabic-Indic digits, as typed on an Arabic keyboard. */
const indic = (t: string) => t.replace(/\d/g, (d) => String.fromCharCode(0x0660 + Number(d)));
/** Today on the business's clock (Asia/Baghdad, three hours ahead of UTC). */
const today = () => new Date(Date.now() + 3 * 3_600_000).toISOString().slice(0, 10);

async function pickItem(page: Page, scope: Locator, name: string) {
  await scope.getByTestId("line-item").pressSequentially(name.slice(0, 12), { delay: 10 });
  await page.getByRole("option", { name }).click();
}

async function chooseIn(page: Page, scope: Locator, testId: string, label: string) {
  await scope.getByTestId(testId).click();
  await page.getByRole("option", { name: label, exact: true }).click();
}

interface Balance {
  batch_no: string | null;
  theoretical_qty: string;
}

test("Arabic: opening stock typed as people type, a count sheet and a write-off of what the count left (ar)", async ({ page }) => {
  test.setTimeout(120_000);
  const token = await adminToken();
  const u = unique();
  const item = `Cefixime ${u}`;
  const units = (await call<{ message: { unit_id: number; unit_name: string }[] }>("units/list", { token })).message;
  const unitId = (n: string) => units.find((x) => x.unit_name === n)!.unit_id;
  await call("items", {
    method: "POST",
    token,
    body: {
      item_name: item,
      has_expire: true,
      item_units: [
        { unit_fk: unitId("Piece"), quantity: "1", price: "2000", is_base: true, is_default: true },
        { unit_fk: unitId("Box"), quantity: "10", price: "18000" },
      ],
    },
  });
  // The inventory the opening stock form starts on (the system's default inventory), read from the save.
  let inventory = 0;
  const onHand = async () =>
    (await call<{ message: (Balance & { item_name: string })[] }>(`inventory_adjustments/sheet/${inventory}`, { token })).message.filter(
      (b) => b.item_name === item,
    );
  // One day for the whole test: it may run across midnight in Baghdad.
  const day = today();
  await signedIn(page, { token, lang: "ar" });

  // Opening stock: the date year first in Arabic-Indic digits (as the page shows it right to left),
  // 1,200 pieces at 1,250 typed with Arabic separators, the batch and its expiry.
  await page.goto("/settings/opening-balance/inventory-opening-balance");
  await page.getByTestId("opening-stock-new").click();
  const form = page.getByTestId("opening-stock-form");
  await form.getByTestId("opening-stock-date").fill("");
  await form.getByTestId("opening-stock-date").pressSequentially(indic(day));
  // A whole date typed closes its calendar, which would cover the lines.
  await expect(page.locator("[data-dates-dropdown]")).toBeHidden();
  const line = form.getByTestId("opening-stock-line").first();
  await pickItem(page, line, item);
  await line.getByTestId("line-quantity").pressSequentially("١٬٢٠٠");
  await expect(line.getByTestId("line-quantity")).toHaveValue("1,200");
  await line.getByTestId("line-cost").pressSequentially("١٬٢٥٠");
  await expect(line.getByTestId("line-cost")).toHaveValue("1,250");
  await line.getByTestId("line-batch").fill("B-77");
  await line.getByTestId("line-expire").pressSequentially(indic("2030-12-31"));
  // ...and the expiry's calendar, which stood over the Save button.
  await expect(page.locator("[data-dates-dropdown]")).toBeHidden();
  await expect(form.getByTestId("opening-stock-total")).toHaveText("1,500,000");
  await shot(page, "opening-stock-form-ar");
  const saved = page.waitForResponse((r) => r.url().endsWith("/api/inventory_opening_balances") && r.request().method() === "POST");
  await form.getByTestId("opening-stock-save").click();
  // Saving posts the goods at once: asked first, naming the value; Esc keeps the form as it was.
  const question = page.getByTestId("confirm-action");
  await expect(question).toContainText("1,500,000");
  await page.keyboard.press("Escape");
  await expect(question).toBeHidden();
  await expect(form.getByTestId("opening-stock-total")).toHaveText("1,500,000");
  await form.getByTestId("opening-stock-save").click();
  await question.getByTestId("confirm-action-yes").click();
  expect((await saved).status()).toBe(201);
  const { id: openingId, number } = ((await (await saved).json()) as { data: { id: number; number: string } }).data;
  inventory = ((await saved).request().postDataJSON() as { inventory_id: number }).inventory_id;
  expect(inventory).toBeGreaterThan(0);
  await expect(form).toBeHidden();
  // Its row, by its number (the other worker may save an opening of its own meanwhile).
  const openingRow = page.getByTestId("table-row").filter({ has: page.getByRole("cell", { name: number, exact: true }) });
  await expect(openingRow).toContainText("1,500,000");
  const [batch] = await onHand();
  expect(batch).toMatchObject({ batch_no: "B-77" });
  expect(Number(batch!.theoretical_qty)).toBe(1200);
  const opening = (await call<{ data: { date: string; total_value: string } }>(`inventory_opening_balances/${openingId}`, { token })).data;
  expect(opening.date.slice(0, 10)).toBe(day);
  expect(Number(opening.total_value)).toBe(1_500_000);

  // The count sheet shows the 1,200 on hand; 1,198 counted is a difference of −2, a loss of 2 × 1,250.
  await page.goto("/warehouse/inventory-adjustment");
  await page.getByTestId("count-sheet-new").click();
  const sheet = page.getByTestId("count-sheet-form");
  await sheet.getByTestId("count-sheet-filter").fill(item);
  const row = sheet.getByTestId("count-sheet-row").filter({ hasText: "B-77" });
  await expect(row).toContainText("1,200");
  await row.getByTestId("count-sheet-counted").pressSequentially("١١٩٨");
  await expect(row.getByTestId("count-sheet-difference")).toHaveText("-2");
  // A box of a batch the sheet does not list is found: 4 pieces of B-90, a gain at the average cost.
  await sheet.getByTestId("count-found-add").click();
  const found = sheet.getByTestId("count-found-line").first();
  await pickItem(page, found, item);
  await found.getByTestId("count-found-batch").fill("B-90");
  await found.getByTestId("count-found-expire").pressSequentially(indic("2031-06-30"));
  await expect(page.locator("[data-dates-dropdown]")).toBeHidden();
  await found.getByTestId("count-found-counted").pressSequentially("٤");
  await sheet.getByTestId("count-sheet-save").click();
  await expect(page).toHaveURL(/\/warehouse\/inventory-adjustment\/view\/\d+$/);
  await page.getByTestId("count-complete").click();
  await page.getByTestId("confirm-action-yes").click();
  await expect(page.getByTestId("doc-status")).toHaveText("منجز");
  await expect(page.getByTestId("count-loss")).toHaveText("2,500");
  await expect(page.getByTestId("count-gain")).toHaveText("5,000");
  await expect(page.getByTestId("count-view-line").filter({ hasText: "B-77" })).toContainText("1,198");
  await expect(page.getByTestId("count-view-line").filter({ hasText: "B-90" })).toContainText("4");
  await shot(page, "inventory-count-ar");
  expect((await onHand()).map((b) => [b.batch_no, Number(b.theoretical_qty)])).toEqual([
    ["B-77", 1198],
    ["B-90", 4],
  ]);

  // A write-off of 5 pieces, expired type, first expiry first: Save and Done.
  await page.goto("/warehouse/destructed-assets");
  await page.getByTestId("disposal-new").click();
  await expect(page).toHaveURL(/\/warehouse\/destructed-assets\/upsert\/0\/0\/0$/);
  await chooseIn(page, page.locator("body"), "disposal-type", "منتهي الصلاحية");
  const wline = page.getByTestId("disposal-line").first();
  await pickItem(page, wline, item);
  await wline.getByTestId("line-quantity").pressSequentially("٥");
  await page.getByTestId("disposal-save-done").click();
  await expect(page).toHaveURL(/\/warehouse\/destructed-assets\/view\/\d+\/0$/);
  await expect(page.getByTestId("doc-status")).toHaveText("منجز");
  await expect(page.getByTestId("disposal-total-loss")).toHaveText("6,250");
  await shot(page, "destructed-asset-ar");
  expect(Number((await onHand())[0]!.theoretical_qty)).toBe(1193);

  // Return To Draft, asked first as every posting action is, brings the 5 back.
  await page.getByTestId("disposal-return-to-draft").click();
  await page.getByTestId("confirm-action-yes").click();
  await expect(page.getByTestId("doc-status")).toHaveText("مسودة");
  await expect.poll(async () => Number((await onHand())[0]!.theoretical_qty)).toBe(1198);
});
