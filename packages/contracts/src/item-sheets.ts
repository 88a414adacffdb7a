import type { ImportRowError } from "./catalogue.js";

/**
 * The prices sheet: one row per unit an item is sold in. `item_code` or `barcode` finds the item
 * (the barcode also finds the unit), and `item_name` in a row with neither; `unit` names the unit
 * (empty: the barcode's or the base unit), `sale_price` is the unit's sale price in `currency`,
 * which must be the system currency (the product keeps one sale price per unit, in that currency).
 * `unit_qty` is there to read; nothing but the price is ever imported.
 */
export const PRICE_SHEET_COLUMNS = ["item_code", "barcode", "item_name", "unit", "unit_qty", "sale_price", "currency"] as const;
export type PriceSheetColumn = (typeof PRICE_SHEET_COLUMNS)[number];

/** A price a prices import changed. */
export interface PriceImportChange {
  row: number;
  item_unit_id: number;
  item_name: string;
  unit_name: string;
  old_price: string;
  new_price: string;
}

/** What a prices import did: every row either updated a price or found it unchanged. */
export interface PriceImportResult {
  updated: number;
  unchanged: number;
  changes: PriceImportChange[];
}

/** A refused prices import (422): every bad row, nothing applied. */
export interface PriceImportRefusal {
  message: string;
  rows: ImportRowError[];
}
