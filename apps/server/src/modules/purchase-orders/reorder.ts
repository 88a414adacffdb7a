import { MSG, type OrderSuggestionsInput } from "@app/contracts";
import { sql } from "drizzle-orm";
import type { Ctx } from "../../platform/context.js";
import { parseId } from "../../platform/crud.js";
import { fieldError } from "../../platform/errors.js";
import { assertInventoryAccess, defaultInventory, inventoryScope } from "../catalogue/inventories.js";
import { systemCurrency } from "../ledger/ledger.js";
import { createPurchaseOrder } from "./purchase-orders.js";

/** How many suggestions one read answers: the items most short first. */
const SUGGESTIONS_MAX = 500;

/**
 * Reorder suggestions: the items at or under their shortage alert (on hand in the inventory
 * asked, or in every inventory the user sees), with the supplier and unit price of their last
 * complete purchase, what is already on order (what draft and ordered orders have still to
 * receive), and the sales of the last 30 days less their returns, all in base units. The
 * suggested quantity tops the stock up to twice the alert or to the last 30 days' sales, whichever
 * is more, less what is on order, in the unit of the last purchase (or the item's default unit).
 */
export async function reorderSuggestions(ctx: Ctx, query: Record<string, unknown>) {
  const raw = query.inventory_id;
  let inventory: number | null = null;
  try {
    inventory = raw === undefined || raw === "" ? null : parseId(raw);
  } catch {
    throw fieldError("inventory_id", MSG.idInvalid);
  }
  if (inventory) await assertInventoryAccess(ctx, inventory);
  const where = inventory ? sql`b.inventory_fk = ${inventory}` : (inventoryScope(ctx, sql`b.inventory_fk`) ?? sql`true`);
  const res = await ctx.tx.execute(sql`
    with on_hand as (
      select b.item_fk, sum(b.qty) as qty from stock_balances b where ${where} group by b.item_fk
    ), last_buy as (
      select distinct on (pl.item_fk) pl.item_fk, p.consumer_fk, pl.unit_fk, pl.unit_base_qty, pl.unit_price, p.currency_id,
             ${sql`to_char(p.date, 'YYYY-MM-DD')`} as bought_on
        from purchase_lines pl join purchases p on p.id = pl.purchase_fk
       where p.status = 'complete'
       order by pl.item_fk, p.date desc, p.id desc
    ), on_order as (
      select ol.item_fk,
             sum(greatest(ol.quantity * ol.unit_base_qty - coalesce((
               select sum(rl.quantity * rl.unit_base_qty) from purchase_lines rl join purchases r on r.id = rl.purchase_fk
                where r.order_fk = o.id and r.status = 'complete' and rl.item_fk = ol.item_fk), 0), 0)) as qty
        from purchase_order_lines ol join purchase_orders o on o.id = ol.order_fk
       where o.status in ('draft', 'ordered')
       group by ol.item_fk
    ), sold as (
      select m.item_fk, -sum(m.qty) as qty from stock_movements m
       where m.source_type in ('sale', 'sale_return') and m.date >= ${ctx.now}::timestamptz - interval '30 days'
       group by m.item_fk
    )
    select it.item_id, it.item_name, it.item_code, it.shortage_alert,
           coalesce(h.qty, 0)::numeric(20,4)::text as on_hand,
           coalesce(oo.qty, 0)::numeric(20,4)::text as on_order,
           greatest(coalesce(s.qty, 0), 0)::numeric(20,4)::text as sold_30_days,
           lb.consumer_fk as consumer_id, c.consumer_name, lb.unit_price::text as last_unit_price, lb.currency_id as last_currency_id,
           lb.bought_on as last_purchase_date,
           coalesce(lb.unit_fk, du.unit_fk) as unit_id, u.unit_name,
           coalesce(lb.unit_base_qty, du.quantity, 1)::text as unit_base_qty,
           ceil(greatest(greatest(it.shortage_alert * 2, coalesce(s.qty, 0)) - coalesce(h.qty, 0) - coalesce(oo.qty, 0), 0)
                / coalesce(lb.unit_base_qty, du.quantity, 1))::numeric(20,4)::text as suggested_quantity
      from items it
      left join on_hand h on h.item_fk = it.item_id
      left join on_order oo on oo.item_fk = it.item_id
      left join sold s on s.item_fk = it.item_id
      left join last_buy lb on lb.item_fk = it.item_id
      left join consumers c on c.consumer_id = lb.consumer_fk
      left join lateral (select iu.unit_fk, iu.quantity from item_units iu where iu.item_fk = it.item_id
                          order by iu.is_default desc, iu.is_base desc, iu.item_unit_id limit 1) du on true
      left join units u on u.unit_id = coalesce(lb.unit_fk, du.unit_fk)
     where it.shortage_alert is not null and coalesce(h.qty, 0) <= it.shortage_alert
     order by coalesce(h.qty, 0) - it.shortage_alert, it.item_name, it.item_id
     limit ${SUGGESTIONS_MAX}`);
  return res.rows;
}

/** The chosen suggestions as draft purchase orders, one per supplier, in one transaction. Answers their ids. */
export async function ordersFromSuggestions(ctx: Ctx, input: OrderSuggestionsInput) {
  const inventory = input.inventory_id ?? (await defaultInventory(ctx));
  const currency = input.currency_id ?? ((await systemCurrency(ctx.tx)) as OrderSuggestionsInput["currency_id"] & number);
  const bySupplier = new Map<number, OrderSuggestionsInput["lines"]>();
  for (const l of input.lines) bySupplier.set(l.consumer_id, [...(bySupplier.get(l.consumer_id) ?? []), l]);
  const ids: number[] = [];
  for (const [supplier, lines] of [...bySupplier].sort((a, b) => a[0] - b[0])) {
    const { id } = await createPurchaseOrder(ctx, {
      consumer_id: supplier,
      inventory_id: inventory,
      currency_id: currency,
      expected_date: null,
      confirmed: undefined,
      lines: lines.map((l) => ({ item_id: l.item_id, unit_id: l.unit_id, quantity: l.quantity, unit_price: l.unit_price ?? null })),
    });
    ids.push(id);
  }
  return ids;
}
