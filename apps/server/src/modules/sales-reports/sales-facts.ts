import { CURRENCY_IQD, SALE_KINDS } from "@app/contracts";
import { type SQL, sql } from "drizzle-orm";
import type { Ctx } from "../../platform/context.js";
import { unprocessable } from "../../platform/errors.js";
import { parseDateRange, type RawQuery } from "../../platform/list.js";
import { idParam, one } from "../../platform/query-params.js";
import { inventoryScope } from "../catalogue/inventories.js";
import { systemCurrency } from "../ledger/ledger.js";

/**
 * What the sales reports share: their filters (the list protocol's date presets, customer,
 * salesman, item, category, inventory, kind), the conversion of a document's amounts to the
 * system currency at its rate, and the facts of every line sold and returned. Complete documents
 * only: a draft has sold nothing.
 */
export interface SalesFilters {
  range?: [Date, Date];
  customer?: number;
  salesman?: number;
  item?: number;
  category?: number;
  inventory?: number;
  kind?: (typeof SALE_KINDS)[number];
  /** The system currency's id. */
  sys: number;
}

const KEYS = ["customer_id", "salesman_id", "item_id", "category_id", "inventory_id", "kind", "date_filter", "date_between"];

/** The filters of a report request, and the query without them (what the list protocol reads). */
export async function salesFilters(ctx: Ctx, raw: RawQuery): Promise<{ filters: SalesFilters; rest: RawQuery }> {
  const errors: Record<string, string[]> = {};
  const range = parseDateRange(raw, ctx.now, errors);
  const kind = one(raw.kind) ?? one(raw["filter[kind]"]);
  if (kind && !(SALE_KINDS as readonly string[]).includes(kind)) errors["filter.kind"] = ["The filter is not allowed."];
  if (Object.keys(errors).length) throw unprocessable(errors);
  const rest = Object.fromEntries(Object.entries(raw).filter(([k]) => !KEYS.some((key) => k === key || k === `filter[${key}]`)));
  return {
    rest,
    filters: {
      range,
      customer: idParam(raw, "customer_id"),
      salesman: idParam(raw, "salesman_id"),
      item: idParam(raw, "item_id"),
      category: idParam(raw, "category_id"),
      inventory: idParam(raw, "inventory_id"),
      kind: (kind || undefined) as SalesFilters["kind"],
      sys: await systemCurrency(ctx.tx),
    },
  };
}

/** An amount of a document's currency in the system currency, at the document's rate (IQD per 1 USD). */
export function toSys(f: SalesFilters, amount: SQL, currency: SQL, rate: SQL): SQL {
  const other = f.sys === CURRENCY_IQD ? sql`(${amount}) * (${rate})` : sql`(${amount}) / nullif(${rate}, 0)`;
  return sql`(case when ${currency} = ${f.sys} then (${amount}) else ${other} end)`;
}

const and = (parts: (SQL | undefined | false)[]) => {
  const kept = parts.filter((p): p is SQL => !!p);
  return kept.length ? sql.join(kept, sql` and `) : sql`true`;
};
const within = (f: SalesFilters, date: SQL) =>
  f.range && sql`${date} between ${f.range[0].toISOString()}::timestamptz and ${f.range[1].toISOString()}::timestamptz`;

/** Which complete sales count (alias `s`): period, customer, salesman, inventory, kind, and the user's inventories. */
export function saleConditions(ctx: Ctx, f: SalesFilters): SQL {
  return and([
    sql`s.status = 'complete'`,
    within(f, sql`s.date`),
    f.customer !== undefined && sql`s.consumer_fk = ${f.customer}`,
    f.salesman !== undefined && sql`s.salesman_fk = ${f.salesman}`,
    f.inventory !== undefined && sql`s.inventory_fk = ${f.inventory}`,
    f.kind !== undefined && sql`s.kind = ${f.kind}`,
    inventoryScope(ctx, sql`s.inventory_fk`),
  ]);
}

/** Which complete returns count (alias `r`, its sale `s` left-joined): the same filters, salesman and kind from the sale. */
export function returnConditions(ctx: Ctx, f: SalesFilters): SQL {
  return and([
    sql`r.status = 'complete'`,
    within(f, sql`r.date`),
    f.customer !== undefined && sql`r.consumer_fk = ${f.customer}`,
    f.salesman !== undefined && sql`s.salesman_fk = ${f.salesman}`,
    f.inventory !== undefined && sql`r.inventory_fk = ${f.inventory}`,
    f.kind !== undefined && sql`s.kind = ${f.kind}`,
    inventoryScope(ctx, sql`r.inventory_fk`),
  ]);
}

/** Lines of the item and category filters (alias `i` for the line's item). */
export function itemConditions(f: SalesFilters): SQL {
  return and([f.item !== undefined && sql`i.item_id = ${f.item}`, f.category !== undefined && sql`i.category_fk = ${f.category}`]);
}

/**
 * One row per line sold (positive) and per line returned (negative): the item, the promotion that
 * priced it, the document, base quantities, revenue net of every discount (a sale's rounded
 * discount shared over its lines by value) and the cost, both in the system currency. A sale
 * line's cost is what its goods left the stock with (its live movements); a returned line's is
 * the value its goods came back with.
 */
export function lineFacts(ctx: Ctx, f: SalesFilters): SQL {
  const share = sql`(case when s.subtotal > 0 then (s.subtotal - s.rounded_discount) / s.subtotal else 1 end)`;
  return sql`
    select 'sale'::text doc, s.id doc_id, s.id sale_id, l.item_fk item_id, l.promotion_fk promotion_id, s.date,
           (l.quantity + l.free_quantity) * l.unit_base_qty qty, l.free_quantity * l.unit_base_qty free_qty,
           ${toSys(f, sql`l.line_total * ${share}`, sql`s.currency_id`, sql`s.rate`)} revenue,
           ${toSys(f, sql`-coalesce((select sum((st->>'change')::numeric) from jsonb_array_elements(l.steps) st where st->>'step' = 'promotion'), 0)`, sql`s.currency_id`, sql`s.rate`)} promotion_discount,
           -coalesce((select sum(m.value) from stock_movements m
                       where m.source_type = 'sale' and m.source_id = s.id and m.source_line = l.line_id), 0) cost
      from sale_lines l join sales s on s.id = l.sale_fk join items i on i.item_id = l.item_fk
     where ${saleConditions(ctx, f)} and ${itemConditions(f)}
    union all
    select 'return'::text, r.id, r.sale_fk, rl.item_fk, sl.promotion_fk, r.date,
           -(rl.quantity * rl.unit_base_qty), 0,
           -${toSys(f, sql`rl.revenue - rl.discount_amount`, sql`r.currency_id`, sql`r.rate`)}, 0, -rl.cost
      from sale_return_lines rl join sale_returns r on r.id = rl.return_fk join items i on i.item_id = rl.item_fk
      left join sales s on s.id = r.sale_fk left join sale_lines sl on sl.line_id = rl.sale_line_fk
     where ${returnConditions(ctx, f)} and ${itemConditions(f)}`;
}
