// 1,000,000 stock movements (10,000 items, 5 inventories, 2 batches each), written with
// generate_series into the product's tables with the balances, batches and average costs they
// imply. Times, median of interleaved runs: the warehouse's stock on hand (`GET /api/stocks`
// through app.inject, reading the balance rows) against the raw SQL that sums the movements into
// the same rows; and the item-transaction query (`itemTransactions`: one item's movements in a
// period with the running balance) against the raw SQL that runs the balance over all the item's
// movements and keeps the period. Each pair is checked to give the same rows; printed as ratios.
// (Smoke size: 100 items, 10,000 movements, one run each.)
import { rmSync } from "node:fs";
import { performance } from "node:perf_hooks";
import { migrate } from "@app/server/src/db/migrate.js";
import { seed } from "@app/server/src/db/seed.js";
import { itemTransactions } from "@app/server/src/modules/stock/warehouse.js";
import { sql } from "drizzle-orm";
import { benchDatabase } from "./database.js";
import { signedInApp } from "./in-process.js";
import { scratchDir } from "./scratch.js";
import { size } from "./size.js";
import { interleaved } from "./timing.js";

const ITEMS = size(10_000, 100);
const INVENTORIES = 5;
const BATCHES = 2;
const RUNS = size(15, 1);
/** Item × inventory × batch: the balance rows; each gets ten movements. */
const KEYS = ITEMS * INVENTORIES * BATCHES;
const MOVEMENTS = KEYS * 10;
/** The stock list's page read deep into one inventory, and the item whose movements are read. */
const DEEP_PAGE = size(100, 3);
const ITEM = size(4321, 43);

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function pair(name: string, product: () => Promise<unknown[]>, raw: () => Promise<unknown[]>) {
  const norm = (rows: unknown[]) => JSON.stringify(rows);
  const a = norm(await product());
  const b = norm(await raw());
  if (a !== b) throw new Error(`${name}: the product and the raw SQL disagree\n${a.slice(0, 400)}\n${b.slice(0, 400)}`);
  if (a === "[]") throw new Error(`${name}: no rows to compare`);
  const times = await interleaved(RUNS, product, raw);
  const p = median(times.a);
  const r = median(times.b);
  console.log(
    `${name}: product ${p.toFixed(1)} ms, raw SQL ${r.toFixed(1)} ms, ratio raw/product ${(r / p).toFixed(1)}x (same ${JSON.parse(a).length} rows)`,
  );
}

export default async function stockBench() {
  const dir = scratchDir("souq-bench-stock-");
  const { database, cleanup } = await benchDatabase("stock");
  try {
    const db = database.db;
    await migrate(database);
    await seed(db, { adminPassword: "bench-password" });
    console.log(`database: ${database.kind}; generating ${MOVEMENTS.toLocaleString("en")} movements...`);
    const g0 = performance.now();
    await db.transaction(async (tx) => {
      await tx.execute(sql`insert into inventories (inventory_name) select 'Store ' || g from generate_series(2, ${INVENTORIES}) g`);
      await tx.execute(sql`insert into items (item_name, item_code, has_expire, shortage_alert, expire_alert)
        select 'Item ' || lpad(g::text, 5, '0'), 'S' || g, g % 2 = 0, 40, 30 from generate_series(1, ${ITEMS}) g`);
      await tx.execute(sql`insert into item_units (item_fk, unit_fk, quantity, price, is_base, is_default)
        select item_id, (select unit_id from units where unit_name = 'Piece'), 1, 1000, true, true from items`);
      await tx.execute(sql`insert into stock_batches (item_fk, batch_no, expire_date)
        select i.item_id, 'B' || b, case when i.has_expire then date '2026-01-01' + (i.item_id % 700) + b * 200 end
          from items i cross join generate_series(1, ${BATCHES}) b`);
      // Key k of movement g: item, inventory and batch; per key ten movements, five in of 3 and five out of 1, a day apart.
      // Items and inventories were made in one statement each, so their ids run without gaps: ids
      // by arithmetic (an array looked up per row would be copied a million times).
      await tx.execute(sql`
        insert into stock_movements (item_fk, inventory_fk, batch_fk, qty, unit_cost, value, source_type, source_id, source_line, date)
        select x.it, x.iv, sb.batch_id, x.q, 100 + x.it % 50, x.q * (100 + x.it % 50), 'bench', x.g, 1,
               timestamptz '2025-01-01 08:00+03' + (x.g / ${KEYS}) * interval '36 days' + (x.g % 86400) * interval '1 second'
          from (select g,
                       (select min(item_id) from items) + (g % ${KEYS}) / ${INVENTORIES * BATCHES} as it,
                       (select min(inventory_id) from inventories) + (g % ${INVENTORIES * BATCHES}) / ${BATCHES} as iv,
                       g % ${BATCHES} as bt,
                       case when (g / ${KEYS}) % 2 = 0 then 3 else -1 end as q
                  from generate_series(0, ${MOVEMENTS - 1}) g) x
          join (select batch_id, item_fk, row_number() over (partition by item_fk order by batch_id) - 1 as bt from stock_batches) sb
            on sb.item_fk = x.it and sb.bt = x.bt
         order by x.g`);
      await tx.execute(sql`insert into stock_balances (item_fk, inventory_fk, batch_fk, qty)
        select item_fk, inventory_fk, batch_fk, sum(qty) from stock_movements group by 1, 2, 3`);
      await tx.execute(sql`insert into stock_item_costs (item_fk, qty, value, avg_cost)
        select item_fk, sum(qty), sum(value), sum(value) / nullif(sum(qty), 0) from stock_movements group by 1`);
    });
    await db.execute(sql`vacuum analyze`);
    const off = await db.execute(sql`select count(*)::int n from stock_balances where qty < 0`);
    console.log(`generated in ${((performance.now() - g0) / 1000).toFixed(1)} s (negative balances: ${(off.rows[0] as { n: number }).n})`);

    const { app, headers } = await signedInApp(database, dir);
    const shape = (rows: { item_id: number; inventory_id: number; qty: string }[]) =>
      rows.map((r) => [Number(r.item_id), Number(r.inventory_id), Number(r.qty)]);

    for (const [label, page, query, where] of [
      ["stock on hand, first page of all", 1, "per_page=20&page=1", sql`true`],
      [
        `stock on hand, one inventory, page ${DEEP_PAGE}`,
        DEEP_PAGE,
        `per_page=20&page=${DEEP_PAGE}&filter[inventory_id]=3`,
        sql`m.inventory_fk = 3`,
      ],
    ] as const) {
      await pair(
        label,
        async () => {
          const res = await app.inject({ method: "GET", url: `/api/stocks?${query}`, headers });
          return shape(res.json().data.data);
        },
        async () =>
          shape(
            (
              await db.execute<{ item_id: number; inventory_id: number; qty: string }>(sql`
                select m.item_fk as item_id, m.inventory_fk as inventory_id, sum(m.qty) as qty
                  from stock_movements m join items i on i.item_id = m.item_fk
                 where ${where}
                 group by m.item_fk, m.inventory_fk, i.item_name
                 order by lower(i.item_name), m.item_fk, m.inventory_fk
                 limit 20 offset ${(page - 1) * 20}`)
            ).rows,
          ),
      );
    }

    const ctx = { tx: db, user: null, now: new Date(), ip: null };
    const from = new Date("2025-06-01T00:00:00Z");
    const to = new Date("2025-09-01T00:00:00Z");
    for (const [label, inventoryId] of [
      ["item transactions, one item, all inventories, a quarter", null],
      ["item transactions, one item, one inventory, a quarter", 2],
    ] as const) {
      const item = ITEM;
      const inv = inventoryId ? sql`and m.inventory_fk = ${inventoryId}` : sql``;
      await pair(
        label,
        async () =>
          (await itemTransactions(ctx, { itemId: item, inventoryId, from, to, limit: 100, offset: 0 })).map((r) => [
            Number(r.movement_id),
            Number(r.balance),
          ]),
        async () =>
          (
            await db.execute<{ movement_id: string; balance: string }>(sql`
              select movement_id, balance from (
                select m.movement_id, m.date, sum(m.qty) over (order by m.date, m.movement_id) as balance
                  from stock_movements m where m.item_fk = ${item} ${inv}) x
               where date >= ${from.toISOString()}::timestamptz and date < ${to.toISOString()}::timestamptz
               order by date, movement_id limit 100`)
          ).rows.map((r) => [Number(r.movement_id), Number(r.balance)]),
      );
    }
    await app.close();
  } finally {
    await cleanup();
    rmSync(dir, { recursive: true, force: true });
  }
}
