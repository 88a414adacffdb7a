import type { PosChange } from "@app/contracts";
import type { PricedBill } from "./bill";

/** What an 80 mm receipt prints; kept as the "last bill" so it can be printed again. */
export interface ReceiptData {
  /** The receipt number once the server booked the sale; null while it waits in the queue. */
  number: string | null;
  key: string;
  made_at: string;
  cashier: string;
  customer: string | null;
  system_currency_id: number;
  rate: string;
  lines: { name: string; unit: string; quantity: string; price: string; total: string; promotion: string | null; free: string }[];
  gross: string;
  discount: string;
  tax: string;
  total: string;
  total_usd: string;
  payments: { method: string; currency_id: number; amount: string }[];
  /** With change in USD, `change_iqd` is the rest handed over in IQD (absent on receipts kept before it was). */
  change: Pick<PosChange, "change" | "change_currency_id"> & { change_iqd?: string };
}

export function receiptOf(
  bill: PricedBill,
  opts: Pick<ReceiptData, "key" | "cashier" | "customer" | "system_currency_id" | "rate" | "payments" | "change"> & { now?: Date },
): ReceiptData {
  return {
    number: null,
    made_at: (opts.now ?? new Date()).toISOString(),
    ...opts,
    lines: bill.lines.map((l) => ({
      name: l.item.item_name,
      unit: l.unit.unit_name,
      quantity: l.priced.quantity,
      price: l.priced.unit_price,
      total: l.priced.total,
      promotion: l.promotion_title,
      free: l.priced.free_quantity,
    })),
    gross: bill.doc.gross,
    discount: bill.doc.discount,
    tax: bill.doc.tax,
    total: bill.doc.total,
    total_usd: bill.total_usd,
  };
}

const LAST = "pos-last-receipt";
export const lastReceipt = {
  get(): ReceiptData | null {
    const raw = localStorage.getItem(LAST);
    return raw ? (JSON.parse(raw) as ReceiptData) : null;
  },
  set(r: ReceiptData) {
    localStorage.setItem(LAST, JSON.stringify(r));
  },
};

/** A v4 UUID, also where `crypto.randomUUID` is missing (a till reached over plain http on the LAN). */
export function newKey(): string {
  if (typeof crypto.randomUUID === "function" && globalThis.isSecureContext) return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = ((b[6] ?? 0) & 0x0f) | 0x40;
  b[8] = ((b[8] ?? 0) & 0x3f) | 0x80;
  const h = Array.from(b, (x) => x.toString(16).padStart(2, "0")).join("");
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}
