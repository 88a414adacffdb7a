import { ITEM_IMPORT_COLUMNS, type ItemImportColumn, type Language } from "@app/contracts";
import { type SQL, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.js";
import type { Ctx } from "../../platform/context.js";
import { parseListQuery, type RawQuery } from "../../platform/list.js";
import { ITEM_IMPORT_HELP } from "../catalogue/import-items.js";
import { itemsList } from "../catalogue/items.js";
import { type CellKind, HELP_SHEET, streamSheet } from "./sheet-writer.js";

const BATCH = 2000;

/** The items import's words for yes and no, in each language (it reads all of them). */
const YES_NO: Record<Language, [string, string]> = { en: ["yes", "no"], ar: ["نعم", "لا"], ckb: ["بەڵێ", "نەخێر"] };

const KINDS: Partial<Record<ItemImportColumn, CellKind>> = {
  barcode: "text",
  packet_barcode: "text",
  sale_price: "price",
  packet_price: "price",
  base_unit_qty: "quantity",
  shortage_alert: "count",
  expire_alert: "count",
};

/**
 * The next `size` items after `last` (by id) that the list's search and filters find (the same
 * query string as the list's own export): batches read along the primary key, each in one pass.
 */
export function listedBatch(raw: RawQuery, ctx: Ctx, size: number): (last: number) => SQL {
  const q = parseListQuery(itemsList, { ...raw, is_paginated: "0" }, ctx);
  return (last) => sql`select i.item_id ${itemsList.from} where ${q.where} and i.item_id > ${last} order by i.item_id limit ${size}`;
}

type ItemSheetRow = Record<ItemImportColumn, string | number | null> & { item_id: number; editable: boolean };

/**
 * The items as the items import reads them: its columns (SPEC §3) in its order, the category path
 * by name (category, sub-category, product type), the base unit with its price and barcode, and the
 * second unit as the packet (the default unit when it is not the base, else the smallest). The
 * import's sheet holds two units and one barcode each: a third unit and extra barcodes are not in it.
 */
export function exportItemsSheet(db: DbOrTx, raw: RawQuery, ctx: Ctx, lang: Language): NodeJS.ReadableStream {
  const listed = listedBatch(raw, ctx, BATCH);
  const [yes, no] = YES_NO[lang];
  async function* batches() {
    for (let last = 0; ; ) {
      const res = await db.execute<ItemSheetRow>(sql`
        with batch as (${listed(last)})
        select i.item_id,
               coalesce(g.category_name, p.category_name, c.category_name) as category,
               case when g.category_id is not null then p.category_name when p.category_id is not null then c.category_name end as sub_category,
               case when g.category_id is not null then c.category_name end as item_type,
               i.item_name, b.brand_name as brand, i.sale_price_editable as editable, bu.price as sale_price,
               i.shortage_alert, i.expire_alert,
               (select x.barcode from item_barcodes x
                 where x.item_fk = i.item_id and (x.item_unit_fk = bu.item_unit_id or x.item_unit_fk is null)
                 order by x.item_unit_fk is null, x.id limit 1) as barcode,
               i.description, i.direction_of_use as direct_of_use, bun.unit_name as base_unit,
               pk.unit_name as packet_name, pk.price as packet_price,
               (select x.barcode from item_barcodes x where x.item_unit_fk = pk.item_unit_id order by x.id limit 1) as packet_barcode,
               pk.quantity as base_unit_qty,
               case when pk.is_default then 'packet' else 'base' end as default_unit
          from batch
          join items i on i.item_id = batch.item_id
          join item_units bu on bu.item_fk = i.item_id and bu.is_base
          join units bun on bun.unit_id = bu.unit_fk
          left join categories c on c.category_id = i.category_fk
          left join categories p on p.category_id = c.parent_id
          left join categories g on g.category_id = p.parent_id
          left join brands b on b.brand_id = i.brand_fk
          left join lateral (
            select iu.item_unit_id, iu.price, iu.quantity, iu.is_default, u.unit_name
              from item_units iu join units u on u.unit_id = iu.unit_fk
             where iu.item_fk = i.item_id and not iu.is_base
             order by iu.is_default desc, iu.quantity, iu.item_unit_id limit 1) pk on true
         order by i.item_id`);
      if (!res.rows.length) return;
      yield res.rows.map((r) => ({
        ...r,
        sale_price_editable: r.editable ? yes : no,
        default_unit: r.packet_name ? r.default_unit : null,
      }));
      last = res.rows.at(-1)!.item_id;
    }
  }
  return streamSheet({
    sheet: "items",
    columns: ITEM_IMPORT_COLUMNS,
    kinds: KINDS,
    help: ITEM_IMPORT_HELP[lang],
    helpSheet: HELP_SHEET[lang],
    lang,
    batches,
  });
}
