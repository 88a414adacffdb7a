import { QUOTATION_MSG, type QuotationConvertInput } from "@app/contracts";
import { eq } from "drizzle-orm";
import { businessDateTime, businessDay } from "../../platform/business-time.js";
import type { Ctx } from "../../platform/context.js";
import { HttpError } from "../../platform/errors.js";
import { createSale } from "../sales/sales.js";
import { lockQuotation, quotationLinesOf } from "./quotations.js";
import { quotations } from "./quotations.tables.js";

/**
 * Convert To Sale: a draft sale through the sales core (same customer, inventory, currency and
 * rate, lines, quoted prices and discounts, through the one price function) and the
 * quotation marked converted, linked to it. The quotation's row is locked first, so of two
 * conversions at once the second finds it converted and is refused; no second sale is made.
 */
export async function convertQuotation(ctx: Ctx, id: number, input: QuotationConvertInput) {
  const q = await lockQuotation(ctx, id);
  if (q.status === "converted") throw new HttpError(422, QUOTATION_MSG.converted);
  if (q.valid_until < businessDay(ctx.now)) throw new HttpError(422, QUOTATION_MSG.expired, { valid_until: [QUOTATION_MSG.expired] });
  const lines = await quotationLinesOf(ctx, id);
  const sale = await createSale(ctx, {
    date: businessDateTime(ctx.now),
    consumer_fk: q.consumer_fk,
    inventory_fk: q.inventory_fk,
    currency_id: q.currency_id as 1 | 2,
    rate: q.rate,
    // The quotation's rate was asked about when the quotation was saved.
    confirmed: true,
    discount_type: q.discount_type as "item" | "invoice",
    invoice_discount_type: q.invoice_discount_type as "amount" | "percent",
    invoice_discount: q.invoice_discount,
    payment_type: input.payment_type,
    account_fk: input.account_fk ?? null,
    // Cash: paid in full into the chosen account, as a Cash sale is; On Account: nothing paid yet.
    paid_amount: input.payment_type === "Cash" ? null : "0",
    note: q.note ? `${q.number ?? ""} — ${q.note}` : (q.number ?? null),
    lines: lines.map((l) => ({
      item_fk: l.item_fk,
      unit_fk: l.unit_fk,
      quantity: l.quantity,
      // The quoted sale price, kept where the seller may set prices (else the day's price).
      unit_price: l.unit_price,
      ...(l.discount_type ? { discount_type: l.discount_type as "amount" | "percent", discount: l.discount } : {}),
      description: l.description,
    })),
  });
  await ctx.tx
    .update(quotations)
    .set({ status: "converted", sale_fk: sale.id, converted_at: ctx.now, converted_by: ctx.user?.user_id ?? null, updated_at: ctx.now })
    .where(eq(quotations.id, id));
  return sale.id;
}
