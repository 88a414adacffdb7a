import { PassThrough } from "node:stream";
import { CURRENCY_IQD, CURRENCY_USD, LANGUAGES, type Language, RTL_LANGUAGES } from "@app/contracts";
import { sql } from "drizzle-orm";
import type ExcelJS from "exceljs";
import type { DbOrTx } from "../db/client.js";
import { businessDateTime } from "./business-time.js";
import type { Ctx } from "./context.js";
import { unprocessable } from "./errors.js";
import { EXPORT_TITLES, EXPORT_WORDS } from "./export-texts.js";
import { type ListModel, orderBy, parseListQuery, type RawQuery, selectList } from "./list.js";

export interface ExportHeader {
  key: string;
  label: string;
}

const titleOf = (key: string) => key.replace(/_/g, " ").replace(/\b\w/g, (c) => c.toUpperCase());

/** The language an export writes in: the first of Accept-Language's tags (by weight) the product speaks. */
export function requestLanguage(header: string | string[] | undefined): Language {
  const value = Array.isArray(header) ? header.join(",") : (header ?? "");
  const tags = value
    .split(",")
    .map((part, i) => {
      const [tag = "", ...params] = part.trim().split(";");
      const q = Number(
        params
          .find((p) => p.trim().startsWith("q="))
          ?.trim()
          .slice(2) ?? "1",
      );
      return { lang: tag.trim().toLowerCase().split("-")[0] ?? "", q: Number.isFinite(q) ? q : 0, i };
    })
    .sort((a, b) => b.q - a.q || a.i - b.i);
  return (tags.find((t) => (LANGUAGES as readonly string[]).includes(t.lang))?.lang as Language | undefined) ?? "en";
}

/** What a column holds, from its key, which every list model names the same way. */
type Kind = "internal" | "text" | "bool" | "word" | "rate" | "money" | "count" | "auto";

const KINDS: [Kind, RegExp][] = [
  // Keys, tree bookkeeping and the report's internal sums: never shown, so never exported by default.
  [
    "internal",
    /(^|_)(id|fk)$|^(path|level|is_group|children_count|before|after|created_by|updated_by|brand_made_in|image|images|attachment|permissions|account_name_indented|lines)$|system_key|image_path$|^sys_|^footer_/,
  ],
  // Identifiers keep their leading zeros and every digit: text, never numbers.
  ["text", /(^|_)(mobile|phone|barcode|code|no|number|pin|email|ip)$/],
  ["bool", /^(is|has)_|_editable$|^archived$/],
  [
    "word",
    /^(status|shown_status|invoice_status|disposal_type|gender|apply_on|overdue_type|balance_status|payment_status|payment_type|reward_type|amount_rule_type|amount_type|direction|customer_rule|product_rule)$/,
  ],
  ["rate", /(^|_)(rate|rate_in|rate_out|in_rate|percentage|percent)$/],
  ["money", /amount|balance|debit|credit|price|salary|difference|^income$|^expense$|net_profit/],
  ["count", /(_count|_alert|_days)$/],
];

export const kindOf = (key: string): Kind => KINDS.find(([, re]) => re.test(key))?.[0] ?? "auto";

/** Decimals shown per currency (the cell keeps every stored decimal). */
const CURRENCY_DECIMALS: Record<number, number> = { [CURRENCY_IQD]: 0, [CURRENCY_USD]: 2 };

/** `headers` is a JSON array of {key,label} or a comma list of keys; every key must be a column of the model. */
export function parseHeaders(model: ListModel, raw: unknown, lang: Language = "en"): ExportHeader[] {
  const value = Array.isArray(raw) ? raw[raw.length - 1] : raw;
  const title = (key: string) => EXPORT_TITLES[lang][key] ?? model.columns[key]?.title ?? titleOf(key);
  let headers: ExportHeader[];
  if (typeof value !== "string" || value.trim() === "") {
    headers = Object.keys(model.columns)
      .filter((key) => kindOf(key) !== "internal")
      .map((key) => ({ key, label: title(key) }));
  } else if (value.trim().startsWith("[")) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(value);
    } catch {
      throw unprocessable({ headers: ["The headers must be a valid JSON array."] });
    }
    if (!Array.isArray(parsed)) throw unprocessable({ headers: ["The headers must be a valid JSON array."] });
    headers = parsed.map((h) => {
      if (typeof h === "string") return { key: h, label: title(h) };
      const o = h as { key?: unknown; label?: unknown };
      if (typeof o?.key !== "string") throw unprocessable({ headers: ["Each header needs a key."] });
      return { key: o.key, label: typeof o.label === "string" ? o.label.slice(0, 100) : title(o.key) };
    });
  } else {
    headers = value.split(",").map((k) => ({ key: k.trim(), label: title(k.trim()) }));
  }
  const bad = headers.filter((h) => !Object.hasOwn(model.columns, h.key));
  if (bad.length) throw unprocessable({ headers: [`The column ${bad[0]!.key.slice(0, 64)} is not allowed.`] });
  if (!headers.length) throw unprocessable({ headers: ["At least one column is required."] });
  return headers.slice(0, 100);
}

const PLAIN_NUMBER = /^-?(0|[1-9]\d{0,14})(\.\d+)?$/;
const DATE_TEXT = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?)?(Z|[+-]\d{2}(?::?\d{2})?)?$/;
const DATE_FORMAT = "yyyy-mm-dd";
const DATE_TIME_FORMAT = "yyyy-mm-dd hh:mm:ss";

/**
 * A wall-clock time as a spreadsheet date: spreadsheets have no time zones, so the cell holds the
 * business's local time (an instant is moved into the business's zone first).
 */
function dateCell(v: Date | string): { value: Date; numFmt: string } | undefined {
  if (v instanceof Date) return dateCell(businessDateTime(v));
  const m = DATE_TEXT.exec(v);
  if (!m) return undefined;
  if (m[7]) {
    const instant = new Date(v.replace(" ", "T").replace(/([+-]\d{2})$/, "$1:00"));
    return Number.isNaN(instant.getTime()) ? undefined : dateCell(businessDateTime(instant));
  }
  const [y, mo, d, h, mi, s] = m.slice(1, 7).map((x) => Number(x ?? 0)) as [number, number, number, number, number, number];
  return { value: new Date(Date.UTC(y, mo - 1, d, h, mi, s)), numFmt: m[4] ? DATE_TIME_FORMAT : DATE_FORMAT };
}

interface Currencies {
  names: Map<number, string>;
  /** The currency of amounts that name none: the report's chosen currency or the system's. */
  fallback: number;
}

const one = (v: unknown) => (Array.isArray(v) ? v[v.length - 1] : v);

/** The currency of a money column in a row: named by the key (`balance_usd`), the row, or the report. */
function currencyOf(key: string, row: Record<string, unknown>, currencies: Currencies): number {
  if (key.endsWith("_iqd")) return CURRENCY_IQD;
  if (key.endsWith("_usd")) return CURRENCY_USD;
  const own = key === "foreign_amount" ? row.to_currency_id : (row.currency_id ?? row.from_currency_id);
  const id = Number(own);
  return Number.isInteger(id) && currencies.names.has(id) ? id : currencies.fallback;
}

function moneyFormat(currency: number, currencies: Currencies): string {
  const decimals = CURRENCY_DECIMALS[currency] ?? 2;
  const name = (currencies.names.get(currency) ?? "").replace(/"/g, "");
  return `#,##0${decimals ? `.${"0".repeat(decimals)}` : ""}${name ? ` "${name}"` : ""}`;
}

function writeCell(c: ExcelJS.Cell, key: string, v: unknown, row: Record<string, unknown>, lang: Language, currencies: Currencies) {
  if (v === null || v === undefined || v === "") return;
  const kind = kindOf(key);
  const words = EXPORT_WORDS[lang];
  if (typeof v === "boolean" || (kind === "bool" && (v === "true" || v === "false"))) {
    c.value = words[String(v)] ?? String(v);
    return;
  }
  if (kind === "word" && typeof v === "string") {
    c.value = words[v] ?? v;
    return;
  }
  if (kind === "text") {
    c.value = String(v);
    c.numFmt = "@";
    return;
  }
  const numeric = typeof v === "number" || (typeof v === "string" && PLAIN_NUMBER.test(v));
  if (numeric && (kind === "money" || kind === "rate" || kind === "count")) {
    c.value = Number(v);
    c.numFmt = kind === "money" ? moneyFormat(currencyOf(key, row, currencies), currencies) : kind === "rate" ? "#,##0.####" : "#,##0";
    return;
  }
  if (v instanceof Date || typeof v === "string") {
    const date = dateCell(v);
    if (date) {
      c.value = date.value;
      c.numFmt = date.numFmt;
      return;
    }
  }
  if (typeof v === "number") c.value = v;
  else if (typeof v === "string") c.value = numeric ? Number(v) : v;
  else c.value = JSON.stringify(v);
}

/**
 * Streams every matching row as xlsx, in batches, so that a large list never sits in memory.
 * Returns the stream to send; errors in validation are thrown before anything is written. The
 * sheet reads in the user's language: its direction, titles, yes/no and statuses; dates are date
 * cells on the business's clock and every amount shows its currency.
 */
export function exportList(db: DbOrTx, model: ListModel, raw: RawQuery, ctx: Ctx, lang: Language = "en"): NodeJS.ReadableStream {
  const q = parseListQuery(model, { ...raw, is_paginated: "0" }, ctx);
  const headers = parseHeaders(model, raw.headers, lang);
  // An amount with no currency of its own in the sheet gets the row's currency beside it.
  const currencyColumn =
    headers.some((h) => kindOf(h.key) === "money" && !/_(iqd|usd)$/.test(h.key)) &&
    Object.hasOwn(model.columns, "currency_name") &&
    !headers.some((h) => h.key === "currency_name");
  const columns = currencyColumn ? [...headers, { key: "currency_name", label: EXPORT_TITLES[lang].currency_name ?? "Currency" }] : headers;
  const out = new PassThrough();
  const batch = 2000;
  (async () => {
    try {
      // Loaded on the first export rather than at start: exceljs is the heaviest module the server has.
      const { default: Excel } = await import("exceljs");
      const wb = new Excel.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true });
      const ws = wb.addWorksheet(model.model.slice(0, 31), {
        views: [{ state: "frozen", xSplit: 0, ySplit: 1, rightToLeft: RTL_LANGUAGES.includes(lang) }],
      });
      ws.columns = columns.map((h) => ({ header: h.label, key: h.key, width: Math.min(40, Math.max(12, h.label.length + 2)) }));
      ws.getRow(1).font = { bold: true };
      const names = await db.execute<{ currency_id: number; currency_name: string }>(
        sql`select currency_id, currency_name from currencies`,
      );
      const system = await db.execute<{ currency_fk: number }>(sql`select currency_fk from system_config where id = 1`);
      const chosen = Number(one(raw.currency_id) ?? one(raw["filter[currency_id]"]));
      const currencies: Currencies = {
        names: new Map(names.rows.map((r) => [Number(r.currency_id), r.currency_name])),
        fallback: Number.isInteger(chosen) && chosen > 0 ? chosen : Number(system.rows[0]?.currency_fk ?? CURRENCY_IQD),
      };
      for (let offset = 0; ; offset += batch) {
        const res = await db.execute<Record<string, unknown>>(
          sql`select ${selectList(model)} ${model.from} where ${q.where} ${orderBy(model, q)} limit ${batch} offset ${offset}`,
        );
        for (const row of res.rows) {
          const r = ws.addRow([]);
          for (const [i, h] of columns.entries()) writeCell(r.getCell(i + 1), h.key, row[h.key], row, lang, currencies);
          r.commit();
        }
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
