import { ITEM_IMPORT_COLUMNS, PRICE_SHEET_COLUMNS } from "@app/contracts";
import ExcelJS from "exceljs";
import { adminToken, call, unique } from "../support/api";
import { axeViolations, describeViolations } from "../support/axe";
import { expect, settled, shot, signedIn, test } from "../support/fixtures";

const XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

test.describe("sheets that go back in", () => {
  test("in Arabic: the prices exported from the items list, one changed in the sheet, imported: that price alone changes; a bad sheet is refused by row", async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const token = await adminToken();
    const u = unique();
    const piece = (await call<{ data: { unit_id: number } }>("units", { method: "POST", token, body: { unit_name: `Piece ${u}` } })).data;
    const box = (await call<{ data: { unit_id: number } }>("units", { method: "POST", token, body: { unit_name: `Box ${u}` } })).data;
    const name = `شاي ${u}`;
    const code = `00${Date.now().toString().slice(-9)}`;
    const item = await call<{ data: { item_id: number } }>("items", {
      method: "POST",
      token,
      body: {
        item_name: name,
        item_units: [
          { unit_fk: piece.unit_id, quantity: "1", price: "1500", is_base: true, barcode: code },
          { unit_fk: box.unit_id, quantity: "12", price: "17000", is_default: true },
        ],
      },
    });
    const prices = async () =>
      (
        await call<{ data: { item_units: { unit_name: string; price: string }[] } }>(`items/${item.data.item_id}`, { token })
      ).data.item_units.map((x) => [x.unit_name, x.price]);

    await signedIn(page, { token, lang: "ar" });
    await page.goto(`/warehouse/items?search=${encodeURIComponent(name)}`);
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
    await expect(page.getByTestId("table-row")).toHaveCount(1);

    // The items in the import's own columns, as the list finds them.
    const itemsSheet = page.waitForEvent("download");
    await page.getByTestId("items-export-for-import").click();
    const items = new ExcelJS.Workbook();
    await items.xlsx.readFile(await (await itemsSheet).path());
    expect((items.worksheets[0]!.getRow(1).values as unknown[]).slice(1)).toEqual([...ITEM_IMPORT_COLUMNS]);
    expect(items.worksheets[0]!.rowCount).toBe(2);
    expect(items.worksheets[0]!.getCell(2, ITEM_IMPORT_COLUMNS.indexOf("barcode") + 1).value).toBe(code);

    await page.getByTestId("items-price-sheet").click();
    const dialog = page.getByTestId("price-sheet");
    await expect(dialog).toBeVisible();
    const download = page.waitForEvent("download");
    await dialog.getByTestId("price-sheet-export").click();
    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile(await (await download).path());
    const ws = book.worksheets[0]!;
    expect((ws.getRow(1).values as unknown[]).slice(1)).toEqual([...PRICE_SHEET_COLUMNS]);
    // Only this item: the list's search went with the export.
    expect(ws.rowCount).toBe(3);
    expect(ws.getCell(2, 2).value).toBe(code);
    ws.getCell(3, PRICE_SHEET_COLUMNS.indexOf("sale_price") + 1).value = 18000;
    const input = dialog.locator("input[type=file]");
    await input.setInputFiles({ name: "prices.xlsx", mimeType: XLSX, buffer: Buffer.from(await book.xlsx.writeBuffer()) });
    await dialog.getByTestId("price-sheet-import").click();
    const result = dialog.getByTestId("price-sheet-result");
    await expect(result).toContainText("حُدِّث سعر واحد");
    await expect(result).toContainText("صف واحد بلا تغيير");
    await expect(dialog.getByTestId("price-import-change")).toHaveCount(1);
    await expect(dialog.getByTestId("price-import-change")).toContainText(name);
    await expect(dialog.getByTestId("price-import-change")).toContainText("18,000");
    await shot(page, "price-sheet-imported-ar");
    await settled(page);
    expect(describeViolations("prices sheet, imported", await axeViolations(page, "[data-testid=price-sheet]"))).toBe("");
    expect(await prices()).toEqual([
      [`Piece ${u}`, "1500.00"],
      [`Box ${u}`, "18000.00"],
    ]);

    // An unknown barcode and a price that is not one: the whole sheet is refused, each row named.
    ws.getCell(2, 2).value = `9${code}`;
    ws.getCell(3, PRICE_SHEET_COLUMNS.indexOf("sale_price") + 1).value = "غالي";
    await input.setInputFiles({ name: "prices.xlsx", mimeType: XLSX, buffer: Buffer.from(await book.xlsx.writeBuffer()) });
    await dialog.getByTestId("price-sheet-import").click();
    const errors = dialog.getByTestId("price-sheet-error-row");
    await expect(errors).toHaveCount(2);
    await expect(errors.filter({ hasText: "barcode" })).toContainText("الباركود المحدد غير صالح");
    await expect(errors.filter({ hasText: "sale_price" })).toContainText("3");
    await expect(dialog.getByTestId("price-sheet-errors")).toContainText("لم يتغير شيء");
    await shot(page, "price-sheet-refused-ar");
    expect(describeViolations("prices sheet, refused", await axeViolations(page, "[data-testid=price-sheet]"))).toBe("");
    expect(await prices()).toEqual([
      [`Piece ${u}`, "1500.00"],
      [`Box ${u}`, "18000.00"],
    ]);
  });
});
