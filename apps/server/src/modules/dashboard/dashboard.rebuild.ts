import { type SQL, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.js";
import { businessTimeZone } from "../../platform/business-time.js";
import { systemCurrency } from "../ledger/ledger.js";
import {
  ITEM_COLUMNS,
  MONTH_COLUMNS,
  returnItemRowsSql,
  returnRowsSql,
  SALES_COLUMNS,
  saleItemRowsSql,
  saleRowsSql,
} from "./dashboard.record.js";

/**
 * The dashboard's summary rows against the documents, for the recalculation: every group (an
 * hour, outlet, inventory, customer and currency of the sales; a day, outlet, inventory, currency
 * and item of their lines; a month, outlet, inventory, currency and item of the month rows with
 * the lines not yet folded into them) whose sums are not what the complete documents add up to is
 * one difference. The rebuild writes them all again from the documents, one row per group.
 */
const SALE_KEYS = sql.raw("at, outlet_fk, inventory_fk, consumer_fk, currency_id");
const SALE_SUMS = ["count", "net", "discount", "returns", "cost", "net_sys", "discount_sys", "returns_sys", "cost_sys"];
const ITEM_KEYS = sql.raw("at, outlet_fk, inventory_fk, currency_id, item_fk");
const ITEM_SUMS = ["qty", "net", "net_sys"];
const MONTH_KEYS = sql.raw("month, outlet_fk, inventory_fk, currency_id, item_fk");

const sums = (cols: string[]) => sql.raw(cols.map((c) => `sum(${c}) as ${c}`).join(", "));
const nonZero = (cols: string[]) => sql.raw(cols.map((c) => `sum(${c}) <> 0`).join(" or "));

async function expected(tx: DbOrTx): Promise<{ sales: SQL; items: SQL }> {
  const sys = await systemCurrency(tx);
  const zone = businessTimeZone();
  const all = sql`true`;
  return {
    sales: sql`
      select ${SALE_KEYS}, ${sums(SALE_SUMS)}
        from (${saleRowsSql(sys, zone, all, 1)} union all ${returnRowsSql(sys, zone, all, 1)}) x
       group by ${SALE_KEYS} having ${nonZero(SALE_SUMS)}`,
    items: sql`
      select ${ITEM_KEYS}, ${sums(ITEM_SUMS)}
        from (select doc_type, doc_id, date_trunc('day', at, ${zone}) as at, outlet_fk, inventory_fk, currency_id, item_fk, qty, net, net_sys
                from (${saleItemRowsSql(sys, zone, all, 1)} union all ${returnItemRowsSql(sys, zone, all, 1)}) y) x
       group by ${ITEM_KEYS} having ${nonZero(ITEM_SUMS)}`,
  };
}

const kept = (zone: string) => ({
  sales: sql`select ${SALE_KEYS}, ${sums(SALE_SUMS)} from dashboard_sales group by ${SALE_KEYS} having ${nonZero(SALE_SUMS)}`,
  items: sql`
    select ${ITEM_KEYS}, ${sums(ITEM_SUMS)}
      from (select date_trunc('day', at, ${zone}) as at, outlet_fk, inventory_fk, currency_id, item_fk, qty, net, net_sys from dashboard_item_sales) x
     group by ${ITEM_KEYS} having ${nonZero(ITEM_SUMS)}`,
});

function differing(want: SQL, have: SQL, keys: string[], cols: string[]): SQL {
  // A full join takes equalities only: the one key that may be null (the outlet) compared through 0.
  const on = sql.raw(keys.map((k) => (k === "outlet_fk" ? `coalesce(w.${k}, 0) = coalesce(h.${k}, 0)` : `w.${k} = h.${k}`)).join(" and "));
  const changed = sql.raw(cols.map((c) => `coalesce(w.${c}, 0) <> coalesce(h.${c}, 0)`).join(" or "));
  return sql`select count(*)::int as n from (${want}) w full join (${have}) h on ${on} where ${changed}`;
}

/** The documents' lines per month, and the month rows with the lines not yet folded into them. */
function months(zone: string, items: SQL): { want: SQL; have: SQL } {
  return {
    want: sql`
      select ${MONTH_KEYS}, ${sums(ITEM_SUMS)}
        from (select date_trunc('month', at at time zone ${zone})::date as month, outlet_fk, inventory_fk, currency_id, item_fk, qty, net, net_sys from (${items}) w) x
       group by ${MONTH_KEYS} having ${nonZero(ITEM_SUMS)}`,
    have: sql`
      select ${MONTH_KEYS}, ${sums(ITEM_SUMS)}
        from (select ${MONTH_KEYS}, qty, net, net_sys from dashboard_item_months
              union all
              select date_trunc('month', at at time zone ${zone})::date, outlet_fk, inventory_fk, currency_id, item_fk, qty, net, net_sys
                from dashboard_item_sales where doc_id is not null) x
       group by ${MONTH_KEYS} having ${nonZero(ITEM_SUMS)}`,
  };
}

/** How many summary groups differ from the documents (sales, lines, lines per month). */
export async function dashboardDifferences(tx: DbOrTx): Promise<number> {
  const want = await expected(tx);
  const have = kept(businessTimeZone());
  const a = await tx.execute<{ n: number }>(
    differing(want.sales, have.sales, ["at", "outlet_fk", "inventory_fk", "consumer_fk", "currency_id"], SALE_SUMS),
  );
  const b = await tx.execute<{ n: number }>(
    differing(want.items, have.items, ["at", "outlet_fk", "inventory_fk", "currency_id", "item_fk"], ITEM_SUMS),
  );
  const m = months(businessTimeZone(), want.items);
  const c = await tx.execute<{ n: number }>(
    differing(m.want, m.have, ["month", "outlet_fk", "inventory_fk", "currency_id", "item_fk"], ITEM_SUMS),
  );
  return Number(a.rows[0]?.n ?? 0) + Number(b.rows[0]?.n ?? 0) + Number(c.rows[0]?.n ?? 0);
}

/**
 * Writes the summary rows again from the documents (their tables locked by the caller), when any
 * differs; answers how many groups differed.
 */
export async function rebuildDashboard(tx: DbOrTx): Promise<number> {
  const n = await dashboardDifferences(tx);
  if (!n) return 0;
  const want = await expected(tx);
  await tx.execute(sql`delete from dashboard_sales`);
  await tx.execute(sql`delete from dashboard_item_sales`);
  await tx.execute(sql`
    insert into dashboard_sales (${SALES_COLUMNS})
    select 'compacted', null, ${SALE_KEYS}, ${sql.raw(SALE_SUMS.join(", "))} from (${want.sales}) w`);
  await tx.execute(sql`
    insert into dashboard_item_sales (${ITEM_COLUMNS})
    select 'compacted', null, ${ITEM_KEYS}, ${sql.raw(ITEM_SUMS.join(", "))} from (${want.items}) w`);
  // Every row is folded now: the months are their sums.
  await tx.execute(sql`delete from dashboard_item_months`);
  await tx.execute(sql`
    insert into dashboard_item_months (${MONTH_COLUMNS})
    select ${MONTH_KEYS}, ${sql.raw(ITEM_SUMS.join(", "))} from (${months(businessTimeZone(), want.items).want}) w`);
  return n;
}
