import { type ConsignmentInvoiceInput, SALE_TRANSFER_MSG } from "@app/contracts";
import { sql } from "drizzle-orm";
import { intArray } from "../../db/bulk.js";
import type { Ctx } from "../../platform/context.js";
import { HttpError } from "../../platform/errors.js";
import { D } from "../ledger/money.js";
import { assertCustomer } from "../parties/consumers.js";
import { createSale } from "../sales/sales.js";
import { existingConsignment } from "./consignment.js";
import { saleTransferInvoiceLines } from "./sale-transfers.tables.js";
import { transferLineBalances } from "./transfer-balances.js";

/**
 * Invoicing goods the customer holds on consignment: a sale from the customer's consignment
 * location through the sales core, completed at once, so the stock leaves the consignment
 * location (no more than is there) and revenue, discounts, tax and cost of goods sold post then,
 * completed in the same transaction it is made in. The consignment location belongs to no user's inventories: the sale
 * is made with it added to the caller's, for this call only.
 *
 * A line naming the sale transfer line it invoices is sold in that line's unit at the price the
 * transfer was made at (in the transfer's currency), no more than is left of the line; the link is
 * kept, so the transfer knows what is left of it. The transfers invoiced are locked first, so two
 * invoices of one line at once take no more than it has between them.
 */
export async function invoiceConsignment(ctx: Ctx, consumerId: number, input: ConsignmentInvoiceInput) {
  await assertCustomer(ctx, consumerId);
  const consignment = await existingConsignment(ctx, consumerId);
  const lineIds = [...new Set(input.lines.flatMap((l) => (l.sale_transfer_line_fk ? [l.sale_transfer_line_fk] : [])))];
  const balances = new Map<number, Awaited<ReturnType<typeof transferLineBalances>>[number]>();
  if (lineIds.length) {
    await ctx.tx.execute(sql`select id from sale_transfers where id in (
        select transfer_fk from sale_transfer_lines where line_id = any(${intArray(lineIds)})) order by id for no key update`);
    const found = await transferLineBalances(
      ctx.tx,
      sql`l.line_id = any(${intArray(lineIds)}) and t.consumer_fk = ${consumerId} and t.status = 'sent'`,
    );
    for (const b of found) balances.set(b.line_id, b);
  }
  const errors: Record<string, string[]> = {};
  const asked = new Map<number, ReturnType<typeof D>>();
  input.lines.forEach((l, i) => {
    if (!l.sale_transfer_line_fk) return;
    const b = balances.get(l.sale_transfer_line_fk);
    if (!b || b.item_fk !== l.item_fk) {
      errors[`lines.${i}.sale_transfer_line_fk`] = [SALE_TRANSFER_MSG.transferLineInvalid];
      return;
    }
    const total = (asked.get(b.line_id) ?? D(0)).plus(l.quantity);
    asked.set(b.line_id, total);
    if (total.gt(b.left)) errors[`lines.${i}.quantity`] = [SALE_TRANSFER_MSG.moreThanLeft];
  });
  const currencies = new Set([...balances.values()].map((b) => b.currency_id));
  if (currencies.size > 1) errors.currency_id = [SALE_TRANSFER_MSG.oneCurrency];
  const first = Object.values(errors)[0];
  if (first) throw new HttpError(422, first[0]!, errors);
  // Invoiced from a transfer, the sale is in the transfer's currency, so its price is the price agreed.
  const currency = (currencies.size ? [...currencies][0]! : input.currency_id) as ConsignmentInvoiceInput["currency_id"];

  const granted: Ctx = ctx.user
    ? {
        ...ctx,
        user: {
          ...ctx.user,
          inventory_ids: [...ctx.user.inventory_ids, consignment],
          // The transfer's price is the price agreed with the customer when the goods were sent:
          // it is taken as a price set by one who may, and only the server sets it (from the transfer line).
          ...(balances.size ? { permissions: new Set([...ctx.user.permissions, "sales/discount"]) } : {}),
        },
      }
    : ctx;
  const sale = await createSale(
    granted,
    {
      date: input.date ?? null,
      consumer_fk: consumerId,
      inventory_fk: consignment,
      currency_id: currency,
      rate: currency === input.currency_id ? (input.rate ?? null) : null,
      confirmed: input.confirmed,
      discount_type: "item",
      invoice_discount_type: "amount",
      invoice_discount: "0",
      payment_type: input.payment_type,
      account_fk: input.account_fk ?? null,
      // Cash without an amount: paid in full into the account, as a Cash sale is.
      paid_amount: input.paid_amount ?? (input.payment_type === "Cash" ? null : "0"),
      note: input.note ?? null,
      lines: input.lines.map((l) => {
        const b = l.sale_transfer_line_fk ? balances.get(l.sale_transfer_line_fk) : undefined;
        return b
          ? { item_fk: l.item_fk, unit_fk: b.unit_fk, quantity: l.quantity, unit_price: b.unit_price }
          : { item_fk: l.item_fk, unit_fk: l.unit_fk, quantity: l.quantity };
      }),
    },
    { complete: true },
  );
  const links = input.lines.flatMap((l) =>
    l.sale_transfer_line_fk ? [{ transfer_line_fk: l.sale_transfer_line_fk, sale_fk: sale.id, quantity: D(l.quantity).toFixed() }] : [],
  );
  if (links.length) await ctx.tx.insert(saleTransferInvoiceLines).values(links);
  return sale.id;
}
