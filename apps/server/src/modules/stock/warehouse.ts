import { DEFAULT_EXPIRE_ALERT_DAYS } from "@app/contracts";
import { type SQL, sql } from "drizzle-orm";
import { businessTimeZone } from "../../platform/business-time.js";
import type { Ctx } from "../../platform/context.js";
import type { ListModel } from "../../platform/list.js";
import { itemExactSearch, itemSearch, itemSearchOrder } from "../catalogue/barcodes.js";
import { inventoryScope } from "../catalogue/inventories.js";

/** The business's today as a SQL date (expiry is counted in the business's days). */
const today = () => sql`(now() at time zone ${businessTimeZone()})::date`;

/** Units of an item with the quantity `qty` (base units) makes in each, as JSON. */
const perUnit = (qty: SQL, item: SQL) => sql`(
  select json_agg(json_build_object('unit_id', iu.unit_fk, 'unit_name', un.unit_name, 'quantity', trunc(${qty} / iu.quantity, 4)::text)
                  order by iu.quantity, iu.item_unit_id)
    from item_units iu join units un on un.unit_id = iu.unit_fk where iu.item_fk = ${item})`;

/**
 * Stock on hand per item and inventory (`/api/stocks`, the warehouse screen): quantity in the base
 * unit, value at the item's average cost, the nearest expiry of a batch in stock, and the flags
 * shortage (below the item's shortage alert) and near expiry (a batch in stock expires within the
 * item's expiry alert days, 30 when it has none, or has expired) and expired.
 */
export const stocksList: ListModel = {
  model: "stocks",
  from: sql`from (select b.item_fk, b.inventory_fk, sum(b.qty) as qty, count(*) filter (where b.qty <> 0) as batches,
                         min(sb.expire_date) filter (where b.qty > 0) as next_expiry
                    from stock_balances b join stock_batches sb on sb.batch_id = b.batch_fk
                   group by b.item_fk, b.inventory_fk) s
            join items i on i.item_id = s.item_fk
            join inventories inv on inv.inventory_id = s.inventory_fk
            left join stock_item_costs c on c.item_fk = s.item_fk
            left join item_units bu on bu.item_fk = s.item_fk and bu.is_base
            left join units bun on bun.unit_id = bu.unit_fk`,
  idColumn: "stock_id",
  defaultSort: "item_name",
  defaultDir: "asc",
  scope: (ctx) => inventoryScope(ctx, sql`s.inventory_fk`),
  search: (term) => itemSearch(term, "i"),
  searchOrder: (term) => itemSearchOrder(term, "i"),
  exactSearch: (term) => itemExactSearch(term, "i"),
  columns: {
    stock_id: { expr: sql`s.item_fk::bigint * 1000000 + s.inventory_fk`, notNull: true, sortable: false },
    item_id: { expr: sql`s.item_fk`, filter: "eq" },
    item_name: { expr: sql`i.item_name`, sortExpr: sql`lower(i.item_name)`, notNull: true },
    item_code: { expr: sql`i.item_code` },
    inventory_id: { expr: sql`s.inventory_fk`, filter: "eq" },
    inventory_name: { expr: sql`inv.inventory_name` },
    base_unit_name: { expr: sql`bun.unit_name`, sortable: false },
    qty: { expr: sql`s.qty`, notNull: true },
    batches: { expr: sql`s.batches::int`, sortable: false },
    avg_cost: { expr: sql`round(coalesce(c.avg_cost, 0), 4)` },
    value: { expr: sql`round(s.qty * coalesce(c.avg_cost, 0), 4)`, sortExpr: sql`s.qty * c.avg_cost`, sum: true },
    shortage_alert: { expr: sql`i.shortage_alert` },
    expire_alert: { expr: sql`i.expire_alert` },
    next_expiry: { expr: sql`to_char(s.next_expiry, 'YYYY-MM-DD')`, sortExpr: sql`s.next_expiry` },
    is_shortage: { expr: sql`(i.shortage_alert is not null and s.qty < i.shortage_alert)`, filter: "bool" },
    // Near expiry: within the item's alert days (the default when it has none), or already expired.
    is_near_expiry: {
      expr: sql`(s.next_expiry is not null and s.next_expiry <= ${today()} + coalesce(i.expire_alert, ${DEFAULT_EXPIRE_ALERT_DAYS}::int))`,
      filter: "bool",
    },
    is_expired: { expr: sql`(s.next_expiry is not null and s.next_expiry < ${today()})`, filter: "bool" },
  },
  filters: {
    /** `filter[in_stock]=1`: rows holding stock (or owing it, with negative stock allowed). */
    in_stock: (v) => (v === "1" || v === "true" ? sql`s.qty <> 0` : sql`true`),
  },
};

/** The batches of an item in an inventory: number, expiry, quantity (base and per unit), days to expiry, value at average cost. */
export async function stockBatches(ctx: Ctx, itemId: number, inventoryId: number) {
  const res = await ctx.tx.execute(sql`
    select b.batch_fk as batch_id, sb.batch_no, to_char(sb.expire_date, 'YYYY-MM-DD') as expire_date, b.qty::text as qty,
           (sb.expire_date - ${today()}) as days_to_expiry,
           round(b.qty * coalesce(c.avg_cost, 0), 4)::text as value,
           ${perUnit(sql`b.qty`, sql`b.item_fk`)} as units
      from stock_balances b join stock_batches sb on sb.batch_id = b.batch_fk
      left join stock_item_costs c on c.item_fk = b.item_fk
     where b.item_fk = ${itemId} and b.inventory_fk = ${inventoryId} and b.qty <> 0
     order by sb.expire_date nulls last, b.batch_fk`);
  return res.rows;
}

/**
 * `items/list_with_expire/{inventoryId}`: the batches in stock in an inventory (what a sale or a
 * transfer can take), first expiry first within each item: item, batch, expiry, quantity in the
 * base unit and in each unit of the item, days to expiry.
 */
export async function batchesInStock(ctx: Ctx, inventoryId: number, opts: { search?: string; page: number; perPage: number }) {
  const search = opts.search?.trim();
  const where = search ? sql`and (${itemExactSearch(search) ?? sql`false`} or ${itemSearch(search)})` : sql``;
  const order = search ? sql`${itemSearchOrder(search)}, lower(i.item_name), i.item_id` : sql`lower(i.item_name), i.item_id`;
  const res = await ctx.tx.execute<Record<string, unknown>>(sql`
    select i.item_id, i.item_name, i.item_code, i.has_expire, i.has_batch_number, i.expire_alert, i.sale_price_editable,
           b.batch_fk as batch_id, sb.batch_no, to_char(sb.expire_date, 'YYYY-MM-DD') as expire_date,
           (sb.expire_date - ${today()}) as days_to_expiry, b.qty::text as qty,
           ${perUnit(sql`b.qty`, sql`i.item_id`)} as units
      from stock_balances b
      join stock_batches sb on sb.batch_id = b.batch_fk
      join items i on i.item_id = b.item_fk
     where b.inventory_fk = ${inventoryId} and b.qty > 0 ${where}
     order by ${order}, sb.expire_date nulls last, b.batch_fk
     limit ${opts.perPage + 1} offset ${(opts.page - 1) * opts.perPage}`);
  return { rows: res.rows.slice(0, opts.perPage), hasMore: res.rows.length > opts.perPage };
}

/**
 * The movements of an item (in one inventory or all) in a period, oldest first, each with the
 * balance after it: the balance before the period plus a running sum over the period's rows.
 * Reads the `(item, inventory, date)` index; the item-transaction report builds on it.
 */
export async function itemTransactions(
  ctx: Ctx,
  opts: { itemId: number; inventoryId?: number | null; from: Date; to: Date; limit: number; offset: number },
) {
  const inv = opts.inventoryId ? sql`and m.inventory_fk = ${opts.inventoryId}` : sql``;
  const res = await ctx.tx.execute<{ movement_id: string; date: Date; qty: string; value: string; balance: string }>(sql`
    with opening as (
      select coalesce(sum(m.qty), 0) as q from stock_movements m
       where m.item_fk = ${opts.itemId} ${inv} and m.date < ${opts.from.toISOString()}::timestamptz)
    select m.movement_id, m.date, m.inventory_fk, m.batch_fk, m.source_type, m.source_id, m.qty::text, m.unit_cost::text, m.value::text,
           ((select q from opening) + sum(m.qty) over (order by m.date, m.movement_id))::text as balance
      from stock_movements m
     where m.item_fk = ${opts.itemId} ${inv}
       and m.date >= ${opts.from.toISOString()}::timestamptz and m.date < ${opts.to.toISOString()}::timestamptz
     order by m.date, m.movement_id
     limit ${opts.limit} offset ${opts.offset}`);
  return res.rows;
}
