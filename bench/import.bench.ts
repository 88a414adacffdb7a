// The item import's reader on files of many rows: the streaming reader, which stops at the 5,000th
// record, against loading the whole workbook with exceljs (the reader it replaced), on the same
// file in the same run, as ratios of time and of peak memory; then the streaming reader on a file
// of 5 million rows, to show its memory does not grow with the rows behind the limit. (Smoke size:
// 5,500 and 20,000 rows.)
import { performance } from "node:perf_hooks";
import { EXCEL_MAX_RECORDS } from "@app/contracts";
import { xlsxOfRepeatedRows } from "@app/server/src/modules/catalogue/xlsx.fixture.js";
import { sheetRows } from "@app/server/src/platform/xlsx-rows.js";
import ExcelJS from "exceljs";
import { size } from "./size.js";

const HEADER = ["item_name", "sale_price", "base_unit"];
const RECORD = ["Flood", "1", "Piece"];

/** Runs fn while sampling the resident set; answers its time and the peak above the start. */
async function measure(fn: () => Promise<unknown>): Promise<{ ms: number; peakMb: number }> {
  (globalThis as { gc?: () => void }).gc?.();
  const base = process.memoryUsage().rss;
  let peak = base;
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 5);
  const t0 = performance.now();
  await fn();
  const ms = performance.now() - t0;
  clearInterval(timer);
  peak = Math.max(peak, process.memoryUsage().rss);
  return { ms, peakMb: (peak - base) / 1024 / 1024 };
}

async function streamToLimit(file: Buffer) {
  let records = 0;
  for await (const row of sheetRows(file)) if (row.number > 1 && ++records >= EXCEL_MAX_RECORDS) break;
  if (records < EXCEL_MAX_RECORDS) throw new Error(`only ${records} records read`);
}

const fmt = (m: { ms: number; peakMb: number }) => `${m.ms.toFixed(0)} ms, +${m.peakMb.toFixed(0)} MB`;

export default async function importBench() {
  const rows = size(180_000, 5_500);
  const bigRows = size(5_000_000, 20_000);
  const file = await xlsxOfRepeatedRows(HEADER, RECORD, rows, true);
  const stream = await measure(() => streamToLimit(file));
  const whole = await measure(async () => {
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(file as unknown as ArrayBuffer);
    if (wb.worksheets[0]!.rowCount !== rows + 1) throw new Error("exceljs read a different number of rows");
  });
  console.log(`${rows.toLocaleString("en")} rows, ${(file.length / 1024).toFixed(0)} KB:`);
  console.log(`  streaming reader, stops at ${EXCEL_MAX_RECORDS}: ${fmt(stream)}`);
  console.log(`  exceljs whole workbook:             ${fmt(whole)}`);
  console.log(`  ratio: ${(whole.ms / stream.ms).toFixed(0)}x time, ${(whole.peakMb / Math.max(stream.peakMb, 1)).toFixed(0)}x memory`);

  const big = await xlsxOfRepeatedRows(HEADER, RECORD, bigRows);
  const bigStream = await measure(() => streamToLimit(big));
  console.log(`${bigRows.toLocaleString("en")} rows, ${(big.length / 1024).toFixed(0)} KB: streaming reader ${fmt(bigStream)}`);
  console.log(
    `  against ${rows.toLocaleString("en")} rows: ${(bigStream.ms / stream.ms).toFixed(1)}x time, memory +${bigStream.peakMb.toFixed(0)} MB vs +${stream.peakMb.toFixed(0)} MB`,
  );
}
