import ExcelJS from "exceljs";
import type { TestApp } from "../../../test/harness.js";
import { multipart } from "../catalogue/multipart.fixture.js";

/** Test helper: a sheet's first worksheet as records under its header row (cell values as exceljs reads them). */
export async function sheetRecords(file: Buffer): Promise<Record<string, unknown>[]> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(file as unknown as ArrayBuffer);
  const ws = wb.worksheets[0]!;
  const header = (ws.getRow(1).values as unknown[]).slice(1).map(String);
  const out: Record<string, unknown>[] = [];
  ws.eachRow((row, n) => {
    if (n === 1) return;
    out.push(Object.fromEntries(header.map((h, i) => [h, row.getCell(i + 1).value ?? null])));
  });
  return out;
}

/** Test helper: the sheet with `change` applied to its first worksheet, saved again by exceljs. */
export async function editedSheet(file: Buffer, change: (ws: ExcelJS.Worksheet, column: (key: string) => number) => void): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(file as unknown as ArrayBuffer);
  const ws = wb.worksheets[0]!;
  const header = (ws.getRow(1).values as unknown[]).map((v) => String(v ?? ""));
  change(ws, (key) => header.indexOf(key));
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** Test helper: uploads `file` to an import route. */
export function uploadSheet(t: TestApp, url: string, file: Buffer, token?: string) {
  const form = multipart({ file: { file, name: "sheet.xlsx" } });
  return t.api("POST", url, { body: form.body, headers: form.headers, ...(token ? { token } : {}) });
}
