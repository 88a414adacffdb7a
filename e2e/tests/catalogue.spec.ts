import { ITEM_IMPORT_COLUMNS } from "@app/contracts";
import type { Page } from "@playwright/test";
import ExcelJS from "exceljs";
import { adminToken, call, unique } from "../support/api";
import { expect, shot, signedIn, test } from "../support/fixtures";
import { scan } from "../support/scanner";
import { openInApp } from "../support/walk";

const ean13Valid = (code: string) => {
  if (!/^\d{13}$/.test(code)) return false;
  const sum = [...code.slice(0, 12)].reduce((s, d, i) => s + Number(d) * (i % 2 === 0 ? 1 : 3), 0);
  return (10 - (sum % 10)) % 10 === Number(code[12]);
};

/** Picks a choice in a Mantine select by its visible label. */
async function choose(page: Page, testId: string, label: string) {
  await page.getByTestId(testId).click();
  await page.getByRole("option", { name: label, exact: true }).click();
}

/** The reference data the screens pick from, made through the API with names no other test uses. */
async function seed(token: string) {
  const u = unique();
  const piece = `Piece ${u}`;
  const box = `Box ${u}`;
  await call("units", { method: "POST", token, body: { unit_name: piece } });
  await call("units", { method: "POST", token, body: { unit_name: box } });
  const drinks = await call<{ data: { category_id: number } }>("categories", {
    method: "POST",
    token,
    body: { category_name: `Drinks ${u}`, category_code: `DR-${u}` },
  });
  await call("categories", { method: "POST", token, body: { category_name: `Soft drinks ${u}`, parent_id: drinks.data.category_id } });
  return { u, piece, box, drinks: `Drinks ${u}`, soft: `Soft drinks ${u}` };
}

async function xlsx(rows: (string | number)[][]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet("items");
  ws.addRow([...ITEM_IMPORT_COLUMNS]);
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

test.describe("catalogue", () => {
  test("an item with two units and a generated barcode, found by scanning it; categories as grid and tree; xlsx import", async ({
    page,
  }) => {
    // A long flow on a shared two-core machine.
    test.setTimeout(180_000);
    const token = await adminToken();
    const s = await seed(token);
    await signedIn(page, { token, lang: "en" });

    // ------------------------------------------------------------ create the item
    await page.goto("/warehouse/items");
    await expect(page.getByTestId("table-items")).toBeVisible();
    await page.getByTestId("items-add").click();
    const form = page.getByTestId("item-form");
    const name = `Pepsi 330ml ${s.u}`;
    await form.getByTestId("field-item_name").fill(name);
    await choose(page, "field-category_fk", s.soft);
    await form.getByTestId("field-shortage_alert").fill("24");
    await form.getByTestId("field-has_expire").click();
    await form.getByTestId("field-expire_alert").fill("30");
    await shot(page, "item-form-en");

    await form.getByTestId("item-tab-units").click();
    await choose(page, "unit-0-unit", s.piece);
    await form.getByTestId("unit-0-price").fill("250");
    await form.getByTestId("unit-0-generate").click();
    await expect(form.getByTestId("unit-0-barcode")).toHaveValue(/^\d{13}$/);
    const barcode = await form.getByTestId("unit-0-barcode").inputValue();
    expect(ean13Valid(barcode)).toBe(true);

    await form.getByTestId("unit-add").click();
    await choose(page, "unit-1-unit", s.box);
    await form.getByTestId("unit-1-quantity").fill("12");
    await form.getByTestId("unit-1-price").fill("2800");
    // The packet's price per base unit (2800 / 12 = 233.333), as money in the system currency shows:
    // dinars to the IQD decimals setting, whole by default.
    await expect(form.getByText(`233 per ${s.piece}`)).toBeVisible();
    // The base unit and the default unit cannot be removed.
    await expect(form.getByTestId("unit-0-remove")).toBeDisabled();
    await form.getByTestId("unit-1-default").check();
    await expect(form.getByTestId("unit-1-remove")).toBeDisabled();
    await expect(form.getByTestId("unit-0-remove")).toBeDisabled();
    await shot(page, "item-form-units-en");

    await form.getByTestId("item-save").click();
    await expect(page.getByText("Added Successfully")).toBeVisible();
    await expect(form).toBeHidden();

    // The server kept both units, their quantities in base units and the barcode.
    const found = await call<{ data: { data: { item_id: number }[] } }>(`items?search=${barcode}`, { token });
    expect(found.data.data).toHaveLength(1);
    const item = await call<{
      data: {
        item_units: { unit_name: string; quantity: string; price: string; barcode: string | null; is_base: boolean; is_default: boolean }[];
      };
    }>(`items/${found.data.data[0]?.item_id}`, { token });
    expect(item.data.item_units.map((x) => [x.unit_name, Number(x.quantity), Number(x.price), x.barcode, x.is_base, x.is_default])).toEqual(
      [
        [s.piece, 1, 250, barcode, true, false],
        [s.box, 12, 2800, null, false, true],
      ],
    );

    // ------------------------------------------------------------ scan the barcode into the list search
    await page.getByRole("heading", { name: "Items" }).click();
    // One burst, Enter included, as a scanner sends it.
    await scan(page, barcode);
    await expect(page).toHaveURL(new RegExp(`search=${barcode}`));
    await expect(page.getByTestId("table-search")).toHaveValue(barcode);
    await expect(page.getByTestId("table-row")).toHaveCount(1);
    await expect(page.getByTestId("table-row").first()).toContainText(name);
    await expect(page.getByTestId("table-row").first()).toContainText(barcode);
    await shot(page, "items-scanned-en");

    // A scanner aimed at the search box types the same code: found the same way.
    await page.getByTestId("table-search").fill("");
    await expect(page.getByTestId("table-row").first()).toBeVisible();
    await page.getByTestId("table-search").pressSequentially(barcode, { delay: 5 });
    await expect(page.getByTestId("table-row")).toHaveCount(1);

    // ------------------------------------------------------------ categories: grid and tree
    await page.goto("/warehouse/categories");
    await expect(page.getByTestId("table-categories")).toBeVisible();
    await page.getByTestId("table-search").fill(s.u);
    await expect(page.getByTestId("table-row")).toHaveCount(2);
    await expect(page.getByTestId("table-row").filter({ hasText: s.soft })).toContainText(s.drinks);
    await shot(page, "categories-grid-en");

    await page.getByTestId("category-view").locator("label").filter({ hasText: "Tree" }).click();
    await expect(page).toHaveURL(/view=tree/);
    const tree = page.getByTestId("category-tree");
    await expect(tree).toBeVisible();
    const parent = tree.getByTestId("tree-node").filter({ hasText: s.drinks }).first();
    await expect(parent).toBeVisible();
    // The child sits inside its parent's node: the tree shows the hierarchy, not a flat list.
    await expect(parent.getByTestId("tree-node").filter({ hasText: s.soft })).toBeVisible();
    await shot(page, "categories-tree-en");
    await page.getByTestId("category-view").locator("label").filter({ hasText: "Grid" }).click();
    await expect(page).not.toHaveURL(/view=tree/);
    await expect(page.getByTestId("table-categories")).toBeVisible();

    // ------------------------------------------------------------ import from xlsx
    await page.goto("/warehouse/items");
    await page.getByTestId("items-import").click();
    const dialog = page.getByTestId("item-import");
    await expect(dialog.getByTestId("import-template")).toBeVisible();
    const template = page.waitForEvent("download");
    await dialog.getByTestId("import-template").click();
    expect((await template).suggestedFilename()).toMatch(/\.xlsx$/);

    const imported = `Imported tea ${s.u}`;
    const good = [`Tea ${s.u}`, "", "", imported, "", "no", "1500", "5", "", "", "", "", s.piece, s.box, "17000", "", "12", "base"];
    // Row 3 has no name and a packet without its quantity: the whole file is refused and both reasons named.
    const bad = [`Tea ${s.u}`, "", "", "", "", "maybe", "750", "", "", "", "", "", s.piece, s.box, "8000", "", "", ""];
    await dialog.getByTestId("import-file").setInputFiles({
      name: "items.xlsx",
      mimeType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
      buffer: await xlsx([good, bad]),
    });
    await dialog.getByTestId("import-submit").click();
    await expect(dialog.getByTestId("import-errors")).toBeVisible();
    const errors = dialog.getByTestId("import-error-row");
    await expect(errors.filter({ hasText: "item_name" })).toContainText("3");
    await expect(errors.filter({ hasText: "base_unit_qty" })).toContainText("3");
    await shot(page, "item-import-errors-en");
    const none = await call<{ data: { total: number } }>(`items?search=${encodeURIComponent(imported)}`, { token });
    expect(none.data.total).toBe(0);

    await dialog.getByTestId("import-file").setInputFiles({
      name: "items.xlsx",
      mimeType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
      buffer: await xlsx([good]),
    });
    await dialog.getByTestId("import-submit").click();
    await expect(page.getByText("1 item imported")).toBeVisible();
    await expect(dialog).toBeHidden();
    await page.getByTestId("table-search").fill(imported);
    await expect(page.getByTestId("table-row")).toHaveCount(1);
    await expect(page.getByTestId("table-row").first()).toContainText(`Tea ${s.u}`);
    await expect(page.getByTestId("table-row").first()).toContainText("1,500");

    // ------------------------------------------------------------ the same list in Arabic, right to left
    await page.evaluate(() => localStorage.setItem("lang", "ar"));
    await page.goto(`/warehouse/items?search=${barcode}`);
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
    await expect(page.getByRole("heading", { name: "المواد" })).toBeVisible();
    await expect(page.getByTestId("table-row")).toHaveCount(1);
    await expect(page.getByTestId("table-row").first()).toContainText(name);
    await shot(page, "items-ar");
    // Editing loads the saved units back into the table, right to left.
    await page.getByTestId("row-actions").first().click();
    await page.getByTestId("row-action-edit").click();
    await page.getByTestId("item-tab-units").click();
    await expect(page.getByTestId("unit-1-quantity")).toHaveValue("12");
    await expect(page.getByTestId("unit-0-barcode")).toHaveValue(barcode);
    await shot(page, "item-form-units-ar");
    await page.keyboard.press("Escape");
    await page.goto("/warehouse/categories?view=tree");
    await expect(page.getByTestId("category-tree")).toBeVisible();
    await shot(page, "categories-tree-ar");
  });
});

test.describe("catalogue in Arabic", () => {
  test("a packet's quantity typed in Arabic-Indic digits is saved; a barcode's digits never run under its button", async ({ page }) => {
    const token = await adminToken();
    const s = await seed(token);
    await signedIn(page, { token, lang: "ar" });
    await page.goto("/warehouse/items");
    await page.getByTestId("items-add").click();
    const form = page.getByTestId("item-form");
    const name = `أموكسيسيلين ${s.u}`;
    await form.getByTestId("field-item_name").fill(name);
    await form.getByTestId("item-tab-units").click();
    await choose(page, "unit-0-unit", s.piece);
    await form.getByTestId("unit-0-price").pressSequentially("٢٬٥٠٠");
    await form.getByTestId("unit-0-barcode").pressSequentially("٦٢٦١٠٠٠٠٠٠٠١٢");

    // The field reads left to right; its generate button sits at its left, beside the padding.
    const barcode = form.getByTestId("unit-0-barcode");
    const button = await form.getByTestId("unit-0-generate").boundingBox();
    const field = await barcode.boundingBox();
    const padLeft = await barcode.evaluate((el) => Number.parseFloat(getComputedStyle(el).paddingLeft));
    expect(button!.x + button!.width).toBeLessThanOrEqual(field!.x + padLeft);

    await form.getByRole("button", { name: "إضافة وحدة عبوة" }).click();
    await choose(page, "unit-1-unit", s.box);
    await form.getByTestId("unit-1-quantity").fill("");
    await form.getByTestId("unit-1-quantity").pressSequentially("١٠");
    await form.getByTestId("unit-1-price").pressSequentially("٢٤٬٠٠٠");
    await expect(form.getByTestId("unit-1-price")).toHaveValue("24,000");
    await page.getByTestId("item-save").click();
    await expect(form).toBeHidden();

    const found = await call<{ data: { data: { item_id: number }[] } }>(`items?search=${encodeURIComponent(name)}`, { token });
    const item = await call<{ data: { item_units: { unit_name: string; quantity: string; barcode: string | null }[] } }>(
      `items/${found.data.data[0]!.item_id}`,
      { token },
    );
    expect(item.data.item_units.map((x) => [x.unit_name, Number(x.quantity), x.barcode])).toEqual(
      expect.arrayContaining([
        [s.piece, 1, "6261000000012"],
        [s.box, 10, null],
      ]),
    );
  });
});

test.describe("settings", () => {
  // A rate's date is read in the server's time zone; the browser here shares the machine's, as a shop's does.
  test.use({ timezoneId: Intl.DateTimeFormat().resolvedOptions().timeZone });

  test("reference data, a past-dated rate, configuration, profile, and the archived-year warning", async ({ page }) => {
    test.setTimeout(180_000);
    const token = await adminToken();
    const u = unique();
    await signedIn(page, { token, lang: "en" });

    await page.goto("/settings/units");
    await page.getByTestId("units-add").click();
    await page.getByTestId("field-unit_name").fill(`Carton ${u}`);
    await shot(page, "unit-form-en");
    await page.getByTestId("units-save").click();
    await expect(page.getByText("Added Successfully")).toBeVisible();
    await page.getByTestId("table-search").fill(`Carton ${u}`);
    await expect(page.getByTestId("table-row")).toHaveCount(1);

    await page.goto("/settings/brands");
    await page.getByTestId("brands-add").click();
    await page.getByTestId("field-brand_name").fill(`Pepsico ${u}`);
    await choose(page, "field-brand_made_in", "Iraq");
    await page.getByTestId("brands-save").click();
    await expect(page.getByText("Added Successfully")).toBeVisible();
    await page.getByTestId("table-search").fill(`Pepsico ${u}`);
    await expect(page.getByTestId("table-row").first()).toContainText("Iraq");
    await shot(page, "brands-en");
    // In Arabic the brand's country reads in Arabic.
    await page.evaluate(() => localStorage.setItem("lang", "ar"));
    await page.goto(`/settings/brands?search=${encodeURIComponent(`Pepsico ${u}`)}`);
    await expect(page.getByTestId("table-row").first()).toContainText("العراق");
    await shot(page, "brands-ar");
    await page.evaluate(() => localStorage.setItem("lang", "en"));

    await page.goto("/settings/inventories");
    await expect(page.getByTestId("table-row").first()).toBeVisible();
    await shot(page, "inventories-en");

    await openInApp(page, "/accounting/currency-rates");
    await page.getByTestId("rate-add").click();
    await page.getByTestId("field-rate").fill("1480");
    await page.getByTestId("field-in_rate").fill("1475.5");
    await page.getByTestId("rate-save").click();
    await expect(page.getByText("New rate saved: 1,480")).toBeVisible();
    await expect(page.getByTestId("table-row").first()).toContainText("1,475.5");
    await shot(page, "currency-rates-en");

    await page.goto("/settings/system-configurations");
    await expect(page.getByTestId("field-currency_fk")).toHaveValue("IQD");
    await page.getByTestId("settings-save").click();
    await expect(page.getByText("Updated Successfully")).toBeVisible();
    await shot(page, "system-configurations-en");

    await page.goto("/settings/system-profile");
    await page.getByLabel("Receipt Footer").fill(`Thank you for shopping with us\nExchange within 7 days`);
    await page.getByTestId("profile-save").click();
    await expect(page.getByText("Updated Successfully")).toBeVisible();
    await expect(page.getByTestId("receipt-preview")).toContainText("Exchange within 7 days");
    await shot(page, "system-profile-en");

    // A past year, archived and made active: every screen warns until another year is chosen.
    const start = 1950 + Math.floor(Math.random() * 60);
    const years = await call<{ message: { id: number; name: string; is_active: boolean }[] }>("financial_years/list", { token });
    const current = years.message.find((y) => y.is_active);
    const old = await call<{ data: { id: number } }>("financial_years", {
      method: "POST",
      token,
      body: { name: `FY ${start} ${u}`, start_date: `${start}-01-01`, end_date: `${start}-12-31` },
    });
    await page.goto("/settings/financial-year");
    await page.getByTestId("table-search").fill(`FY ${start} ${u}`);
    await expect(page.getByTestId("table-row")).toHaveCount(1);
    await page.getByTestId("row-actions").first().click();
    await page.getByTestId("row-action-archive").click();
    await page.getByTestId("year-confirm-yes").click();
    await expect(page.getByTestId("table-row").first()).toContainText("Archived");
    await expect(page.getByTestId("archived-year-banner")).toBeHidden();
    await page.getByTestId("row-actions").first().click();
    await page.getByTestId("row-action-activate").click();
    await page.getByTestId("year-confirm-yes").click();
    await expect(page.getByTestId("archived-year-banner")).toContainText(`FY ${start} ${u}`);
    await shot(page, "financial-year-archived-en");
    await page.goto("/warehouse/items");
    await expect(page.getByTestId("archived-year-banner")).toBeVisible();
    if (current) await call(`financial_years/${current.id}/activate`, { method: "POST", token, body: {} });
    await page.reload();
    await expect(page.getByTestId("table-items")).toBeVisible();
    await expect(page.getByTestId("archived-year-banner")).toBeHidden();
    expect(old.data.id).toBeGreaterThan(0);
  });
});

test.describe("a list page at rest", () => {
  // Lighthouse found the items page at work on every frame once loaded: the list's hidden loading
  // bar moved on, laying the page out again 55 times a second.
  for (const lang of ["en", "ar"] as const) {
    test(`runs no animation and lays nothing out once its list is in (${lang})`, async ({ page }) => {
      await signedIn(page, { lang });
      await page.goto("/warehouse/items");
      await expect(page.locator("table.data-table tbody tr").first()).toBeVisible();
      await expect(page.getByTestId("table-loading")).toHaveCount(0);
      await expect.poll(() => page.evaluate(() => document.getAnimations().length)).toBe(0);
      const cdp = await page.context().newCDPSession(page);
      await cdp.send("Performance.enable");
      const layouts = async () => (await cdp.send("Performance.getMetrics")).metrics.find((m) => m.name === "LayoutCount")!.value;
      const before = await layouts();
      await page.waitForTimeout(1000);
      expect((await layouts()) - before).toBeLessThan(5);
    });
  }
});
