import {
  BASIC_UNIT_LABELS,
  type ImportRowError,
  type Language,
  normalizeDigits,
  normalizeNumber,
  PURCHASE_IMPORT_COLUMNS,
  PURCHASE_MSG,
  type PurchaseInput,
} from "@app/contracts";
import { asc, eq, sql } from "drizzle-orm";
import { intArray, textArray } from "../../db/bulk.js";
import { businessDateTime } from "../../platform/business-time.js";
import type { Ctx } from "../../platform/context.js";
import { assertOpenFor } from "../../platform/doc-closing.js";
import { HttpError, notFound } from "../../platform/errors.js";
import { ImportRowsError, readSheetRecords, xlsxTemplate } from "../../platform/sheet-import.js";
import { updatePurchase } from "./purchases.js";
import { purchaseCharges, purchaseLines, purchases } from "./purchases.tables.js";

const HELP: Record<Language, [string, string][]> = {
  en: [
    ["column", "meaning"],
    ["item", "Required: the item's name, code or barcode."],
    ["unit", "One of the item's units by name; empty is the item's default unit."],
    ["item_description", "Optional text for the line."],
    ["unit_bonus", "Free units received with the line; empty is 0."],
    ["unit_quantity", "Required, more than 0, at most 4 decimals."],
    ["unit_price", "Required, the price of one unit in the purchase's currency, at most 3 decimals."],
    ["expire_date", "YYYY-MM-DD or DD/MM/YYYY; required for items with an expiry date."],
  ],
  ar: [
    ["العمود", "المعنى"],
    ["item", "مطلوب: اسم المادة أو رمزها أو باركودها."],
    ["unit", "إحدى وحدات المادة باسمها؛ الفراغ يعني الوحدة الافتراضية."],
    ["item_description", "وصف اختياري للسطر."],
    ["unit_bonus", "الوحدات المجانية المستلمة مع السطر؛ الفراغ يعني 0."],
    ["unit_quantity", "مطلوب، أكبر من 0، وبأربع مراتب عشرية على الأكثر."],
    ["unit_price", "مطلوب، سعر الوحدة الواحدة بعملة الشراء، بثلاث مراتب عشرية على الأكثر."],
    ["expire_date", "YYYY-MM-DD أو DD/MM/YYYY؛ مطلوب للمواد التي لها تاريخ انتهاء."],
  ],
  ckb: [
    ["ستوون", "واتا"],
    ["item", "پێویستە: ناو، کۆد یان بارکۆدی کاڵاکە."],
    ["unit", "یەکێک لە یەکەکانی کاڵاکە بە ناو؛ بەتاڵ یەکەی بنەڕەتییە."],
    ["item_description", "وەسفی ئارەزوومەندانە بۆ دێڕەکە."],
    ["unit_bonus", "یەکە بێبەرامبەرەکان لەگەڵ دێڕەکە؛ بەتاڵ واتە 0."],
    ["unit_quantity", "پێویستە، لە 0 زیاتر، زۆرترین چوار ژمارەی دەیی."],
    ["unit_price", "پێویستە، نرخی یەک یەکە بە دراوی کڕینەکە، زۆرترین سێ ژمارەی دەیی."],
    ["expire_date", "YYYY-MM-DD یان DD/MM/YYYY؛ بۆ کاڵای بەسەرچوون پێویستە."],
  ],
};

/** The template: SPEC's purchase import columns as the header (item and expiry as text), and a sheet explaining them. */
export const purchaseImportTemplate = (lang: Language = "en") =>
  xlsxTemplate({ sheet: "lines", columns: PURCHASE_IMPORT_COLUMNS, textColumns: ["item", "expire_date"], help: HELP, lang });

const QTY = /^\d{1,15}(\.\d{1,4})?$/;
const PRICE = /^\d{1,15}(\.\d{1,3})?$/;

/**
 * A number typed into a text cell as the screens take it: Arabic-Indic digits, the Arabic decimal
 * point, and thousands grouped by commas ("1,500", "١٬٥٠٠").
 */
export function sheetNumber(text: string): string {
  const t = normalizeNumber(text.trim());
  return /^\d{1,3}(,\d{3})+(\.\d+)?$/.test(t) ? t.replace(/,/g, "") : t;
}

/** A basic unit's Arabic or Kurdish name (as the screens show it) → its stored name, lower case. */
const BASIC_UNIT_BY_LABEL = new Map(
  Object.values(BASIC_UNIT_LABELS).flatMap((labels) => Object.entries(labels).map(([name, label]) => [label, name.toLowerCase()] as const)),
);

/** A day from the sheet: YYYY-MM-DD, DD/MM/YYYY, or a date cell (days since 1899-12-30). */
export function sheetDay(text: string, numeric: boolean): string | undefined {
  const t = normalizeDigits(text.trim());
  if (numeric && /^\d{1,6}(\.\d+)?$/.test(t)) {
    const d = new Date(Date.UTC(1899, 11, 30) + Math.floor(Number(t)) * 86_400_000);
    return d.toISOString().slice(0, 10);
  }
  let m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(t);
  const [y, mo, d] = m ? [m[1]!, m[2]!, m[3]!] : (m = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(t)) ? [m[3]!, m[2]!, m[1]!] : [];
  if (!y) return undefined;
  const dt = new Date(Date.UTC(Number(y), Number(mo) - 1, Number(d)));
  if (dt.getUTCFullYear() !== Number(y) || dt.getUTCMonth() !== Number(mo) - 1 || dt.getUTCDate() !== Number(d)) return undefined;
  return `${y}-${mo}-${d}`;
}

/** The stored purchase as the input it was saved from, so imported lines go through the same save. */
async function asInput(ctx: Ctx, id: number): Promise<PurchaseInput & { status: string; is_closed: boolean }> {
  const [p] = await ctx.tx.select().from(purchases).where(eq(purchases.id, id));
  if (!p) throw notFound();
  const lines = await ctx.tx.select().from(purchaseLines).where(eq(purchaseLines.purchase_fk, id)).orderBy(asc(purchaseLines.position));
  const charges = await ctx.tx
    .select()
    .from(purchaseCharges)
    .where(eq(purchaseCharges.purchase_fk, id))
    .orderBy(asc(purchaseCharges.charge_id));
  return {
    status: p.status,
    is_closed: p.is_closed,
    consumer_id: p.consumer_fk,
    reference_no: p.reference_no,
    date: businessDateTime(p.date),
    inventory_id: p.inventory_fk,
    currency_id: p.currency_id as 1 | 2,
    rate: p.rate,
    discount_type: p.discount_type as "amount" | "percent",
    discount: p.discount,
    payment_type: p.payment_type as "Cash" | "On Account",
    account_id: p.account_fk,
    paid_amount: p.paid_amount,
    note: p.note,
    lines: lines.map((l) => ({
      item_id: l.item_fk,
      unit_id: l.unit_fk,
      quantity: l.quantity,
      bonus: l.bonus,
      unit_price: l.unit_price,
      batch_no: l.batch_no,
      expire_date: l.expire_date,
      description: l.description,
    })),
    charges: charges.map((c) => ({
      kind: c.kind as "transport" | "other",
      consumer_id: c.consumer_fk,
      payment_type: c.payment_type as "Cash" | "On Account",
      account_id: c.account_fk,
      currency_id: c.currency_id as 1 | 2,
      rate: c.rate,
      amount: c.amount,
      note: c.note,
    })),
  };
}

/**
 * Imports lines from an xlsx into a draft purchase: every row is checked first (item by name,
 * code or barcode; unit of that item; quantities, price, expiry) and any bad row rejects the whole
 * file with every bad row reported; then the lines are added and the purchase saved as usual.
 */
export async function importPurchaseLines(ctx: Ctx, id: number, file: unknown) {
  const current = await asInput(ctx, id);
  assertOpenFor(ctx, current, "purchases", PURCHASE_MSG.closed);
  if (current.status !== "draft") throw new HttpError(422, "Lines can only be imported into a draft purchase.");
  const rows = await readSheetRecords(file, PURCHASE_IMPORT_COLUMNS, ["item", "unit_quantity", "unit_price"]);
  const errors: ImportRowError[] = [];
  const names = [...new Set(rows.map((r) => r.item.toLowerCase()).filter(Boolean))];
  const found = names.length
    ? (
        await ctx.tx.execute<{ key: string; item_id: number; has_expire: boolean }>(sql`
          select k.key, i.item_id, i.has_expire
            from unnest(${textArray(names)}::text[]) as k(key)
            join items i on lower(i.item_name) = k.key or lower(i.item_code) = k.key
                         or i.item_id = (select b.item_fk from item_barcodes b where lower(b.barcode) = k.key)`)
      ).rows
    : [];
  const items = new Map(found.map((f) => [f.key, { item_id: Number(f.item_id), has_expire: f.has_expire }]));
  const units = found.length
    ? (
        await ctx.tx.execute<{ item_fk: number; unit_fk: number; unit_name: string; is_default: boolean }>(sql`
          select iu.item_fk, iu.unit_fk, u.unit_name, iu.is_default from item_units iu join units u on u.unit_id = iu.unit_fk
           where iu.item_fk = any(${intArray(found.map((f) => f.item_id))})`)
      ).rows
    : [];
  const added: PurchaseInput["lines"] = [];
  for (const r of rows) {
    const bad = (column: string, reason: string) => errors.push({ row: r.row, column, reason });
    const it = items.get(r.item.toLowerCase());
    if (!r.item) bad("item", "The item is required.");
    else if (!it) bad("item", PURCHASE_MSG.itemInvalid);
    const own = it ? units.filter((u) => Number(u.item_fk) === it.item_id) : [];
    // The unit by its stored name, or a basic unit by the name the Arabic or Kurdish screens show.
    const typedUnit = r.unit.trim().toLowerCase();
    const basic = BASIC_UNIT_BY_LABEL.get(r.unit.trim());
    const unit = typedUnit
      ? (own.find((u) => u.unit_name.toLowerCase() === typedUnit) ??
        (basic ? own.find((u) => u.unit_name.toLowerCase() === basic) : undefined))
      : own.find((u) => u.is_default);
    if (it && !unit) bad("unit", PURCHASE_MSG.unitInvalid);
    const qty = sheetNumber(r.unit_quantity);
    if (!QTY.test(qty) || Number(qty) <= 0) bad("unit_quantity", "must be a number greater than 0 with at most 4 decimals");
    const bonus = sheetNumber(r.unit_bonus) || "0";
    if (!QTY.test(bonus)) bad("unit_bonus", "must be a number with at most 4 decimals");
    const price = sheetNumber(r.unit_price);
    if (!PRICE.test(price)) bad("unit_price", "must be a number with at most 3 decimals");
    const expiry = r.expire_date ? sheetDay(r.expire_date, r.numeric.has("expire_date")) : undefined;
    if (r.expire_date && !expiry) bad("expire_date", "must be a date in the format YYYY-MM-DD");
    else if (it?.has_expire && !expiry) bad("expire_date", PURCHASE_MSG.expiryRequired);
    if (r.item_description.length > 500) bad("item_description", "may not be greater than 500 characters");
    if (it && unit)
      added.push({
        item_id: it.item_id,
        unit_id: Number(unit.unit_fk),
        quantity: qty,
        bonus,
        unit_price: price,
        batch_no: null,
        expire_date: expiry ?? null,
        description: r.item_description || null,
      });
  }
  if (errors.length) throw new ImportRowsError(errors);
  const { status: _s, is_closed: _c, ...input } = current;
  await updatePurchase(ctx, id, { ...input, lines: [...input.lines, ...added] });
  return { imported: added.length };
}
