import { EXCEL_MAX_BYTES, EXCEL_MAX_RECORDS, type ImportRowError, type Language, MSG, RTL_LANGUAGES } from "@app/contracts";
import { HttpError } from "./errors.js";
import { NotAWorkbook, sheetRows } from "./xlsx-rows.js";

/**
 * What every xlsx import shares (items, purchase lines): the upload checked, its first sheet read
 * as records under its header row, the template made, and the refusal that lists every bad row.
 */

/** A rejected import: every bad row with its column and reason. Nothing was stored. */
export class ImportRowsError extends HttpError {
  constructor(readonly rows: ImportRowError[]) {
    const errors: Record<string, string[]> = {};
    for (const r of rows) (errors[`row.${r.row}.${r.column}`] ??= []).push(r.reason);
    super(422, `The file has ${rows.length} error${rows.length === 1 ? "" : "s"}; nothing was imported.`, errors);
  }
}

const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);

/** Checks an uploaded xlsx before reading it: present, a zip by content, under 2 MB. */
function checkFile(value: unknown): Buffer {
  if (value === undefined || value === null || value === "") throw new HttpError(422, MSG.excelRequired, { file: [MSG.excelRequired] });
  if (!Buffer.isBuffer(value) || value.length < 4 || !value.subarray(0, 4).equals(ZIP_MAGIC)) {
    throw new HttpError(422, MSG.fileTypeNotAllowed, { file: [MSG.fileTypeNotAllowed] });
  }
  if (value.length > EXCEL_MAX_BYTES) throw new HttpError(422, MSG.fileTooLarge, { file: [MSG.fileTooLarge] });
  return value;
}

/**
 * An import template: the columns as the header row (bold, frozen), identifier columns formatted
 * as text, and a second sheet explaining each column in the user's language. Every xlsx import's
 * template is made here (items, purchase lines).
 */
export async function xlsxTemplate<C extends string>(opts: {
  sheet: string;
  columns: readonly C[];
  textColumns: readonly C[];
  help: Record<Language, [string, string][]>;
  lang: Language;
}): Promise<Buffer> {
  // Loaded when asked for rather than at start: exceljs is the heaviest module the server has.
  const { default: ExcelJS } = await import("exceljs");
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet(opts.sheet);
  ws.addRow([...opts.columns]);
  ws.getRow(1).font = { bold: true };
  ws.views = [{ state: "frozen", xSplit: 0, ySplit: 1 }];
  opts.columns.forEach((c, i) => {
    const column = ws.getColumn(i + 1);
    column.width = 16;
    if (opts.textColumns.includes(c)) column.numFmt = "@";
  });
  const help = wb.addWorksheet(HELP_SHEET[opts.lang], { views: [{ rightToLeft: RTL_LANGUAGES.includes(opts.lang) }] });
  for (const line of opts.help[opts.lang]) help.addRow(line);
  help.getRow(1).font = { bold: true };
  help.getColumn(1).width = 20;
  help.getColumn(2).width = 90;
  return Buffer.from(await wb.xlsx.writeBuffer());
}

const HELP_SHEET: Record<Language, string> = { en: "help", ar: "تعليمات", ckb: "ڕێنمایی" };

function requireColumns(header: Map<string, number>, required: readonly string[]) {
  const missing = required.filter((c) => !header.has(c));
  if (missing.length) {
    const msg = `The file must have the column ${missing.join(", ")} in its first row.`;
    throw new HttpError(422, msg, { file: [msg] });
  }
}

/** A record of an import sheet: its columns as text, and the columns whose cell was a number. */
export type SheetRecord<C extends string> = Record<C, string> & { row: number; numeric: Set<C> };

/**
 * The records of the first worksheet under its header row (the file checked: present, a zip,
 * under 2 MB), read as the file inflates: the 5,000th record stops the reading at once, however
 * many rows follow, so a small file of millions of rows is refused in the time it takes to read
 * 5,000. Every xlsx import reads through it (items, purchase lines).
 */
export async function readSheetRecords<C extends string>(
  value: unknown,
  columns: readonly C[],
  required: readonly C[],
): Promise<SheetRecord<C>[]> {
  const file = checkFile(value);
  const tooMany = `The file must have fewer than ${EXCEL_MAX_RECORDS} records.`;
  const header = new Map<string, number>();
  const rows: SheetRecord<C>[] = [];
  try {
    for await (const r of sheetRows(file)) {
      if (r.number === 1) {
        for (const [col, text] of r.cells) header.set(text.trim().toLowerCase(), col);
        requireColumns(header, required);
        continue;
      }
      requireColumns(header, required);
      const row = { row: r.number, numeric: new Set() } as SheetRecord<C>;
      let any = false;
      for (const c of columns) {
        const col = header.get(c);
        if (col && r.numbers.has(col)) row.numeric.add(c);
        const v = col ? (r.cells.get(col) ?? "").trim() : "";
        (row as Record<C, string>)[c] = v;
        if (v) any = true;
      }
      if (!any) continue;
      rows.push(row);
      if (rows.length >= EXCEL_MAX_RECORDS) throw new HttpError(422, tooMany, { file: [tooMany] });
    }
  } catch (err) {
    if (err instanceof NotAWorkbook) throw new HttpError(422, MSG.fileTypeNotAllowed, { file: [MSG.fileTypeNotAllowed] });
    throw err;
  }
  requireColumns(header, required);
  if (!rows.length) throw new HttpError(422, "The file has no records.", { file: ["The file has no records."] });
  return rows;
}
