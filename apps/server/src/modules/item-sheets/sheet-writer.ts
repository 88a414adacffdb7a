import { PassThrough } from "node:stream";
import { type Language, RTL_LANGUAGES } from "@app/contracts";
import type ExcelJS from "exceljs";

/** How a column's cells are written: identifiers as text (leading zeros kept), figures as numbers. */
export type CellKind = "text" | "price" | "quantity" | "count";

const FORMATS: Record<CellKind, string> = { text: "@", price: "#,##0.00", quantity: "#,##0.####", count: "0" };

export interface SheetSpec<C extends string> {
  sheet: string;
  /** The header row: the import's own column keys, which it reads whatever the user's language. */
  columns: readonly C[];
  kinds: Partial<Record<C, CellKind>>;
  help: [string, string][];
  helpSheet: string;
  lang: Language;
  /** Hands the rows batch by batch (an empty batch ends the sheet). */
  batches: () => AsyncGenerator<Record<C, string | number | null>[]>;
}

const PLAIN_NUMBER = /^-?\d{1,15}(\.\d+)?$/;

function writeCell(cell: ExcelJS.Cell, kind: CellKind | undefined, v: string | number | null) {
  if (v === null || v === "") return;
  if (kind === "text") {
    cell.value = String(v);
    cell.numFmt = FORMATS.text;
  } else if (kind && PLAIN_NUMBER.test(String(v))) {
    cell.value = Number(v);
    cell.numFmt = FORMATS[kind];
  } else cell.value = v;
}

/**
 * A sheet an import reads back unchanged: the import's column keys as the bold, frozen header row,
 * identifiers as text cells, prices and quantities as number cells, the sheet right to left in
 * Arabic and Kurdish, and a second sheet explaining each column in the user's language. Streamed,
 * so that a large catalogue never sits in memory.
 */
export function streamSheet<C extends string>(spec: SheetSpec<C>): NodeJS.ReadableStream {
  const out = new PassThrough();
  (async () => {
    try {
      // Loaded when asked for rather than at start: exceljs is the heaviest module the server has.
      const { default: Excel } = await import("exceljs");
      const wb = new Excel.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true });
      const rtl = RTL_LANGUAGES.includes(spec.lang);
      const ws = wb.addWorksheet(spec.sheet, { views: [{ state: "frozen", xSplit: 0, ySplit: 1, rightToLeft: rtl }] });
      ws.columns = spec.columns.map((c) => ({ header: c, key: c, width: Math.max(14, c.length + 4) }));
      ws.getRow(1).font = { bold: true };
      for await (const rows of spec.batches()) {
        for (const row of rows) {
          const r = ws.addRow([]);
          for (const [i, c] of spec.columns.entries()) writeCell(r.getCell(i + 1), spec.kinds[c], row[c]);
          r.commit();
        }
      }
      ws.commit();
      const help = wb.addWorksheet(spec.helpSheet, { views: [{ rightToLeft: rtl }] });
      help.columns = [{ width: 20 }, { width: 90 }];
      for (const [i, line] of spec.help.entries()) {
        const r = help.addRow(line);
        if (i === 0) r.font = { bold: true };
        r.commit();
      }
      help.commit();
      await wb.commit();
    } catch (err) {
      out.destroy(err as Error);
    }
  })();
  return out;
}

export const HELP_SHEET: Record<Language, string> = { en: "help", ar: "تعليمات", ckb: "ڕێنمایی" };
