import { adminToken, call, createUser, login, unique } from "../support/api";
import { expect, test } from "../support/fixtures";

/**
 * The receipt printer picker of the POS screen (Web Serial). The browser's port chooser cannot be
 * driven by a test, so the page gets a stand-in `navigator.serial` whose one USB port records the
 * bytes written to it: the picker must choose it, show it, print a test page on it and forget it;
 * without Web Serial the picker is not offered.
 */
let cashierToken: string;

test.beforeAll(async () => {
  const admin = await adminToken();
  const inventory = (await call<{ message: { inventory_id: number }[] }>("inventories/list", { token: admin })).message[0]?.inventory_id;
  const cashier = await createUser(admin, {
    user_name: `Printer Cashier ${unique()}`,
    is_cashier: true,
    outlet_fk: 1,
    inventory_ids: inventory ? [inventory] : [],
    permissions: ["pos_sales/index", "pos_sales/store"],
  });
  cashierToken = await login(cashier.email, cashier.password);
});

test.beforeEach(async ({ context }) => {
  await context.addInitScript((t) => {
    localStorage.setItem("token", t);
    localStorage.setItem("lang", "en");
  }, cashierToken);
});

test("a cashier chooses the receipt printer, prints a test page on it and forgets it", async ({ page }) => {
  await page.addInitScript(() => {
    const printed: number[] = [];
    (window as unknown as { printed: number[] }).printed = printed;
    let granted: object[] = [];
    const port = () => {
      const p = {
        writable: null as WritableStream<Uint8Array> | null,
        async open() {
          p.writable = new WritableStream<Uint8Array>({ write: (chunk) => void printed.push(...chunk) });
        },
        async close() {
          p.writable = null;
        },
        async forget() {
          granted = granted.filter((g) => g !== p);
        },
        getInfo: () => ({ usbVendorId: 0x0416, usbProductId: 0x5011 }),
      };
      return p;
    };
    const serial = {
      requestPort: async () => {
        const p = port();
        granted.push(p);
        return p;
      },
      getPorts: async () => granted,
    };
    Object.defineProperty(Navigator.prototype, "serial", { configurable: true, get: () => serial });
  });
  await page.goto("/settings/pos");
  await page.getByTestId("pos-printer").click();
  await expect(page.getByTestId("pos-printer-current")).toHaveText("No printer chosen: receipts print through the browser's print dialog.");
  await expect(page.getByTestId("pos-printer-test")).toBeDisabled();

  await page.getByTestId("pos-printer-choose").click();
  await expect(page.getByTestId("pos-printer-current")).toHaveText("Printer: USB 0416:5011");
  await page.getByTestId("pos-printer-test").click();
  await expect(page.getByTestId("pos-printer-message")).toHaveText("The test page was sent to the printer.");
  const bytes = await page.evaluate(() => (window as unknown as { printed: number[] }).printed);
  // ESC @ (initialise) first, the test line as text, GS V (cut) at the end.
  expect(bytes.slice(0, 2)).toEqual([0x1b, 0x40]);
  expect(String.fromCharCode(...bytes)).toContain("Test print: the printer works");
  expect(bytes.slice(-4, -2)).toEqual([0x1d, 0x56]);

  await page.getByTestId("pos-printer-forget").click();
  await expect(page.getByTestId("pos-printer-current")).toHaveText("No printer chosen: receipts print through the browser's print dialog.");
  // Forgotten for good: opened again, the dialog finds no printer.
  await page.keyboard.press("Escape");
  await page.getByTestId("pos-printer").click();
  await expect(page.getByTestId("pos-printer-current")).toHaveText("No printer chosen: receipts print through the browser's print dialog.");
});

test("without Web Serial the printer picker is not offered", async ({ page }) => {
  await page.addInitScript(() => {
    Object.defineProperty(Navigator.prototype, "serial", { configurable: true, get: () => undefined });
  });
  await page.goto("/settings/pos");
  await expect(page.getByTestId("pos-cashier")).toBeVisible();
  await expect(page.getByTestId("pos-printer")).toHaveCount(0);
});
