import { CURRENCY_IQD, CURRENCY_USD, DASHBOARD_LIST_LIMIT, type Dashboard, DEFAULT_EXPIRE_ALERT_DAYS } from "@app/contracts";
import { type SQL, sql } from "drizzle-orm";
import { businessDay, businessTimeZone } from "../../platform/business-time.js";
import type { Ctx } from "../../platform/context.js";
import { CASH_SCOPE } from "../cash/cashes.js";
import { inventoryScope } from "../catalogue/inventories.js";
import { D } from "../ledger/money.js";
import type { FactFilters } from "./dashboard.facts.js";

type Positions = Pick<Dashboard, "cash" | "receivables" | "payables" | "inventory_value" | "low_stock" | "near_expiry">;
export interface PositionKeys {
  cash: boolean;
  receivables: boolean;
  payables: boolean;
  inventoryValue: boolean;
  lowStock: boolean;
  nearExpiry: boolean;
}

const money = (v: string | null | undefined) =>
  D(v ?? 0)
    .toDecimalPlaces(3)
    .toFixed();
const and = (parts: (SQL | undefined | false)[]) => {
  const kept = parts.filter((p): p is SQL => !!p);
  return kept.length ? sql.join(kept, sql` and `) : sql`true`;
};

/**
 * Today's positions, whatever the period: what each drawer, cash box and bank account holds; what
 * customers owe and suppliers are owed (and how much of it is overdue); the goods' value per
 * inventory; items under their shortage alert and batches near their expiry. Read from the kept
 * balances (the accounts' month sums, stock_balances, stock_item_costs); the overdue part reads the
 * documents still owed of the parties with overdue terms alone (by their index on the party).
 */
export async function dashboardPositions(ctx: Ctx, f: FactFilters, keys: PositionKeys): Promise<Positions> {
  const [cash, receivables, payables, inventoryValue, lowStock, nearExpiry] = await Promise.all([
    keys.cash ? cashBalances(ctx, f) : null,
    keys.receivables ? partyBalances(ctx, f, "customer") : null,
    keys.payables ? partyBalances(ctx, f, "supplier") : null,
    keys.inventoryValue ? inventoryValues(ctx, f) : null,
    keys.lowStock ? lowStockRows(ctx, f) : null,
    keys.nearExpiry ? nearExpiryRows(ctx, f) : null,
  ]);
  return { cash, receivables, payables, inventory_value: inventoryValue, low_stock: lowStock, near_expiry: nearExpiry };
}

async function cashBalances(ctx: Ctx, f: FactFilters): Promise<Positions["cash"]> {
  const r = await ctx.tx.execute<{
    account_id: number;
    account_name: string;
    kind: string;
    outlet_id: number | null;
    currency_id: number;
    currency_name: string;
    balance: string;
  }>(sql`
    select a.account_id, a.account_name,
           case when d.account_fk is not null then 'drawer' when coalesce(c.cash_type, 1) = 2 then 'bank'
                when c.cash_type = 3 then 'remittance' else 'cash' end as kind,
           u.outlet_fk as outlet_id, a.currency_id, cu.currency_name,
           coalesce((select sum(b.debit - b.credit) from account_month_balances b where b.account_id = a.account_id), 0)::text as balance
      from accounts a
      left join cash_accounts c on c.account_id = a.account_id
      left join pos_drawers d on d.account_fk = a.account_id
      left join users u on u.user_id = d.user_fk
      join currencies cu on cu.currency_id = a.currency_id
     where ${CASH_SCOPE} and a.is_active
       and ${f.outlet === undefined ? sql`true` : sql`(d.account_fk is null or u.outlet_fk = ${f.outlet})`}
     order by (d.account_fk is not null), a.account_id`);
  return r.rows.map((row) => ({
    account_id: Number(row.account_id),
    account_name: row.account_name,
    kind: row.kind,
    outlet_id: row.outlet_id === null ? null : Number(row.outlet_id),
    balances: [{ currency_id: Number(row.currency_id), currency_name: row.currency_name, balance: money(row.balance) }],
  }));
}

/**
 * What customers owe (debit balances) or suppliers are owed (credit balances) in the asked
 * currency: its account's balance (IQD or USD), or both in the system currency. Overdue: the
 * complete documents still owed under the party's terms (SPEC: all overdue invoices, or those
 * older than its overdue days), never more than the party's balance.
 */
async function partyBalances(ctx: Ctx, f: FactFilters, kind: "customer" | "supplier"): Promise<Positions["receivables"]> {
  const sign = kind === "customer" ? sql`1` : sql`-1`;
  const accountsOf =
    f.currencyId === CURRENCY_IQD
      ? sql`array[c.account_fk]`
      : f.currencyId === CURRENCY_USD
        ? sql`array[c.account_usd_fk]`
        : sql`array[c.account_fk, c.account_usd_fk]`;
  const amount = f.currencyId === null ? sql`b.sys_debit - b.sys_credit` : sql`b.debit - b.credit`;
  const today = businessDay(ctx.now);
  const zone = businessTimeZone();
  const asked = (amt: SQL) =>
    f.currencyId !== null
      ? sql`(case when d.currency_id = ${f.currencyId} then ${amt} else 0 end)`
      : sql`(case when d.currency_id = (select currency_fk from system_config where id = 1) then ${amt}
                  when d.currency_id = ${CURRENCY_IQD} then ${amt} / nullif(d.rate, 0) else ${amt} * d.rate end)`;
  const owedDocs =
    kind === "customer"
      ? sql`select s.consumer_fk, s.date, s.currency_id, s.rate,
                   s.remaining - coalesce((select sum(r.total) from sale_returns r
                                            where r.sale_fk = s.id and r.status = 'complete' and r.received_type = 'On Account'), 0) as owed
              from sales s where s.status = 'complete' and s.remaining > 0 and s.consumer_fk in (select consumer_id from terms)`
      : sql`select p.consumer_fk, p.date, p.currency_id, p.rate, p.total - p.paid_amount as owed
              from purchases p where p.status = 'complete' and p.total > p.paid_amount and p.consumer_fk in (select consumer_id from terms)`;
  const r = await ctx.tx.execute<{ total: string; overdue: string }>(sql`
    with bal as (
      select c.consumer_id, c.overdue_type, c.overdue_days,
             ${sign} * coalesce((select sum(${amount}) from account_month_balances b where b.account_id = any(${accountsOf})), 0) as balance
        from consumers c where c.kind = ${kind}
    ), terms as (
      select consumer_id from bal where overdue_type is not null and balance > 0
    ), due as (
      select d.consumer_fk, sum(${asked(sql`d.owed`)}) as overdue
        from (${owedDocs}) d join bal on bal.consumer_id = d.consumer_fk
       where d.owed > 0 and bal.overdue_type is not null and bal.balance > 0
         and (bal.overdue_type = 'all'
              or (bal.overdue_days > 0 and (d.date at time zone ${zone})::date < ${today}::date - bal.overdue_days))
       group by d.consumer_fk
    )
    select coalesce(sum(bal.balance) filter (where bal.balance > 0), 0)::text as total,
           coalesce(sum(least(due.overdue, bal.balance)) filter (where bal.balance > 0 and due.overdue > 0), 0)::text as overdue
      from bal left join due on due.consumer_fk = bal.consumer_id`);
  return { total: money(r.rows[0]?.total), overdue: money(r.rows[0]?.overdue) };
}

/** The inventories the user may see, of the outlet and inventory asked (alias `inv`). */
const inventoryWhere = (ctx: Ctx, f: FactFilters) =>
  and([
    inventoryScope(ctx, sql`inv.inventory_id`),
    f.inventory !== undefined && sql`inv.inventory_id = ${f.inventory}`,
    f.outlet !== undefined && sql`inv.outlet_fk = ${f.outlet}`,
  ]);

async function inventoryValues(ctx: Ctx, f: FactFilters): Promise<Positions["inventory_value"]> {
  const r = await ctx.tx.execute<{ inventory_id: number; inventory_name: string; value: string }>(sql`
    select inv.inventory_id, inv.inventory_name,
           coalesce((select sum(b.qty * coalesce(c.avg_cost, 0)) from stock_balances b
                       left join stock_item_costs c on c.item_fk = b.item_fk
                      where b.inventory_fk = inv.inventory_id and b.qty <> 0), 0)::text as value
      from inventories inv where ${inventoryWhere(ctx, f)} order by inv.inventory_id`);
  return r.rows.map((row) => ({ inventory_id: Number(row.inventory_id), inventory_name: row.inventory_name, value: money(row.value) }));
}

async function lowStockRows(ctx: Ctx, f: FactFilters): Promise<Positions["low_stock"]> {
  const r = await ctx.tx.execute<{
    item_id: number;
    item_name: string;
    item_code: string | null;
    inventory_id: number;
    inventory_name: string;
    qty: string;
    minimum: number;
  }>(sql`
    select i.item_id, i.item_name, i.item_code, inv.inventory_id, inv.inventory_name,
           coalesce((select sum(b.qty) from stock_balances b where b.item_fk = i.item_id and b.inventory_fk = inv.inventory_id), 0)::text as qty,
           i.shortage_alert as minimum
      from items i cross join inventories inv
     where i.shortage_alert is not null and i.shortage_alert > 0 and inv.is_active and ${inventoryWhere(ctx, f)}
       and coalesce((select sum(b.qty) from stock_balances b where b.item_fk = i.item_id and b.inventory_fk = inv.inventory_id), 0) < i.shortage_alert
     order by coalesce((select sum(b.qty) from stock_balances b where b.item_fk = i.item_id and b.inventory_fk = inv.inventory_id), 0) - i.shortage_alert,
              i.item_id, inv.inventory_id
     limit ${DASHBOARD_LIST_LIMIT}`);
  return r.rows.map((row) => ({
    item_id: Number(row.item_id),
    item_name: row.item_name,
    item_code: row.item_code,
    inventory_id: Number(row.inventory_id),
    inventory_name: row.inventory_name,
    quantity: D(row.qty).toFixed(),
    minimum: String(row.minimum),
  }));
}

async function nearExpiryRows(ctx: Ctx, f: FactFilters): Promise<Positions["near_expiry"]> {
  const today = sql`${businessDay(ctx.now)}::date`;
  const r = await ctx.tx.execute<{
    batch_id: number;
    batch_no: string | null;
    expire_date: string;
    item_id: number;
    item_name: string;
    inventory_id: number;
    inventory_name: string;
    qty: string;
  }>(sql`
    select sb.batch_id, sb.batch_no, to_char(sb.expire_date, 'YYYY-MM-DD') as expire_date, i.item_id, i.item_name,
           inv.inventory_id, inv.inventory_name, b.qty::text as qty
      from stock_balances b
      join stock_batches sb on sb.batch_id = b.batch_fk
      join items i on i.item_id = b.item_fk
      join inventories inv on inv.inventory_id = b.inventory_fk
     where b.qty > 0 and sb.expire_date is not null and sb.expire_date >= ${today}
       and sb.expire_date <= ${today} + coalesce(i.expire_alert, ${DEFAULT_EXPIRE_ALERT_DAYS}::int)
       and ${inventoryWhere(ctx, f)}
     order by sb.expire_date, sb.batch_id, inv.inventory_id
     limit ${DASHBOARD_LIST_LIMIT}`);
  return r.rows.map((row) => ({
    batch_id: Number(row.batch_id),
    batch_no: row.batch_no,
    expire_date: row.expire_date,
    item_id: Number(row.item_id),
    item_name: row.item_name,
    inventory_id: Number(row.inventory_id),
    inventory_name: row.inventory_name,
    quantity: D(row.qty).toFixed(),
  }));
}
