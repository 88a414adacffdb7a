import { adminToken, call, unique } from "../support/api";
import { exclusive } from "../support/exclusive";
import { expect, shot, signedIn, test } from "../support/fixtures";

/** The business's day (Asia/Baghdad), as documents are dated. */
const today = () => new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Baghdad" }).format(new Date());

const post = <T>(token: string, path: string, body: unknown) =>
  call<{ data: T }>(path, { method: "POST", token, body }).then((r) => r.data);

/** The one system setting this file changes, written back as the product starts: 0 decimals. */
async function setIqdDecimals(token: string, n: number) {
  const show = await call<{ data: { default_inventory_fk: number; default_account_fk: number } }>("system_settings/show/1", { token });
  await call("system_settings_update/1", {
    method: "POST",
    token,
    body: {
      _method: "PATCH",
      default_inventory_fk: show.data.default_inventory_fk,
      default_account_fk: show.data.default_account_fk,
      iqd_decimals: n,
    },
  });
}

/** A till holding 1,004,501.215 IQD from one income of today. */
async function seedTill(token: string) {
  const u = unique();
  const name = `Decimals Till ${u}`;
  const till = await post<{ account_id: number }>(token, "cashes", { account_name: name, cash_type: 1, currency_id: 1 });
  const income = await post<{ type_id: number }>(token, "income_types", { type_name: `Decimals Sales ${u}` });
  await post(token, "incomes", {
    account_id: till.account_id,
    currency_id: 1,
    payment_time: "10:00",
    type_id: income.type_id,
    amount: "1004501.215",
    date: today(),
  });
  return name;
}

for (const lang of ["en", "ar"] as const) {
  test(`IQD amounts show no fraction unless the settings ask for one: the trial balance, then 3 decimals set on the screen (${lang})`, async ({
    page,
  }) => {
    const token = await adminToken();
    const till = await seedTill(token);
    await signedIn(page, { token, lang });
    await exclusive("iqd-decimals", async () => {
      try {
        const debitOf = () => page.getByTestId("table-row").filter({ hasText: till }).locator('[data-column="debit"]');
        await page.goto(`/reports/financial-reports/trial-balance?search=${encodeURIComponent(till)}`);
        // The dinar is shown whole, rounded: the books keep the 215 fils.
        await expect(debitOf()).toHaveText("1,004,501");
        await shot(page, `iqd-decimals-default-${lang}`);

        await page.goto("/settings/system-configurations");
        const field = page.getByTestId("field-iqd_decimals");
        await expect(field).toHaveValue("0");
        // Out of range: refused under the field, in the page's language.
        await field.fill("4");
        await page.getByTestId("settings-save").click();
        await expect(page.getByText(lang === "ar" ? "يجب أن يكون بين 0 و 3" : "Must be between 0 and 3.")).toHaveCount(1);
        // Typed as people type: over the pre-filled figure, in Arabic-Indic digits in Arabic.
        await field.click();
        await field.press("ControlOrMeta+a");
        await field.pressSequentially(lang === "ar" ? "٣" : "3");
        await page.getByTestId("settings-save").click();
        await expect(page.getByText(lang === "ar" ? "تم التحديث بنجاح" : "Updated Successfully")).toBeVisible();
        const saved = await call<{ data: { iqd_decimals: number } }>("system_config", { token });
        expect(saved.data.iqd_decimals).toBe(3);

        await page.goto(`/reports/financial-reports/trial-balance?search=${encodeURIComponent(till)}`);
        await expect(debitOf()).toHaveText("1,004,501.215");
        await shot(page, `iqd-decimals-three-${lang}`);
      } finally {
        await setIqdDecimals(token, 0);
      }
    });
  });
}

/** One piece of a new item taken in at 1,250.5 IQD through the opening stock (the system currency). */
async function seedOpeningStock(token: string) {
  const u = unique();
  const name = `Decimals Stock ${u}`;
  const units = await call<{ message: { unit_id: number; unit_name: string }[] }>("units/list", { token });
  const piece = units.message.find((x) => x.unit_name === "Piece")!.unit_id;
  const item = await post<{ item_id: number }>(token, "items", {
    item_name: name,
    item_units: [{ unit_fk: piece, quantity: "1", price: "2000", is_base: true, is_default: true }],
  });
  const inventories = await call<{ message: { inventory_id: number; inventory_name: string }[] }>("inventories/list", { token });
  const main = inventories.message.find((i) => i.inventory_name === "Main Inventory")!.inventory_id;
  const opening = await post<{ id: number }>(token, "inventory_opening_balances", {
    inventory_id: main,
    lines: [{ item_id: item.item_id, unit_id: piece, quantity: "1", unit_cost: "1250.5" }],
  });
  return { name, openingId: opening.id };
}

test("stock values show dinars to the setting: an opening stock of 1,250.5 IQD reads 1,251 on its view and the stock list, in full with 3 decimals", async ({
  page,
}) => {
  const token = await adminToken();
  const { name, openingId } = await seedOpeningStock(token);
  await signedIn(page, { token, lang: "en" });
  await exclusive("iqd-decimals", async () => {
    try {
      const check = async (shown: string) => {
        await page.goto(`/settings/opening-balance/inventory-opening-balance/view/${openingId}`);
        await expect(page.getByTestId("opening-stock-view-total")).toHaveText(shown);
        // The line's unit cost and value alike (item, unit, quantity, unit cost, batch, expiry, value).
        const cells = page.getByTestId("opening-stock-view-lines").locator("tbody tr").first().locator("td");
        await expect(cells.nth(2)).toHaveText("1");
        await expect(cells.nth(3)).toHaveText(shown);
        await expect(cells.nth(6)).toHaveText(shown);
        await page.goto(`/warehouse/warehouse?search=${encodeURIComponent(name)}`);
        const row = page.getByTestId("table-row").filter({ hasText: name });
        await expect(row.locator('[data-column="value"]')).toHaveText(shown);
        await expect(row.locator('[data-column="avg_cost"]')).toHaveText(shown);
      };
      // Rounded half up: the books keep the half dinar.
      await check("1,251");
      await setIqdDecimals(token, 3);
      await check("1,250.5");
    } finally {
      await setIqdDecimals(token, 0);
    }
  });
});
