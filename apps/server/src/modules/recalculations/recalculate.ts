import type { JobStep, RecalculationDifference, RecalculationFindings } from "@app/contracts";
import { sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.js";
import { businessTimeZone } from "../../platform/business-time.js";
import type { Ctx } from "../../platform/context.js";
import { dashboardDifferences, rebuildDashboard } from "../dashboard/dashboard.rebuild.js";
import { D } from "../ledger/money.js";
import { recalculations } from "./recalculations.tables.js";

/**
 * The recalculation (SPEC's `recalculations`): the kept balances are sums of append-only rows,
 * so each can be rebuilt from them. Stock balances from the movements per (item, inventory,
 * batch); item costs (quantity, value, moving average) from the movements per item; account day
 * and month sums from the journal lines. A difference is one figure of one row that is not what
 * its rows add up to; the run writes the true figure and reports what it was. The dashboard's
 * summary rows are rebuilt from the complete sales and returns the same way (their count reported).
 */

const blank = {
  item_id: null,
  item_name: null,
  inventory_id: null,
  inventory_name: null,
  batch_id: null,
  batch_no: null,
  expire_date: null,
  account_id: null,
  account_code: null,
  account_name: null,
  system_key: null,
  period: null,
} satisfies Partial<RecalculationDifference>;

const same = (was: string | null, now: string) => was !== null && D(was).eq(now);

interface BalanceFix {
  item_id: number;
  inventory_id: number;
  batch_id: number;
  qty: string;
}

/** Balance rows whose quantity is not the sum of their movements, or that are missing. */
async function stockBalanceDifferences(tx: DbOrTx) {
  const res = await tx.execute<{
    item_id: number;
    inventory_id: number;
    batch_id: number;
    item_name: string;
    inventory_name: string;
    batch_no: string | null;
    expire_date: string | null;
    was: string | null;
    now: string;
  }>(sql`
    select k.item_id, k.inventory_id, k.batch_id, i.item_name, inv.inventory_name, sb.batch_no,
           to_char(sb.expire_date, 'YYYY-MM-DD') expire_date, b.qty::text was, coalesce(m.q, 0)::text now
      from (select item_fk, inventory_fk, batch_fk, sum(qty) q from stock_movements group by 1, 2, 3) m
      full join stock_balances b on b.item_fk = m.item_fk and b.inventory_fk = m.inventory_fk and b.batch_fk = m.batch_fk
      cross join lateral (select coalesce(b.item_fk, m.item_fk) item_id, coalesce(b.inventory_fk, m.inventory_fk) inventory_id,
                                 coalesce(b.batch_fk, m.batch_fk) batch_id) k
      join items i on i.item_id = k.item_id
      join inventories inv on inv.inventory_id = k.inventory_id
      join stock_batches sb on sb.batch_id = k.batch_id
     where b.qty is distinct from coalesce(m.q, 0)
     order by k.item_id, k.inventory_id, k.batch_id`);
  const fixes: BalanceFix[] = [];
  const differences: RecalculationDifference[] = [];
  for (const r of res.rows) {
    const key = { item_id: Number(r.item_id), inventory_id: Number(r.inventory_id), batch_id: Number(r.batch_id) };
    fixes.push({ ...key, qty: D(r.now).toFixed() });
    differences.push({
      ...blank,
      ...key,
      kind: "stock_balance",
      field: "qty",
      was: r.was === null ? null : D(r.was).toFixed(),
      now: D(r.now).toFixed(),
      item_name: r.item_name,
      inventory_name: r.inventory_name,
      batch_no: r.batch_no,
      expire_date: r.expire_date,
    });
  }
  return { fixes, differences };
}

interface CostFix {
  item_id: number;
  qty: string;
  value: string;
  avg_cost: string;
}

/**
 * Item cost rows against their movements. Quantity and value are the sums. The average cost is
 * the one the stock core would have kept (stock.ts): value ÷ quantity while any is on hand;
 * at zero or below, the average of the last moment some was on hand, or the cost of a later
 * goods-in that found none (replayed in movement order, only for the items in that state).
 */
async function itemCostDifferences(tx: DbOrTx) {
  const sums = await tx.execute<{
    item_id: number;
    item_name: string;
    was_qty: string | null;
    was_value: string | null;
    was_avg: string | null;
    qty: string;
    value: string;
  }>(sql`
    select k.item_id, i.item_name, c.qty::text was_qty, c.value::text was_value, c.avg_cost::text was_avg,
           coalesce(s.q, 0)::text qty, coalesce(s.v, 0)::text "value"
      from (select item_fk, sum(qty) q, sum(value) v from stock_movements group by 1) s
      full join stock_item_costs c on c.item_fk = s.item_fk
      cross join lateral (select coalesce(c.item_fk, s.item_fk) item_id) k
      join items i on i.item_id = k.item_id
     order by k.item_id`);
  const last = await tx.execute<{ item_fk: number; rq: string; rv: string; unit_cost: string }>(sql`
    select distinct on (x.item_fk) x.item_fk, x.rq::text rq, x.rv::text rv, x.unit_cost::text unit_cost
      from (select m.item_fk, m.movement_id, m.qty, m.reversal_of, m.unit_cost,
                   sum(m.qty) over w rq, sum(m.value) over w rv
              from stock_movements m
             where m.item_fk in (select item_fk from stock_movements group by 1 having sum(qty) <= 0)
            window w as (partition by m.item_fk order by m.movement_id)) x
     where x.rq > 0 or (x.qty > 0 and x.reversal_of is null)
     order by x.item_fk, x.movement_id desc`);
  const setters = new Map(last.rows.map((r) => [Number(r.item_fk), r]));
  const fixes: CostFix[] = [];
  const differences: RecalculationDifference[] = [];
  for (const r of sums.rows) {
    const id = Number(r.item_id);
    const qty = D(r.qty);
    const value = D(r.value);
    let avg = D(0);
    if (qty.gt(0)) avg = value.div(qty);
    else {
      const s = setters.get(id);
      if (s) avg = D(s.rq).gt(0) ? D(s.rv).div(s.rq) : D(s.unit_cost);
    }
    const now = { qty: qty.toFixed(), value: value.toFixed(), avg_cost: avg.toDecimalPlaces(6).toFixed() };
    const was = { qty: r.was_qty, value: r.was_value, avg_cost: r.was_avg };
    const fields = (["qty", "value", "avg_cost"] as const).filter((f) => !same(was[f], now[f]));
    if (!fields.length) continue;
    fixes.push({ item_id: id, ...now });
    for (const f of fields)
      differences.push({
        ...blank,
        kind: "item_cost",
        field: f,
        was: was[f] === null ? null : D(was[f]).toFixed(),
        now: now[f],
        item_id: id,
        item_name: r.item_name,
      });
  }
  return { fixes, differences };
}

const MONEY = ["debit", "credit", "sys_debit", "sys_credit"] as const;
type Sums = Record<(typeof MONEY)[number], string>;

interface AccountFix extends Sums {
  account_id: number;
  period: string;
}

/** Day or month sums of an account against its journal lines (each entry on its business day). */
async function accountDifferences(tx: DbOrTx, kind: "account_day" | "account_month") {
  const day = sql`(e.date at time zone ${businessTimeZone()})::date`;
  const table = kind === "account_day" ? sql`account_balances` : sql`account_month_balances`;
  const col = kind === "account_day" ? sql`day` : sql`month`;
  const period = kind === "account_day" ? day : sql`date_trunc('month', ${day})::date`;
  const res = await tx.execute<
    { account_id: number; period: string; code: string; account_name: string; system_key: string | null } & {
      [K in `was_${(typeof MONEY)[number]}`]: string | null;
    } & Sums
  >(sql`
    select k.account_id, to_char(k.period, 'YYYY-MM-DD') period, a.code, a.account_name, a.system_key,
           b.debit::text was_debit, b.credit::text was_credit, b.sys_debit::text was_sys_debit, b.sys_credit::text was_sys_credit,
           coalesce(l.debit, 0)::text debit, coalesce(l.credit, 0)::text credit,
           coalesce(l.sys_debit, 0)::text sys_debit, coalesce(l.sys_credit, 0)::text sys_credit
      from (select l.account_id, ${period} period, sum(l.debit) debit, sum(l.credit) credit,
                   sum(l.sys_debit) sys_debit, sum(l.sys_credit) sys_credit
              from journal_lines l join journal_entries e on e.entry_id = l.entry_id
             group by 1, 2) l
      full join ${table} b on b.account_id = l.account_id and b.${col} = l.period
      cross join lateral (select coalesce(b.account_id, l.account_id) account_id, coalesce(b.${col}, l.period) period) k
      join accounts a on a.account_id = k.account_id
     where b.debit is distinct from coalesce(l.debit, 0) or b.credit is distinct from coalesce(l.credit, 0)
        or b.sys_debit is distinct from coalesce(l.sys_debit, 0) or b.sys_credit is distinct from coalesce(l.sys_credit, 0)
     order by k.account_id, k.period`);
  const fixes: AccountFix[] = [];
  const differences: RecalculationDifference[] = [];
  for (const r of res.rows) {
    const now = Object.fromEntries(MONEY.map((f) => [f, D(r[f]).toFixed()])) as Sums;
    fixes.push({ account_id: Number(r.account_id), period: r.period, ...now });
    for (const f of MONEY) {
      const was = r[`was_${f}`];
      if (same(was, now[f])) continue;
      differences.push({
        ...blank,
        kind,
        field: f,
        was: was === null ? null : D(was).toFixed(),
        now: now[f],
        account_id: Number(r.account_id),
        account_code: r.code,
        account_name: r.account_name,
        system_key: r.system_key,
        period: r.period,
      });
    }
  }
  return { fixes, differences };
}

/** What a run reports as it goes: the step (a job's step key), done of total. */
export type RecalculationProgress = (step: JobStep, done?: number, total?: number) => void;

async function findAll(tx: DbOrTx, progress: RecalculationProgress = () => {}) {
  // One after another: a transaction's statements share its one connection.
  progress("recalculation.stock", 0, 4);
  const balances = await stockBalanceDifferences(tx);
  progress("recalculation.costs", 1, 4);
  const costs = await itemCostDifferences(tx);
  progress("recalculation.days", 2, 4);
  const days = await accountDifferences(tx, "account_day");
  progress("recalculation.months", 3, 4);
  const months = await accountDifferences(tx, "account_month");
  const dashboard = await dashboardDifferences(tx);
  const findings: RecalculationFindings = {
    differences: [...balances.differences, ...costs.differences, ...days.differences, ...months.differences],
    stock_differences: balances.differences.length,
    cost_differences: costs.differences.length,
    account_differences: days.differences.length + months.differences.length,
    dashboard_differences: dashboard,
  };
  return { findings, balances: balances.fixes, costs: costs.fixes, days: days.fixes, months: months.fixes };
}

/**
 * What a run would correct, read in one snapshot (`tx` should be a repeatable-read transaction,
 * so that a posting committed between two statements cannot show as a difference).
 */
export async function previewRecalculation(tx: DbOrTx): Promise<RecalculationFindings> {
  return (await findAll(tx)).findings;
}

/**
 * The run, in the caller's transaction: first the four kept tables are locked EXCLUSIVE (plain
 * reads go on; every posting and stock move waits, and those already under way finish first),
 * stock before accounts as postings take them; then every figure that differs is rewritten and
 * the run is recorded with its differences.
 */
export async function runRecalculation(
  ctx: Ctx,
  progress: RecalculationProgress = () => {},
): Promise<{ id: number } & RecalculationFindings> {
  const tx = ctx.tx;
  progress("recalculation.locking");
  await tx.execute(sql`lock table stock_balances, stock_item_costs in exclusive mode`);
  await tx.execute(sql`lock table account_balances, account_month_balances in exclusive mode`);
  await tx.execute(sql`lock table dashboard_sales, dashboard_item_sales, dashboard_item_months in exclusive mode`);
  const found = await findAll(tx, progress);
  const writes = found.balances.length + found.costs.length + found.days.length + found.months.length;
  let written = 0;
  const wrote = () => progress("recalculation.writing", ++written, writes);
  progress("recalculation.writing", 0, writes);
  for (const b of found.balances) {
    await tx.execute(sql`
      insert into stock_balances (item_fk, inventory_fk, batch_fk, qty) values (${b.item_id}, ${b.inventory_id}, ${b.batch_id}, ${b.qty})
      on conflict (item_fk, inventory_fk, batch_fk) do update set qty = excluded.qty, updated_at = now()`);
    wrote();
  }
  for (const c of found.costs) {
    await tx.execute(sql`
      insert into stock_item_costs (item_fk, qty, value, avg_cost) values (${c.item_id}, ${c.qty}, ${c.value}, ${c.avg_cost})
      on conflict (item_fk) do update set qty = excluded.qty, value = excluded.value, avg_cost = excluded.avg_cost, updated_at = now()`);
    wrote();
  }
  for (const [table, col, fixes] of [
    [sql`account_balances`, sql`day`, found.days],
    [sql`account_month_balances`, sql`month`, found.months],
  ] as const)
    for (const a of fixes) {
      await tx.execute(sql`
        insert into ${table} (account_id, ${col}, debit, credit, sys_debit, sys_credit)
        values (${a.account_id}, ${a.period}::date, ${a.debit}, ${a.credit}, ${a.sys_debit}, ${a.sys_credit})
        on conflict (account_id, ${col}) do update
          set debit = excluded.debit, credit = excluded.credit, sys_debit = excluded.sys_debit, sys_credit = excluded.sys_credit`);
      wrote();
    }
  const f = found.findings;
  // The dashboard's rows all written again when any group differs (they are sums, not figures kept per row).
  if (f.dashboard_differences) await rebuildDashboard(tx);
  const [row] = await tx
    .insert(recalculations)
    .values({
      created_by: ctx.user?.user_id ?? null,
      created_at: ctx.now,
      stock_differences: f.stock_differences,
      cost_differences: f.cost_differences,
      account_differences: f.account_differences,
      dashboard_differences: f.dashboard_differences,
      differences: f.differences,
    })
    .returning({ id: recalculations.id });
  return { id: row!.id, ...f };
}
