import { z } from "zod";
import { zCurrencyId, zDocDate, zFk, zRate } from "./accounting.js";
import { zConfirmed, zDecimal, zNote } from "./common.js";
import { PAYMENT_TYPES } from "./enums.js";
import { MSG } from "./messages.js";
import { optFk, PURCHASE_MSG, zDay } from "./purchases.js";

export const SALE_RETURN_MSG = {
  moreThanSold: "The quantity may not be greater than what was sold less what was already returned.",
  lineNotOfSale: "The line is not one of the sale's lines.",
  saleInvalid: "The selected sale is invalid.",
  saleNotComplete: "A return can only be made from a complete sale.",
  customerOfSale: "The customer must be the sale's customer.",
  itemRequired: "Choose the item and its unit, or a line of the sale.",
  nothingToReturn: PURCHASE_MSG.nothingToReturn,
  cashAccountRequired: "The account field is required when the money is paid back in cash.",
  closed: PURCHASE_MSG.closed,
} as const;

const zQty = zDecimal({ scale: 4, min: 0 });

export const ZSaleReturnLine = z
  .object({
    /** The sale line returned (a return made from a sale): its item, unit, batch, price and cost. */
    sale_line_fk: optFk,
    /** On a return without a sale: the item and one of its units. */
    item_fk: optFk,
    unit_fk: optFk,
    quantity: zQty.refine((v) => Number(v) > 0, SALE_RETURN_MSG.nothingToReturn),
    /** Without a sale: the price of one unit in the return's currency; empty takes the unit's sale price. */
    unit_price: zDecimal({ scale: 3, min: 0 }).optional().nullable(),
    /** Without a sale: the batch the goods come back into (an item with expiry needs its date). */
    batch_no: z.string().trim().max(64, "may not be greater than 64 characters").optional().nullable(),
    expire_date: zDay,
  })
  .refine((l) => !!l.sale_line_fk || (!!l.item_fk && !!l.unit_fk), { path: ["item_fk"], message: SALE_RETURN_MSG.itemRequired });
export type SaleReturnLineInput = z.output<typeof ZSaleReturnLine>;

/**
 * A sale return (SPEC §3 "return invoice number, return inventory, return amount, received
 * type"): from a sale (`sale_fk`: its customer, currency and rate; no more than was sold less what
 * came back) or on its own. Received type Cash pays the money back from `account_fk`; On Account
 * credits the customer.
 */
export const ZSaleReturn = z
  .object({
    sale_fk: optFk,
    /** Without a sale: the customer (the walk-in customer when empty). From a sale: the sale's. */
    consumer_fk: optFk,
    date: zDocDate.optional().nullable(),
    inventory_fk: zFk(MSG.mustHaveDefaultInventory),
    /** Without a sale; from a sale its currency and rate are taken. */
    currency_id: zCurrencyId.optional().nullable(),
    rate: zRate.optional().nullable(),
    /** The rate is meant although far from the one in force (`rateJump`). */
    confirmed: zConfirmed,
    received_type: z.enum(PAYMENT_TYPES, { error: "The selected received type is invalid." }),
    account_fk: optFk,
    note: zNote.optional().nullable(),
    lines: z.array(ZSaleReturnLine).min(1, "Add at least one line.").max(5000),
  })
  .refine((r) => r.received_type !== "Cash" || !!r.account_fk, { path: ["account_fk"], message: SALE_RETURN_MSG.cashAccountRequired });
export type SaleReturnInput = z.output<typeof ZSaleReturn>;
