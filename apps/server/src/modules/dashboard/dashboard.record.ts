import { CURRENCY_IQD } from "@app/contracts";
import { type SQL, sql } from "drizzle-orm";
import { businessTimeZone } from "../../platform/business-time.js";
import type { Ctx } from "../../platform/context.js";
import { systemCurrency } from "../ledger/ledger.js";

/**
 * The dashboard's summary rows of documents, as the documents stand (complete ones only):
 * a sale's row and its lines per item, a return's. `sign` −1 is the undoing, written before the
 * document changes (return to draft, an edit of a complete one, a deletion). Each is one
 * `insert ... select` at the end of the posting, in its transaction: a row of its own, no lock
 * taken on any row another posting writes.
 */

/** The document's amount in the system currency at its rate (`sys` the system currency's id). */
const toSys = (sys: number, amount: SQL, currency: SQL, rate: SQL) =>
  sys === CURRENCY_IQD
    ? sql`(case when ${currency} = ${sys} then ${amount} else (${amount}) * ${rate} end)`
    : sql`(case when ${currency} = ${sys} then ${amount} else (${amount}) / nullif(${rate}, 0) end)`;
/** A system-currency amount (a cost) in the document's currency at its rate. */
const fromSys = (sys: number, amount: SQL, currency: SQL, rate: SQL) =>
  sys === CURRENCY_IQD
    ? sql`(case when ${currency} = ${sys} then ${amount} else (${amount}) / nullif(${rate}, 0) end)`
    : sql`(case when ${currency} = ${sys} then ${amount} else (${amount}) * ${rate} end)`;

const hourAt = (zone: string, date: SQL) => sql`date_trunc('hour', ${date}, ${zone})`;
const SALE_OUTLET = sql`coalesce(s.outlet_fk, inv.outlet_fk)`;

/** Rows of dashboard_sales for the complete sales `where` picks (alias `s`). */
export function saleRowsSql(sys: number, zone: string, where: SQL, sign: 1 | -1): SQL {
  const net = sql`(s.subtotal - s.rounded_discount)`;
  const discount = sql`(s.discount_amount + s.rounded_discount)`;
  return sql`
    select 'sale' as doc_type, s.id as doc_id, ${hourAt(zone, sql`s.date`)} as at, ${SALE_OUTLET} as outlet_fk, s.inventory_fk,
           s.consumer_fk, s.currency_id, ${sign}::int as count,
           ${sign} * ${net} as net, ${sign} * ${discount} as discount, 0::numeric as returns,
           ${sign} * ${fromSys(sys, sql`s.cost_total`, sql`s.currency_id`, sql`s.rate`)} as cost,
           ${sign} * ${toSys(sys, net, sql`s.currency_id`, sql`s.rate`)} as net_sys,
           ${sign} * ${toSys(sys, discount, sql`s.currency_id`, sql`s.rate`)} as discount_sys, 0::numeric as returns_sys,
           ${sign} * s.cost_total as cost_sys
      from sales s join inventories inv on inv.inventory_id = s.inventory_fk
     where s.status = 'complete' and ${where}`;
}

/** Rows of dashboard_sales for the complete returns `where` picks (alias `r`). */
export function returnRowsSql(sys: number, zone: string, where: SQL, sign: 1 | -1): SQL {
  const value = sql`(r.subtotal - r.discount_amount)`;
  return sql`
    select 'return' as doc_type, r.id as doc_id, ${hourAt(zone, sql`r.date`)} as at, ${SALE_OUTLET} as outlet_fk, r.inventory_fk,
           r.consumer_fk, r.currency_id, 0 as count,
           ${-sign} * ${value} as net, 0::numeric as discount, ${sign} * ${value} as returns,
           ${-sign} * ${fromSys(sys, sql`r.cost_total`, sql`r.currency_id`, sql`r.rate`)} as cost,
           ${-sign} * ${toSys(sys, value, sql`r.currency_id`, sql`r.rate`)} as net_sys, 0::numeric as discount_sys,
           ${sign} * ${toSys(sys, value, sql`r.currency_id`, sql`r.rate`)} as returns_sys,
           ${-sign} * r.cost_total as cost_sys
      from sale_returns r join inventories inv on inv.inventory_id = r.inventory_fk left join sales s on s.id = r.sale_fk
     where r.status = 'complete' and ${where}`;
}

/** Rows of dashboard_item_sales for the same sales: one per sale and item. */
export function saleItemRowsSql(sys: number, zone: string, where: SQL, sign: 1 | -1): SQL {
  const share = sql`(case when s.subtotal > 0 then (s.subtotal - s.rounded_discount) / s.subtotal else 1 end)`;
  return sql`
    select 'sale' as doc_type, s.id as doc_id, ${hourAt(zone, sql`s.date`)} as at, ${SALE_OUTLET} as outlet_fk, s.inventory_fk,
           s.currency_id, l.item_fk, ${sign} * sum((l.quantity + l.free_quantity) * l.unit_base_qty) as qty,
           ${sign} * sum(l.line_total * ${share}) as net,
           ${sign} * sum(${toSys(sys, sql`l.line_total * ${share}`, sql`s.currency_id`, sql`s.rate`)}) as net_sys
      from sales s join inventories inv on inv.inventory_id = s.inventory_fk join sale_lines l on l.sale_fk = s.id
     where s.status = 'complete' and ${where}
     group by s.id, inv.outlet_fk, l.item_fk`;
}

/** Rows of dashboard_item_sales for the same returns: one per return and item, negative. */
export function returnItemRowsSql(sys: number, zone: string, where: SQL, sign: 1 | -1): SQL {
  const value = sql`(rl.revenue - rl.discount_amount)`;
  return sql`
    select 'return' as doc_type, r.id as doc_id, ${hourAt(zone, sql`r.date`)} as at, ${SALE_OUTLET} as outlet_fk, r.inventory_fk,
           r.currency_id, rl.item_fk, ${-sign} * sum(rl.quantity * rl.unit_base_qty) as qty, ${-sign} * sum(${value}) as net,
           ${-sign} * sum(${toSys(sys, value, sql`r.currency_id`, sql`r.rate`)}) as net_sys
      from sale_returns r join inventories inv on inv.inventory_id = r.inventory_fk left join sales s on s.id = r.sale_fk
      join sale_return_lines rl on rl.return_fk = r.id
     where r.status = 'complete' and ${where}
     group by r.id, s.outlet_fk, inv.outlet_fk, rl.item_fk`;
}

export const SALES_COLUMNS = sql.raw(
  "doc_type, doc_id, at, outlet_fk, inventory_fk, consumer_fk, currency_id, count, net, discount, returns, cost, net_sys, discount_sys, returns_sys, cost_sys",
);
export const ITEM_COLUMNS = sql.raw("doc_type, doc_id, at, outlet_fk, inventory_fk, currency_id, item_fk, qty, net, net_sys");
export const MONTH_COLUMNS = sql.raw("month, outlet_fk, inventory_fk, currency_id, item_fk, qty, net, net_sys");

/** The two inserts for the sales `where` picks (alias `s`), as statements (the POS books its batch's in its last round trip). */
export function recordSalesSql(sys: number, where: SQL, sign: 1 | -1): SQL[] {
  const zone = businessTimeZone();
  return [
    sql`insert into dashboard_sales (${SALES_COLUMNS}) ${saleRowsSql(sys, zone, where, sign)}`,
    sql`insert into dashboard_item_sales (${ITEM_COLUMNS}) ${saleItemRowsSql(sys, zone, where, sign)}`,
  ];
}

/** A sale's summary rows, added (`1`, it went out) or taken off (`-1`, before it is undone). */
export async function recordSale(ctx: Ctx, saleId: number, sign: 1 | -1): Promise<void> {
  const sys = await systemCurrency(ctx.tx);
  for (const s of recordSalesSql(sys, sql`s.id = ${saleId}`, sign)) await ctx.tx.execute(s);
}

/** A sale return's summary rows, added (saved) or taken off (before an edit or a deletion). */
export async function recordSaleReturn(ctx: Ctx, returnId: number, sign: 1 | -1): Promise<void> {
  const sys = await systemCurrency(ctx.tx);
  const zone = businessTimeZone();
  const where = sql`r.id = ${returnId}`;
  await ctx.tx.execute(sql`insert into dashboard_sales (${SALES_COLUMNS}) ${returnRowsSql(sys, zone, where, sign)}`);
  await ctx.tx.execute(sql`insert into dashboard_item_sales (${ITEM_COLUMNS}) ${returnItemRowsSql(sys, zone, where, sign)}`);
}
