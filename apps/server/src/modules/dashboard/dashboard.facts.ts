import { CURRENCY_IQD, type DashboardCurrency } from "@app/contracts";
import { type SQL, sql } from "drizzle-orm";
import type { Ctx } from "../../platform/context.js";
import { inventoryScope } from "../catalogue/inventories.js";

/**
 * What the dashboard's sales figures are read from, in one shape whether the rows are the summary
 * rows (dashboard_sales, dashboard_item_sales) or the documents themselves: one row per document
 * (or per compacted group of them) with its business day and hour, outlet, inventory, customer,
 * and its amounts already in the asked currency. The documents' form is the reference the
 * summaries are tested and measured against.
 */
export interface FactFilters {
  /** Business days, both counted. */
  from: string;
  to: string;
  outlet?: number;
  inventory?: number;
  currency: DashboardCurrency;
  /** The currency id of IQD or USD; null for `system`. */
  currencyId: number | null;
  /** The system currency's id. */
  sys: number;
}

const and = (parts: (SQL | undefined | false)[]) => {
  const kept = parts.filter((p): p is SQL => !!p);
  return kept.length ? sql.join(kept, sql` and `) : sql`true`;
};

/** A document's amount (its own currency) in the asked currency: itself, or the system currency at its rate. */
function inAsked(f: FactFilters, amount: SQL, currency: SQL, rate: SQL): SQL {
  if (f.currencyId !== null) return sql`(${amount})`;
  const other = f.sys === CURRENCY_IQD ? sql`(${amount}) * (${rate})` : sql`(${amount}) / nullif(${rate}, 0)`;
  return sql`(case when ${currency} = ${f.sys} then (${amount}) else ${other} end)`;
}

/** A system-currency amount (a cost) in the asked currency: itself, or in the document's currency at its rate. */
function sysInAsked(f: FactFilters, amount: SQL, currency: SQL, rate: SQL): SQL {
  if (f.currencyId === null) return sql`(${amount})`;
  const other = f.sys === CURRENCY_IQD ? sql`(${amount}) / nullif(${rate}, 0)` : sql`(${amount}) * (${rate})`;
  return sql`(case when ${currency} = ${f.sys} then (${amount}) else ${other} end)`;
}

/** The business day and hour of an instant, in the configured zone. */
export const dayOf = (zone: string, expr: SQL) => sql`(${expr} at time zone ${zone})::date`;
export const hourOf = (zone: string, expr: SQL) => sql`extract(hour from ${expr} at time zone ${zone})::int`;

/** The outlet a document counts under: its own, else its inventory's (a return counts under its sale's). */
const SALE_OUTLET = sql`coalesce(s.outlet_fk, inv.outlet_fk)`;

interface Range {
  start: Date;
  end: Date;
}

/**
 * The documents of a period (the instants of its first and last business day's bounds), as
 * dashboard rows: complete sales (+1 each, their net, discounts and cost) and complete returns
 * (their net off, their value as returns, their goods' cost back).
 */
export function rawDocFacts(ctx: Ctx, f: FactFilters, zone: string, r: Range): SQL {
  const saleWhere = and([
    sql`s.status = 'complete'`,
    sql`s.date between ${r.start.toISOString()}::timestamptz and ${r.end.toISOString()}::timestamptz`,
    f.currencyId !== null && sql`s.currency_id = ${f.currencyId}`,
    f.inventory !== undefined && sql`s.inventory_fk = ${f.inventory}`,
    f.outlet !== undefined && sql`${SALE_OUTLET} = ${f.outlet}`,
    inventoryScope(ctx, sql`s.inventory_fk`),
  ]);
  const returnWhere = and([
    sql`r.status = 'complete'`,
    sql`r.date between ${r.start.toISOString()}::timestamptz and ${r.end.toISOString()}::timestamptz`,
    f.currencyId !== null && sql`r.currency_id = ${f.currencyId}`,
    f.inventory !== undefined && sql`r.inventory_fk = ${f.inventory}`,
    f.outlet !== undefined && sql`${SALE_OUTLET} = ${f.outlet}`,
    inventoryScope(ctx, sql`r.inventory_fk`),
  ]);
  return sql`
    select ${dayOf(zone, sql`s.date`)} as day, ${hourOf(zone, sql`s.date`)} as hour, ${SALE_OUTLET} as outlet_fk,
           s.inventory_fk, s.consumer_fk, 1 as count,
           ${inAsked(f, sql`s.subtotal - s.rounded_discount`, sql`s.currency_id`, sql`s.rate`)} as net,
           ${inAsked(f, sql`s.discount_amount + s.rounded_discount`, sql`s.currency_id`, sql`s.rate`)} as discount,
           0::numeric as returns,
           ${sysInAsked(f, sql`s.cost_total`, sql`s.currency_id`, sql`s.rate`)} as cost
      from sales s join inventories inv on inv.inventory_id = s.inventory_fk
     where ${saleWhere}
    union all
    select ${dayOf(zone, sql`r.date`)}, ${hourOf(zone, sql`r.date`)}, ${SALE_OUTLET},
           r.inventory_fk, r.consumer_fk, 0,
           -${inAsked(f, sql`r.subtotal - r.discount_amount`, sql`r.currency_id`, sql`r.rate`)},
           0::numeric,
           ${inAsked(f, sql`r.subtotal - r.discount_amount`, sql`r.currency_id`, sql`r.rate`)},
           -${sysInAsked(f, sql`r.cost_total`, sql`r.currency_id`, sql`r.rate`)}
      from sale_returns r join inventories inv on inv.inventory_id = r.inventory_fk left join sales s on s.id = r.sale_fk
     where ${returnWhere}`;
}

/** The lines of the same documents per item: base units and net revenue, returns negative. */
export function rawItemFacts(ctx: Ctx, f: FactFilters, r: Range): SQL {
  const share = sql`(case when s.subtotal > 0 then (s.subtotal - s.rounded_discount) / s.subtotal else 1 end)`;
  const saleWhere = and([
    sql`s.status = 'complete'`,
    sql`s.date between ${r.start.toISOString()}::timestamptz and ${r.end.toISOString()}::timestamptz`,
    f.currencyId !== null && sql`s.currency_id = ${f.currencyId}`,
    f.inventory !== undefined && sql`s.inventory_fk = ${f.inventory}`,
    f.outlet !== undefined && sql`${SALE_OUTLET} = ${f.outlet}`,
    inventoryScope(ctx, sql`s.inventory_fk`),
  ]);
  const returnWhere = and([
    sql`r.status = 'complete'`,
    sql`r.date between ${r.start.toISOString()}::timestamptz and ${r.end.toISOString()}::timestamptz`,
    f.currencyId !== null && sql`r.currency_id = ${f.currencyId}`,
    f.inventory !== undefined && sql`r.inventory_fk = ${f.inventory}`,
    f.outlet !== undefined && sql`${SALE_OUTLET} = ${f.outlet}`,
    inventoryScope(ctx, sql`r.inventory_fk`),
  ]);
  return sql`
    select l.item_fk, (l.quantity + l.free_quantity) * l.unit_base_qty as qty,
           ${inAsked(f, sql`l.line_total * ${share}`, sql`s.currency_id`, sql`s.rate`)} as net
      from sale_lines l join sales s on s.id = l.sale_fk join inventories inv on inv.inventory_id = s.inventory_fk
     where ${saleWhere}
    union all
    select rl.item_fk, -(rl.quantity * rl.unit_base_qty),
           -${inAsked(f, sql`rl.revenue - rl.discount_amount`, sql`r.currency_id`, sql`r.rate`)}
      from sale_return_lines rl join sale_returns r on r.id = rl.return_fk
      join inventories inv on inv.inventory_id = r.inventory_fk left join sales s on s.id = r.sale_fk
     where ${returnWhere}`;
}
