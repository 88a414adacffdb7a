import { adminToken, call, createUser, login, unique } from "../support/api";
import { expect, test } from "../support/fixtures";
import { scan } from "../support/scanner";

/**
 * The till without network: once the POS screen has been open, its service worker keeps the
 * screen's files, so a reload with the network cut still opens it, and it goes on selling into its
 * queue (here with a line discount in percent); the back office is not kept and does not open.
 */
let admin: string;
let cashierToken: string;
const item = { name: "", barcode: "", id: 0 };

test.beforeAll(async () => {
  admin = await adminToken();
  const post = <T>(p: string, body: unknown) => call<{ data: T }>(p, { method: "POST", token: admin, body }).then((r) => r.data);
  const unit = (await call<{ message: { unit_id: number }[] }>("units/list", { token: admin })).message[0]?.unit_id;
  const inventory = (await call<{ message: { inventory_id: number }[] }>("inventories/list", { token: admin })).message[0]?.inventory_id;
  const tag = unique();
  item.name = `Offline Item ${tag}`;
  item.barcode = `78${String(Date.now()).slice(-9)}`;
  item.id = (
    await post<{ item_id: number }>("items", {
      item_name: item.name,
      item_units: [{ unit_fk: unit, quantity: "1", price: "2000", is_base: true, is_default: true, barcode: item.barcode }],
    })
  ).item_id;
  await post("inventory_opening_balances", {
    inventory_id: inventory,
    lines: [{ item_id: item.id, unit_id: unit, quantity: "50", unit_cost: "500" }],
  });
  const cashier = await createUser(admin, {
    user_name: `Offline Cashier ${tag}`,
    is_cashier: true,
    outlet_fk: 1,
    inventory_ids: inventory ? [inventory] : [],
    permissions: ["pos_sales/index", "pos_sales/store", "pos_sales/discount"],
  });
  cashierToken = await login(cashier.email, cashier.password);
});

test("a reload without network opens the POS from its service worker, and it sells into its queue", async ({ page, context }) => {
  await context.addInitScript((t) => {
    localStorage.setItem("token", t);
    localStorage.setItem("lang", "en");
  }, cashierToken);
  await page.goto("/settings/pos");
  await expect(page.getByTestId("pos-cashier")).toBeVisible();
  // The service worker has kept the screen and controls the page.
  await page.waitForFunction(async () => {
    await navigator.serviceWorker.ready;
    return navigator.serviceWorker.controller !== null;
  });
  // The catalogue is in IndexedDB once the item scans.
  await expect(async () => {
    await scan(page, item.barcode);
    await expect(page.getByTestId("pos-line")).toHaveCount(1, { timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
  // Esc asks before a bill with lines is thrown away; Esc again cancels it.
  await page.keyboard.press("Escape");
  await expect(page.getByTestId("pos-cancel-ask")).toBeVisible();
  await expect(page.getByTestId("pos-line")).toHaveCount(1);
  await page.keyboard.press("Escape");
  await expect(page.getByTestId("pos-line")).toHaveCount(0);
  await expect(page.getByTestId("pos-cancel-ask")).toHaveCount(0);

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByTestId("pos-cashier")).toBeVisible();
  await expect(page.getByTestId("pos-online")).toHaveText("Offline");
  // Its styles came along too.
  await expect(page.locator(".pos-screen")).toHaveCSS("display", "grid");

  await scan(page, item.barcode);
  await expect(page.getByTestId("pos-line")).toHaveCount(1);
  await page.getByTestId("pos-qty").fill("2");
  // 10% off the line: 2 × 2,000 = 4,000 less 400.
  await page.getByTestId("pos-discount-kind").click();
  await expect(page.getByTestId("pos-discount-kind")).toHaveText("%");
  await page.getByTestId("pos-discount").fill("10");
  await expect(page.getByTestId("pos-total")).toHaveText("3,600");
  // More than 100% is held at 100.
  await page.getByTestId("pos-discount").fill("150");
  await expect(page.getByTestId("pos-discount")).toHaveValue("100");
  await page.getByTestId("pos-discount").fill("10");
  await expect(page.getByTestId("pos-total")).toHaveText("3,600");

  // The payment dialog is a chunk of its own: the service worker has it too.
  await page.keyboard.press("F8");
  await page.getByTestId("pay-confirm").click();
  await expect(page.getByTestId("pos-line")).toHaveCount(0);
  await expect(page.getByTestId("pos-queue")).toContainText("1");
  const stored = await page.evaluate(
    () =>
      new Promise<{ body: { offline: boolean; lines: { quantity: string; discount_type?: string; discount?: string }[] } }[]>(
        (resolve, reject) => {
          const open = indexedDB.open("souq-pos");
          open.onerror = () => reject(open.error);
          open.onsuccess = () => {
            const all = open.result.transaction("queue").objectStore("queue").getAll();
            all.onsuccess = () => resolve(all.result);
          };
        },
      ),
  );
  expect(stored).toHaveLength(1);
  expect(stored[0]!.body.offline).toBe(true);
  expect(stored[0]!.body.lines).toEqual([expect.objectContaining({ quantity: "2", discount_type: "percent", discount: "10" })]);

  // The back office is not kept: without network it does not open.
  const other = await context.newPage();
  await expect(other.goto("/customers")).rejects.toThrow();
  await other.close();

  // The network returns: the queued sale is booked once.
  await context.setOffline(false);
  await expect(page.getByTestId("pos-queue")).toContainText("0", { timeout: 30_000 });
  const booked = (await call<{ data: { total: number } }>("pos_sales?filter[offline]=1", { token: cashierToken })).data;
  expect(booked.total).toBe(1);
});
