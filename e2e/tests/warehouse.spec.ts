import type { Page } from "@playwright/test";
import { adminToken, call, unique } from "../support/api";
import { choose, expect, openList, shot, signedIn, test } from "../support/fixtures";
import { createItem, pieceAndBox, pieceAndBoxOfTen, poster } from "../support/seed";
import { openInApp } from "../support/walk";

interface Transfer {
  transfer_id: number;
  transfer_no: string;
  status: string;
  items: { quantity: string; batch_no: string | null; value: string }[];
}

/** An item with two batches in the first inventory (through the opening stock) and a second inventory. */
async function seed(token: string) {
  const u = unique();
  const post = poster(token);
  const units = await pieceAndBox(token);
  const { piece } = units;
  const name = `Cefixime ${u}`;
  const item = await createItem(token, {
    item_name: name,
    has_expire: true,
    expire_alert: 30,
    shortage_alert: 50,
    item_units: pieceAndBoxOfTen(units, { piece: "1000", box: "9500" }),
  });
  const inventories = await call<{ message: { inventory_id: number; inventory_name: string }[] }>("inventories/list", { token });
  const main = inventories.message.find((i) => i.inventory_name === "Main Inventory")!.inventory_id;
  const branch = await post<{ inventory_id: number }>("inventories", { inventory_name: `Erbil branch ${u}` });
  await post("inventory_opening_balances", {
    inventory_id: main,
    lines: [
      { item_id: item, unit_id: piece, quantity: "30", unit_cost: "600", batch_no: "EARLY", expire_date: "2098-03-31" },
      { item_id: item, unit_id: piece, quantity: "50", unit_cost: "760", batch_no: "LATE", expire_date: "2099-09-30" },
    ],
  });
  return { name, item, main, branch: branch.inventory_id, branchName: `Erbil branch ${u}` };
}

async function rowAction(page: Page, rowText: string, action: string) {
  const row = page.getByTestId("table-row").filter({ hasText: rowText });
  await row.getByTestId("row-actions").click();
  // Approve, send and receive post: each asks first.
  await page.getByTestId(`row-action-${action}`).click();
  await expect(page.getByTestId("confirm-action")).toBeVisible();
  const [res] = await Promise.all([
    page.waitForResponse((r) => r.url().includes(`/${action}`) && r.request().method() === "POST"),
    page.getByTestId("confirm-action-yes").click(),
  ]);
  expect(res.status()).toBe(200);
}

test("a transfer made on its screen is approved, sent and received, and its batches show in the warehouse", async ({ page }) => {
  test.setTimeout(180_000);
  const token = await adminToken();
  const s = await seed(token);
  await openList(page, token, "/warehouse/items-transfers", "table-stock_transfers");

  await page.getByTestId("item-transfer-add").click();
  const form = page.getByTestId("item-transfer-form");
  await choose(page, form.getByTestId("transfer-from-inventory"), "Main Inventory");
  await choose(page, form.getByTestId("transfer-to-inventory"), s.branchName);
  await form.getByTestId("transfer-add-line").click();
  // The picker lists the batches in stock, first expiry first: the early batch.
  await form.getByTestId("transfer-line-item-0").fill(s.name);
  await page.getByRole("option", { name: new RegExp(`^${s.name} · EARLY`) }).click();
  await form.getByTestId("transfer-line-unit-0").click();
  await page.getByRole("option", { name: "Box", exact: true }).click();
  await form.getByTestId("transfer-line-qty-0").fill("2");
  const [saved] = await Promise.all([
    page.waitForResponse((r) => r.url().endsWith("/api/stock_transfers") && r.request().method() === "POST"),
    form.getByTestId("item-transfer-save").click(),
  ]);
  expect(saved.status()).toBe(201);
  await expect(form).toBeHidden();
  const { transfer_id: id, transfer_no: no } = ((await saved.json()) as { data: Transfer }).data;

  await page.getByTestId("table-search").fill(no);
  await expect(page.getByTestId("table-row")).toHaveCount(1);
  await rowAction(page, no, "approve");
  await rowAction(page, no, "send");
  await expect(page.getByTestId("transfer-status").first()).toHaveText("Sent");
  // 20 pieces of the early batch at the average cost: (30 × 600 + 50 × 760) / 80 = 700 → 14,000.
  await expect(page.getByTestId("table-row").first()).toContainText("14,000");
  await rowAction(page, no, "receive");
  await expect(page.getByTestId("transfer-status").first()).toHaveText("Received");
  const shown = await call<{ data: Transfer }>(`stock_transfers/${id}`, { token });
  expect(shown.data).toMatchObject({ status: "received", items: [{ quantity: "2.0000", batch_no: "EARLY", value: "14000.0000" }] });

  await openInApp(page, "/warehouse/warehouse");
  await expect(page.getByTestId("table-stocks")).toBeVisible({ timeout: 30_000 });
  await page.getByTestId("table-search").fill(s.name);
  const rows = page.getByTestId("table-row");
  await expect(rows).toHaveCount(2);
  const branchRow = rows.filter({ hasText: s.branchName });
  await expect(branchRow).toContainText("20");
  await expect(branchRow).toContainText("14,000");
  // 20 on hand is below the shortage alert of 50.
  await expect(branchRow.getByTestId("flag-shortage")).toBeVisible();
  await branchRow.getByTestId("row-actions").click();
  await page.getByTestId("row-action-batches").click();
  const batches = page.getByTestId("stock-batches");
  await expect(batches.getByTestId("batch-row")).toHaveCount(1);
  await expect(batches.getByTestId("batch-row").first()).toContainText("EARLY");
  await expect(batches.getByTestId("batch-row").first()).toContainText("31/03/2098");
  await expect(batches.getByTestId("batch-row").first()).toContainText("2 Box");
  const mainRow = rows.filter({ hasText: "Main Inventory" });
  await expect(mainRow).toContainText("60");
});

test("in Arabic: a transfer typed with Arabic-Indic digits, and the warehouse's batches right to left", async ({ page }) => {
  test.setTimeout(180_000);
  const token = await adminToken();
  const s = await seed(token);
  await signedIn(page, { token, lang: "ar" });
  await page.goto("/warehouse/items-transfers");
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  await expect(page.getByRole("heading", { name: "مناقلة المواد" }).first()).toBeVisible({ timeout: 30_000 });
  await page.getByTestId("item-transfer-add").click();
  const form = page.getByTestId("item-transfer-form");
  await choose(page, form.getByTestId("transfer-from-inventory"), "المخزن الرئيسي");
  await choose(page, form.getByTestId("transfer-to-inventory"), s.branchName);
  await form.getByTestId("transfer-add-line").click();
  await form.getByTestId("transfer-line-item-0").fill(s.name);
  await page.getByRole("option", { name: new RegExp(`^${s.name} · LATE`) }).click();
  await form.getByTestId("transfer-line-qty-0").fill("١٢");
  const [saved] = await Promise.all([
    page.waitForResponse((r) => r.url().endsWith("/api/stock_transfers") && r.request().method() === "POST"),
    form.getByTestId("item-transfer-save").click(),
  ]);
  expect(saved.status()).toBe(201);
  const id = ((await saved.json()) as { data: Transfer }).data.transfer_id;
  // Twelve pieces of the named batch.
  expect(((await saved.json()) as { data: Transfer }).data.items[0]).toMatchObject({ quantity: "12.0000", batch_no: "LATE" });
  await call(`stock_transfers/${id}/approve`, { method: "POST", token });
  await call(`stock_transfers/${id}/send`, { method: "POST", token });
  await call(`stock_transfers/${id}/receive`, { method: "POST", token });

  await page.goto("/warehouse/warehouse");
  await page.getByTestId("table-search").fill(s.name);
  const branchRow = page.getByTestId("table-row").filter({ hasText: s.branchName });
  await expect(branchRow).toBeVisible({ timeout: 30_000 });
  await branchRow.getByTestId("row-actions").click();
  await page.getByTestId("row-action-batches").click();
  const batches = page.getByTestId("stock-batches");
  await expect(batches.getByTestId("batch-row").first()).toContainText("LATE");
  await expect(batches).toContainText("الدفعة");
  await shot(page, "warehouse-batches-ar");
});
