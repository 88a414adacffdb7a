import { CURRENCY_IQD, CURRENCY_USD, ONLINE_BOARD_MSG, type OnlineOrderCancelInput, type SaleInput } from "@app/contracts";
import { sql } from "drizzle-orm";
import type { Tx } from "../../db/client.js";
import type { Ctx } from "../../platform/context.js";
import { HttpError, notFound } from "../../platform/errors.js";
import { assertInventoryAccess } from "../catalogue/inventories.js";
import { releaseReservation, reserveOrder } from "../online-orders/reservations.js";
import { completeSale, createSale, returnToDraft, updateSale } from "../sales/sales.js";
import { driverAccounts } from "./driver-accounts.js";

/**
 * The back office's actions on an online order (SPEC §4): Confirm, Deliver, Return To Pending,
 * Return to Confirm and Cancel Order. Each locks the order's row (and nothing else of another
 * order) before it reads its state, so two clicks, or two users, are applied one after the other:
 * the second finds the order already where it was sent and changes nothing (the answer is the
 * order as it is); an order in any other state is refused in words. Each change is written to the
 * order's timeline with who and when.
 */

export type LockedOrder = {
  order_id: number;
  status: string;
  customer_fk: number;
  inventory_fk: number;
  currency_id: number;
  rate: string;
  total: string;
  sale_fk: number | null;
  note: string | null;
};

export async function lockOnlineOrder(ctx: Ctx, id: number): Promise<LockedOrder> {
  const res = await ctx.tx.execute<LockedOrder>(sql`
    select order_id, status, customer_fk, inventory_fk, currency_id, rate::text, total::text, sale_fk, note
      from online_orders where order_id = ${id} for update`);
  const o = res.rows[0];
  if (!o) throw notFound();
  await assertInventoryAccess(ctx, o.inventory_fk);
  return { ...o, sale_fk: o.sale_fk == null ? null : Number(o.sale_fk) };
}

const refuse = (message: string) => new HttpError(422, message, { status: [message] });

async function record(ctx: Ctx, orderId: number, action: string, status: string, note: string | null = null) {
  await ctx.tx.execute(sql`
    insert into online_order_events (order_fk, action, status, user_fk, by_customer, note, at)
    values (${orderId}, ${action}, ${status}, ${ctx.user?.user_id ?? null}, false, ${note}, ${ctx.now})`);
}

/** Confirm (online_orders/receive): the shop takes a pending order on. */
export async function confirmOrder(ctx: Ctx, id: number) {
  const o = await lockOnlineOrder(ctx, id);
  if (o.status === "confirmed") return;
  if (o.status !== "pending") throw refuse(ONLINE_BOARD_MSG.notPending);
  await ctx.tx.execute(sql`
    update online_orders set status = 'confirmed', confirmed_at = ${ctx.now}, confirmed_by = ${ctx.user?.user_id ?? null}, updated_at = ${ctx.now}
     where order_id = ${id}`);
  await record(ctx, id, "confirmed", "confirmed");
}

/** Return To Pending: a confirmed order goes back to wait for confirmation; a driver not yet gone is unassigned. */
export async function returnToPending(ctx: Ctx, id: number) {
  const o = await lockOnlineOrder(ctx, id);
  if (o.status === "pending") return;
  if (o.status !== "confirmed") throw refuse(ONLINE_BOARD_MSG.notConfirmed);
  await ctx.tx.execute(sql`delete from online_order_deliveries where order_fk = ${id}`);
  await ctx.tx.execute(sql`
    update online_orders set status = 'pending', confirmed_at = null, confirmed_by = null, updated_at = ${ctx.now} where order_id = ${id}`);
  await record(ctx, id, "returned_to_pending", "pending");
}

/** The order's lines as the sale's: the unit and quantity ordered at the order's unit price. */
async function saleInput(ctx: Ctx, o: LockedOrder, account: number | null): Promise<SaleInput> {
  const customer = await ctx.tx.execute<{ consumer_fk: number; mobile: string | null; address: string | null }>(sql`
    select c.consumer_fk, c.mobile,
           concat_ws(', ', o.address->>'city_name', o.address->>'landmark', o.address->>'street') as address
      from online_orders o join online_customers c on c.customer_id = o.customer_fk where o.order_id = ${o.order_id}`);
  const lines = await ctx.tx.execute<{ item_fk: number; unit_fk: number; quantity: string; unit_price: string }>(sql`
    select item_fk, unit_fk, quantity::text, unit_price::text from online_order_lines where order_fk = ${o.order_id} order by position, line_id`);
  const c = customer.rows[0]!;
  return {
    date: null,
    time: null,
    consumer_fk: Number(c.consumer_fk),
    inventory_fk: o.inventory_fk,
    currency_id: o.currency_id,
    rate: o.currency_id === CURRENCY_IQD ? null : o.rate,
    confirmed: true,
    salesman_fk: null,
    discount_type: "item",
    invoice_discount_type: "amount",
    invoice_discount: null,
    rounded_discount: null,
    payment_type: account ? "Cash" : "On Account",
    account_fk: account,
    paid_amount: null,
    received_amount: null,
    customer_mobile: c.mobile?.slice(0, 50) ?? null,
    customer_address: c.address?.slice(0, 255) || null,
    note: `Online order ${o.order_id}`.slice(0, 140),
    lines: lines.rows.map((l) => ({
      item_fk: Number(l.item_fk),
      unit_fk: Number(l.unit_fk),
      quantity: l.quantity,
      unit_price: l.unit_price,
      discount_type: null,
      discount: null,
      batch_no: null,
      description: null,
    })),
  } as SaleInput;
}

/**
 * Deliver: the order becomes a sale through the one sale booking path (made and completed in the
 * order's currency, to the online customer's consumer, with the order's lines and prices), its
 * reservation released just before the sale takes the goods out through the one stock-out, all
 * in this transaction. With a driver the sale is paid in cash into the driver's account of the
 * order's currency (the driver collected it); without one it is left on the customer's account.
 * A sale returned to draft earlier (Return to Confirm) is the one that goes out again.
 */
export async function deliverOrder(ctx: Ctx, id: number) {
  const o = await lockOnlineOrder(ctx, id);
  if (o.status === "delivered") return;
  if (o.status !== "confirmed") throw refuse(ONLINE_BOARD_MSG.notConfirmed);
  const delivery = await ctx.tx.execute<{ driver_fk: number }>(sql`select driver_fk from online_order_deliveries where order_fk = ${id}`);
  const driver = delivery.rows[0] ? Number(delivery.rows[0].driver_fk) : null;
  const account = driver ? (await driverAccounts(ctx, driver)).get(o.currency_id === CURRENCY_USD ? CURRENCY_USD : CURRENCY_IQD)! : null;
  await releaseReservation(ctx.tx as Tx, id);
  const input = await saleInput(ctx, o, account);
  let saleId = o.sale_fk;
  if (saleId) {
    await updateSale(ctx, saleId, input, "sale");
    await completeSale(ctx, saleId, "sale");
  } else {
    saleId = (await createSale(ctx, input, { kind: "sale", complete: true })).id;
  }
  const sale = await ctx.tx.execute<{ total: string; currency_id: number }>(
    sql`select total::text, currency_id from sales where id = ${saleId}`,
  );
  const s = sale.rows[0]!;
  await ctx.tx.execute(sql`
    update online_orders set status = 'delivered', delivered_at = ${ctx.now}, delivered_by = ${ctx.user?.user_id ?? null},
           sale_fk = ${saleId}, updated_at = ${ctx.now}
     where order_id = ${id}`);
  if (driver)
    await ctx.tx.execute(sql`
      update online_order_deliveries
         set collected_currency_id = ${s.currency_id}, collected_amount = ${s.total},
             handed_over_at = coalesce(handed_over_at, ${ctx.now}), handed_over_by = coalesce(handed_over_by, ${ctx.user?.user_id ?? null})
       where order_fk = ${id}`);
  await record(ctx, id, "delivered", "delivered");
}

/**
 * Return to Confirm: a delivered order's sale is returned to draft (its stock comes back and its
 * entry, the driver's cash included, is reversed, as the sale's own Return To Draft does) and the
 * invoice shows returned; a cancelled order is taken on again. Either way the goods are reserved
 * for it again.
 */
export async function returnToConfirm(ctx: Ctx, id: number) {
  const o = await lockOnlineOrder(ctx, id);
  if (o.status === "confirmed") return;
  if (o.status !== "delivered" && o.status !== "cancelled") throw refuse(ONLINE_BOARD_MSG.notDelivered);
  if (o.status === "delivered") {
    const settled = await ctx.tx.execute(sql`select 1 from online_order_deliveries where order_fk = ${id} and settlement_fk is not null`);
    if (settled.rows.length) throw refuse(ONLINE_BOARD_MSG.settledDelivery);
    if (o.sale_fk) await returnToDraft(ctx, o.sale_fk, "sale");
    await ctx.tx.execute(sql`
      update online_order_deliveries set collected_currency_id = null, collected_amount = null where order_fk = ${id}`);
  }
  await ctx.tx.execute(sql`
    update online_orders
       set status = 'confirmed', confirmed_at = ${ctx.now}, confirmed_by = ${ctx.user?.user_id ?? null},
           delivered_at = null, delivered_by = null, cancelled_at = null, cancelled_by = null, cancelled_source = null,
           cancel_message_fk = null, cancel_reason_text = null, updated_at = ${ctx.now}
     where order_id = ${id}`);
  await reserveOrder(ctx.tx as Tx, id, ctx.now);
  await record(ctx, id, "returned_to_confirmed", "confirmed");
}

/** Cancel Order: a pending or confirmed order, with a cancellation message or Other and its text; its goods are freed. */
export async function cancelOrder(ctx: Ctx, id: number, input: OnlineOrderCancelInput) {
  const o = await lockOnlineOrder(ctx, id);
  if (o.status === "cancelled") return;
  if (o.status !== "pending" && o.status !== "confirmed") throw refuse(ONLINE_BOARD_MSG.notOpen);
  let reason = input.reason?.trim() || null;
  let messageId: number | null = null;
  if (!input.other) {
    const m = await ctx.tx.execute<{ message: string }>(
      sql`select message from order_cancellation_messages where message_id = ${input.message_id ?? 0} and active`,
    );
    if (!m.rows[0]) throw new HttpError(422, ONLINE_BOARD_MSG.reasonInvalid, { message_id: [ONLINE_BOARD_MSG.reasonInvalid] });
    messageId = input.message_id!;
    reason = m.rows[0].message;
  }
  await releaseReservation(ctx.tx as Tx, id);
  await ctx.tx.execute(sql`delete from online_order_deliveries where order_fk = ${id}`);
  await ctx.tx.execute(sql`
    update online_orders
       set status = 'cancelled', cancelled_at = ${ctx.now}, cancelled_by = ${ctx.user?.user_id ?? null}, cancelled_source = 'staff',
           cancel_message_fk = ${messageId}, cancel_reason_text = ${reason}, updated_at = ${ctx.now}
     where order_id = ${id}`);
  await record(ctx, id, "cancelled", "cancelled", reason);
}
