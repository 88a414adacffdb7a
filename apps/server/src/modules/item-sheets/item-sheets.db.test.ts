import { ITEM_IMPORT_COLUMNS, MSG, PRICE_SHEET_COLUMNS } from "@app/contracts";
import { sql } from "drizzle-orm";
import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/harness.js";
import { multipart } from "../catalogue/multipart.fixture.js";
import { stockInconsistencies } from "../stock/stock.fixture.js";
import { editedSheet, sheetRecords, uploadSheet } from "./item-sheets.fixture.js";

let t: TestApp;

/** The shop's items, made through the items import (categories, brand, units and barcodes with it). */
async function seedItems(app: TestApp) {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet("items");
  ws.addRow([...ITEM_IMPORT_COLUMNS]);
  const rows: Partial<Record<(typeof ITEM_IMPORT_COLUMNS)[number], string | number>>[] = [
    {
      category: "Medicine",
      sub_category: "Analgesics",
      item_type: "Tablets",
      item_name: "Panadol 500",
      brand: "GSK",
      sale_price_editable: "yes",
      sale_price: 1250,
      shortage_alert: 5,
      expire_alert: 30,
      barcode: "0012345678905",
      description: "Paracetamol",
      direct_of_use: "After food",
      base_unit: "Piece",
      packet_name: "Box",
      packet_price: 12000,
      packet_barcode: "0705632085943",
      base_unit_qty: 10,
      default_unit: "packet",
    },
    { category: "Syrups", item_name: "شراب السعال", sale_price: "3500.5", barcode: "00012345", base_unit: "Bottle" },
    // No code and no barcode: the prices sheet finds it by its name.
    { item_name: "Plain soap", sale_price: 500, base_unit: "Piece" },
  ];
  for (const r of rows) ws.addRow(ITEM_IMPORT_COLUMNS.map((c) => r[c] ?? null));
  const res = await uploadSheet(app, "/api/items/import", Buffer.from(await wb.xlsx.writeBuffer()));
  if (res.status !== 201) throw new Error(`import: ${res.status} ${JSON.stringify(res.body)}`);
}

const prices = async () =>
  (
    await t.database.db.execute<{ item_name: string; unit_name: string; price: string }>(sql`
      select i.item_name, u.unit_name, iu.price from item_units iu join items i on i.item_id = iu.item_fk join units u on u.unit_id = iu.unit_fk
       order by iu.item_unit_id`)
  ).rows;

const stock = async () =>
  (
    await t.database.db.execute(sql`
      select (select json_agg(b order by b.item_fk, b.inventory_fk) from stock_balances b) as balances,
             (select json_agg(c order by c.item_fk) from stock_item_costs c) as costs,
             (select count(*)::int from stock_movements) as movements,
             (select json_agg(x order by x.item_id) from (select item_id, item_name, item_code, updated_at from items) x) as items`)
  ).rows[0];

const audits = async () =>
  (await t.database.db.execute<{ n: number }>(sql`select count(*)::int as n from audit_logs where module = 'item_pricings'`)).rows[0]!.n;

async function exported(url: string, lang = "en", app = t): Promise<Buffer> {
  const res = await app.api("GET", url, { headers: { "accept-language": lang } });
  expect(res.status, String(res.body)).toBe(200);
  expect(String(res.headers["content-type"])).toContain("spreadsheetml");
  return res.raw;
}

beforeAll(async () => {
  t = await createTestApp();
  await seedItems(t);
  await t.database.db.execute(sql`update items set item_code = '0042' where item_name = 'شراب السعال'`);
  const units = (await t.api("GET", "/api/units/list")).body.message as { unit_id: number; unit_name: string }[];
  const piece = units.find((u) => u.unit_name === "Piece")!.unit_id;
  const inv = (await t.api("GET", "/api/inventories/list")).body.message[0];
  const item = (await t.api("GET", "/api/items?search=Panadol")).body.data.data[0].item_id;
  const opening = await t.api("POST", "/api/inventory_opening_balances", {
    body: {
      inventory_id: inv.inventory_id,
      lines: [{ item_id: item, unit_id: piece, quantity: "40", unit_cost: "900", expire_date: "2030-01-31" }],
    },
  });
  expect(opening.status, JSON.stringify(opening.body)).toBeLessThan(300);
}, 120_000);
afterAll(() => t.close());

describe("the items sheet", () => {
  it("has the items import's columns, codes as text, prices and quantities as numbers, yes and no in the user's words", async () => {
    const file = await exported("/api/items/export_for_import", "ar");
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(file as unknown as ArrayBuffer);
    const ws = wb.worksheets[0]!;
    expect((ws.getRow(1).values as unknown[]).slice(1)).toEqual([...ITEM_IMPORT_COLUMNS]);
    expect(ws.views[0]?.rightToLeft).toBe(true);
    expect(wb.worksheets[1]!.name).toBe("تعليمات");
    expect(ws.getCell(2, ITEM_IMPORT_COLUMNS.indexOf("barcode") + 1).numFmt).toBe("@");
    const [panadol, syrup] = await sheetRecords(file);
    expect(panadol).toEqual({
      category: "Medicine",
      sub_category: "Analgesics",
      item_type: "Tablets",
      item_name: "Panadol 500",
      brand: "GSK",
      sale_price_editable: "نعم",
      sale_price: 1250,
      shortage_alert: 5,
      expire_alert: 30,
      barcode: "0012345678905",
      description: "Paracetamol",
      direct_of_use: "After food",
      base_unit: "Piece",
      packet_name: "Box",
      packet_price: 12000,
      packet_barcode: "0705632085943",
      base_unit_qty: 10,
      default_unit: "packet",
    });
    expect(syrup).toMatchObject({
      category: "Syrups",
      sub_category: null,
      item_name: "شراب السعال",
      sale_price: 3500.5,
      barcode: "00012345",
    });
    expect(syrup!.sale_price_editable).toBe("لا");
  });

  it("imports unchanged into another shop's database, which then exports the same sheet", async () => {
    const other = await createTestApp();
    try {
      const imported = await uploadSheet(other, "/api/items/import", await exported("/api/items/export_for_import", "ckb"));
      expect(imported.status, JSON.stringify(imported.body)).toBe(201);
      expect(imported.body.data).toEqual({ imported: 3, repairs: [] });
      const here = await sheetRecords(await exported("/api/items/export_for_import"));
      const there = await sheetRecords(await exported("/api/items/export_for_import", "en", other));
      expect(there).toEqual(here);
    } finally {
      await other.close();
    }
  }, 120_000);

  it("takes the list's search", async () => {
    const rows = await sheetRecords(await exported(`/api/items/export_for_import?search=${encodeURIComponent("شراب")}`));
    expect(rows.map((r) => r.item_name)).toEqual(["شراب السعال"]);
  });
});

describe("the prices sheet", () => {
  it("has a row per unit with its code, barcode as text, price as a number and the system currency", async () => {
    const file = await exported("/api/items/prices_export");
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(file as unknown as ArrayBuffer);
    expect((wb.worksheets[0]!.getRow(1).values as unknown[]).slice(1)).toEqual([...PRICE_SHEET_COLUMNS]);
    expect(await sheetRecords(file)).toEqual([
      {
        item_code: null,
        barcode: "0012345678905",
        item_name: "Panadol 500",
        unit: "Piece",
        unit_qty: 1,
        sale_price: 1250,
        currency: "IQD",
      },
      {
        item_code: null,
        barcode: "0705632085943",
        item_name: "Panadol 500",
        unit: "Box",
        unit_qty: 10,
        sale_price: 12000,
        currency: "IQD",
      },
      {
        item_code: "0042",
        barcode: "00012345",
        item_name: "شراب السعال",
        unit: "Bottle",
        unit_qty: 1,
        sale_price: 3500.5,
        currency: "IQD",
      },
      { item_code: null, barcode: null, item_name: "Plain soap", unit: "Piece", unit_qty: 1, sale_price: 500, currency: "IQD" },
    ]);
  });

  it("imported unchanged changes nothing", async () => {
    const [before, stockBefore, auditsBefore] = [await prices(), await stock(), await audits()];
    const res = await uploadSheet(t, "/api/items/prices_import", await exported("/api/items/prices_export", "ar"));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toEqual({ updated: 0, unchanged: 4, changes: [] });
    expect(await prices()).toEqual(before);
    expect(await stock()).toEqual(stockBefore);
    expect(await audits()).toBe(auditsBefore);
  });

  it("a price changed in the sheet changes exactly that price, never the stock or the costs, and once", async () => {
    const [before, stockBefore] = [await prices(), await stock()];
    const file = await editedSheet(await exported("/api/items/prices_export"), (ws, col) => {
      ws.getCell(3, col("sale_price")).value = 12500;
    });
    const res = await uploadSheet(t, "/api/items/prices_import", file);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.message).toBe(MSG.updated);
    expect(res.body.data).toMatchObject({
      updated: 1,
      unchanged: 3,
      changes: [{ row: 3, item_name: "Panadol 500", unit_name: "Box", old_price: "12000.00", new_price: "12500.00" }],
    });
    expect(await prices()).toEqual(before.map((p) => (p.unit_name === "Box" ? { ...p, price: "12500.00" } : p)));
    const after = (await stock()) as Record<string, unknown>;
    const was = stockBefore as Record<string, unknown>;
    expect([after.balances, after.costs, after.movements]).toEqual([was.balances, was.costs, was.movements]);
    expect(await stockInconsistencies(t.database.db)).toEqual([]);
    const again = await uploadSheet(t, "/api/items/prices_import", file);
    expect(again.body.data).toEqual({ updated: 0, unchanged: 4, changes: [] });
  });

  it("the same changed sheet imported by 8 clients at once changes the price once: one import updates it, the others find it so", async () => {
    const auditsBefore = await audits();
    const file = await editedSheet(await exported("/api/items/prices_export"), (ws, col) => {
      ws.getCell(5, col("sale_price")).value = 650;
    });
    const results = await Promise.all(Array.from({ length: 8 }, () => uploadSheet(t, "/api/items/prices_import", file)));
    expect(results.map((r) => r.status)).toEqual(Array(8).fill(200));
    expect(results.map((r) => r.body.data.updated).sort()).toEqual([0, 0, 0, 0, 0, 0, 0, 1]);
    expect((await prices()).find((p) => p.item_name === "Plain soap")!.price).toBe("650.00");
    expect(await audits()).toBe(auditsBefore + 1);
  });

  it("finds the item by its code alone and the unit by name, a barcode Calc made a number by its padded form, and an item by its name in a row with neither", async () => {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet("prices");
    ws.addRow(["item_code", "barcode", "item_name", "unit", "sale_price"]);
    ws.addRow(["0042", null, null, "bottle", "3600"]);
    ws.addRow([null, 12345678905, null, null, 1300]);
    ws.addRow([null, null, "PANADOL 500", "Box", 12100]);
    const res = await uploadSheet(t, "/api/items/prices_import", Buffer.from(await wb.xlsx.writeBuffer()));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.changes.map((c: { unit_name: string; new_price: string }) => [c.unit_name, c.new_price])).toEqual([
      ["Bottle", "3600.00"],
      ["Piece", "1300.00"],
      ["Box", "12100.00"],
    ]);
  });

  it("refuses a sheet with bad rows, every one listed by row and column, and applies none of it", async () => {
    const [before, auditsBefore] = [await prices(), await audits()];
    const file = await editedSheet(await exported("/api/items/prices_export"), (ws, col) => {
      ws.getCell(2, col("barcode")).value = "9999999999994";
      ws.getCell(3, col("sale_price")).value = 99; // a good change: it must not be applied either
      ws.getCell(4, col("item_code")).value = "NOPE";
      ws.addRow(["0042", null, null, "Crate", null, 10, null]);
      ws.addRow(["0042", null, null, "Bottle", null, "12.345", "USD"]);
      ws.addRow([null, "0705632085943", null, null, null, 1, null]);
      ws.addRow([null, null, "no code", null, null, 1, null]);
      ws.addRow([null, null, null, "Box", null, 1, null]);
    });
    const res = await uploadSheet(t, "/api/items/prices_import", file);
    expect(res.status).toBe(422);
    expect(res.body.message).toBe("The file has 8 errors; nothing was imported.");
    expect(res.body.rows).toEqual([
      { row: 2, column: "barcode", reason: "The selected barcode is invalid." },
      { row: 4, column: "item_code", reason: "The selected item code is invalid." },
      { row: 6, column: "unit", reason: "The selected unit is invalid." },
      { row: 7, column: "sale_price", reason: "The sale price must be a number of 0 or more with at most 2 decimals." },
      { row: 7, column: "currency", reason: "The currency must be the system currency: sale prices are kept in it." },
      { row: 8, column: "unit", reason: "The unit is repeated (row 3)." },
      { row: 9, column: "item_name", reason: "The selected item name is invalid." },
      { row: 10, column: "item_code", reason: "The item code field is required when barcode is not present." },
    ]);
    expect(res.body.errors["row.2.barcode"]).toEqual(["The selected barcode is invalid."]);
    expect(await prices()).toEqual(before);
    expect(await audits()).toBe(auditsBefore);
  });

  it("refuses a missing file with SPEC's words, and a barcode of another item than the code", async () => {
    const form = multipart({ note: "x" });
    const missing = await t.api("POST", "/api/items/prices_import", { body: form.body, headers: form.headers });
    expect(missing.status).toBe(422);
    expect(missing.body.errors).toEqual({ file: [MSG.excelRequired] });
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet("prices");
    ws.addRow(["item_code", "barcode", "sale_price"]);
    ws.addRow(["0042", "0012345678905", 1]);
    const res = await uploadSheet(t, "/api/items/prices_import", Buffer.from(await wb.xlsx.writeBuffer()));
    expect(res.status).toBe(422);
    expect(res.body.rows).toEqual([{ row: 2, column: "barcode", reason: "The barcode belongs to another item than the item code." }]);
  });

  it("is exported by whoever lists items and imported only by whoever changes sale prices", async () => {
    const viewer = await t.userWith(["items/index"]);
    expect((await t.api("GET", "/api/items/prices_export", { token: viewer.token })).status).toBe(200);
    expect((await t.api("GET", "/api/items/export_for_import", { token: viewer.token })).status).toBe(200);
    const file = await exported("/api/items/prices_export");
    expect((await uploadSheet(t, "/api/items/prices_import", file, viewer.token)).status).toBe(403);
    const pricer = await t.userWith(["item_pricings/store"]);
    expect((await t.api("GET", "/api/items/export_for_import", { token: pricer.token })).status).toBe(403);
    const res = await uploadSheet(t, "/api/items/prices_import", file, pricer.token);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.updated).toBe(0);
  });
});

describe("a catalogue larger than one batch", () => {
  it("exports every item once in both sheets, in id order", async () => {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet("items");
    ws.addRow(["item_name", "sale_price", "base_unit"]);
    for (let n = 1; n <= 2100; n++) ws.addRow([`Bulk item ${String(n).padStart(4, "0")}`, n, "Piece"]);
    const res = await uploadSheet(t, "/api/items/import", Buffer.from(await wb.xlsx.writeBuffer()));
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const items = await sheetRecords(await exported("/api/items/export_for_import"));
    expect(items).toHaveLength(2103);
    expect(new Set(items.map((r) => r.item_name)).size).toBe(2103);
    expect(items.at(-1)).toMatchObject({ item_name: "Bulk item 2100", sale_price: 2100 });
    const priced = await sheetRecords(await exported("/api/items/prices_export"));
    expect(priced).toHaveLength(2104);
    expect(priced.slice(4).map((r) => r.sale_price)).toEqual(Array.from({ length: 2100 }, (_, i) => i + 1));
    const one = await sheetRecords(await exported(`/api/items/prices_export?search=${encodeURIComponent("Bulk item 2099")}`));
    expect(one.map((r) => [r.item_name, r.sale_price])).toEqual([["Bulk item 2099", 2099]]);
  }, 120_000);
});
