import { type SQL, sql } from "drizzle-orm";
import type { Db, DbOrTx } from "../../db/client.js";
import { addDays, businessDay, businessTimeZone, endOfBusinessDay, startOfBusinessDay } from "../../platform/business-time.js";
import type { Ctx } from "../../platform/context.js";
import { inventoryScope } from "../catalogue/inventories.js";
import type { FactFilters } from "./dashboard.facts.js";
import { ITEM_COLUMNS, MONTH_COLUMNS, SALES_COLUMNS } from "./dashboard.record.js";

const and = (parts: (SQL | undefined | false)[]) => {
  const kept = parts.filter((p): p is SQL => !!p);
  return kept.length ? sql.join(kept, sql` and `) : sql`true`;
};

/** The filters of a summary table under alias `d` (currency, inventory, outlet, the user's inventories). */
function filters(ctx: Ctx, f: FactFilters): (SQL | undefined)[] {
  return [
    ...(f.currencyId !== null ? [sql`d.currency_id = ${f.currencyId}`] : []),
    ...(f.inventory !== undefined ? [sql`d.inventory_fk = ${f.inventory}`] : []),
    ...(f.outlet !== undefined ? [sql`d.outlet_fk = ${f.outlet}`] : []),
    inventoryScope(ctx, sql`d.inventory_fk`),
  ];
}

/** The summary rows of the business days `from`..`to` under the filters (alias `d`). */
function where(ctx: Ctx, f: FactFilters, from: string, to: string): SQL {
  return and([
    sql`d.at >= ${startOfBusinessDay(from).toISOString()}::timestamptz and d.at <= ${endOfBusinessDay(to).toISOString()}::timestamptz`,
    ...filters(ctx, f),
  ]);
}

/** The first day of the month of `day` (YYYY-MM-DD), and of the month after. */
const monthOf = (day: string) => `${day.slice(0, 7)}-01`;
function nextMonth(month: string): string {
  const y = Number(month.slice(0, 4));
  const m = Number(month.slice(5, 7));
  return m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, "0")}-01`;
}

/** The whole months of `from`..`to`: [first month's first day, the first day after the last), or null when none. */
export function wholeMonths(from: string, to: string): { start: string; end: string } | null {
  const start = from === monthOf(from) ? from : nextMonth(monthOf(from));
  const end = nextMonth(monthOf(to)) === addDays(to, 1) ? addDays(to, 1) : monthOf(to);
  return start < end ? { start, end } : null;
}

/** dashboard_sales as the rows `rawDocFacts` gives (day, hour, outlet, inventory, customer, count and amounts in the asked currency). */
export function summaryDocFacts(ctx: Ctx, f: FactFilters, from: string, to: string): SQL {
  const zone = businessTimeZone();
  const amount = (col: string) => sql.raw(f.currencyId === null ? `d.${col}_sys` : `d.${col}`);
  return sql`
    select (d.at at time zone ${zone})::date as day, extract(hour from d.at at time zone ${zone})::int as hour, d.outlet_fk,
           d.inventory_fk, d.consumer_fk, d.count, ${amount("net")} as net, ${amount("discount")} as discount,
           ${amount("returns")} as returns, ${amount("cost")} as cost
      from dashboard_sales d where ${where(ctx, f, from, to)}`;
}

/**
 * dashboard_item_sales as the rows `rawItemFacts` gives (item, base units, net in the asked
 * currency). The period's whole months come from dashboard_item_months (the folded rows) and the
 * rows of their documents not yet folded; the days before and after them from the day rows.
 */
export function summaryItemFacts(ctx: Ctx, f: FactFilters, from: string, to: string): SQL {
  const net = f.currencyId === null ? sql`d.net_sys` : sql`d.net`;
  const days = (a: string, b: string) =>
    sql`select d.item_fk, d.qty, ${net} as net from dashboard_item_sales d where ${where(ctx, f, a, b)}`;
  const whole = wholeMonths(from, to);
  if (!whole) return days(from, to);
  const parts: SQL[] = [
    sql`select d.item_fk, d.qty, ${net} as net from dashboard_item_months d
         where ${and([sql`d.month >= ${whole.start}::date and d.month < ${whole.end}::date`, ...filters(ctx, f)])}`,
    sql`select d.item_fk, d.qty, ${net} as net from dashboard_item_sales d
         where ${and([
           sql`d.doc_id is not null`,
           sql`d.at >= ${startOfBusinessDay(whole.start).toISOString()}::timestamptz and d.at < ${startOfBusinessDay(whole.end).toISOString()}::timestamptz`,
           ...filters(ctx, f),
         ])}`,
  ];
  if (from < whole.start) parts.push(days(from, addDays(whole.start, -1)));
  if (to >= whole.end) parts.push(days(whole.end, to));
  return sql.join(parts, sql` union all `);
}

/** Days folded by one compaction at most, so that one call stays short. */
const DAYS_PER_RUN = 62;
const COMPACT_LOCK = 4_242_001;

/**
 * Folds the summary rows of past business days (before today) into one row per group: the
 * documents' rows and earlier folds of the same days, summed; groups that sum to nothing (a sale
 * and its undoing) go. Rows come and go in one statement per table, so a posting made meanwhile
 * (its row not yet committed, or committed after the statement began) is left for the next run
 * and nothing is counted twice. One compaction at a time (a transaction-level advisory lock; a
 * second one returns at once). Answers how many days it folded (0: nothing left).
 */
export async function compactDashboard(db: Db, now: Date): Promise<number> {
  const zone = businessTimeZone();
  const cutoff = startOfBusinessDay(businessDay(now)).toISOString();
  return db.transaction(async (tx) => {
    const locked = await tx.execute<{ ok: boolean }>(sql`select pg_try_advisory_xact_lock(${COMPACT_LOCK}) as ok`);
    if (!locked.rows[0]?.ok) return 0;
    const days = await openDays(tx, zone, cutoff);
    if (!days.length) return 0;
    const list = sql`array[${sql.join(
      days.map((d) => sql`${d}::timestamptz`),
      sql`, `,
    )}]`;
    const inDays = sql`d.at >= ${days[0]}::timestamptz and d.at < ${days.at(-1)}::timestamptz + interval '1 day' + interval '1 hour'
                       and date_trunc('day', d.at, ${zone}) = any(${list})`;
    await tx.execute(sql`
      with gone as (delete from dashboard_sales d where ${inDays} returning d.*)
      insert into dashboard_sales (${SALES_COLUMNS})
      select 'compacted', null, at, outlet_fk, inventory_fk, consumer_fk, currency_id, sum(count), sum(net), sum(discount), sum(returns),
             sum(cost), sum(net_sys), sum(discount_sys), sum(returns_sys), sum(cost_sys)
        from gone group by at, outlet_fk, inventory_fk, consumer_fk, currency_id
      having sum(count) <> 0 or sum(net) <> 0 or sum(discount) <> 0 or sum(returns) <> 0 or sum(cost) <> 0
          or sum(net_sys) <> 0 or sum(cost_sys) <> 0`);
    // The documents' rows folded now enter their month's rows, in the same statement (and once:
    // rows folded before, doc_id null, are in them already).
    await tx.execute(sql`
      with gone as (delete from dashboard_item_sales d where ${inDays} returning d.*),
      months as (
        insert into dashboard_item_months (${MONTH_COLUMNS})
        select date_trunc('month', at at time zone ${zone})::date, outlet_fk, inventory_fk, currency_id, item_fk, sum(qty), sum(net), sum(net_sys)
          from gone where doc_id is not null group by 1, 2, 3, 4, 5
        having sum(qty) <> 0 or sum(net) <> 0 or sum(net_sys) <> 0
      )
      insert into dashboard_item_sales (${ITEM_COLUMNS})
      select 'compacted', null, date_trunc('day', at, ${zone}), outlet_fk, inventory_fk, currency_id, item_fk, sum(qty), sum(net), sum(net_sys)
        from gone group by 3, 4, 5, 6, 7
      having sum(qty) <> 0 or sum(net) <> 0 or sum(net_sys) <> 0`);
    // The months touched, folded to one row per group.
    await tx.execute(sql`
      with gone as (
        delete from dashboard_item_months d
         where d.month in (select distinct date_trunc('month', x at time zone ${zone})::date from unnest(${list}) x)
        returning d.*
      )
      insert into dashboard_item_months (${MONTH_COLUMNS})
      select month, outlet_fk, inventory_fk, currency_id, item_fk, sum(qty), sum(net), sum(net_sys)
        from gone group by 1, 2, 3, 4, 5
      having sum(qty) <> 0 or sum(net) <> 0 or sum(net_sys) <> 0`);
    return days.length;
  });
}

/** The business days (their starts, ISO) before the cutoff that have rows of single documents, oldest first. */
async function openDays(tx: DbOrTx, zone: string, cutoff: string): Promise<string[]> {
  const r = await tx.execute<{ day: Date | string }>(sql`
    select distinct date_trunc('day', x.at, ${zone}) as day from (
      (select at from dashboard_sales where doc_id is not null and at < ${cutoff}::timestamptz order by at limit 100000)
      union all
      (select at from dashboard_item_sales where doc_id is not null and at < ${cutoff}::timestamptz order by at limit 100000)
    ) x order by 1 limit ${DAYS_PER_RUN}`);
  return r.rows.map((row) => new Date(row.day).toISOString());
}

/** Whether past days have rows left to fold (read by the partial indexes: cheap on every request). */
export async function compactionDue(db: DbOrTx, now: Date): Promise<boolean> {
  const cutoff = startOfBusinessDay(businessDay(now)).toISOString();
  const r = await db.execute(sql`
    select 1 where exists (select 1 from dashboard_sales where doc_id is not null and at < ${cutoff}::timestamptz)
                or exists (select 1 from dashboard_item_sales where doc_id is not null and at < ${cutoff}::timestamptz)`);
  return r.rows.length > 0;
}
