import {
  type ImportRowError,
  normalizeDigits,
  PRICE_SHEET_COLUMNS,
  type PriceImportChange,
  type PriceImportResult,
  type PriceSheetColumn,
} from "@app/contracts";
import { sql } from "drizzle-orm";
import { intArray } from "../../db/bulk.js";
import { audit } from "../../platform/audit.js";
import type { Ctx } from "../../platform/context.js";
import { ImportRowsError, readSheetRecords, type SheetRecord } from "../../platform/sheet-import.js";
import { restoredBarcode } from "../catalogue/import-items.js";
import { markUnitsChanged } from "../catalogue/items.js";
import { D } from "../ledger/money.js";
import { systemCurrency } from "./price-sheet.js";

const PRICE = /^\d{1,15}(\.\d{1,2})?$/;

type Unit = {
  item_unit_id: number;
  item_id: number;
  item_name: string;
  unit_name: string;
  is_base: boolean;
  price: string;
};

interface Found {
  row: number;
  unit: Unit;
  price: string;
}

const json = (values: Iterable<string>) => JSON.stringify([...new Set(values)]);

/**
 * Sets the sale prices a prices sheet names, and nothing else: the item comes from the item code or
 * the barcode (or, in a row with neither, its name), the unit from the unit column (else the
 * barcode's unit, else the base unit), the price from `sale_price`. Every row is checked first
 * (the item and unit must exist, the price be a price, the currency the system's, no unit twice);
 * any bad row refuses the whole file with every bad row listed (ImportRowsError), so a file is
 * applied whole or not at all. Prices already as the sheet says count as unchanged and are not
 * written, so importing an unchanged export changes nothing. Stock, costs and the item's other
 * fields are never touched. Runs inside the caller's transaction.
 */
export async function importPrices(ctx: Ctx, file: unknown): Promise<PriceImportResult> {
  const rows = await readSheetRecords(file, PRICE_SHEET_COLUMNS, ["sale_price"]);
  const errors: ImportRowError[] = [];
  const bad = (row: number, column: PriceSheetColumn, reason: string) => errors.push({ row, column, reason });

  // A barcode a spreadsheet made a number is also looked for in its zero-padded form.
  const barcodeOf = (r: SheetRecord<PriceSheetColumn>) => normalizeDigits(r.barcode);
  const padded = (r: SheetRecord<PriceSheetColumn>) => (r.numeric.has("barcode") ? restoredBarcode(barcodeOf(r)) : undefined);
  const codes = rows.map((r) => normalizeDigits(r.item_code)).filter(Boolean);
  const barcodes = rows.flatMap((r) => [barcodeOf(r), padded(r) ?? ""]).filter(Boolean);
  // A row without a code or a barcode finds its item by name (names are unique, case aside).
  const byNameOnly = (r: SheetRecord<PriceSheetColumn>) => (!r.item_code && !r.barcode && r.item_name ? r.item_name.toLowerCase() : "");
  const names = rows.map(byNameOnly).filter(Boolean);

  const units = await ctx.tx.execute<Unit & { item_code: string | null }>(sql`
    select iu.item_unit_id, i.item_id, i.item_code, i.item_name, u.unit_name, iu.is_base, iu.price
      from items i join item_units iu on iu.item_fk = i.item_id join units u on u.unit_id = iu.unit_fk
     where i.item_code in (select json_array_elements_text(${json(codes)}::json))
        or i.item_id in (select item_fk from item_barcodes where barcode in (select json_array_elements_text(${json(barcodes)}::json)))
        or lower(i.item_name) in (select json_array_elements_text(${json(names)}::json))`);
  const unitsOf = new Map<number, Unit[]>();
  const byCode = new Map<string, number>();
  const byName = new Map<string, number>();
  for (const u of units.rows) {
    unitsOf.set(u.item_id, [...(unitsOf.get(u.item_id) ?? []), u]);
    if (u.item_code) byCode.set(u.item_code, u.item_id);
    byName.set(u.item_name.toLowerCase(), u.item_id);
  }
  const scanned = await ctx.tx.execute<{ barcode: string; item_fk: number; item_unit_fk: number | null }>(
    sql`select barcode, item_fk, item_unit_fk from item_barcodes where barcode in (select json_array_elements_text(${json(barcodes)}::json))`,
  );
  const byBarcode = new Map(scanned.rows.map((b) => [b.barcode, b]));
  const currency = await systemCurrency(ctx.tx);

  const found: Found[] = [];
  const seen = new Map<number, number>();
  for (const r of rows) {
    const code = normalizeDigits(r.item_code);
    const barcode = barcodeOf(r);
    const errorsBefore = errors.length;
    const rowOk = () => errors.length === errorsBefore;
    let itemId: number | undefined;
    let barcodeUnit: number | null = null;
    const name = byNameOnly(r);
    if (!code && !barcode && !name) bad(r.row, "item_code", "The item code field is required when barcode is not present.");
    if (name) {
      itemId = byName.get(name);
      if (itemId === undefined) bad(r.row, "item_name", "The selected item name is invalid.");
    }
    if (code) {
      itemId = byCode.get(code);
      if (itemId === undefined) bad(r.row, "item_code", "The selected item code is invalid.");
    }
    if (barcode) {
      const hit = byBarcode.get(barcode) ?? byBarcode.get(padded(r) ?? "");
      if (!hit) bad(r.row, "barcode", "The selected barcode is invalid.");
      else if (itemId !== undefined && hit.item_fk !== itemId)
        bad(r.row, "barcode", "The barcode belongs to another item than the item code.");
      else if (!code || itemId !== undefined) {
        itemId = hit.item_fk;
        barcodeUnit = hit.item_unit_fk;
      }
    }
    let unit: Unit | undefined;
    if (itemId !== undefined && rowOk()) {
      const own = unitsOf.get(itemId) ?? [];
      const named = r.unit.trim().toLowerCase();
      if (named) {
        unit = own.find((u) => u.unit_name.toLowerCase() === named);
        if (!unit) bad(r.row, "unit", "The selected unit is invalid.");
        else if (barcodeUnit !== null && unit.item_unit_id !== barcodeUnit) bad(r.row, "unit", "The unit is not the unit of the barcode.");
      } else unit = own.find((u) => (barcodeUnit === null ? u.is_base : u.item_unit_id === barcodeUnit));
    }
    const price = normalizeDigits(r.sale_price);
    if (!price) bad(r.row, "sale_price", "The sale price field is required.");
    else if (!PRICE.test(price)) bad(r.row, "sale_price", "The sale price must be a number of 0 or more with at most 2 decimals.");
    if (r.currency && r.currency.trim().toUpperCase() !== currency.currency_name.toUpperCase())
      bad(r.row, "currency", "The currency must be the system currency: sale prices are kept in it.");
    if (unit) {
      const first = seen.get(unit.item_unit_id);
      if (first !== undefined) bad(r.row, "unit", `The unit is repeated (row ${first}).`);
      else seen.set(unit.item_unit_id, r.row);
      if (rowOk()) found.push({ row: r.row, unit, price });
    }
  }
  const order = (c: string) => PRICE_SHEET_COLUMNS.indexOf(c as PriceSheetColumn);
  if (errors.length) throw new ImportRowsError(errors.sort((a, b) => a.row - b.row || order(a.column) - order(b.column)));

  // The prices compared and written under a lock (in id order, as bulk price changes take it), so
  // that a change saved meanwhile is neither lost nor counted twice.
  const ids = found.map((f) => f.unit.item_unit_id).sort((a, b) => a - b);
  const locked = await ctx.tx.execute<{ item_unit_id: number; price: string }>(
    sql`select item_unit_id, price from item_units where item_unit_id = any(${intArray(ids)}) order by item_unit_id for no key update`,
  );
  const now = new Map(locked.rows.map((l) => [l.item_unit_id, l.price]));
  const changes: PriceImportChange[] = [];
  for (const f of found) {
    const old = now.get(f.unit.item_unit_id) ?? f.unit.price;
    if (D(old).eq(f.price)) continue;
    changes.push({
      row: f.row,
      item_unit_id: f.unit.item_unit_id,
      item_name: f.unit.item_name,
      unit_name: f.unit.unit_name,
      old_price: old,
      new_price: D(f.price).toFixed(2),
    });
  }
  if (changes.length) {
    await ctx.tx.execute(sql`
      update item_units iu set price = v.price
        from unnest(${intArray(changes.map((c) => c.item_unit_id))}, ${`{${changes.map((c) => c.new_price).join(",")}}`}::numeric[]) as v(id, price)
       where iu.item_unit_id = v.id`);
    await markUnitsChanged(
      ctx,
      changes.map((c) => c.item_unit_id),
    );
    await audit(ctx, {
      module: "item_pricings",
      action: "import",
      before: { prices: changes.map((c) => ({ item_unit_id: c.item_unit_id, price: c.old_price })) },
      after: { prices: changes.map((c) => ({ item_unit_id: c.item_unit_id, price: c.new_price })) },
    });
  }
  return { updated: changes.length, unchanged: found.length - changes.length, changes };
}
