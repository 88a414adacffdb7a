import { can, OVER_RECEIVE_PERMISSION, PURCHASE_ORDER_MSG, type PurchaseReceiptInput, ZPurchase } from "@app/contracts";
import { eq } from "drizzle-orm";
import type { Ctx } from "../../platform/context.js";
import { HttpError, notFound, parse } from "../../platform/errors.js";
import { assertInventoryAccess } from "../catalogue/inventories.js";
import { D } from "../ledger/money.js";
import { completePurchase, createPurchase } from "../purchases/purchases.js";
import { purchases } from "../purchases/purchases.tables.js";
import { lockOrder, orderLineReceipts } from "./order-receipts.js";
import { purchaseOrderLines, purchaseOrders } from "./purchase-orders.tables.js";

/**
 * Receives goods against an order: one purchase (bill) with the lines as they came (price,
 * batch, expiry), its charges and its payment, made and completed by the purchases' own use
 * cases in this transaction, so its stock and entries are a purchase's. The order row is locked
 * first; a line may bring at most what was ordered less what was received, unless the user holds
 * `purchases/over_receive`. Answers the purchase's id.
 */
export async function receiveOrder(ctx: Ctx, orderId: number, input: PurchaseReceiptInput): Promise<{ purchase_id: number }> {
  if (!(await lockOrder(ctx, orderId))) throw notFound();
  const [order] = await ctx.tx.select().from(purchaseOrders).where(eq(purchaseOrders.id, orderId));
  await assertInventoryAccess(ctx, order!.inventory_fk);
  if (order!.status === "closed") throw new HttpError(422, PURCHASE_ORDER_MSG.closed, { status: [PURCHASE_ORDER_MSG.closed] });
  if (order!.status !== "ordered") throw new HttpError(422, PURCHASE_ORDER_MSG.notOrdered, { status: [PURCHASE_ORDER_MSG.notOrdered] });

  const orderLines = new Map(
    (await ctx.tx.select().from(purchaseOrderLines).where(eq(purchaseOrderLines.order_fk, orderId))).map((l) => [l.line_id, l]),
  );
  const received = new Map((await orderLineReceipts(ctx.tx, orderId)).map((r) => [r.line_id, D(r.received)]));
  const mayOver = can(ctx.user, OVER_RECEIVE_PERMISSION);
  const errors: Record<string, string[]> = {};
  input.lines.forEach((l, i) => {
    const ol = orderLines.get(l.order_line_id);
    if (!ol) {
      errors[`lines.${i}.order_line_id`] = [PURCHASE_ORDER_MSG.notOnOrder];
      return;
    }
    const after = received.get(ol.line_id)!.plus(l.quantity);
    received.set(ol.line_id, after);
    if (!mayOver && after.gt(ol.quantity)) errors[`lines.${i}.quantity`] = [PURCHASE_ORDER_MSG.moreThanOrdered];
  });
  if (Object.keys(errors).length) throw new HttpError(422, Object.values(errors)[0]![0]!, errors);

  const bill = parse(ZPurchase, {
    consumer_id: order!.consumer_fk,
    reference_no: input.reference_no ?? null,
    date: input.date ?? null,
    inventory_id: order!.inventory_fk,
    currency_id: order!.currency_id,
    rate: input.rate ?? null,
    confirmed: input.confirmed,
    discount_type: "amount",
    discount: "0",
    payment_type: input.payment_type,
    account_id: input.account_id ?? null,
    paid_amount: input.paid_amount ?? null,
    note: input.note ?? null,
    lines: input.lines.map((l) => {
      const ol = orderLines.get(l.order_line_id)!;
      return {
        item_id: ol.item_fk,
        unit_id: ol.unit_fk,
        quantity: l.quantity,
        bonus: l.bonus ?? null,
        unit_price: l.unit_price ?? ol.unit_price,
        batch_no: l.batch_no ?? null,
        expire_date: l.expire_date ?? null,
        description: ol.description,
      };
    }),
    charges: input.charges,
  });
  const { id } = await createPurchase(ctx, bill);
  await ctx.tx.update(purchases).set({ order_fk: orderId }).where(eq(purchases.id, id));
  // Its stock and entries, and the order settled (order-receipts.ts), as any purchase completes.
  await completePurchase(ctx, id);
  return { purchase_id: id };
}
