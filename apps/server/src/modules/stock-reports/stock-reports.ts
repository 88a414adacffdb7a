import { DEFAULT_EXPIRE_ALERT_DAYS, MSG } from "@app/contracts";
import { type SQL, sql } from "drizzle-orm";
import { businessTimeZone, sqlBusinessDateTime } from "../../platform/business-time.js";
import type { Ctx } from "../../platform/context.js";
import { HttpError, notFound, unprocessable } from "../../platform/errors.js";
import { type ListModel, parseDateRange, type RawQuery } from "../../platform/list.js";
import { idParam } from "../../platform/query-params.js";
import { itemSearch } from "../catalogue/barcodes.js";
import { inventoryScope } from "../catalogue/inventories.js";
import type { DynamicList } from "../ledger/dynamic-list.js";
import { sourceNumber } from "../ledger/ledger-views.js";
import { D } from "../ledger/money.js";

/** The business's today as a SQL date: expiry counts in the business's days. */
const today = () => sql`(now() at time zone ${businessTimeZone()})::date`;

/** Movements that carry goods from one place to another at their cost (no entry, the cost unchanged). */
const TRANSFER_SOURCES = [
  "item_transfer",
  "item_transfer_receive",
  "sale_transfer",
  "sale_transfer_in",
  "sale_transfer_return",
  "sale_transfer_return_in",
];

/**
 * Every stock movement of one item (in one inventory, or all the user sees), the quantity before
 * the period as the first row when a period is given, then each movement with the running balance
 * in the item's base unit: what came in and went out, from which document, batch and expiry, at
 * what cost. Read through `stock_movements_item_idx` (item, inventory, date).
 */
export async function itemTransactions(ctx: Ctx, raw: RawQuery): Promise<DynamicList> {
  const itemId = idParam(raw, "item_id");
  if (itemId === undefined) throw new HttpError(422, MSG.selectItemForTransactions, { item_id: [MSG.selectItemForTransactions] });
  const inventoryId = idParam(raw, "inventory_id");
  const errors: Record<string, string[]> = {};
  const range = parseDateRange(raw, ctx.now, errors);
  if (Object.keys(errors).length) throw unprocessable(errors);
  const found = await ctx.tx.execute<{ item_name: string; base_unit: string | null }>(
    sql`select i.item_name, un.unit_name base_unit from items i
          left join item_units bu on bu.item_fk = i.item_id and bu.is_base left join units un on un.unit_id = bu.unit_fk
         where i.item_id = ${itemId}`,
  );
  const item = found.rows[0];
  if (!item) throw notFound();
  const scope = inventoryScope(ctx, sql`m.inventory_fk`);
  const where = [sql`m.item_fk = ${itemId}`, inventoryId !== undefined ? sql`m.inventory_fk = ${inventoryId}` : undefined, scope].filter(
    (x): x is SQL => x !== undefined,
  );
  const base = sql.join(where, sql` and `);
  let opening = { qty: "0", value: "0" };
  if (range) {
    const res = await ctx.tx.execute<{ qty: string; value: string }>(
      sql`select coalesce(sum(m.qty), 0)::text qty, coalesce(sum(m.value), 0)::text "value"
            from stock_movements m where ${base} and m.date < ${range[0].toISOString()}::timestamptz`,
    );
    opening = res.rows[0] ?? opening;
  }
  const openingRow = range
    ? sql`select 0::bigint movement_id, ${range[0].toISOString()}::timestamptz date, 'opening' source_type, null::int source_id,
                 null::int inventory_fk, null::int batch_fk, null::int unit_fk, null::numeric unit_qty,
                 ${opening.qty}::numeric qty, null::numeric unit_cost, ${opening.value}::numeric "value", null::bigint reversal_of, true is_opening,
                 0::numeric revalued
          union all `
    : sql``;
  const period = range ? sql`and m.date between ${range[0].toISOString()}::timestamptz and ${range[1].toISOString()}::timestamptz` : sql``;
  // A re-valuation (apply cost) is a movement of no quantity: it is no row of its own, but its
  // value counts in the running value, in the cost of the goods it re-valued, and in the cost the
  // goods are moved on at. A transfer moves goods at their cost and changes none, so its row shows
  // the item's cost at that point: the running value over the running quantity of everything but
  // transfers.
  const transfer = sql`g.source_type in (${sql.join(
    TRANSFER_SOURCES.map((s) => sql`${s}`),
    sql`, `,
  )})`;
  const from = sql`from (select w0.* from (select g.*, sum(g.qty) over w balance, sum(g."value") over w balance_value,
               sum(case when ${transfer} then 0 else g.qty end) over w cost_qty,
               sum(case when ${transfer} then 0 else g."value" end) over w cost_value,
               ${transfer} is_transfer
        from (${openingRow}
              select m.movement_id, m.date, m.source_type, m.source_id, m.inventory_fk, m.batch_fk, m.unit_fk, m.unit_qty,
                     m.qty, m.unit_cost, m."value", m.reversal_of, false is_opening,
                     case when m.qty > 0 then (select coalesce(sum(r."value"), 0) from stock_movements r
                        where r.source_type = m.source_type and r.source_id = m.source_id and r.source_line is not distinct from m.source_line
                          and r.item_fk = m.item_fk and r.inventory_fk = m.inventory_fk and r.batch_fk = m.batch_fk and r.qty = 0
                          and r.reversal_of is null and not exists (select 1 from stock_movements x where x.reversal_of = r.movement_id))
                     else 0 end revalued
                from stock_movements m where ${base} ${period}) g
       window w as (order by g.date, g.movement_id rows between unbounded preceding and current row)) w0
       where w0.is_opening or w0.qty <> 0) t
       left join inventories inv on inv.inventory_id = t.inventory_fk
       left join stock_batches sb on sb.batch_id = t.batch_fk
       left join units un on un.unit_id = t.unit_fk`;
  const {
    item_id: _a,
    "filter[item_id]": _b,
    inventory_id: _c,
    "filter[inventory_id]": _d,
    "filter[date_filter]": _e,
    "filter[date_between]": _f,
    ...rest
  } = raw;
  return {
    raw: rest,
    model: {
      model: "item_transactions",
      from,
      idColumn: "movement_id",
      defaultSort: "date",
      defaultDir: "asc",
      columns: {
        movement_id: { expr: sql`t.movement_id` },
        date: { expr: sqlBusinessDateTime(sql`t.date`), sortExpr: sql`t.date`, notNull: true },
        is_opening: { expr: sql`t.is_opening`, sortable: false },
        source_type: { expr: sql`t.source_type`, filter: "eq", search: true },
        source_id: { expr: sql`t.source_id`, sortable: false },
        source_no: { expr: sourceNumber(sql`t.source_type`, sql`t.source_id`), sortable: false, search: true },
        is_reversal: { expr: sql`t.reversal_of is not null`, filter: "bool", sortable: false },
        inventory_name: { expr: sql`inv.inventory_name`, sortable: false },
        batch_no: { expr: sql`sb.batch_no`, sortable: false, search: true },
        expire_date: { expr: sql`to_char(sb.expire_date, 'YYYY-MM-DD')`, sortable: false },
        unit_name: { expr: sql`un.unit_name`, sortable: false },
        unit_qty: { expr: sql`t.unit_qty`, sortable: false },
        qty_in: { expr: sql`case when t.is_opening then null when t.qty > 0 then t.qty else 0 end`, sortable: false },
        qty_out: { expr: sql`case when t.is_opening then null when t.qty < 0 then -t.qty else 0 end`, sortable: false },
        qty: { expr: sql`t.qty` },
        balance: { expr: sql`t.balance`, sortable: false },
        unit_cost: {
          expr: sql`round(case when t.is_transfer and t.cost_qty > 0 then t.cost_value / t.cost_qty
                               when t.qty > 0 and t.revalued <> 0 then (t."value" + t.revalued) / t.qty
                               else t.unit_cost end, 4)`,
          sortable: false,
        },
        value: { expr: sql`t."value" + t.revalued`, sortable: false },
        // The goods' re-valuation is dated with them and comes right after their row.
        balance_value: { expr: sql`t.balance_value + t.revalued`, sortable: false },
        footer_in: { expr: sql`case when not t.is_opening and t.qty > 0 then t.qty else 0 end`, sum: true, sortable: false },
        footer_out: { expr: sql`case when not t.is_opening and t.qty < 0 then -t.qty else 0 end`, sum: true, sortable: false },
      },
    },
    footer: (f) => {
      const qtyIn = D(f.footer_in ?? "0");
      const qtyOut = D(f.footer_out ?? "0");
      return {
        opening: D(opening.qty).toFixed(),
        qty_in: qtyIn.toFixed(),
        qty_out: qtyOut.toFixed(),
        closing: D(opening.qty).plus(qtyIn).minus(qtyOut).toFixed(),
        item_id: String(itemId),
        item_name: item.item_name,
        base_unit: item.base_unit ?? "",
      };
    },
  };
}

/**
 * Quantity and value per inventory: the items it holds, their quantity in base units and their
 * value at each item's average cost; `filter[category_id]` and `filter[brand_id]` narrow the items
 * counted (read from the balances of each inventory, `stock_balances_inventory_idx`).
 */
export async function inventoriesReport(_ctx: Ctx, raw: RawQuery): Promise<DynamicList> {
  const category = idParam(raw, "category_id");
  const brand = idParam(raw, "brand_id");
  const narrow = [
    category !== undefined ? sql`and i.category_fk = ${category}` : sql``,
    brand !== undefined ? sql`and i.brand_fk = ${brand}` : sql``,
  ];
  const { "filter[category_id]": _a, category_id: _b, "filter[brand_id]": _c, brand_id: _d, ...rest } = raw;
  return {
    raw: rest,
    model: {
      model: "inventories_report",
      from: sql`from inventories inv
        left join lateral (
          select count(distinct b.item_fk) filter (where b.qty <> 0) items_count, coalesce(sum(b.qty), 0) qty,
                 coalesce(sum(b.qty * coalesce(c.avg_cost, 0)), 0) "value",
                 count(distinct b.item_fk) filter (where b.qty > 0 and sb.expire_date < ${today()}) expired_items
            from stock_balances b join items i on i.item_id = b.item_fk join stock_batches sb on sb.batch_id = b.batch_fk
            left join stock_item_costs c on c.item_fk = b.item_fk
           where b.inventory_fk = inv.inventory_id ${narrow[0]} ${narrow[1]}
        ) s on true`,
      idColumn: "inventory_id",
      defaultSort: "inventory_name",
      defaultDir: "asc",
      scope: (ctx) => inventoryScope(ctx, sql`inv.inventory_id`),
      columns: {
        inventory_id: { expr: sql`inv.inventory_id`, filter: "eq", notNull: true },
        inventory_name: { expr: sql`inv.inventory_name`, search: true, sortExpr: sql`lower(inv.inventory_name)`, notNull: true },
        items_count: { expr: sql`s.items_count::int`, sum: true },
        qty: { expr: sql`s.qty` },
        value: { expr: sql`round(s."value", 4)`, sum: true },
        expired_items: { expr: sql`s.expired_items::int` },
      },
    },
  };
}

/**
 * Batches in stock that have expired or expire within their item's alert days (`expire_alert`),
 * soonest first: item, inventory, batch, expiry, days left (negative: expired), quantity and value.
 */
export const expiredItemsReport: ListModel = {
  model: "expired_items",
  from: sql`from stock_balances b
    join stock_batches sb on sb.batch_id = b.batch_fk
    join items i on i.item_id = b.item_fk
    join inventories inv on inv.inventory_id = b.inventory_fk
    left join stock_item_costs c on c.item_fk = b.item_fk
    left join item_units bu on bu.item_fk = b.item_fk and bu.is_base
    left join units bun on bun.unit_id = bu.unit_fk`,
  idColumn: "row_id",
  defaultSort: "expire_date",
  defaultDir: "asc",
  scope: () =>
    sql`b.qty > 0 and sb.expire_date is not null and sb.expire_date <= ${today()} + coalesce(i.expire_alert, ${DEFAULT_EXPIRE_ALERT_DAYS}::int)`,
  search: (term) => sql`(${itemSearch(term, "i")} or sb.batch_no = ${term.trim()})`,
  columns: {
    row_id: { expr: sql`b.item_fk::bigint * 1000000000 + b.batch_fk::bigint * 1000 + b.inventory_fk`, sortable: false, notNull: true },
    item_id: { expr: sql`b.item_fk`, filter: "eq" },
    item_name: { expr: sql`i.item_name`, sortExpr: sql`lower(i.item_name)`, notNull: true },
    item_code: { expr: sql`i.item_code` },
    category_fk: { expr: sql`i.category_fk`, filter: "eq", sortable: false },
    inventory_id: { expr: sql`b.inventory_fk`, filter: "eq" },
    inventory_name: { expr: sql`inv.inventory_name` },
    batch_no: { expr: sql`sb.batch_no` },
    expire_date: { expr: sql`to_char(sb.expire_date, 'YYYY-MM-DD')`, sortExpr: sql`sb.expire_date`, notNull: true },
    days_left: { expr: sql`(sb.expire_date - ${today()})`, sortExpr: sql`sb.expire_date` },
    is_expired: { expr: sql`(sb.expire_date < ${today()})`, filter: "bool", sortable: false },
    expire_alert: { expr: sql`i.expire_alert`, sortable: false },
    base_unit_name: { expr: sql`bun.unit_name`, sortable: false },
    qty: { expr: sql`b.qty`, sum: true },
    value: { expr: sql`round(b.qty * coalesce(c.avg_cost, 0), 4)`, sum: true, sortExpr: sql`b.qty * c.avg_cost` },
  },
};
