import { MSG, type OrderSuggestionsInput } from "@app/contracts";
import { sql } from "drizzle-orm";
import { sqlBusinessDay } from "../../platform/business-time.js";
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
 * receive), and the sales of the last 30 days less their returns in the same inventories, all in
 * base units. The suggested quantity tops the stock up to twice the alert or to the last 30 days'
 * sales, whichever is more, less what is on order, in the unit of the last purchase (or the item's
 * default unit).
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
  const scope = (column: ReturnType<typeof sql>) =>
    inventory ? sql`${column} = ${inventory}` : (inventoryScope(ctx, column) ?? sql`true`);
  // The items short first (each one's stock summed through its balances), then for each of those
  // only: its last complete purchase, what is on order and its sales, each by the item's index.
  const res = await ctx.tx.execute(sql`
    with short as (
      select * from (
        select it.item_id, it.item_name, it.item_code, it.shortage_alert,
               coalesce((select sum(b.qty) from stock_balances b where b.item_fk = it.item_id and ${scope(sql`b.inventory_fk`)}), 0) as on_hand
          from items it where it.shortage_alert is not null
      ) x where x.on_hand <= x.shortage_alert
      order by x.on_hand - x.shortage_alert, x.item_name, x.item_id
      limit ${SUGGESTIONS_MAX}
    )
    select it.item_id, it.item_name, it.item_code, it.shortage_alert,
           it.on_hand::numeric(20,4)::text as on_hand,
           coalesce(oo.qty, 0)::numeric(20,4)::text as on_order,
           greatest(coalesce(s.qty, 0), 0)::numeric(20,4)::text as sold_30_days,
           lb.consumer_fk as consumer_id, c.consumer_name, lb.unit_price::text as last_unit_price, lb.currency_id as last_currency_id,
           lb.bought_on as last_purchase_date,
           coalesce(lb.unit_fk, du.unit_fk) as unit_id, u.unit_name,
           coalesce(lb.unit_base_qty, du.quantity, 1)::text as unit_base_qty,
           ceil(greatest(greatest(it.shortage_alert * 2, coalesce(s.qty, 0)) - it.on_hand - coalesce(oo.qty, 0), 0)
                / coalesce(lb.unit_base_qty, du.quantity, 1))::numeric(20,4)::text as suggested_quantity
      from short it
      left join lateral (
        select p.consumer_fk, pl.unit_fk, pl.unit_base_qty, pl.unit_price, p.currency_id, ${sqlBusinessDay(sql`p.date`)} as bought_on
          from purchase_lines pl join purchases p on p.id = pl.purchase_fk
         where pl.item_fk = it.item_id and p.status = 'complete'
         order by p.date desc, p.id desc limit 1) lb on true
      left join lateral (
        select sum(greatest(ol.quantity * ol.unit_base_qty - coalesce((
                 select sum(rl.quantity * rl.unit_base_qty) from purchase_lines rl join purchases r on r.id = rl.purchase_fk
                  where r.order_fk = o.id and r.status = 'complete' and rl.item_fk = ol.item_fk), 0), 0)) as qty
          from purchase_order_lines ol join purchase_orders o on o.id = ol.order_fk
         where ol.item_fk = it.item_id and o.status in ('draft', 'ordered')) oo on true
      left join lateral (
        select -sum(m.qty) as qty from stock_movements m
         where m.item_fk = it.item_id and ${scope(sql`m.inventory_fk`)} and m.source_type in ('sale', 'sale_return')
           and m.date >= ${ctx.now}::timestamptz - interval '30 days') s on true
      left join consumers c on c.consumer_id = lb.consumer_fk
      left join lateral (select iu.unit_fk, iu.quantity from item_units iu where iu.item_fk = it.item_id
                          order by iu.is_default desc, iu.is_base desc, iu.item_unit_id limit 1) du on true
      left join units u on u.unit_id = coalesce(lb.unit_fk, du.unit_fk)
     order by it.on_hand - it.shortage_alert, it.item_name, it.item_id`);
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
