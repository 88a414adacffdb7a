import type { ConsignmentInvoiceInput } from "@app/contracts";
import type { Ctx } from "../../platform/context.js";
import { assertCustomer } from "../quotations/doc-lines.js";
import { createSale } from "../sales/sales.js";
import { existingConsignment } from "./consignment.js";

/**
 * Invoicing goods the customer holds on consignment: a sale from the customer's consignment
 * location through the sales core, completed at once, so the stock leaves the consignment
 * location (no more than is there) and revenue, discounts, tax and cost of goods sold post then,
 * completed in the same transaction it is made in. The consignment location belongs to no user's inventories: the sale
 * is made with it added to the caller's, for this call only.
 */
export async function invoiceConsignment(ctx: Ctx, consumerId: number, input: ConsignmentInvoiceInput) {
  await assertCustomer(ctx, consumerId);
  const consignment = await existingConsignment(ctx, consumerId);
  const granted: Ctx = ctx.user ? { ...ctx, user: { ...ctx.user, inventory_ids: [...ctx.user.inventory_ids, consignment] } } : ctx;
  const sale = await createSale(
    granted,
    {
      date: input.date ?? null,
      consumer_fk: consumerId,
      inventory_fk: consignment,
      currency_id: input.currency_id,
      rate: input.rate ?? null,
      discount_type: "item",
      invoice_discount_type: "amount",
      invoice_discount: "0",
      payment_type: input.payment_type,
      account_fk: input.account_fk ?? null,
      // Cash without an amount: paid in full into the account, as a Cash sale is.
      paid_amount: input.paid_amount ?? (input.payment_type === "Cash" ? null : "0"),
      note: input.note ?? null,
      lines: input.lines.map((l) => ({ item_fk: l.item_fk, unit_fk: l.unit_fk, quantity: l.quantity })),
    },
    { complete: true },
  );
  return sale.id;
}
