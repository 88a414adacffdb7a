import { adminToken, call, unique } from "../support/api";
import { expect, openList, pick, shot, signedIn, test } from "../support/fixtures";
import { createItem, openingStock, pieceAndBox, pieceAndBoxOfTen, poster } from "../support/seed";
import { openInApp } from "../support/walk";

interface Held {
  data: { data: { item_name: string; qty: string; value: string }[] };
}

/** An item with 20 pieces at 700 in the main inventory, and a customer. */
async function seed(token: string) {
  const u = unique();
  const units = await pieceAndBox(token);
  const name = `Ibuprofen ${u}`;
  const item = await createItem(token, { item_name: name, item_units: pieceAndBoxOfTen(units, { piece: "1000", box: "9500" }) });
  await openingStock(token, item, units.piece, "20", "700");
  const customer = await poster(token)<{ consumer_id: number }>("customers", { consumer_name: `Hawler Clinic ${u}` });
  return { token, name, item, piece: units.piece, customer: customer.consumer_id, customerName: `Hawler Clinic ${u}` };
}

/** A transfer of four pieces to the customer, pending (not sent yet). */
const pendingTransfer = (s: Awaited<ReturnType<typeof seed>>) =>
  poster(s.token)<{ id: number; number: string }>("sale_transfers", {
    consumer_fk: s.customer,
    inventory_fk: 1,
    currency_id: 1,
    lines: [{ item_fk: s.item, unit_fk: s.piece, quantity: "4" }],
  });

test("goods sent on consignment from the screen, then partly returned, and what the customer still holds", async ({ page }) => {
  test.setTimeout(180_000);
  const token = await adminToken();
  const s = await seed(token);
  await openList(page, token, "/sales/sale-transfers", "table-sale_transfers");
  await page.getByTestId("transfer-add").click();

  const form = page.getByTestId("transfer-form");
  await pick(page, form.getByTestId("transfer-customer"), s.customerName);
  const line = form.getByTestId("doc-line").first();
  await pick(page, line.getByTestId("line-item"), s.name, s.name);
  // Ten pieces (the item's default unit is the box).
  await line.getByTestId("line-unit").click();
  await page.getByRole("option", { name: "Piece", exact: true }).click();
  await line.getByTestId("line-quantity").fill("10");
  const [sent] = await Promise.all([
    // Saved and sent in one call.
    page.waitForResponse((r) => r.url().endsWith("/api/sale_transfers") && r.request().method() === "POST"),
    form.getByTestId("transfer-save-send").click(),
  ]);
  expect(sent.status()).toBe(201);
  await expect(page.getByTestId("transfer-status")).toHaveText("Sent");
  const sheet = page.getByTestId("transfer-sheet");
  await expect(sheet).toContainText(s.customerName);
  // Sale value: ten pieces at 1,000; cost: ten pieces at 700 = 7,000.
  await expect(sheet).toContainText("10,000");
  await expect(sheet).toContainText("7,000");

  await page.getByTestId("transfer-make-return").click();
  const back = page.getByTestId("return-form");
  await expect(back.getByTestId("doc-line")).toHaveCount(1);
  // The return starts with the transfer's customer and line: 3 of the 10 pieces come back.
  await back.getByTestId("line-quantity").fill("3");
  const [saved] = await Promise.all([
    page.waitForResponse((r) => r.url().endsWith("/api/sale_transfer_returns") && r.request().method() === "POST"),
    back.getByTestId("return-save").click(),
  ]);
  expect(saved.status()).toBe(201);
  await expect(page.getByTestId("return-sheet")).toContainText("2,100");

  const held = await call<Held>(`sale_transfers/consignments?search=${encodeURIComponent(s.name)}`, { token });
  expect(held.data.data).toEqual([expect.objectContaining({ item_name: s.name, qty: "7.0000", value: "4900.0000" })]);
  await openInApp(page, "/sales/sale-transfers/consignments");
  await page.getByTestId("table-search").fill(s.name);
  await expect(page.getByTestId("table-row")).toHaveCount(1);
  await expect(page.getByTestId("table-row").first()).toContainText("4,900");
});

test("in Arabic: a sale-transfer return refused past what the customer holds, right to left", async ({ page }) => {
  test.setTimeout(180_000);
  const token = await adminToken();
  const s = await seed(token);
  const transfer = await pendingTransfer(s);
  await poster(token)(`sale_transfers/${transfer.id}/send`, {});
  await signedIn(page, { token, lang: "ar" });
  await page.goto(`/sales/sale-transfer-return/upsert/0/0/${transfer.id}/0`);
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  const back = page.getByTestId("return-form");
  await expect(back.getByTestId("doc-line")).toHaveCount(1);
  await back.getByTestId("line-quantity").fill("٥");
  const [refused] = await Promise.all([
    page.waitForResponse((r) => r.url().endsWith("/api/sale_transfer_returns") && r.request().method() === "POST"),
    back.getByTestId("return-save").click(),
  ]);
  expect(refused.status()).toBe(422);
  // "Not enough stock of … in Consignment: {customer} #{id}: 4 on hand.", in Arabic, the customer's
  // consignment location named in Arabic too.
  await expect(page.getByText(new RegExp(`لا يوجد مخزون كافٍ .* في أمانة لدى .* #${s.customer}: .*4`)).first()).toBeVisible();
  await back.getByTestId("line-quantity").fill("٤");
  const [saved] = await Promise.all([
    page.waitForResponse((r) => r.url().endsWith("/api/sale_transfer_returns") && r.request().method() === "POST"),
    back.getByTestId("return-save").click(),
  ]);
  expect(saved.status()).toBe(201);
  await expect(page.getByRole("heading", { name: /مرتجع تحويل بيع/ }).first()).toBeVisible();
  // Four pieces back at 700.
  await expect(page.getByTestId("return-sheet")).toContainText("2,800");
  await expect(page.getByTestId("return-sheet")).toContainText(`أمانة لدى`);
  await expect(page.getByTestId("return-sheet")).not.toContainText("Consignment:");
  await shot(page, "sale-transfer-return-ar");
});

test("in Kurdish, a pending transfer's Send on its sheet asks first: Esc keeps it pending, Enter sends it", async ({ page }) => {
  const token = await adminToken();
  const s = await seed(token);
  const transfer = await pendingTransfer(s);
  const status = async () => (await call<{ data: { status: string } }>(`sale_transfers/${transfer.id}`, { token })).data.status;
  await signedIn(page, { token, lang: "ckb" });
  await page.goto(`/sales/sale-transfers/view/${transfer.id}/0`);
  await page.getByTestId("transfer-send").click();
  const question = page.getByTestId("confirm-action");
  await expect(question).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(question).toBeHidden();
  expect(await status()).toBe("pending");
  await page.getByTestId("transfer-send").click();
  await expect(question).toBeVisible();
  await page.keyboard.press("Enter");
  await expect.poll(status).toBe("sent");
});
