import { SHOP_MSG, type ShopOrder } from "@app/contracts";
import { sql } from "drizzle-orm";
import type { DbOrTx, Tx } from "../../db/client.js";
import type { Ctx } from "../../platform/context.js";
import { HttpError, unprocessable } from "../../platform/errors.js";
import { D } from "../ledger/money.js";
import { nextNumber } from "../numbering/numbering.js";
import type { OrderAddress } from "./online-orders.tables.js";
import { releaseReservation, reserveOrder } from "./reservations.js";
import type { ShopCustomer } from "./shop-auth.js";
import { type CartLine, priceCart } from "./shop-cart.js";

/**
 * Until when a pending order of `o` waits for the shop: the accepted time after it became pending,
 * when it was placed or last returned to pending (its timeline's last pending event).
 */
const acceptedUntil = sql`(coalesce((select max(e.at) from online_order_events e where e.order_fk = o.order_id and e.status = 'pending'), o.ordered_at)
  + make_interval(mins => (select online_order_accepted_minutes from system_config where id = 1)))`;

const iso = (v: unknown) => (v == null ? null : new Date(v as string).toISOString());

/**
 * Places an order from a cart: priced by the one price function, numbered without gaps, and its
 * goods reserved in the stock ledger in the same transaction, so an order exists exactly when its
 * goods are held. A line the shop cannot fill answers 422 on the line and nothing is kept.
 */
export async function placeOrder(
  ctx: Ctx & { tx: Tx },
  customer: ShopCustomer,
  input: { address_id: number; note?: string | null | undefined; lines: CartLine[] },
  idempotencyKey: string,
): Promise<number> {
  type AddressRow = {
    address_id: number;
    city_id: number;
    city_name: string;
    landmark: string;
    street: string | null;
    lat: string | null;
    lng: string | null;
  };
  const addr = await ctx.tx.execute<AddressRow>(sql`
    select a.address_id, a.city_fk as city_id, c.city_name, a.landmark, a.street, a.lat::text as lat, a.lng::text as lng
      from online_customer_addresses a join cities c on c.city_id = a.city_fk
     where a.address_id = ${input.address_id} and a.customer_fk = ${customer.customer_id}`);
  const address = addr.rows[0];
  if (!address) throw unprocessable({ address_id: [SHOP_MSG.addressInvalid] }, SHOP_MSG.addressInvalid);
  const quote = await priceCart(ctx, customer.consumer_id, input.lines);
  const short = quote.lines.findIndex((l) => !l.available);
  if (short >= 0) {
    const msg = quote.lines[short]!.message!;
    throw unprocessable({ [`lines.${short}.quantity`]: [msg] }, msg);
  }
  if (quote.settings.inventory == null) throw new HttpError(422, SHOP_MSG.itemUnavailable);
  // The settings' shop app: open for orders, and the smallest order it takes (in the system currency).
  const shop = await ctx.tx.execute<{ open: boolean; min: string }>(
    sql`select shop_open as open, min_order_amount::text as min from mobile_app_settings where id = 1`,
  );
  if (shop.rows[0] && !shop.rows[0].open) throw new HttpError(422, SHOP_MSG.shopClosed);
  if (shop.rows[0] && D(quote.total).lt(shop.rows[0].min))
    throw new HttpError(422, SHOP_MSG.belowMinimum, { lines: [SHOP_MSG.belowMinimum] });
  const outlet = await ctx.tx.execute<{ outlet_fk: number | null }>(
    sql`select outlet_fk from inventories where inventory_id = ${quote.settings.inventory}`,
  );
  const orderNo = await nextNumber(ctx, "online_order", "ONL");
  const snapshot: OrderAddress = {
    city_id: Number(address.city_id),
    city_name: address.city_name,
    landmark: address.landmark,
    street: address.street,
    lat: address.lat,
    lng: address.lng,
  };
  const made = await ctx.tx.execute<{ order_id: number }>(sql`
    insert into online_orders (order_no, customer_fk, address_fk, address, outlet_fk, inventory_fk, currency_id, rate,
                               gross, discount_amount, total, note, ordered_at, idempotency_key)
    values (${orderNo}, ${customer.customer_id}, ${address.address_id}, ${JSON.stringify(snapshot)}::jsonb,
            ${outlet.rows[0]?.outlet_fk ?? null}, ${quote.settings.inventory}, ${quote.currency_id}, ${quote.rate},
            ${quote.gross}, ${quote.discount_amount}, ${quote.total}, ${input.note ?? null}, ${ctx.now.toISOString()}, ${idempotencyKey})
    returning order_id`);
  const orderId = Number(made.rows[0]!.order_id);
  const rows = JSON.stringify(
    quote.lines.map((l, i) => ({
      item_fk: l.item_id,
      unit_fk: l.unit_id,
      unit_base_qty: l.unit_base_qty,
      quantity: l.quantity,
      unit_price: l.unit_price,
      net_price: l.net_price,
      line_total: l.line_total,
      position: i,
    })),
  );
  await ctx.tx.execute(sql`
    insert into online_order_lines (order_fk, item_fk, unit_fk, unit_base_qty, quantity, unit_price, net_price, line_total, position)
    select ${orderId}, x.item_fk, x.unit_fk, x.unit_base_qty, x.quantity, x.unit_price, x.net_price, x.line_total, x.position
      from jsonb_to_recordset(${rows}::jsonb) as x(item_fk int, unit_fk int, unit_base_qty numeric, quantity numeric,
                                                   unit_price numeric, net_price numeric, line_total numeric, position int)`);
  await ctx.tx.execute(sql`
    insert into online_order_events (order_fk, action, status, by_customer, at) values (${orderId}, 'placed', 'pending', true, ${ctx.now.toISOString()})`);
  await reserveOrder(ctx.tx, orderId, ctx.now);
  return orderId;
}

/**
 * Cancels the pending orders left unconfirmed past the setting "online order accepted time in
 * minutes", with the reason the customer reads, and gives their goods back. Idempotent: an order
 * cancelled already is not touched again; orders another transaction holds are left to it.
 */
export async function expireOrders(tx: Tx, now: Date, customerId?: number): Promise<number> {
  const due = await tx.execute<{ order_id: number }>(sql`
    select o.order_id from online_orders o
     where o.status = 'pending' ${customerId === undefined ? sql`` : sql`and o.customer_fk = ${customerId}`}
       and ${acceptedUntil} <= ${now.toISOString()}
     order by o.order_id
     for no key update skip locked`);
  for (const { order_id } of due.rows) {
    await tx.execute(sql`
      update online_orders set status = 'cancelled', cancelled_at = ${now.toISOString()}, cancelled_source = 'expired',
             cancel_reason_text = ${SHOP_MSG.expiredReason}, updated_at = now()
       where order_id = ${order_id}`);
    await tx.execute(sql`
      insert into online_order_events (order_fk, action, status, note, at)
      values (${order_id}, 'expired', 'cancelled', ${SHOP_MSG.expiredReason}, ${now.toISOString()})`);
    await releaseReservation(tx, Number(order_id));
  }
  return due.rows.length;
}

/** The customer cancels their own pending order, within the accepted time, with a reason. */
export async function cancelOwnOrder(
  ctx: Ctx & { tx: Tx },
  customer: ShopCustomer,
  orderId: number,
  input: { message_id?: number | null | undefined; other?: boolean | undefined; reason?: string | null | undefined },
) {
  const found = await ctx.tx.execute<{ status: string; open: boolean }>(sql`
    select o.status, ${acceptedUntil} > ${ctx.now.toISOString()} as open
      from online_orders o where o.order_id = ${orderId} and o.customer_fk = ${customer.customer_id}
       for no key update`);
  const order = found.rows[0];
  if (!order) throw new HttpError(404, SHOP_MSG.orderNotFound);
  if (order.status !== "pending" || !order.open) throw new HttpError(422, SHOP_MSG.notCancellable, { order: [SHOP_MSG.notCancellable] });
  let text: string;
  let messageId: number | null = null;
  if (input.other) text = input.reason!;
  else {
    const m = await ctx.tx.execute<{ message: string }>(
      sql`select message from order_cancellation_messages where message_id = ${input.message_id!} and active`,
    );
    if (!m.rows[0]) throw unprocessable({ message_id: [SHOP_MSG.reasonInvalid] }, SHOP_MSG.reasonInvalid);
    text = m.rows[0].message;
    messageId = input.message_id!;
  }
  await ctx.tx.execute(sql`
    update online_orders set status = 'cancelled', cancelled_at = ${ctx.now.toISOString()}, cancelled_source = 'customer',
           cancel_message_fk = ${messageId}, cancel_reason_text = ${text}, updated_at = now()
     where order_id = ${orderId}`);
  await ctx.tx.execute(sql`
    insert into online_order_events (order_fk, action, status, by_customer, note, at)
    values (${orderId}, 'cancelled', 'cancelled', true, ${text}, ${ctx.now.toISOString()})`);
  await releaseReservation(ctx.tx, orderId);
}

type OrderRow = Record<string, unknown> & { order_id: number; status: string; pending_until: string | null };

const orderSelect = (where: ReturnType<typeof sql>) => sql`
  select o.order_id, o.order_no, o.status, o.currency_id, o.gross::text, o.discount_amount::text, o.total::text, o.address, o.note,
         o.ordered_at, o.confirmed_at, o.delivered_at, o.cancelled_at, o.cancel_reason_text,
         case when o.status = 'pending'
              then ${acceptedUntil} end as pending_until
    from online_orders o where ${where}`;

const summaryOf = (r: OrderRow): Omit<ShopOrder, "lines" | "timeline"> => ({
  order_id: Number(r.order_id),
  order_no: r.order_no as string,
  status: r.status as ShopOrder["status"],
  currency_id: Number(r.currency_id),
  gross: r.gross as string,
  discount_amount: r.discount_amount as string,
  total: r.total as string,
  address: r.address as OrderAddress,
  note: (r.note as string | null) ?? null,
  ordered_at: iso(r.ordered_at)!,
  confirmed_at: iso(r.confirmed_at),
  delivered_at: iso(r.delivered_at),
  cancelled_at: iso(r.cancelled_at),
  cancel_reason: (r.cancel_reason_text as string | null) ?? null,
  cancellable_until: iso(r.pending_until),
});

/** The customer's orders, newest first, a page at a time. */
export async function listOwnOrders(tx: DbOrTx, customer: ShopCustomer, page: number, perPage: number) {
  const rows = await tx.execute<OrderRow>(
    sql`${orderSelect(sql`o.customer_fk = ${customer.customer_id}`)} order by o.ordered_at desc, o.order_id desc
        limit ${perPage} offset ${(page - 1) * perPage}`,
  );
  const count = await tx.execute<{ n: number }>(
    sql`select count(*)::int as n from online_orders where customer_fk = ${customer.customer_id}`,
  );
  return { data: rows.rows.map(summaryOf), meta: { page, per_page: perPage, total: Number(count.rows[0]!.n) } };
}

/** One order of the customer with its lines and timeline, or null. */
export async function showOwnOrder(tx: DbOrTx, customerId: number, orderId: number): Promise<ShopOrder | null> {
  const r = await tx.execute<OrderRow>(orderSelect(sql`o.order_id = ${orderId} and o.customer_fk = ${customerId}`));
  const row = r.rows[0];
  if (!row) return null;
  const lines = await tx.execute<Record<string, unknown>>(sql`
    select l.item_fk as item_id, i.item_name, l.unit_fk as unit_id, u.unit_name, l.quantity::text, l.unit_price::text,
           l.net_price::text, l.line_total::text
      from online_order_lines l join items i on i.item_id = l.item_fk join units u on u.unit_id = l.unit_fk
     where l.order_fk = ${orderId} order by l.position, l.line_id`);
  const events = await tx.execute<Record<string, unknown>>(sql`
    select action, status, at, by_customer, note from online_order_events where order_fk = ${orderId} order by at, event_id`);
  return {
    ...summaryOf(row),
    lines: lines.rows.map((l) => ({ ...l, item_id: Number(l.item_id), unit_id: Number(l.unit_id) }) as ShopOrder["lines"][number]),
    timeline: events.rows.map((e) => ({
      action: e.action as string,
      status: e.status as ShopOrder["status"],
      at: iso(e.at)!,
      by_customer: Boolean(e.by_customer),
      note: (e.note as string | null) ?? null,
    })),
  };
}
