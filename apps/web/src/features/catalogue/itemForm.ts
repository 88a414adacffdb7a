import { DEFAULT_EXPIRE_ALERT_DAYS, MSG, normalizeDigits, normalizeNumber } from "@app/contracts";
import Decimal from "decimal.js";
import type { ItemRecord } from "../../shared/api/catalogue";
import { plainDecimal } from "../../shared/format";

/** One row of the units table as the form edits it (quantities in base units, prices as text). */
export interface UnitDraft {
  /** Stable React key for rows not saved yet. */
  key: string;
  item_unit_id: number | null;
  unit_fk: string;
  quantity: string;
  price: string;
  barcode: string;
  is_base: boolean;
  is_default: boolean;
}

export interface ItemValues extends Record<string, unknown> {
  item_name: string;
  item_code: string;
  category_fk: string;
  brand_fk: string;
  made_in_fk: string;
  scientific_name: string;
  direction_of_use: string;
  side_effect: string;
  shortage_alert: string;
  expire_alert: string;
  has_expire: boolean;
  has_batch_number: boolean;
  sale_price_editable: boolean;
  has_revenue_tax: boolean;
  revenue_tax_percent: string;
  profit_percent: string;
  description: string;
  is_active_online: boolean;
  images: string[];
  barcodes: string[];
  item_units: UnitDraft[];
}

let seq = 0;
export const newUnitKey = () => `u${++seq}`;

export const emptyUnit = (base: boolean): UnitDraft => ({
  key: newUnitKey(),
  item_unit_id: null,
  unit_fk: "",
  quantity: base ? "1" : "",
  price: "",
  barcode: "",
  is_base: base,
  is_default: base,
});

export const EMPTY_ITEM: ItemValues = {
  item_name: "",
  item_code: "",
  category_fk: "",
  brand_fk: "",
  made_in_fk: "",
  scientific_name: "",
  direction_of_use: "",
  side_effect: "",
  shortage_alert: "",
  /** A new item starts with the default alert (`DEFAULT_EXPIRE_ALERT_DAYS`), shown once expiry is tracked. */
  expire_alert: String(DEFAULT_EXPIRE_ALERT_DAYS),
  has_expire: false,
  has_batch_number: false,
  sale_price_editable: false,
  has_revenue_tax: false,
  revenue_tax_percent: "",
  profit_percent: "",
  description: "",
  is_active_online: true,
  images: [],
  barcodes: [],
  item_units: [emptyUnit(true)],
};

const str = (v: string | number | null | undefined) => (v === null || v === undefined ? "" : String(v));

export function fromRecord(r: ItemRecord): ItemValues {
  return {
    item_name: r.item_name,
    item_code: str(r.item_code),
    category_fk: str(r.category_fk),
    brand_fk: str(r.brand_fk),
    made_in_fk: str(r.made_in_fk),
    scientific_name: str(r.scientific_name),
    direction_of_use: str(r.direction_of_use),
    side_effect: str(r.side_effect),
    shortage_alert: str(r.shortage_alert),
    expire_alert: str(r.expire_alert),
    has_expire: r.has_expire,
    has_batch_number: r.has_batch_number,
    sale_price_editable: r.sale_price_editable,
    has_revenue_tax: r.has_revenue_tax,
    revenue_tax_percent: str(r.revenue_tax_percent),
    profit_percent: str(r.profit_percent),
    description: str(r.description),
    is_active_online: r.is_active_online,
    images: (r.images ?? []).map((x) => (typeof x === "string" ? x : x.file)),
    barcodes: Array.isArray(r.barcodes) ? r.barcodes : [],
    item_units: r.item_units.map((u) => ({
      key: newUnitKey(),
      item_unit_id: u.item_unit_id ?? null,
      unit_fk: str(u.unit_fk),
      // Stored with fixed decimals ("12.0000"); edited as a person writes it ("12").
      quantity: plainDecimal(u.quantity),
      price: plainDecimal(u.price),
      barcode: str(u.barcode),
      is_base: u.is_base,
      is_default: u.is_default,
    })),
  };
}

/** Why a unit row cannot be removed (SPEC §5), or null when it can. */
export function unitLockReason(units: UnitDraft[], u: UnitDraft): "base" | "default" | "last" | null {
  if (units.length <= 1) return "last";
  if (u.is_base) return "base";
  if (u.is_default) return "default";
  return null;
}

/** Makes one row the base unit: it holds exactly one base unit by definition. */
export function setBase(units: UnitDraft[], key: string): UnitDraft[] {
  return units.map((u) => (u.key === key ? { ...u, is_base: true, quantity: "1" } : { ...u, is_base: false }));
}

export function setDefault(units: UnitDraft[], key: string): UnitDraft[] {
  return units.map((u) => ({ ...u, is_default: u.key === key }));
}

/**
 * The price per base unit of a packet, for the hint beside its price: exact decimals, never
 * floats, 3 decimals as amounts show (SPEC §9). Null while the row is incomplete.
 */
export function pricePerBase(u: UnitDraft): string | null {
  try {
    const q = new Decimal(typedQuantity(u.quantity));
    const p = new Decimal(u.price);
    if (q.lte(0)) return null;
    return p.div(q).toDecimalPlaces(3, Decimal.ROUND_HALF_UP).toFixed();
  } catch {
    return null;
  }
}

/** A packet's quantity as typed, Arabic-Indic digits and the Arabic decimal separator included, in ASCII. */
const typedQuantity = (text: string) => normalizeNumber(text.trim());

const DECIMAL_RE = (scale: number) => new RegExp(`^\\d{1,15}(\\.\\d{1,${scale}})?$`);

/**
 * Client checks the server repeats: at least one unit, exactly one base and one default unit,
 * a unit chosen and a positive quantity and a price on every row, no unit or barcode twice.
 * Errors are keyed `item_units.{index}.{field}` like the server's, plus `item_units` for the table.
 */
export function checkUnits(units: UnitDraft[]): Record<string, string> {
  const errors: Record<string, string> = {};
  if (units.length === 0) errors.item_units = MSG.atLeastOneUnit;
  if (units.length && units.filter((u) => u.is_base).length !== 1) errors.item_units = "catalogue:units.oneBase";
  else if (units.length && units.filter((u) => u.is_default).length !== 1) errors.item_units = "catalogue:units.oneDefault";
  const seenUnits = new Set<string>();
  const seenCodes = new Set<string>();
  units.forEach((u, i) => {
    if (!u.unit_fk) errors[`item_units.${i}.unit_fk`] = "settings:required";
    else if (seenUnits.has(u.unit_fk)) errors[`item_units.${i}.unit_fk`] = "catalogue:units.duplicateUnit";
    seenUnits.add(u.unit_fk);
    // An empty quantity or price is missing, not badly written.
    const quantity = typedQuantity(u.quantity);
    if (quantity === "") errors[`item_units.${i}.quantity`] = "settings:required";
    else if (!DECIMAL_RE(4).test(quantity) || new Decimal(quantity).lte(0))
      errors[`item_units.${i}.quantity`] = "catalogue:units.badQuantity";
    if (u.price.trim() === "") errors[`item_units.${i}.price`] = "settings:required";
    else if (!DECIMAL_RE(2).test(u.price.trim())) errors[`item_units.${i}.price`] = "catalogue:units.badPrice";
    const code = normalizeDigits(u.barcode.trim());
    if (code) {
      if (seenCodes.has(code)) errors[`item_units.${i}.barcode`] = "catalogue:barcodes.duplicate";
      seenCodes.add(code);
    }
  });
  return errors;
}

const orNull = (v: string) => (v.trim() === "" ? null : v.trim());
const intOrNull = (v: string) => (v.trim() === "" ? null : Number(normalizeDigits(v.trim())));
const idOrNull = (v: string) => (v === "" ? null : Number(v));

/** The body of POST /api/items: ids and counts as numbers, money and quantities as decimal strings. */
export function toItemPayload(v: ItemValues) {
  return {
    item_name: v.item_name.trim(),
    item_code: orNull(v.item_code),
    category_fk: idOrNull(v.category_fk),
    brand_fk: idOrNull(v.brand_fk),
    made_in_fk: idOrNull(v.made_in_fk),
    scientific_name: orNull(v.scientific_name),
    direction_of_use: orNull(v.direction_of_use),
    side_effect: orNull(v.side_effect),
    shortage_alert: intOrNull(v.shortage_alert),
    expire_alert: v.has_expire ? intOrNull(v.expire_alert) : null,
    has_expire: v.has_expire,
    has_batch_number: v.has_batch_number,
    sale_price_editable: v.sale_price_editable,
    has_revenue_tax: v.has_revenue_tax,
    revenue_tax_percent: v.has_revenue_tax ? orNull(v.revenue_tax_percent) : null,
    profit_percent: orNull(v.profit_percent),
    description: orNull(v.description),
    is_active_online: v.is_active_online,
    images: v.images,
    barcodes: v.barcodes.map((b) => normalizeDigits(b.trim())).filter(Boolean),
    item_units: v.item_units.map((u) => ({
      item_unit_id: u.item_unit_id,
      unit_fk: Number(u.unit_fk),
      quantity: u.is_base ? "1" : typedQuantity(u.quantity),
      price: u.price.trim(),
      barcode: orNull(normalizeDigits(u.barcode)),
      is_base: u.is_base,
      is_default: u.is_default,
    })),
  };
}
