import { sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.js";

/**
 * What the stock tables say that their movements do not (tests): a balance row other than the
 * sum of its movements (or below zero), a movement without a balance row, an item whose quantity
 * or value is not the sum of its movements', a reserved quantity other than what the open online
 * orders hold. Empty when the stock is consistent.
 */
export async function stockInconsistencies(db: DbOrTx): Promise<string[]> {
  const res = await db.execute<{ what: string }>(sql`
    select 'balance ' || b.item_fk || '/' || b.inventory_fk || '/' || b.batch_fk || ': ' || b.qty || ' <> ' || coalesce(m.q, 0) as what
      from stock_balances b
      left join (select item_fk, inventory_fk, batch_fk, sum(qty) q from stock_movements group by 1, 2, 3) m
        on (m.item_fk, m.inventory_fk, m.batch_fk) = (b.item_fk, b.inventory_fk, b.batch_fk)
     where b.qty <> coalesce(m.q, 0) or b.qty < 0
    union all
    select 'movement ' || m.movement_id || ' has no balance row' from stock_movements m
     where not exists (select 1 from stock_balances b where (b.item_fk, b.inventory_fk, b.batch_fk) = (m.item_fk, m.inventory_fk, m.batch_fk))
    union all
    select 'item ' || c.item_fk || ': ' || c.qty || ' / ' || c.value || ' <> ' || coalesce(m.q, 0) || ' / ' || coalesce(m.v, 0)
      from stock_item_costs c
      left join (select item_fk, sum(qty) q, sum(value) v from stock_movements group by 1) m on m.item_fk = c.item_fk
     where c.qty <> coalesce(m.q, 0) or c.value <> coalesce(m.v, 0)
    union all
    select 'reserved ' || b.item_fk || '/' || b.inventory_fk || '/' || b.batch_fk || ': ' || b.reserved || ' <> ' || coalesce(r.q, 0)
      from stock_balances b
      left join (select item_fk, inventory_fk, batch_fk, sum(qty) q from online_order_reservations group by 1, 2, 3) r
        on (r.item_fk, r.inventory_fk, r.batch_fk) = (b.item_fk, b.inventory_fk, b.batch_fk)
     where b.reserved <> coalesce(r.q, 0)`);
  return res.rows.map((r) => r.what);
}
