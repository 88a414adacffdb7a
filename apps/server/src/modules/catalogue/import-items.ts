import {
  type ImportRepair,
  type ImportRowError,
  ITEM_IMPORT_COLUMNS,
  type ItemImportColumn,
  type JobStep,
  type Language,
  MSG,
  normalizeDigits,
} from "@app/contracts";
import { sql } from "drizzle-orm";
import type { Ctx } from "../../platform/context.js";
import { ImportRowsError, readSheetRecords, type SheetRecord, xlsxTemplate } from "../../platform/sheet-import.js";

/** Columns that hold identifiers: text in the template, so a spreadsheet keeps their leading zeros. */
const TEXT_COLUMNS: readonly ItemImportColumn[] = ["barcode", "packet_barcode"];

/** The items template: SPEC §3's item columns, the barcode columns as text. */
export const importTemplate = (lang: Language = "en") =>
  xlsxTemplate({ sheet: "items", columns: ITEM_IMPORT_COLUMNS, textColumns: TEXT_COLUMNS, help: ITEM_IMPORT_HELP, lang });

/** Each column of the items import explained, in each language (the template's and the items sheet's help sheet). */
export const ITEM_IMPORT_HELP: Record<Language, [string, string][]> = {
  en: [
    ["column", "meaning"],
    ["category", "Category name; created when it does not exist."],
    ["sub_category", "Sub-category under the category; created when missing."],
    ["item_type", "Product type under the sub-category; created when missing."],
    ["item_name", "Required, unique."],
    ["brand", "Brand name; created when missing."],
    ["sale_price_editable", "yes/no (1/0, true/false); empty is no."],
    ["sale_price", "Required. Price of the base unit, at most 2 decimals."],
    ["shortage_alert", "Whole number of base units; empty for none."],
    ["expire_alert", "Days before expiry to warn; a value marks the item as having an expiry date."],
    ["barcode", "Barcode of the base unit; unique. Keep the column as text so leading zeros stay."],
    ["description", "Free text."],
    ["direct_of_use", "Direction of use."],
    ["base_unit", "Required. Unit name (Piece, Box, ...); created when missing."],
    ["packet_name", "Optional second unit, e.g. Box."],
    ["packet_price", "Price of the packet; required with packet_name."],
    ["packet_barcode", "Barcode of the packet; unique. Keep the column as text so leading zeros stay."],
    ["base_unit_qty", "How many base units one packet holds; required with packet_name."],
    ["default_unit", "base or packet (or the unit's name); empty is base."],
  ],
  ar: [
    ["العمود", "المعنى"],
    ["category", "اسم الصنف؛ ينشأ إذا لم يكن موجوداً."],
    ["sub_category", "الصنف الفرعي تحت الصنف؛ ينشأ إذا لم يكن موجوداً."],
    ["item_type", "نوع المنتج تحت الصنف الفرعي؛ ينشأ إذا لم يكن موجوداً."],
    ["item_name", "مطلوب، ولا يتكرر."],
    ["brand", "اسم العلامة التجارية؛ تنشأ إذا لم تكن موجودة."],
    ["sale_price_editable", "نعم/لا (1/0)؛ الفارغ يعني لا."],
    ["sale_price", "مطلوب. سعر الوحدة الأساسية، بمرتبتين عشريتين على الأكثر."],
    ["shortage_alert", "عدد صحيح من الوحدات الأساسية؛ فارغ إن لم يكن هناك تنبيه."],
    ["expire_alert", "عدد الأيام قبل انتهاء الصلاحية للتنبيه؛ وجود قيمة يعني أن للمادة تاريخ انتهاء."],
    ["barcode", "باركود الوحدة الأساسية؛ لا يتكرر. اترك العمود نصاً كي تبقى الأصفار في البداية."],
    ["description", "نص حر."],
    ["direct_of_use", "طريقة الاستعمال."],
    ["base_unit", "مطلوب. اسم الوحدة (قطعة، علبة، ...)؛ تنشأ إذا لم تكن موجودة."],
    ["packet_name", "وحدة ثانية اختيارية، مثل علبة."],
    ["packet_price", "سعر العلبة؛ مطلوب مع packet_name."],
    ["packet_barcode", "باركود العلبة؛ لا يتكرر. اترك العمود نصاً كي تبقى الأصفار في البداية."],
    ["base_unit_qty", "كم وحدة أساسية في العلبة الواحدة؛ مطلوب مع packet_name."],
    ["default_unit", "base أو packet (أو اسم الوحدة)؛ الفارغ يعني base."],
  ],
  ckb: [
    ["ستوون", "واتا"],
    ["category", "ناوی پۆل؛ ئەگەر نەبێت دروست دەکرێت."],
    ["sub_category", "پۆلی لاوەکی لەژێر پۆل؛ ئەگەر نەبێت دروست دەکرێت."],
    ["item_type", "جۆری بەرهەم لەژێر پۆلی لاوەکی؛ ئەگەر نەبێت دروست دەکرێت."],
    ["item_name", "پێویستە، دووبارە نابێتەوە."],
    ["brand", "ناوی براند؛ ئەگەر نەبێت دروست دەکرێت."],
    ["sale_price_editable", "بەڵێ/نەخێر (1/0)؛ بەتاڵ واتە نەخێر."],
    ["sale_price", "پێویستە. نرخی یەکەی بنەڕەتی، زۆرترین دوو پلەی دەیی."],
    ["shortage_alert", "ژمارەیەکی تەواو لە یەکەی بنەڕەتی؛ بەتاڵ بۆ هیچ."],
    ["expire_alert", "ژمارەی ڕۆژ پێش بەسەرچوون بۆ ئاگادارکردنەوە؛ بوونی بەها واتە کاڵاکە بەرواری بەسەرچوونی هەیە."],
    ["barcode", "بارکۆدی یەکەی بنەڕەتی؛ دووبارە نابێتەوە. ستوونەکە وەک دەق بهێڵەوە تا سفرەکانی سەرەتا بمێنن."],
    ["description", "دەقی ئازاد."],
    ["direct_of_use", "شێوازی بەکارهێنان."],
    ["base_unit", "پێویستە. ناوی یەکە (دانە، قوتوو، ...)؛ ئەگەر نەبێت دروست دەکرێت."],
    ["packet_name", "یەکەی دووەمی ئارەزوومەندانە، بۆ نموونە قوتوو."],
    ["packet_price", "نرخی قوتوو؛ لەگەڵ packet_name پێویستە."],
    ["packet_barcode", "بارکۆدی قوتوو؛ دووبارە نابێتەوە. ستوونەکە وەک دەق بهێڵەوە تا سفرەکانی سەرەتا بمێنن."],
    ["base_unit_qty", "چەند یەکەی بنەڕەتی لە یەک قوتوودایە؛ لەگەڵ packet_name پێویستە."],
    ["default_unit", "base یان packet (یان ناوی یەکە)؛ بەتاڵ واتە base."],
  ],
};

/** A GTIN's check digit is right whatever zeros lead it: the weights count from the right. */
export function hasValidCheckDigit(digits: string): boolean {
  if (!/^\d{2,14}$/.test(digits)) return false;
  const body = digits.slice(0, -1);
  const sum = [...body].reverse().reduce((s, d, i) => s + Number(d) * (i % 2 === 0 ? 3 : 1), 0);
  return (10 - (sum % 10)) % 10 === Number(digits.at(-1));
}

/**
 * A barcode a spreadsheet turned into a number lost its leading zeros. When the digits carry a
 * valid check digit, they are read as the GTIN they were cut from: EAN-8 below eight digits,
 * EAN-13 from nine to eleven (twelve digits are a whole UPC-A and stay as they are).
 */
export function restoredBarcode(digits: string): string | undefined {
  if (!/^[1-9]\d*$/.test(digits) || !hasValidCheckDigit(digits)) return undefined;
  if (digits.length < 8) return digits.padStart(8, "0");
  if (digits.length > 8 && digits.length < 12) return digits.padStart(13, "0");
  return undefined;
}

/** A row as text, with the barcode columns whose cell was a number. */
type Row = SheetRecord<ItemImportColumn>;

interface Parsed {
  row: number;
  category: string[];
  item_name: string;
  brand: string;
  sale_price_editable: boolean;
  sale_price: string;
  shortage_alert: number | null;
  expire_alert: number | null;
  barcode: string;
  description: string;
  direct_of_use: string;
  base_unit: string;
  packet: { name: string; price: string; barcode: string; qty: string } | null;
  packet_default: boolean;
}

const PRICE = /^\d{1,15}(\.\d{1,2})?$/;
const QTY = /^\d{1,15}(\.\d{1,4})?$/;
const INT = /^\d{1,9}$/;
const BARCODE = /^[0-9A-Za-z-]{1,64}$/;
const YES = new Set(["1", "yes", "true", "y", "نعم", "بەڵێ"]);
const NO = new Set(["", "0", "no", "false", "n", "لا", "نەخێر"]);

/** The sheet read and its columns checked, as the import reads it (a start route checks it before it makes a job). */
export async function readItemSheet(file: unknown): Promise<Row[]> {
  const rows = await readSheetRecords(file, ITEM_IMPORT_COLUMNS, ["item_name", "sale_price", "base_unit"]);
  // Only the identifier columns care that their cell was a number (lost leading zeros).
  for (const r of rows) for (const c of [...r.numeric]) if (!TEXT_COLUMNS.includes(c)) r.numeric.delete(c);
  return rows;
}

function parseRow(r: Row, errors: ImportRowError[], repairs: ImportRepair[]): Parsed {
  const bad = (column: string, reason: string) => errors.push({ row: r.row, column, reason });
  const need = (c: ItemImportColumn) => {
    if (!r[c]) bad(c, `The ${c.replace(/_/g, " ")} field is required.`);
    return r[c];
  };
  const intOrNull = (c: ItemImportColumn) => {
    if (!r[c]) return null;
    if (!INT.test(r[c])) {
      bad(c, `The ${c.replace(/_/g, " ")} must be an integer.`);
      return null;
    }
    return Number(r[c]);
  };
  const code = (c: ItemImportColumn) => {
    let v = normalizeDigits(r[c]);
    const restored = r.numeric.has(c) ? restoredBarcode(v) : undefined;
    if (restored) {
      repairs.push({ row: r.row, column: c, value: v, read_as: restored });
      v = restored;
    }
    if (v && !BARCODE.test(v)) bad(c, "The barcode must be 1 to 64 letters or digits.");
    return v;
  };
  const item_name = need("item_name");
  if (item_name.length > 191) bad("item_name", "The item name may not be greater than 191 characters.");
  const sale_price = need("sale_price");
  if (sale_price && !PRICE.test(sale_price)) bad("sale_price", "The sale price must be a number of 0 or more with at most 2 decimals.");
  const editable = r.sale_price_editable.toLowerCase();
  if (!YES.has(editable) && !NO.has(editable)) bad("sale_price_editable", "The sale price editable must be yes or no.");
  const base_unit = need("base_unit");

  let packet: Parsed["packet"] = null;
  const hasPacketData = r.packet_price || r.packet_barcode || r.base_unit_qty;
  if (r.packet_name) {
    if (r.packet_name.toLowerCase() === base_unit.toLowerCase()) bad("packet_name", "The packet must be another unit than the base unit.");
    if (!r.packet_price) bad("packet_price", "The packet price field is required when packet name is present.");
    else if (!PRICE.test(r.packet_price)) bad("packet_price", "The packet price must be a number of 0 or more with at most 2 decimals.");
    if (!r.base_unit_qty) bad("base_unit_qty", "The base unit qty field is required when packet name is present.");
    else if (!QTY.test(r.base_unit_qty) || Number(r.base_unit_qty) <= 0)
      bad("base_unit_qty", "The base unit qty must be a number greater than 0.");
    packet = { name: r.packet_name, price: r.packet_price, barcode: code("packet_barcode"), qty: r.base_unit_qty };
  } else if (hasPacketData) {
    bad("packet_name", "The packet name field is required when packet price, packet barcode or base unit qty is present.");
  }
  const def = r.default_unit.toLowerCase();
  let packet_default = false;
  if (def && def !== "base" && def !== base_unit.toLowerCase()) {
    if (packet && (def === "packet" || def === packet.name.toLowerCase())) packet_default = true;
    else bad("default_unit", "The default unit must be the base unit or the packet.");
  }
  const cats = [r.category, r.sub_category, r.item_type];
  if (!r.category && (r.sub_category || r.item_type))
    bad("category", "The category field is required when sub category or item type is present.");
  if (!r.sub_category && r.item_type) bad("sub_category", "The sub category field is required when item type is present.");
  return {
    row: r.row,
    category: cats.filter(Boolean),
    item_name,
    brand: r.brand,
    sale_price_editable: YES.has(editable),
    sale_price,
    shortage_alert: intOrNull("shortage_alert"),
    expire_alert: intOrNull("expire_alert"),
    barcode: code("barcode"),
    description: r.description,
    direct_of_use: r.direct_of_use,
    base_unit,
    packet,
    packet_default,
  };
}

const inList = (values: string[]) =>
  sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  );

/** Finds names in a table case-insensitively, creating the missing ones; answers lower(name) → id. */
async function ensureNames(ctx: Ctx, table: "units" | "brands", names: Set<string>): Promise<Map<string, number>> {
  const [idCol, nameCol] = table === "units" ? ["unit_id", "unit_name"] : ["brand_id", "brand_name"];
  const out = new Map<string, number>();
  if (!names.size) return out;
  const wanted = new Map([...names].map((n) => [n.toLowerCase(), n]));
  const found = await ctx.tx.execute<{ id: number; name: string }>(
    sql`select ${sql.identifier(idCol)} as id, lower(${sql.identifier(nameCol)}) as name from ${sql.identifier(table)} where lower(${sql.identifier(nameCol)}) in (${inList([...wanted.keys()])})`,
  );
  for (const r of found.rows) out.set(r.name, r.id);
  const missing = [...wanted].filter(([k]) => !out.has(k)).map(([, v]) => v);
  if (missing.length) {
    const made = await ctx.tx.execute<{ id: number; name: string }>(
      sql`insert into ${sql.identifier(table)} (${sql.identifier(nameCol)}) values ${sql.join(
        missing.map((m) => sql`(${m})`),
        sql`, `,
      )} returning ${sql.identifier(idCol)} as id, lower(${sql.identifier(nameCol)}) as name`,
    );
    for (const r of made.rows) out.set(r.name, r.id);
  }
  return out;
}

/** Category paths (category / sub-category / type), found or created; answers "a\u0000b\u0000c" (lower) → id. */
async function ensureCategories(ctx: Ctx, paths: string[][]): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  const all = await ctx.tx.execute<{ category_id: number; parent_id: number | null; name: string }>(
    sql`select category_id, parent_id, lower(category_name) as name from categories`,
  );
  const byParent = new Map<string, number>();
  for (const c of all.rows) byParent.set(`${c.parent_id ?? 0}\u0000${c.name}`, c.category_id);
  for (const path of paths) {
    let parent: number | null = null;
    const keyParts: string[] = [];
    for (const name of path) {
      keyParts.push(name.toLowerCase());
      const k = `${parent ?? 0}\u0000${name.toLowerCase()}`;
      let id: number | undefined = byParent.get(k);
      if (id === undefined) {
        const made: { rows: { category_id: number }[] } = await ctx.tx.execute<{ category_id: number }>(
          sql`insert into categories (category_name, parent_id) values (${name}, ${parent}) returning category_id`,
        );
        id = made.rows[0]!.category_id;
        byParent.set(k, id);
      }
      parent = id;
      out.set(keyParts.join("\u0000"), id);
    }
  }
  return out;
}

/**
 * Imports items from an xlsx: every row is checked first and any bad row rejects the whole file
 * (ImportRowsError lists them all); then categories, brands and units that are missing are
 * created and the items, units and barcodes are written in batches. Runs inside the caller's
 * transaction, so all rows or none are stored.
 */
export async function importItems(
  ctx: Ctx,
  file: unknown,
  progress: (step: JobStep, done?: number, total?: number) => void = () => {},
): Promise<{ imported: number; repairs: ImportRepair[] }> {
  progress("import.reading");
  const rows = await readItemSheet(file);
  progress("import.checking", 0, rows.length);
  const errors: ImportRowError[] = [];
  const repairs: ImportRepair[] = [];
  const parsed = rows.map((r) => parseRow(r, errors, repairs));

  const names = new Map<string, number>();
  const codes = new Map<string, { row: number; column: string }>();
  for (const p of parsed) {
    const k = p.item_name.toLowerCase();
    if (!k) continue;
    const first = names.get(k);
    if (first !== undefined) errors.push({ row: p.row, column: "item_name", reason: `The item name is repeated (row ${first}).` });
    else names.set(k, p.row);
    for (const [column, code] of [
      ["barcode", p.barcode],
      ["packet_barcode", p.packet?.barcode ?? ""],
    ] as const) {
      if (!code) continue;
      const seen = codes.get(code);
      if (seen) errors.push({ row: p.row, column, reason: `The barcode ${code} is repeated (row ${seen.row}).` });
      else codes.set(code, { row: p.row, column });
    }
  }
  // Look-ups and writes pass their rows as one JSON parameter: thousands of bind parameters are
  // slow to plan and, on the embedded database, slow to hand over.
  const takenNames = await ctx.tx.execute<{ name: string }>(
    sql`select lower(item_name) as name from items where lower(item_name) in (select json_array_elements_text(${JSON.stringify([...names.keys()])}::json))`,
  );
  for (const t of takenNames.rows)
    errors.push({ row: names.get(t.name)!, column: "item_name", reason: `The item name ${MSG.alreadyTaken}.` });
  const takenCodes = await ctx.tx.execute<{ barcode: string }>(
    sql`select barcode from item_barcodes where barcode in (select json_array_elements_text(${JSON.stringify([...codes.keys()])}::json))`,
  );
  for (const t of takenCodes.rows) {
    const at = codes.get(t.barcode)!;
    errors.push({ row: at.row, column: at.column, reason: `The barcode ${MSG.alreadyTaken}.` });
  }
  const order = (c: string) => ITEM_IMPORT_COLUMNS.indexOf(c as ItemImportColumn);
  if (errors.length) throw new ImportRowsError(errors.sort((a, b) => a.row - b.row || order(a.column) - order(b.column)));
  progress("import.saving", 0, parsed.length);

  const unitIds = await ensureNames(ctx, "units", new Set(parsed.flatMap((p) => [p.base_unit, ...(p.packet ? [p.packet.name] : [])])));
  const brandIds = await ensureNames(ctx, "brands", new Set(parsed.map((p) => p.brand).filter(Boolean)));
  const categoryIds = await ensureCategories(
    ctx,
    parsed.map((p) => p.category).filter((c) => c.length),
  );

  const itemRows = parsed.map((p) => ({
    item_name: p.item_name,
    category_fk: p.category.length ? categoryIds.get(p.category.map((c) => c.toLowerCase()).join("\u0000"))! : null,
    brand_fk: p.brand ? brandIds.get(p.brand.toLowerCase())! : null,
    shortage_alert: p.shortage_alert,
    expire_alert: p.expire_alert,
    has_expire: p.expire_alert !== null,
    sale_price_editable: p.sale_price_editable,
    description: p.description || null,
    direction_of_use: p.direct_of_use || null,
  }));
  const made = await ctx.tx.execute<{ item_id: number; name: string }>(sql`
    insert into items (item_name, category_fk, brand_fk, shortage_alert, expire_alert, has_expire, sale_price_editable,
                       description, direction_of_use, created_by)
    select x.item_name, x.category_fk, x.brand_fk, x.shortage_alert, x.expire_alert, x.has_expire, x.sale_price_editable,
           x.description, x.direction_of_use, ${ctx.user?.user_id ?? null}::int
      from json_to_recordset(${JSON.stringify(itemRows)}::json) as x(item_name text, category_fk int, brand_fk int,
           shortage_alert int, expire_alert int, has_expire boolean, sale_price_editable boolean, description text, direction_of_use text)
    returning item_id, lower(item_name) as name`);
  const itemIds = new Map(made.rows.map((m) => [m.name, m.item_id]));

  const unitRows: {
    item_fk: number;
    unit_fk: number;
    quantity: string;
    price: string;
    is_base: boolean;
    is_default: boolean;
    code: string;
  }[] = [];
  for (const p of parsed) {
    const item_fk = itemIds.get(p.item_name.toLowerCase())!;
    unitRows.push({
      item_fk,
      unit_fk: unitIds.get(p.base_unit.toLowerCase())!,
      quantity: "1",
      price: p.sale_price,
      is_base: true,
      is_default: !p.packet_default,
      code: p.barcode,
    });
    if (p.packet)
      unitRows.push({
        item_fk,
        unit_fk: unitIds.get(p.packet.name.toLowerCase())!,
        quantity: p.packet.qty,
        price: p.packet.price,
        is_base: false,
        is_default: p.packet_default,
        code: p.packet.barcode,
      });
  }
  // Quantities and prices travel as strings and are cast to numeric by the database: never a float.
  await ctx.tx.execute(sql`
    with u as (
      insert into item_units (item_fk, unit_fk, quantity, price, is_base, is_default)
      select x.item_fk, x.unit_fk, x.quantity::numeric, x.price::numeric, x.is_base, x.is_default
        from json_to_recordset(${JSON.stringify(unitRows)}::json)
             as x(item_fk int, unit_fk int, quantity text, price text, is_base boolean, is_default boolean, code text)
      returning item_unit_id, item_fk, unit_fk
    )
    insert into item_barcodes (barcode, item_fk, item_unit_fk)
    select c.code, u.item_fk, u.item_unit_id
      from u join json_to_recordset(${JSON.stringify(unitRows.filter((r) => r.code))}::json) as c(item_fk int, unit_fk int, code text)
        on c.item_fk = u.item_fk and c.unit_fk = u.unit_fk`);
  progress("import.saving", parsed.length, parsed.length);
  return { imported: parsed.length, repairs };
}
