import { sql } from "drizzle-orm";
import type { TestApp } from "../../../test/harness.js";
import type { Tx } from "../../db/client.js";
import { reserveOrder } from "../online-orders/reservations.js";

let placed = 0;

/**
 * An order as the app places it, written straight to the tables with its stock reserved (the
 * customer API's own tests cover placing): an online customer made for the consumer on first use,
 * the lines at the unit prices given, in IQD or USD, into inventory 1.
 */
export async function placeOrder(
  t: TestApp,
  opts: {
    consumer: number;
    currency_id?: number;
    rate?: string;
    lines: { item_fk: number; unit_fk: number; unit_base_qty: string; quantity: string; unit_price: string }[];
  },
): Promise<number> {
  const n = ++placed;
  return t.database.db.transaction(async (tx) => {
    const c = await tx.execute<{ customer_id: number }>(sql`
      insert into online_customers (consumer_fk, mobile, name) values (${opts.consumer}, ${`0770${String(opts.consumer).padStart(7, "0")}`}, 'Sara Ali')
      on conflict (mobile) do update set name = excluded.name returning customer_id`);
    const total = opts.lines.reduce((s, l) => s + Number(l.unit_price) * Number(l.quantity), 0).toFixed(3);
    const address = JSON.stringify({
      city_id: 1,
      city_name: "Baghdad",
      landmark: "Near the big mosque",
      street: "14 Ramadan St",
      lat: null,
      lng: null,
    });
    const o = await tx.execute<{ order_id: number }>(sql`
      insert into online_orders (order_no, customer_fk, address, inventory_fk, currency_id, rate, gross, total, status)
      values (${`ON-T${Date.now()}-${n}`}, ${c.rows[0]!.customer_id}, ${address}::jsonb, 1, ${opts.currency_id ?? 1}, ${opts.rate ?? "1"}, ${total}, ${total}, 'pending')
      returning order_id`);
    const id = Number(o.rows[0]!.order_id);
    let pos = 0;
    for (const l of opts.lines) {
      const lineTotal = (Number(l.unit_price) * Number(l.quantity)).toFixed(3);
      await tx.execute(sql`
        insert into online_order_lines (order_fk, item_fk, unit_fk, unit_base_qty, quantity, unit_price, net_price, line_total, position)
        values (${id}, ${l.item_fk}, ${l.unit_fk}, ${l.unit_base_qty}, ${l.quantity}, ${l.unit_price}, ${l.unit_price}, ${lineTotal}, ${pos++})`);
    }
    await tx.execute(
      sql`insert into online_order_events (order_fk, action, status, by_customer) values (${id}, 'placed', 'pending', true)`,
    );
    await reserveOrder(tx as unknown as Tx, id);
    return id;
  });
}
