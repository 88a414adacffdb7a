import { type Language, PRICE_SHEET_COLUMNS, type PriceSheetColumn } from "@app/contracts";
import { sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.js";
import type { Ctx } from "../../platform/context.js";
import type { RawQuery } from "../../platform/list.js";
import { listedBatch } from "./export-items-sheet.js";
import { type CellKind, HELP_SHEET, streamSheet } from "./sheet-writer.js";

const BATCH = 2000;

const KINDS: Partial<Record<PriceSheetColumn, CellKind>> = {
  item_code: "text",
  barcode: "text",
  unit_qty: "quantity",
  sale_price: "price",
};

/** The system currency: the one every sale price is kept in. */
export async function systemCurrency(db: DbOrTx): Promise<{ currency_id: number; currency_name: string }> {
  const res = await db.execute<{ currency_id: number; currency_name: string }>(
    sql`select c.currency_id, c.currency_name from system_config s join currencies c on c.currency_id = s.currency_fk where s.id = 1`,
  );
  return res.rows[0] ?? { currency_id: 1, currency_name: "IQD" };
}

export const PRICE_SHEET_HELP: Record<Language, [string, string][]> = {
  en: [
    ["column", "meaning"],
    ["item_code", "The item's code. The item code or the barcode finds the item."],
    ["barcode", "The unit's barcode: it finds the item and names the unit. Keep the column as text so leading zeros stay."],
    ["item_name", "Finds the item in a row with no item code or barcode; otherwise for reading, the import does not change it."],
    ["unit", "The unit the price is for; empty is the base unit."],
    ["unit_qty", "Base units in the unit, for reading; the import does not change it."],
    ["sale_price", "Required. The unit's sale price, 0 or more with at most 2 decimals. Only this column is imported."],
    ["currency", "The system currency, which every sale price is kept in; another currency is refused."],
  ],
  ar: [
    ["العمود", "المعنى"],
    ["item_code", "رمز المادة. يُعثر على المادة برمزها أو بالباركود."],
    ["barcode", "باركود المادة؛ باركود الوحدة يحدد الوحدة أيضاً. اترك العمود نصاً كي تبقى الأصفار في البداية."],
    ["item_name", "يُعثر به على المادة في صف بلا رمز ولا باركود؛ وإلا فهو للقراءة فقط، والاستيراد لا يغيّره."],
    ["unit", "الوحدة التي يخصها السعر؛ الفارغ يعني الوحدة الأساسية."],
    ["unit_qty", "عدد الوحدات الأساسية في الوحدة، للقراءة فقط؛ الاستيراد لا يغيّره."],
    ["sale_price", "مطلوب. سعر بيع الوحدة، صفر أو أكثر بمرتبتين عشريتين على الأكثر. هذا العمود وحده يُستورد."],
    ["currency", "عملة النظام التي تُحفظ بها أسعار البيع كلها؛ أي عملة أخرى تُرفض."],
  ],
  ckb: [
    ["ستوون", "واتا"],
    ["item_code", "کۆدی کاڵا. کاڵا بە کۆدەکەی یان بە بارکۆد دەدۆزرێتەوە."],
    ["barcode", "بارکۆدی کاڵا؛ بارکۆدی یەکە یەکەکەش دیاری دەکات. ستوونەکە وەک دەق بهێڵەوە تا سفرەکانی سەرەتا بمێنن."],
    ["item_name", "لە ڕیزێکی بێ کۆد و بێ بارکۆددا کاڵاکە پێی دەدۆزرێتەوە؛ ئەگەرنا تەنها بۆ خوێندنەوەیە و هاوردەکردن نایگۆڕێت."],
    ["unit", "ئەو یەکەیەی نرخەکە هی ئەوە؛ بەتاڵ واتە یەکەی بنەڕەتی."],
    ["unit_qty", "ژمارەی یەکەی بنەڕەتی لە یەکەکەدا، تەنها بۆ خوێندنەوە؛ هاوردەکردن نایگۆڕێت."],
    ["sale_price", "پێویستە. نرخی فرۆشتنی یەکە، سفر یان زیاتر بە زۆرترین دوو پلەی دەیی. تەنها ئەم ستوونە هاوردە دەکرێت."],
    ["currency", "دراوی سیستەم کە هەموو نرخەکانی فرۆشتن پێی هەڵدەگیرێن؛ دراوێکی تر ڕەت دەکرێتەوە."],
  ],
};

type PriceRow = Record<PriceSheetColumn, string | number | null> & { item_id: number };

/**
 * Every sale price of the items the list finds: a row per unit, base unit first, with the item's
 * code and the unit's barcode (the base unit's also an item-wide one), in the system currency.
 */
export function exportPriceSheet(db: DbOrTx, raw: RawQuery, ctx: Ctx, lang: Language): NodeJS.ReadableStream {
  const listed = listedBatch(raw, ctx, BATCH);
  async function* batches() {
    const currency = (await systemCurrency(db)).currency_name;
    for (let last = 0; ; ) {
      const res = await db.execute<PriceRow>(sql`
        with batch as (${listed(last)})
        select i.item_id, i.item_code,
               (select x.barcode from item_barcodes x
                 where x.item_fk = i.item_id and (x.item_unit_fk = iu.item_unit_id or (iu.is_base and x.item_unit_fk is null))
                 order by x.item_unit_fk is null, x.id limit 1) as barcode,
               i.item_name, u.unit_name as unit, iu.quantity as unit_qty, iu.price as sale_price, ${currency}::text as currency
          from batch
          join items i on i.item_id = batch.item_id
          join item_units iu on iu.item_fk = i.item_id
          join units u on u.unit_id = iu.unit_fk
         order by i.item_id, iu.is_base desc, iu.quantity, iu.item_unit_id`);
      if (!res.rows.length) return;
      yield res.rows;
      last = Math.max(...res.rows.map((r) => r.item_id));
    }
  }
  return streamSheet({
    sheet: "prices",
    columns: PRICE_SHEET_COLUMNS,
    kinds: KINDS,
    help: PRICE_SHEET_HELP[lang],
    helpSheet: HELP_SHEET[lang],
    lang,
    batches,
  });
}
