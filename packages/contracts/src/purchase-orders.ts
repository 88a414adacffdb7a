import { z } from "zod";
import { zCurrencyId, zDocDate, zRate } from "./accounting.js";
import { zConfirmed, zDecimal, zNote } from "./common.js";
import { MSG } from "./messages.js";
import { optFk, ZPurchaseCharge, zDay } from "./purchases.js";

/**
 * Purchase orders (SPEC §4 "Purchase orders are draft or bill"; permissions `purchases/order`,
 * `purchases/order_images`): what is asked of a supplier, then received as one or several
 * purchases (bills), each with its own batches, expiry dates and charges.
 */

/** draft: being written; ordered: sent to the supplier, receivable; closed: the rest cancelled. */
export const PURCHASE_ORDER_STATUSES = ["draft", "ordered", "closed"] as const;
export type PurchaseOrderStatus = (typeof PURCHASE_ORDER_STATUSES)[number];
/** SPEC §4 receive status. */
export const RECEIVE_STATUSES = ["not_received", "partially_received", "received"] as const;
export type ReceiveStatus = (typeof RECEIVE_STATUSES)[number];

/** The permission that lets a receipt bring in more than was ordered less what was received. */
export const OVER_RECEIVE_PERMISSION = "purchases/over_receive";

export const PURCHASE_ORDER_MSG = {
  notDraft: "Only a draft order can be changed.",
  notOrdered: "Only an ordered purchase order can be received.",
  closed: "The order is closed.",
  hasReceipts: "The order has receipts; delete or return them to draft first.",
  itemTwice: "The item is already on the order.",
  notOnOrder: "The item is not on the order.",
  moreThanOrdered: "The quantity may not be greater than what was ordered less what was already received.",
  nothingToReceive: "Receive at least one unit.",
  nothingLeft: "Nothing is left to receive.",
  noSuggestion: "Choose at least one item.",
  supplierRequired: "The item has no last supplier; choose one.",
  imageNotOfOrder: "The image is not one of the order's.",
  supplierOfOrder: "The supplier must be the order's supplier.",
} as const;

const zFk = (message: string) =>
  z
    .unknown()
    .refine((v) => v !== undefined && v !== null && v !== "", { message, abort: true })
    .pipe(z.coerce.number({ error: message }).refine((n) => Number.isInteger(n) && n > 0 && n <= 2_147_483_647, { message }));
const zQty = zDecimal({ scale: 4, min: 0 });
const zMoney = zDecimal({ scale: 3, min: 0 });
const optText = (max: number) => z.string().trim().max(max, `may not be greater than ${max} characters`).optional().nullable();

export const ZPurchaseOrderLine = z.object({
  item_id: zFk("The selected item is invalid."),
  unit_id: zFk("The selected unit is invalid."),
  quantity: zQty.refine((v) => Number(v) > 0, "must be greater than 0"),
  /** The price expected from the supplier, in the order's currency. */
  unit_price: zMoney.optional().nullable(),
  description: optText(500),
});
export type PurchaseOrderLineInput = z.output<typeof ZPurchaseOrderLine>;

export const ZPurchaseOrder = z.object({
  consumer_id: zFk(MSG.chooseFromList),
  reference_no: zNote.optional().nullable(),
  date: zDocDate.optional().nullable(),
  /** The day the goods are expected. */
  expected_date: zDay,
  inventory_id: zFk(MSG.mustHaveDefaultInventory),
  currency_id: zCurrencyId,
  rate: zRate.optional().nullable(),
  confirmed: zConfirmed,
  note: zNote.optional().nullable(),
  lines: z.array(ZPurchaseOrderLine).min(1, "Add at least one line.").max(5000),
});
export type PurchaseOrderInput = z.output<typeof ZPurchaseOrder>;

/** A receipt line: an order line's goods as they came, with their price, batch and expiry. */
export const ZReceiptLine = z.object({
  order_line_id: zFk(PURCHASE_ORDER_MSG.notOnOrder),
  /** In the order line's unit. */
  quantity: zQty.refine((v) => Number(v) > 0, "must be greater than 0"),
  bonus: zQty.optional().nullable(),
  /** The price on the supplier's bill; the order's expected price when empty. */
  unit_price: zMoney.optional().nullable(),
  batch_no: optText(64),
  expire_date: zDay,
});
export type ReceiptLineInput = z.output<typeof ZReceiptLine>;

/** A receipt against an order: one purchase (bill), posted as any purchase is. */
export const ZPurchaseReceipt = z.object({
  reference_no: zNote.optional().nullable(),
  date: zDocDate.optional().nullable(),
  rate: zRate.optional().nullable(),
  confirmed: zConfirmed,
  payment_type: z.enum(["Cash", "On Account"], { error: "The selected payment type is invalid." }).default("On Account"),
  account_id: optFk,
  paid_amount: zMoney.optional().nullable(),
  note: zNote.optional().nullable(),
  lines: z.array(ZReceiptLine).min(1, PURCHASE_ORDER_MSG.nothingToReceive).max(5000),
  charges: z.array(ZPurchaseCharge).max(50).default([]),
});
export type PurchaseReceiptInput = z.output<typeof ZPurchaseReceipt>;

/** Reorder suggestions turned into draft orders: one per supplier. */
export const ZOrderSuggestions = z.object({
  inventory_id: optFk,
  currency_id: zCurrencyId.optional(),
  lines: z
    .array(
      z.object({
        item_id: zFk("The selected item is invalid."),
        consumer_id: zFk(PURCHASE_ORDER_MSG.supplierRequired),
        unit_id: zFk("The selected unit is invalid."),
        quantity: zQty.refine((v) => Number(v) > 0, "must be greater than 0"),
        unit_price: zMoney.optional().nullable(),
      }),
    )
    .min(1, PURCHASE_ORDER_MSG.noSuggestion)
    .max(1000),
});
export type OrderSuggestionsInput = z.output<typeof ZOrderSuggestions>;

export const ZOrderImageRemove = z.object({ image: z.string().trim().min(1).max(100) });
