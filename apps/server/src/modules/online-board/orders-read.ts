import { sql } from "drizzle-orm";
import { businessDay, sqlBusinessDateTime, startOfBusinessDay } from "../../platform/business-time.js";
import type { Ctx } from "../../platform/context.js";
import type { ListModel } from "../../platform/list.js";
import { inventoryScope } from "../catalogue/inventories.js";

/**
 * The orders as the back office reads them: the board (current orders by column), one order with
 * its timeline, lines, customer and address, the order history (the generic list) and the count of
 * pending orders the alert polls.
 */

/** Where the board puts an order: out for delivery is a confirmed order handed to its driver. */
const COLUMN = sql`case when o.status = 'confirmed' and d.handed_over_at is not null then 'out_for_delivery' else o.status end`;
/** The invoice of a delivered order, or of one whose sale was returned to draft (Return to Confirm). */
const INVOICE_STATUS = sql`case when s.id is null then null when s.status = 'complete' then 'delivered' else 'returned' end`;

const FROM = sql`from online_orders o
  join online_customers oc on oc.customer_id = o.customer_fk
  left join consumers c on c.consumer_id = oc.consumer_fk
  left join online_order_deliveries d on d.order_fk = o.order_id
  left join users dr on dr.user_id = d.driver_fk
  left join sales s on s.id = o.sale_fk
  left join users cb on cb.user_id = o.confirmed_by
  left join users db on db.user_id = o.delivered_by
  left join users xb on xb.user_id = o.cancelled_by`;

const HEAD = sql`o.order_id, o.order_no, o.status, ${COLUMN} as board_column, o.customer_fk, coalesce(oc.name, c.consumer_name) as customer_name,
  oc.mobile as customer_mobile, o.address, o.inventory_fk, o.currency_id, o.rate::text as rate, o.gross::text as gross,
  o.discount_amount::text as discount_amount, o.total::text as total, o.note,
  o.ordered_at, o.ordered_by, o.confirmed_at, o.confirmed_by, cb.user_name as confirmed_by_name,
  o.delivered_at, o.delivered_by, db.user_name as delivered_by_name,
  o.cancelled_at, o.cancelled_by, xb.user_name as cancelled_by_name, o.cancelled_source, o.cancel_message_fk, o.cancel_reason_text,
  o.sale_fk, s.number as sale_number, ${INVOICE_STATUS} as invoice_status,
  d.driver_fk, dr.user_name as driver_name, d.assigned_at, d.handed_over_at,
  d.collected_currency_id, d.collected_amount::text as collected_amount, d.settlement_fk`;

type Row = Record<string, unknown>;
const iso = (v: unknown) => (v ? new Date(v as string).toISOString() : null);
const TIMES = ["ordered_at", "confirmed_at", "delivered_at", "cancelled_at", "assigned_at", "handed_over_at"];
const shaped = (r: Row) => {
  const out: Row = { ...r };
  for (const k of TIMES) out[k] = iso(r[k]);
  return out;
};

const scopeOf = (ctx: Ctx) => inventoryScope(ctx, sql`o.inventory_fk`) ?? sql`true`;

/**
 * The board: every pending and confirmed order, and those delivered or cancelled today (the
 * business day), oldest first within a column.
 */
export async function boardOrders(ctx: Ctx) {
  const since = startOfBusinessDay(businessDay(ctx.now));
  const res = await ctx.tx.execute<Row>(sql`
    select ${HEAD}, (select count(*)::int from online_order_lines l where l.order_fk = o.order_id) as lines_count
      ${FROM}
     where ${scopeOf(ctx)}
       and (o.status in ('pending', 'confirmed')
            or (o.status = 'delivered' and o.delivered_at >= ${since})
            or (o.status = 'cancelled' and o.cancelled_at >= ${since}))
     order by o.ordered_at, o.order_id
     limit 500`);
  return res.rows.map(shaped);
}

export async function showOnlineOrder(ctx: Ctx, id: number) {
  const res = await ctx.tx.execute<Row>(sql`select ${HEAD} ${FROM} where o.order_id = ${id} and ${scopeOf(ctx)}`);
  const row = res.rows[0];
  if (!row) return undefined;
  const lines = await ctx.tx.execute<Row>(sql`
    select l.line_id, l.item_fk, it.item_name, it.item_code, l.unit_fk, u.unit_name, l.quantity::text as quantity,
           l.unit_price::text as unit_price, l.net_price::text as net_price, l.line_total::text as line_total
      from online_order_lines l join items it on it.item_id = l.item_fk join units u on u.unit_id = l.unit_fk
     where l.order_fk = ${id} order by l.position, l.line_id`);
  const events = await ctx.tx.execute<Row>(sql`
    select e.event_id, e.action, e.status, e.user_fk, u.user_name, e.by_customer, e.note, e.at
      from online_order_events e left join users u on u.user_id = e.user_fk
     where e.order_fk = ${id} order by e.at, e.event_id`);
  return { ...shaped(row), lines: lines.rows, events: events.rows.map((e) => ({ ...e, event_id: Number(e.event_id), at: iso(e.at) })) };
}

/** SPEC §7 online_orders/pending_order_alert: the number of orders waiting for confirmation. */
export async function pendingCount(ctx: Ctx): Promise<number> {
  const res = await ctx.tx.execute<{ n: number }>(
    sql`select count(*)::int as n from online_orders o where o.status = 'pending' and ${scopeOf(ctx)}`,
  );
  return Number(res.rows[0]?.n ?? 0);
}

/** The order history: every order, with the list protocol's search, filters, sort and export. */
export const orderHistoryList: ListModel = {
  model: "online_orders",
  from: FROM,
  scope: (ctx) => inventoryScope(ctx, sql`o.inventory_fk`),
  idColumn: "order_id",
  defaultSort: "ordered_at",
  dateColumn: sql`o.ordered_at`,
  amountColumn: sql`o.total`,
  columns: {
    order_id: { expr: sql`o.order_id`, filter: "eq", notNull: true },
    order_no: { expr: sql`o.order_no`, search: true, filter: "eq", notNull: true },
    ordered_at: { expr: sqlBusinessDateTime(sql`o.ordered_at`), sortExpr: sql`o.ordered_at`, notNull: true },
    customer_name: { expr: sql`coalesce(oc.name, c.consumer_name)`, search: true, filter: "like" },
    customer_mobile: { expr: sql`oc.mobile`, search: true, filter: "like" },
    city_name: { expr: sql`o.address->>'city_name'`, filter: "like" },
    status: { expr: sql`o.status`, filter: "eq", notNull: true },
    currency_id: { expr: sql`o.currency_id`, filter: "eq", notNull: true },
    total: { expr: sql`o.total`, sum: true, notNull: true },
    confirmed_at: { expr: sqlBusinessDateTime(sql`o.confirmed_at`), sortExpr: sql`o.confirmed_at` },
    confirmed_by_name: { expr: sql`cb.user_name` },
    delivered_at: { expr: sqlBusinessDateTime(sql`o.delivered_at`), sortExpr: sql`o.delivered_at` },
    delivered_by_name: { expr: sql`db.user_name` },
    driver_name: { expr: sql`dr.user_name`, filter: "like" },
    driver_id: { expr: sql`d.driver_fk`, filter: "eq" },
    invoice_status: { expr: INVOICE_STATUS, filter: "eq" },
    sale_number: { expr: sql`s.number`, search: true },
    cancel_reason_text: { expr: sql`o.cancel_reason_text`, search: true },
  },
};
