// Spreadsheets through a reader nobody on the project wrote: LibreOffice Calc, headless. Exports are
// opened and saved again by Calc, then read back; a sheet typed into Calc as CSV and saved as xlsx
// is imported. Calc comes from Debian (`apt-get install libreoffice-calc-nogui`); under CI its
// absence is a failure, elsewhere these tests are skipped with a note.
import { execFile } from "node:child_process";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/harness.js";
import { multipart } from "../modules/catalogue/multipart.fixture.js";
import { moneyDocs } from "../modules/expenses/money-docs.fixture.js";

const run = promisify(execFile);

async function findCalc(): Promise<string | null> {
  for (const bin of ["soffice", "libreoffice"]) {
    try {
      await run(bin, ["--version"], { timeout: 60_000 });
      return bin;
    } catch {}
  }
  return null;
}

const calc = await findCalc();
if (!calc && process.env.CI) throw new Error("LibreOffice (soffice) is missing: apt-get install -y libreoffice-calc-nogui");
if (!calc) console.warn("LibreOffice (soffice) not found: the round trips through Calc are skipped");

let t: TestApp;
let dir: string;

/** Calc opens `file` and saves it as `to` (a filter name such as `xlsx`), in `dir`. */
async function convert(file: string, to: string, infilter?: string): Promise<string> {
  const out = path.join(dir, `out-${Math.random().toString(16).slice(2)}`);
  const args = ["--headless", "--norestore", `-env:UserInstallation=file://${path.join(dir, "profile")}`];
  if (infilter) args.push(`--infilter=${infilter}`);
  args.push("--convert-to", to, "--outdir", out, file);
  await run(calc!, args, { timeout: 120_000 });
  const ext = to.split(":")[0]!;
  return path.join(out, `${path.basename(file, path.extname(file))}.${ext}`);
}

async function exported(url: string, lang: string, name: string): Promise<string> {
  const res = await t.api("GET", url, { headers: { "accept-language": lang } });
  expect(res.status, String(res.body)).toBe(200);
  const file = path.join(dir, name);
  await writeFile(file, res.raw as unknown as Buffer);
  return file;
}

async function workbook(file: string) {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load((await readFile(file)) as unknown as ArrayBuffer);
  return wb.worksheets[0]!;
}

describe.skipIf(!calc)("spreadsheets through LibreOffice Calc", () => {
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), "souq-calc-"));
    t = await createTestApp();
    await moneyDocs(t, "Calc", { incomes: ["2000000", "500"], expenses: ["1250000", "12.5"] });
    const customer = await t.api("POST", "/api/customers", {
      body: { consumer_name: "صيدلية الشفاء", mobile: "07501112233", code: "0042" },
    });
    expect(customer.status).toBe(201);
  }, 180_000);
  afterAll(async () => {
    await t?.close();
    await rm(dir, { recursive: true, force: true });
  });

  it("keeps an export's dates, money formats, text identifiers, bold header and right-to-left sheet when Calc saves it again", async () => {
    const headers = encodeURIComponent(
      JSON.stringify([
        { key: "date", label: "التاريخ" },
        { key: "amount", label: "المبلغ" },
      ]),
    );
    const file = await exported(`/api/expenses/export?sortColumn=amount&sortDir=asc&headers=${headers}`, "ar", "expenses.xlsx");
    const ws = await workbook(await convert(file, "xlsx"));
    // Calc keeps the sheet right to left (a property of the sheet, read here from Calc's own flat
    // XML, since exceljs reads only "1" and Calc writes "true"). Headless, Calc keeps no view
    // settings at all (frozen panes, zoom): those are checked on the export itself in export.db.test.ts.
    const flat = await readFile(await convert(file, "fods"), "utf8");
    expect(flat).toMatch(/style:writing-mode="rl-tb"/);
    expect(ws.getRow(1).font?.bold).toBe(true);
    const [usd, iqd] = [ws.getRow(2), ws.getRow(3)];
    expect(usd.getCell(2).value).toBe(12.5);
    expect(usd.getCell(2).numFmt).toMatch(/#,##0\.00/);
    expect(iqd.getCell(2).value).toBe(1250000);
    expect(iqd.getCell(2).numFmt).toMatch(/#,##0/);
    expect(iqd.getCell(3).value).toBe("IQD");
    // Still a date cell, on the business clock (23:45 in Baghdad, not shifted to UTC).
    expect(iqd.getCell(1).type).toBe(ExcelJS.ValueType.Date);
    expect((iqd.getCell(1).value as Date).toISOString()).toBe("2026-03-02T23:45:00.000Z");

    const customers = await exported(
      `/api/customers/export?search=${encodeURIComponent("الشفاء")}&headers=${encodeURIComponent("consumer_name,mobile,code")}`,
      "ar",
      "customers.xlsx",
    );
    const cws = await workbook(await convert(customers, "xlsx"));
    const row = cws.getRow(2);
    expect(row.getCell(1).value).toBe("صيدلية الشفاء");
    expect(row.getCell(2).type).toBe(ExcelJS.ValueType.String);
    expect(row.getCell(2).value).toBe("+9647501112233");
    expect(row.getCell(3).value).toBe("0042");
  });

  it("shows an export's cells as a reader of the sheet sees them (Calc's text as shown)", async () => {
    const headers = encodeURIComponent(
      JSON.stringify([
        { key: "date", label: "Date" },
        { key: "amount", label: "Amount" },
      ]),
    );
    const file = await exported(`/api/expenses/export?sortColumn=amount&sortDir=asc&headers=${headers}`, "en", "shown.xlsx");
    // Comma-separated, quoted, UTF-8, formatted as shown on screen.
    const csv = await readFile(await convert(file, "csv:Text - txt - csv (StarCalc):44,34,76,1,,0,false,true,true"), "utf8");
    const lines = csv.trim().split(/\r?\n/);
    expect(lines[0]).toBe("Date,Amount,Currency");
    expect(lines[1]).toMatch(/^2026-03-02 23:45(:00)?,"?12\.50 USD"?,USD$/);
    expect(lines[2]).toMatch(/^2026-03-02 23:45(:00)?,"1,250,000 IQD",IQD$/);
  });

  it("imports items from a sheet typed into Calc as CSV, restoring the barcode Calc made a number", async () => {
    const csv = path.join(dir, "typed.csv");
    await writeFile(
      csv,
      "item_name,sale_price,base_unit,barcode\nشراب السعال,3500,Piece,0012345678905\nCalc typed as text,1000,Piece,705632085943\n",
    );
    const xlsx = await convert(csv, "xlsx", "CSV:44,34,76,1");
    // Calc read the barcode as a number, as a user's sheet would have it.
    const typed = await workbook(xlsx);
    expect(typed.getRow(2).getCell(4).value).toBe(12345678905);
    const form = multipart({ file: { file: await readFile(xlsx), name: "typed.xlsx" } });
    const res = await t.api("POST", "/api/items/import", { body: form.body, headers: form.headers });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.data.repairs).toEqual([{ row: 2, column: "barcode", value: "12345678905", read_as: "0012345678905" }]);
    const found = await t.api("GET", "/api/items?search=0012345678905");
    expect(found.body.data.data.map((r: { item_name: string }) => r.item_name)).toEqual(["شراب السعال"]);
  });
});
