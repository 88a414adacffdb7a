import { sql } from "drizzle-orm";
import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/harness.js";
import { moneyDocs } from "../modules/expenses/money-docs.fixture.js";
import { kindOf, requestLanguage } from "./export.js";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  const user = await t.api("POST", "/api/users", {
    body: {
      user_name: "export-huda",
      user_code: "007",
      email: "huda@export.example.com",
      new_password: "amber-falcon-river-72",
      new_password_confirmation: "amber-falcon-river-72",
      base_salary: "1250000",
      status: "blocked",
      is_cashier: true,
    },
  });
  expect(user.status, JSON.stringify(user.body)).toBe(201);
  await t.database.db.execute(sql`update users set created_at = '2026-01-31T22:30:00Z' where user_name = 'export-huda'`);
  const customer = await t.api("POST", "/api/customers", {
    body: { consumer_name: "Export Pharmacy", mobile: "07501112233", code: "0042" },
  });
  expect(customer.status).toBe(201);
  await moneyDocs(t, "Export", { incomes: ["100000", "100"], expenses: ["25000", "10"] });
});
afterAll(() => t.close());

async function sheet(url: string, lang = "en") {
  const res = await t.api("GET", url, { headers: { "accept-language": lang } });
  expect(res.status, String(res.body)).toBe(200);
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(res.raw as unknown as ArrayBuffer);
  const ws = wb.worksheets[0]!;
  const header = (ws.getRow(1).values as unknown[]).slice(1) as string[];
  const rows: ExcelJS.Row[] = [];
  ws.eachRow((r, n) => n > 1 && rows.push(r));
  const col = (title: string) => header.indexOf(title) + 1;
  return { ws, header, rows, col };
}

describe("exports", () => {
  it("keep identifiers as text, write dates on the business clock, and read in the user's language", async () => {
    const { ws, header, rows, col } = await sheet("/api/users/export?search=export-", "ar-IQ,ar;q=0.9,en;q=0.5");
    expect(ws.views[0]).toMatchObject({ state: "frozen", ySplit: 1, rightToLeft: true });
    expect(ws.getRow(1).font?.bold).toBe(true);
    // Without chosen headers: the visible columns with Arabic titles, no keys.
    expect(header).toContain("اسم المستخدم");
    expect(header).toContain("الحالة");
    expect(header.some((h) => /(^|\s)(Id|Fk|Path)$/.test(h))).toBe(false);
    const row = rows[0]!;
    const code = row.getCell(col("رمز المستخدم"));
    expect(code.type).toBe(ExcelJS.ValueType.String);
    expect(code.value).toBe("007");
    expect(row.getCell(col("الحالة")).value).toBe("محظور");
    const created = row.getCell(col("تاريخ الإنشاء"));
    expect(created.type).toBe(ExcelJS.ValueType.Date);
    // 22:30 UTC on 31 January is 01:30 on 1 February in Baghdad.
    expect((created.value as Date).toISOString()).toBe("2026-02-01T01:30:00.000Z");
    expect(created.numFmt).toBe("yyyy-mm-dd hh:mm:ss");
    const salary = row.getCell(col("الراتب الأساسي"));
    expect(salary.type).toBe(ExcelJS.ValueType.Number);
    expect(salary.value).toBe(1250000);
    expect(salary.numFmt).toBe('#,##0 "IQD"');
    const cashier = row.getCell(col("كاشير"));
    expect(cashier.value).toBe("نعم");
  });

  it("write the documents' states and a write-off's type in the user's language, not their stored words", async () => {
    const units = (await t.api("GET", "/api/units/list")).body.message as { unit_id: number; unit_name: string }[];
    const piece = units.find((u) => u.unit_name === "Piece")!.unit_id;
    const item = await t.api("POST", "/api/items", {
      body: { item_name: "Export Gauze", item_units: [{ unit_fk: piece, quantity: "1", price: "500", is_base: true }] },
    });
    expect(item.status).toBe(201);
    const line = { item_id: item.body.data.item_id, unit_id: piece, quantity: "2" };
    const stolen = await t.api("POST", "/api/asset_disposals", { body: { inventory_id: 1, disposal_type: "stolen", lines: [line] } });
    expect(stolen.status).toBe(201);
    const opening = await t.api("POST", "/api/inventory_opening_balances", {
      body: { inventory_id: 1, lines: [{ ...line, quantity: "5", unit_cost: "300" }] },
    });
    expect(opening.status).toBe(201);
    const destroyed = await t.api("POST", "/api/asset_disposals", { body: { inventory_id: 1, disposal_type: "destruct", lines: [line] } });
    expect((await t.api("POST", `/api/asset_disposals/${destroyed.body.data.id}/complete`, { body: {} })).status).toBe(200);
    const headers = encodeURIComponent("number,disposal_type,status");
    const words = async (lang: string) =>
      (await sheet(`/api/asset_disposals/export?headers=${headers}&sortColumn=number&sortDir=asc`, lang)).rows.map((r) => [
        r.getCell(2).value,
        r.getCell(3).value,
      ]);
    expect(await words("ar")).toEqual([
      ["مسروق", "مسودة"],
      ["تالف", "مكتمل"],
    ]);
    expect(await words("ckb")).toEqual([
      ["دزراو", "ڕەشنووس"],
      ["تێکچوو", "تەواوکراو"],
    ]);
    expect(await words("en")).toEqual([
      ["Stolen", "Draft"],
      ["Destroyed", "Complete"],
    ]);
  });

  it("keep mobiles and codes as text with their leading zeros; yes and no in Kurdish", async () => {
    const headers = encodeURIComponent("consumer_name,mobile,code,is_active");
    const { ws, rows } = await sheet(`/api/customers/export?search=Export&headers=${headers}`, "ckb");
    expect(ws.views[0]).toMatchObject({ rightToLeft: true });
    const [name, mobile, code, active] = [1, 2, 3, 4].map((i) => rows[0]!.getCell(i));
    expect(name!.value).toBe("Export Pharmacy");
    // Stored in its one normal form; text either way, never a number.
    expect(mobile!.value).toBe("+9647501112233");
    expect(mobile!.type).toBe(ExcelJS.ValueType.String);
    expect(code!.value).toBe("0042");
    expect(active!.value).toBe("بەڵێ");
  });

  it("give every amount its currency and a money format with the currency's decimals", async () => {
    const headers = encodeURIComponent(
      JSON.stringify([
        { key: "date", label: "Date" },
        { key: "amount", label: "Amount" },
      ]),
    );
    const { ws, header, rows } = await sheet(`/api/expenses/export?sortColumn=amount&sortDir=asc&headers=${headers}`);
    expect(ws.views[0]).toMatchObject({ state: "frozen", ySplit: 1, rightToLeft: false });
    expect(header).toEqual(["Date", "Amount", "Currency"]);
    const cells = rows.map((r) => [r.getCell(1), r.getCell(2), r.getCell(3)] as const);
    expect(cells.map(([, a, c]) => [a.value, a.numFmt, c.value])).toEqual([
      [10, '#,##0.00 "USD"', "USD"],
      [25000, '#,##0 "IQD"', "IQD"],
    ]);
    const [date] = cells[0]!;
    expect(date.type).toBe(ExcelJS.ValueType.Date);
    expect((date.value as Date).toISOString()).toBe("2026-03-02T23:45:00.000Z");
  });

  it("leave the trial balance's internal columns out when no headers are chosen", async () => {
    const { header, rows } = await sheet("/api/financial_reports/trial_balance/export?filter[date_filter]=THIS_YEAR");
    expect(header.length).toBeGreaterThan(3);
    for (const internal of ["Path", "Level", "Is Group", "Sys Opening Debit", "Footer Opening Debit", "Account Id", "System Key"]) {
      expect(header).not.toContain(internal);
    }
    expect(rows.length).toBeGreaterThan(0);
  });
});

describe("export helpers", () => {
  it("read the language from Accept-Language by weight, English otherwise", () => {
    expect(requestLanguage("ckb")).toBe("ckb");
    expect(requestLanguage("fr-FR, ar;q=0.4, ckb;q=0.8")).toBe("ckb");
    expect(requestLanguage("de")).toBe("en");
    expect(requestLanguage(undefined)).toBe("en");
  });

  it("tell identifiers, amounts and internal keys apart by their names", () => {
    expect(["mobile", "barcode", "item_code", "reference_no", "office_phone"].map(kindOf)).toEqual([
      "text",
      "text",
      "text",
      "text",
      "text",
    ]);
    expect(["amount", "balance_iqd", "opening_debit", "sale_price"].map(kindOf)).toEqual(["money", "money", "money", "money"]);
    expect(["path", "account_id", "category_fk", "sys_opening_debit", "footer_opening_debit"].map(kindOf)).toEqual([
      "internal",
      "internal",
      "internal",
      "internal",
      "internal",
    ]);
  });
});

describe("export titles", () => {
  it("exist in Arabic and Kurdish for every column an export writes by default", async () => {
    const { LIST_MODELS, LIST_URLS } = await import("./crud.js");
    const { EXPORT_TITLES } = await import("./export-texts.js");
    // A report built per request registers its model when it is first read: read each once.
    for (const url of LIST_URLS) await t.api("GET", url);
    const keys = new Set<string>();
    for (const model of LIST_MODELS.values()) for (const key of Object.keys(model.columns)) if (kindOf(key) !== "internal") keys.add(key);
    expect(keys.size).toBeGreaterThan(20);
    const missing = [...keys].filter((k) => !EXPORT_TITLES.ar[k] || !EXPORT_TITLES.ckb[k]).sort();
    expect(missing).toEqual([]);
  });
});
