import { CURRENCY_IQD, CURRENCY_USD, dueIn, type PosCustomer, type PosItem, type PosUnit } from "@app/contracts";
import { D, str } from "@app/contracts/money";
import { type PricedDocument, type PromotionRule, priceDocument } from "@app/contracts/price";
import type { CatalogueIndex } from "./catalogue";
import type { BillLineState } from "./posDb";

export interface PricedBillLine {
  state: BillLineState;
  item: PosItem;
  unit: PosUnit;
  priced: PricedDocument["lines"][number];
  promotion_title: string | null;
}

export interface PricedBill {
  lines: PricedBillLine[];
  doc: PricedDocument;
  /** The total in the other currency at the in-rate, to show beside it: up to the cent (or dinar), so paying it covers the bill. */
  total_usd: string;
}

/** A day as YYYY-MM-DD on the terminal's clock, for the promotions' date range. */
const today = (now: Date) =>
  `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, "0")}-${String(now.getDate()).padStart(2, "0")}`;

/**
 * Prices the bill with THE price function (the one the server books with): the catalogue's unit
 * prices, the customer's pricing profile, the promotions active today, the line discounts. The bill
 * is in the system currency; the USD total is shown at the in-rate.
 */
export function priceBill(
  index: CatalogueIndex,
  lines: BillLineState[],
  opts: { customer: PosCustomer | null; system_currency_id: number; rate: string; now?: Date },
): PricedBill {
  const day = today(opts.now ?? new Date());
  const promotions: PromotionRule[] = index.meta.promotions.filter((p) => p.start_date <= day && day <= p.end_date);
  const profile = opts.customer?.pricing_profile_fk
    ? (index.meta.profiles.find((p) => p.profile_id === opts.customer?.pricing_profile_fk) ?? null)
    : null;
  const rows = lines.flatMap((state) => {
    const item = index.items.get(state.item_id);
    const unit = item?.units.find((u) => u.item_unit_id === state.item_unit_id);
    return item && unit ? [{ state, item, unit }] : [];
  });
  const doc = priceDocument({
    currency_id: opts.system_currency_id,
    system_currency_id: opts.system_currency_id,
    rate: opts.rate,
    customer_id: opts.customer?.consumer_id ?? null,
    profile,
    promotions,
    lines: rows.map(({ state, item, unit }) => ({
      item_id: item.item_id,
      category_ids: item.category_ids,
      brand_id: item.brand_id,
      quantity: state.quantity,
      unit_qty: unit.quantity,
      sale_price: item.sale_price_editable && state.unit_price ? state.unit_price : unit.price,
      unit_cost: null,
      tax_percent: item.tax_percent,
      discount: state.discount,
    })),
  });
  const titles = new Map(promotions.map((p) => [p.promotion_id, p.title]));
  const other = opts.system_currency_id === CURRENCY_IQD ? CURRENCY_USD : CURRENCY_IQD;
  return {
    lines: rows.map((r, i) => {
      const priced = doc.lines[i] as PricedDocument["lines"][number];
      return { ...r, priced, promotion_title: priced.promotion_id ? (titles.get(priced.promotion_id) ?? null) : null };
    }),
    doc,
    total_usd: dueIn(doc.total, opts.system_currency_id, other, opts.rate),
  };
}

/** Adds one of a unit to the bill: the same item and unit again raises the quantity of its line. */
export function addToBill(lines: BillLineState[], item: PosItem, unit: PosUnit, qty = "1"): BillLineState[] {
  const at = lines.findIndex((l) => l.item_id === item.item_id && l.item_unit_id === unit.item_unit_id && !l.discount);
  if (at >= 0) {
    return lines.map((l, i) => (i === at ? { ...l, quantity: str(D(l.quantity).plus(qty)) } : l));
  }
  const id = `${Date.now().toString(36)}-${lines.length}-${Math.random().toString(36).slice(2, 8)}`;
  return [...lines, { id, item_id: item.item_id, item_unit_id: unit.item_unit_id, quantity: qty, discount: null }];
}
