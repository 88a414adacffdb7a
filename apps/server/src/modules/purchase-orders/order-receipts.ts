import { can, OVER_RECEIVE_PERMISSION, PURCHASE_ORDER_MSG, type ReceiveStatus } from "@app/contracts";
import { sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.js";
import type { Ctx } from "../../platform/context.js";
import { HttpError } from "../../platform/errors.js";
import { D } from "../ledger/money.js";

/**
 * What a purchase order has received: the sum, per order line, of the lines of its complete
 * purchases (receipts) of the same item, in base units. A receipt in draft or deleted counts for
 * nothing, so a purchase returned to draft or deleted gives its quantities back to the order.
 * Bonus units come free and are not counted against what was ordered.
 */

/**
 * Locks the order row (`for update`) before anything else a receipt locks (accounts, the purchase,
 * stock, the counter): every receipt of one order queues here, so two of them never both see the
 * same quantity still to come.
 */
export async function lockOrder(ctx: Ctx, orderId: number) {
  const res = await ctx.tx.execute<{ id: number; status: string; inventory_fk: number; consumer_fk: number }>(
    sql`select id, status, inventory_fk, consumer_fk from purchase_orders where id = ${orderId} for update`,
  );
  return res.rows[0];
}

export type OrderLineReceipt = {
  line_id: number;
  item_fk: number;
  unit_base_qty: string;
  /** Ordered and received, in the line's unit. */
  quantity: string;
  received: string;
};

/** Each order line with what its complete receipts brought in, in the line's unit. */
export async function orderLineReceipts(tx: DbOrTx, orderId: number): Promise<OrderLineReceipt[]> {
  const res = await tx.execute<OrderLineReceipt>(sql`
    select ol.line_id, ol.item_fk, ol.unit_base_qty::text, ol.quantity::text,
           (coalesce((select sum(pl.quantity * pl.unit_base_qty) from purchase_lines pl join purchases p on p.id = pl.purchase_fk
                       where p.order_fk = ol.order_fk and p.status = 'complete' and pl.item_fk = ol.item_fk), 0)
             / ol.unit_base_qty)::numeric(20,4)::text as received
      from purchase_order_lines ol where ol.order_fk = ${orderId} order by ol.position, ol.line_id`);
  return res.rows;
}

export function receiveStatusOf(lines: { quantity: string; received: string }[]): ReceiveStatus {
  if (lines.every((l) => D(l.received).lte(0))) return "not_received";
  if (lines.every((l) => D(l.received).gte(l.quantity))) return "received";
  return "partially_received";
}

/**
 * Settles an order after one of its receipts changed (completed, edited, returned to draft or
 * deleted), with the order row locked by `lockOrder` first. When goods came in (`adding`) the
 * order must be ordered (not draft, not closed), every receipt line must be an item of the
 * order, and no line may be received beyond what was ordered unless the user holds
 * `purchases/over_receive`. Keeps the order's receive status.
 */
export async function settleOrder(ctx: Ctx, orderId: number, adding: boolean) {
  const order = await lockOrder(ctx, orderId);
  if (!order) return;
  const lines = await orderLineReceipts(ctx.tx, orderId);
  if (adding) {
    if (order.status === "closed") throw new HttpError(422, PURCHASE_ORDER_MSG.closed, { order_id: [PURCHASE_ORDER_MSG.closed] });
    if (order.status !== "ordered") throw new HttpError(422, PURCHASE_ORDER_MSG.notOrdered, { order_id: [PURCHASE_ORDER_MSG.notOrdered] });
    // A receipt edited on the purchases screen stays a bill of the order's supplier.
    const otherSupplier = await ctx.tx.execute(
      sql`select 1 from purchases where order_fk = ${orderId} and status = 'complete' and consumer_fk <> ${order.consumer_fk} limit 1`,
    );
    if (otherSupplier.rows.length)
      throw new HttpError(422, PURCHASE_ORDER_MSG.supplierOfOrder, { consumer_id: [PURCHASE_ORDER_MSG.supplierOfOrder] });
    const foreign = await ctx.tx.execute<{ position: number }>(sql`
      select pl.position from purchase_lines pl join purchases p on p.id = pl.purchase_fk
       where p.order_fk = ${orderId} and p.status = 'complete'
         and not exists (select 1 from purchase_order_lines ol where ol.order_fk = ${orderId} and ol.item_fk = pl.item_fk)
       limit 1`);
    if (foreign.rows.length)
      throw new HttpError(422, PURCHASE_ORDER_MSG.notOnOrder, {
        [`lines.${foreign.rows[0]!.position}.item_id`]: [PURCHASE_ORDER_MSG.notOnOrder],
      });
    const mayOver = can(ctx.user ? { user_id: ctx.user.user_id, permissions: ctx.user.permissions } : null, OVER_RECEIVE_PERMISSION);
    if (!mayOver) {
      const errors: Record<string, string[]> = {};
      lines.forEach((l, i) => {
        if (D(l.received).gt(l.quantity)) errors[`lines.${i}.quantity`] = [PURCHASE_ORDER_MSG.moreThanOrdered];
      });
      if (Object.keys(errors).length) throw new HttpError(422, PURCHASE_ORDER_MSG.moreThanOrdered, errors);
    }
  }
  await ctx.tx.execute(
    sql`update purchase_orders set receive_status = ${receiveStatusOf(lines)}, updated_at = ${ctx.now} where id = ${orderId}`,
  );
}

/** The order a purchase receives against, if any. */
export async function orderOfPurchase(tx: DbOrTx, purchaseId: number): Promise<number | null> {
  const res = await tx.execute<{ order_fk: number | null }>(sql`select order_fk from purchases where id = ${purchaseId}`);
  return res.rows[0]?.order_fk ?? null;
}
