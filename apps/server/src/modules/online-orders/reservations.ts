import { SHOP_MSG } from "@app/contracts";
import type Decimal from "decimal.js";
import { sql } from "drizzle-orm";
import type { Tx } from "../../db/client.js";
import { businessDay } from "../../platform/business-time.js";
import { HttpError } from "../../platform/errors.js";
import { D, ZERO } from "../ledger/money.js";
import { balancesFrom, fefo, lockBalancesSql } from "../stock/stock.js";

/** One item an order needs, in base units, with the line's position for the refusal's field. */
interface Need {
  item_id: number;
  item_name: string;
  inventory_id: number;
  qty: Decimal;
  line: number;
}

/** The message a line that cannot be reserved answers: how much of the item is left. */
export const notEnoughMessage = (left: Decimal) => SHOP_MSG.notEnough.replace(":qty", left.gt(0) ? left.toFixed() : "0");

/**
 * Holds an order's goods in the stock ledger: raises `stock_balances.reserved` on the batches
 * that would leave first (first-expiry-first-out, expired batches never), so that no till, sale or
 * transfer takes them while the order is open. The balance rows are locked in key order, the same
 * order every stock-out locks them in, and each raise is a guarded update (`qty - reserved >= n`),
 * so two orders and a till never share the last unit. Not enough stock answers 422 on the line.
 * Reserving an order that holds stock already reserves nothing more.
 */
export async function reserveOrder(tx: Tx, orderId: number, now = new Date()): Promise<void> {
  const held = await tx.execute(sql`select 1 from online_order_reservations where order_fk = ${orderId} limit 1`);
  if (held.rows.length) return;
  const lines = await tx.execute<{ item_fk: number; item_name: string; inventory_fk: number; qty: string; line: number }>(sql`
    select l.item_fk, i.item_name, o.inventory_fk, sum(l.quantity * l.unit_base_qty)::text as qty, min(l.position) as line
      from online_order_lines l join online_orders o on o.order_id = l.order_fk join items i on i.item_id = l.item_fk
     where l.order_fk = ${orderId}
     group by l.item_fk, i.item_name, o.inventory_fk
     order by l.item_fk`);
  const needs: Need[] = lines.rows.map((r) => ({
    item_id: Number(r.item_fk),
    item_name: r.item_name,
    inventory_id: Number(r.inventory_fk),
    qty: D(r.qty),
    line: Number(r.line),
  }));
  await reserve(tx, orderId, needs, now);
}

async function reserve(tx: Tx, orderId: number, needs: Need[], now: Date): Promise<void> {
  if (!needs.length) return;
  const today = businessDay(now);
  const locked = balancesFrom((await tx.execute<never>(lockBalancesSql(needs))).rows);
  const takes: { item_id: number; inventory_id: number; batch_id: number; qty: Decimal }[] = [];
  for (const n of needs) {
    const pool = locked
      .filter((b) => b.item_id === n.item_id && b.inventory_id === n.inventory_id)
      .filter((b) => b.qty.gt(0) && !(b.expire_date !== null && b.expire_date < today))
      .sort(fefo);
    let need = n.qty;
    for (const b of pool) {
      if (need.lte(0)) break;
      const q = need.lt(b.qty) ? need : b.qty;
      takes.push({ item_id: n.item_id, inventory_id: n.inventory_id, batch_id: b.batch_id, qty: q });
      need = need.minus(q);
    }
    if (need.gt(0)) {
      const left = pool.reduce((s, b) => s.plus(b.qty), ZERO);
      const msg = notEnoughMessage(left);
      throw new HttpError(422, msg, { [`lines.${n.line}.quantity`]: [msg] });
    }
  }
  takes.sort((a, b) => a.item_id - b.item_id || a.inventory_id - b.inventory_id || a.batch_id - b.batch_id);
  for (const t of takes) {
    // Guarded: whatever was read above, never more reserved than on hand.
    const r = await tx.execute(sql`
      update stock_balances set reserved = reserved + ${t.qty.toFixed()}::numeric, updated_at = now()
       where item_fk = ${t.item_id} and inventory_fk = ${t.inventory_id} and batch_fk = ${t.batch_id}
         and qty - reserved >= ${t.qty.toFixed()}::numeric
      returning 1`);
    if (!r.rows.length) {
      const msg = notEnoughMessage(ZERO);
      throw new HttpError(422, msg, { quantity: [msg] });
    }
  }
  const rows = JSON.stringify(takes.map((t) => ({ i: t.item_id, v: t.inventory_id, b: t.batch_id, q: t.qty.toFixed() })));
  await tx.execute(sql`
    insert into online_order_reservations (order_fk, item_fk, inventory_fk, batch_fk, qty)
    select ${orderId}, x.i, x.v, x.b, x.q from jsonb_to_recordset(${rows}::jsonb) as x(i int, v int, b int, q numeric)`);
}

/**
 * Gives an order's held stock back: lowers `stock_balances.reserved` by what the order holds and
 * forgets its rows. The rows are locked in key order first, as every stock-out locks them. An
 * order holding nothing (released already, never reserved) changes nothing, so a retry is harmless.
 */
export async function releaseReservation(tx: Tx, orderId: number): Promise<void> {
  const held = await tx.execute<{ item_fk: number; inventory_fk: number; batch_fk: number }>(sql`
    select b.item_fk, b.inventory_fk, b.batch_fk
      from stock_balances b join online_order_reservations r
        on r.item_fk = b.item_fk and r.inventory_fk = b.inventory_fk and r.batch_fk = b.batch_fk
     where r.order_fk = ${orderId}
     order by b.item_fk, b.inventory_fk, b.batch_fk
       for no key update of b`);
  if (!held.rows.length) return;
  await tx.execute(sql`
    with gone as (delete from online_order_reservations where order_fk = ${orderId} returning item_fk, inventory_fk, batch_fk, qty)
    update stock_balances b set reserved = b.reserved - g.qty, updated_at = now()
      from gone g where b.item_fk = g.item_fk and b.inventory_fk = g.inventory_fk and b.batch_fk = g.batch_fk`);
}
