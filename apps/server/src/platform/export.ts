import { PassThrough } from "node:stream";
import { sql } from "drizzle-orm";
import type ExcelJS from "exceljs";
import type { DbOrTx } from "../db/client.js";
import type { Ctx } from "./context.js";
import { unprocessable } from "./errors.js";
import { type ListModel, orderBy, parseListQuery, type RawQuery, selectList } from "./list.js";

export interface ExportHeader {
  key: string;
  label: string;
}

const titleOf = (key: string) => key.replace(/_/g, " ").replace(/\b\w/g, (c) => c.toUpperCase());

/** `headers` is a JSON array of {key,label} or a comma list of keys; every key must be a column of the model. */
export function parseHeaders(model: ListModel, raw: unknown): ExportHeader[] {
  const value = Array.isArray(raw) ? raw[raw.length - 1] : raw;
  let headers: ExportHeader[];
  if (typeof value !== "string" || value.trim() === "") {
    headers = Object.entries(model.columns).map(([key, c]) => ({ key, label: c.title ?? titleOf(key) }));
  } else if (value.trim().startsWith("[")) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(value);
    } catch {
      throw unprocessable({ headers: ["The headers must be a valid JSON array."] });
    }
    if (!Array.isArray(parsed)) throw unprocessable({ headers: ["The headers must be a valid JSON array."] });
    headers = parsed.map((h) => {
      if (typeof h === "string") return { key: h, label: model.columns[h]?.title ?? titleOf(h) };
      const o = h as { key?: unknown; label?: unknown };
      if (typeof o?.key !== "string") throw unprocessable({ headers: ["Each header needs a key."] });
      return { key: o.key, label: typeof o.label === "string" ? o.label.slice(0, 100) : titleOf(o.key) };
    });
  } else {
    headers = value.split(",").map((k) => ({ key: k.trim(), label: model.columns[k.trim()]?.title ?? titleOf(k.trim()) }));
  }
  const bad = headers.filter((h) => !Object.hasOwn(model.columns, h.key));
  if (bad.length) throw unprocessable({ headers: [`The column ${bad[0]!.key.slice(0, 64)} is not allowed.`] });
  if (!headers.length) throw unprocessable({ headers: ["At least one column is required."] });
  return headers.slice(0, 100);
}

const NUMERIC = /^-?\d{1,15}(\.\d+)?$/;

function cell(v: unknown): ExcelJS.CellValue {
  if (v === null || v === undefined) return null;
  if (v instanceof Date) return v;
  if (typeof v === "number" || typeof v === "boolean") return v;
  if (typeof v === "string") return NUMERIC.test(v) && v.replace(/[-.]/g, "").length <= 15 ? Number(v) : v;
  return JSON.stringify(v);
}

/**
 * Streams every matching row as xlsx, in batches, so that a large list never sits in memory.
 * Returns the stream to send; errors in validation are thrown before anything is written.
 */
export function exportList(db: DbOrTx, model: ListModel, raw: RawQuery, ctx: Ctx): NodeJS.ReadableStream {
  const q = parseListQuery(model, { ...raw, is_paginated: "0" }, ctx);
  const headers = parseHeaders(model, raw.headers);
  const out = new PassThrough();
  const batch = 2000;
  (async () => {
    try {
      // Loaded on the first export rather than at start: exceljs is the heaviest module the server has.
      const { default: Excel } = await import("exceljs");
      const wb = new Excel.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true });
      const ws = wb.addWorksheet(model.model.slice(0, 31));
      ws.columns = headers.map((h) => ({ header: h.label, key: h.key, width: Math.min(40, Math.max(12, h.label.length + 2)) }));
      ws.getRow(1).font = { bold: true };
      for (let offset = 0; ; offset += batch) {
        const res = await db.execute<Record<string, unknown>>(
          sql`select ${selectList(model)} ${model.from} where ${q.where} ${orderBy(model, q)} limit ${batch} offset ${offset}`,
        );
        for (const row of res.rows) ws.addRow(headers.map((h) => cell(row[h.key]))).commit();
        if (res.rows.length < batch) break;
      }
      ws.commit();
      await wb.commit();
    } catch (err) {
      out.destroy(err as Error);
    }
  })();
  return out;
}
