// The dashboard of a chain of shops after a year of sales: 1,000,000 sale lines (smoke size 4,000;
// BENCH_DASHBOARD_LINES sets another) in about 250,000 sales over 2025, two outlets, 85% in IQD
// and 15% in USD, most to the walk-in customer, one sale in fifty partly returned. Timed, in the
// same run: the dashboard as its route answers it (dashboard(), its sales figures read from the
// summary rows), against the very same figures computed by a raw query over the sales, their lines
// and the returns (dashboard(..., "documents")), both answers checked to be identical.
//
// How the data is made. The sales, their lines and their returns are written a month at a time,
// one transaction per month, with INSERT ... SELECT over generate_series; then the month's summary
// rows are written by the product's own statements (dashboard.record.ts: the same insert ...
// select a posting runs at its end, here over the month's documents at once). The compaction then
// folds the past days as the route's first request would (timed and reported). Nothing is dropped
// or switched off.
import { performance } from "node:perf_hooks";
import { SUPER_USER_ID } from "@app/contracts";
import type { Db } from "@app/server/src/db/client.js";
import { migrate } from "@app/server/src/db/migrate.js";
import { seed } from "@app/server/src/db/seed.js";
import { dashboard } from "@app/server/src/modules/dashboard/dashboard.js";
import {
  ITEM_COLUMNS,
  recordSalesSql,
  returnItemRowsSql,
  returnRowsSql,
  SALES_COLUMNS,
} from "@app/server/src/modules/dashboard/dashboard.record.js";
import { compactDashboard } from "@app/server/src/modules/dashboard/dashboard.summary.js";
import { businessTimeZone } from "@app/server/src/platform/business-time.js";
import type { Ctx } from "@app/server/src/platform/context.js";
import { sql } from "drizzle-orm";
import { benchDatabase } from "./database.js";
import { percentile } from "./pgbench.js";
import { size, sizeFromEnv, smoke } from "./size.js";

const LINES = sizeFromEnv("BENCH_DASHBOARD_LINES", 1_000_000, 4_000);
/** Lines per sale: 1 to 7, four on average. */
const SALES = Math.floor(LINES / 4);
const ITEMS = size(3_000, 40);
const CUSTOMERS = size(2_000, 20);
const MONTHS = Array.from({ length: 12 }, (_, m) => `2025-${String(m + 1).padStart(2, "0")}-01`);
const RUNS = size(40, 3);
/** A month against the month before, and a quarter against the quarter before. */
const PERIODS = [
  { from: "2025-11-01", to: "2025-11-30" },
  { from: "2025-10-01", to: "2025-12-31" },
] as const;

const n = (v: number) => v.toLocaleString("en");
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

interface Refs {
  outlets: number[];
  inventories: number[];
  items: number[];
  customers: number[];
  unit: number;
}

async function reference(db: Db): Promise<Refs> {
  const outlet2 = await db.execute<{ id: number }>(sql`insert into outlets (outlet_name) values ('Bench Branch') returning outlet_id id`);
  const outlets = [1, Number(outlet2.rows[0]!.id)];
  const inv2 = await db.execute<{ id: number }>(
    sql`insert into inventories (inventory_name, outlet_fk) values ('Bench Branch Store', ${outlets[1]}) returning inventory_id id`,
  );
  const inventories = [1, Number(inv2.rows[0]!.id)];
  await db.execute(sql`update inventories set outlet_fk = 1 where inventory_id = 1 and outlet_fk is null`);
  const items = await db.execute<{ id: number }>(
    sql`insert into items (item_name) select 'Bench item ' || g from generate_series(1, ${ITEMS}::int) g returning item_id id`,
  );
  const customers = await db.execute<{ id: number }>(sql`
    insert into consumers (kind, consumer_name) select 'customer', 'Bench customer ' || g from generate_series(1, ${CUSTOMERS}::int) g
    returning consumer_id id`);
  const walkIn = await db.execute<{ id: number }>(sql`select consumer_id id from consumers where is_default and kind = 'customer' limit 1`);
  const unit = await db.execute<{ id: number }>(sql`select unit_id id from units order by unit_id limit 1`);
  return {
    outlets,
    inventories,
    items: items.rows.map((r) => Number(r.id)),
    customers: [Number(walkIn.rows[0]?.id ?? customers.rows[0]!.id), ...customers.rows.map((r) => Number(r.id))],
    unit: Number(unit.rows[0]!.id),
  };
}

/**
 * One month of sales numbered from `from` to `to` - 1, in one transaction. Sale g: at outlet and
 * inventory g % 2, in USD when g % 7 = 0 (at 1,480), to the walk-in customer four times in five,
 * 08:00 to 22:00; 1 + (g * 3) % 7 lines, each an item of (g * 31 + j * 17) % ITEMS, 1 to 3 pieces
 * at 1,000 to 20,000 IQD (1 to 20 USD), every fifth line 5% off, costing 60% of its price. Sale g
 * with g % 50 = 0 has one piece of its first line back the next day.
 */
async function bulkMonth(db: Db, r: Refs, month: string, from: number, to: number) {
  if (to <= from) return;
  const days = new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)), 0)).getUTCDate();
  const ints = (xs: number[]) => `{${xs.join(",")}}`;
  const zone = businessTimeZone();
  await db.transaction(async (tx) => {
    const last = await tx.execute<{ id: number }>(sql`select coalesce(max(id), 0)::int id from sales`);
    const these = sql`s.id > ${Number(last.rows[0]!.id)}`;
    await tx.execute(sql`
      insert into sales (number, kind, outlet_fk, consumer_fk, date, inventory_fk, currency_id, rate, payment_type, payment_status, status)
      select 'BENCH-' || g, 'pos', (${ints(r.outlets)}::int[])[g % 2 + 1],
             case when g % 5 = 0 then (${ints(r.customers)}::int[])[2 + (g * 13) % ${r.customers.length - 1}] else ${r.customers[0]} end,
             (${month}::date + g % ${days} + time '08:00' + ((g * 37) % 50400) * interval '1 second') at time zone ${zone},
             (${ints(r.inventories)}::int[])[g % 2 + 1], case when g % 7 = 0 then 2 else 1 end, 1480, 'Cash', 'paid', 'complete'
        from generate_series(${from}::int, ${to - 1}::int) g`);
    await tx.execute(sql`
      insert into sale_lines (sale_fk, item_fk, unit_fk, unit_base_qty, quantity, sale_price, unit_price, discount_amount, line_total, unit_cost, position)
      select s.id, (${ints(r.items)}::int[])[(x.g * 31 + j * 17) % ${r.items.length} + 1], ${r.unit}, 1, q.qty, p.price, p.price,
             p.off, q.qty * p.price - p.off, p.cost, j
        from sales s
        cross join lateral (select substr(s.number, 7)::int g) x
        cross join lateral generate_series(1, 1 + (x.g * 3) % 7) j
        cross join lateral (select 1 + (x.g + j) % 3 qty) q
        cross join lateral (select (1 + (x.g * 31 + j * 17) % 20) * case when s.currency_id = 2 then 1 else 1000 end price) p0
        cross join lateral (select p0.price, case when (x.g + j) % 5 = 0 then round(q.qty * p0.price * 0.05, 3) else 0 end off,
                                   round(p0.price * 0.6 * case when s.currency_id = 2 then 1480 else 1 end, 6) cost) p
       where ${these}`);
    await tx.execute(sql`
      update sales s set gross = t.gross, subtotal = t.sub, total = t.sub, paid_amount = t.sub, discount_amount = t.gross - t.sub, cost_total = t.cost
        from (select l.sale_fk, sum(l.quantity * l.sale_price) gross, sum(l.line_total) sub, sum(l.quantity * l.unit_cost) cost
                from sale_lines l join sales s on s.id = l.sale_fk where ${these} group by l.sale_fk) t
       where s.id = t.sale_fk`);
    await tx.execute(sql`
      with back as (
        insert into sale_returns (number, sale_fk, consumer_fk, date, inventory_fk, currency_id, rate, received_type, subtotal, total, cost_total, status)
        select 'BENCH-R' || s.id, s.id, s.consumer_fk, s.date + interval '1 day', s.inventory_fk, s.currency_id, s.rate, 'Cash',
               l.unit_price, l.unit_price, l.unit_cost, 'complete'
          from sales s join sale_lines l on l.sale_fk = s.id and l.position = 1
         where ${these} and substr(s.number, 7)::int % 50 = 0
        returning id, sale_fk
      )
      insert into sale_return_lines (return_fk, sale_line_fk, item_fk, unit_fk, unit_base_qty, quantity, unit_price, revenue, line_total, cost)
      select b.id, l.line_id, l.item_fk, l.unit_fk, 1, 1, l.unit_price, l.unit_price, l.unit_price, l.unit_cost
        from back b join sale_lines l on l.sale_fk = b.sale_fk and l.position = 1`);
    // The month's summary rows, by the statements the postings run.
    const sys = 1;
    for (const s of recordSalesSql(sys, these, 1)) await tx.execute(s);
    const returns = sql`r.sale_fk in (select s.id from sales s where ${these})`;
    await tx.execute(sql`insert into dashboard_sales (${SALES_COLUMNS}) ${returnRowsSql(sys, zone, returns, 1)}`);
    await tx.execute(sql`insert into dashboard_item_sales (${ITEM_COLUMNS}) ${returnItemRowsSql(sys, zone, returns, 1)}`);
  });
}

export default async function dashboardBench() {
  const { database, cleanup } = await benchDatabase("dashboard");
  try {
    const db = database.db;
    await migrate(database);
    await seed(db, { adminPassword: "bench-password" });
    const refs = await reference(db);
    const g0 = performance.now();
    for (let m = 0; m < MONTHS.length; m++)
      await bulkMonth(db, refs, MONTHS[m]!, Math.floor((m * SALES) / MONTHS.length), Math.floor(((m + 1) * SALES) / MONTHS.length));
    await db.execute(sql`analyze`);
    const counts = (
      await db.execute<{ sales: number; lines: number; returns: number; rows: number; item_rows: number }>(sql`
        select (select count(*) from sales)::int sales, (select count(*) from sale_lines)::int lines,
               (select count(*) from sale_returns)::int returns, (select count(*) from dashboard_sales)::int "rows",
               (select count(*) from dashboard_item_sales)::int item_rows`)
    ).rows[0]!;
    console.log(
      `database: ${database.kind}; ${n(counts.sales)} sales with ${n(counts.lines)} lines and ${n(counts.returns)} returns over 2025, ` +
        `${ITEMS} items, ${CUSTOMERS} customers, 2 outlets; made in ${seconds(performance.now() - g0)}; ` +
        `summary rows ${n(counts.rows)} + ${n(counts.item_rows)} per item`,
    );
    const c0 = performance.now();
    let folded = 0;
    for (let d = await compactDashboard(db, new Date()); d > 0; d = await compactDashboard(db, new Date())) folded += d;
    // What autovacuum does after a fold in the product: the visibility map set, so the reads are index-only.
    await db.execute(sql`vacuum analyze dashboard_sales, dashboard_item_sales, dashboard_item_months`);
    const after = (
      await db.execute<{ rows: number; item_rows: number }>(
        sql`select (select count(*) from dashboard_sales)::int "rows", (select count(*) from dashboard_item_sales)::int item_rows`,
      )
    ).rows[0]!;
    console.log(
      `compaction: ${folded} days folded in ${seconds(performance.now() - c0)}; summary rows ${n(after.rows)} + ${n(after.item_rows)} per item`,
    );

    const ctx: Ctx = {
      tx: db,
      user: {
        user_id: SUPER_USER_ID,
        user_name: "admin",
        email: "",
        outlet_fk: null,
        is_cashier: false,
        permissions: new Set(),
        inventory_ids: [],
        jti: "",
        token_exp: 0,
      },
      now: new Date("2026-01-15T09:00:00Z"),
      ip: null,
    };
    // The sales figures alone (a user holding only the sales keys): what the summary rows replace.
    // The positions (cash, balances, stock) are read from the same kept balances on both sides.
    const salesOnly: Ctx = {
      ...ctx,
      user: {
        ...ctx.user!,
        user_id: 2_000_000_000,
        permissions: new Set(["reports/sales", "reports/items_profits"]),
        inventory_ids: refs.inventories,
      },
    };
    const stats = (xs: number[]) => {
      const s = [...xs].sort((x, y) => x - y);
      return { p50: percentile(s, 50), p95: percentile(s, 95), runs: s.length };
    };
    const timed = async (out: number[], fn: () => Promise<unknown>) => {
      const a = performance.now();
      await fn();
      out.push(performance.now() - a);
    };
    for (const period of PERIODS)
      for (const currency of ["system", "USD"] as const) {
        const q = { ...period, currency };
        const fast = await dashboard(ctx, q);
        const slow = await dashboard(ctx, q, "documents");
        if (JSON.stringify(fast) !== JSON.stringify(slow))
          throw new Error(`the summary rows and the documents disagree for ${JSON.stringify(q)}`);
        if (fast.cards!.sales_count.value === "0") throw new Error(`no sales in ${JSON.stringify(q)}`);
        const whole: number[] = [];
        const figures: number[] = [];
        const documents: number[] = [];
        for (let i = 0; i < RUNS; i++) {
          await timed(whole, () => dashboard(ctx, q));
          await timed(figures, () => dashboard(salesOnly, q));
          if (i % 4 === 0) await timed(documents, () => dashboard(salesOnly, q, "documents"));
        }
        const w = stats(whole);
        const f = stats(figures);
        const d = stats(documents);
        const ratio = f.p95 / d.p50;
        const goal = smoke ? "" : w.p95 <= 100 && ratio <= 0.05 ? "  goal met" : "  goal MISSED";
        const fmt = (x: ReturnType<typeof stats>) => `p50 ${x.p50.toFixed(1)} ms, p95 ${x.p95.toFixed(1)} ms (${x.runs} runs)`;
        console.log(`period ${q.from} .. ${q.to} (and the one before), currency ${currency}`);
        console.log(`  the whole dashboard (sales from the summary rows, today's positions): ${fmt(w)}`);
        console.log(`  its sales figures from the summary rows: ${fmt(f)}`);
        console.log(`  the same figures over the documents:    ${fmt(d)}`);
        console.log(
          `  summary p95 / documents p50: ${ratio.toFixed(4)} (goal: whole p95 <= 100 ms, ratio <= 0.05)${goal}; identical: every card, hour, day, item, customer and outlet; ` +
            `${fast.cards!.sales_count.value} sales, net ${fast.cards!.net_sales.value} ${fast.currency_name}`,
        );
      }
  } finally {
    await cleanup();
  }
}
