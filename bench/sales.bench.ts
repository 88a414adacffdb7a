// A sale's completion under contention: 64 clients complete 64 one-unit sales at once for the
// last N units of one item (N complete, the rest are refused with the stock message), round after
// round, through the HTTP layer (app.inject over the server's pool). The completions' p99 latency
// is reported against pgbench's TPC-B (scale 1, the same 64 clients) on the same database in the
// same run: as a ratio to TPC-B's p99 latency, and as TPC-B transactions per sale p99
// (p99 × TPC-B tps). On the server DATABASE_URL names, or on an embedded PostgreSQL. (Smoke size:
// one round of 8 clients for the last 3 units, TPC-B for 1 s.)
import { rmSync } from "node:fs";
import { performance } from "node:perf_hooks";
import { migrate } from "@app/server/src/db/migrate.js";
import { seed } from "@app/server/src/db/seed.js";
import { benchDatabase } from "./database.js";
import { signedInApp } from "./in-process.js";
import { percentile, pgbenchOrSkip, tpcb } from "./pgbench.js";
import { scratchDir } from "./scratch.js";
import { sizeFromEnv } from "./size.js";

const CLIENTS = sizeFromEnv("BENCH_CLIENTS", 64, 8);
const UNITS = sizeFromEnv("BENCH_UNITS", 20, 3);
const ROUNDS = sizeFromEnv("BENCH_ROUNDS", 5, 1);
const SECONDS = sizeFromEnv("BENCH_SECONDS", 10, 1);

export default async function salesBench() {
  const pgbench = pgbenchOrSkip();
  const { database, url, cleanup } = await benchDatabase("sales");
  const dir = scratchDir("souq-bench-");
  try {
    await migrate(database);
    await seed(database.db, { adminPassword: "bench-password" });
    const { app, headers, send } = await signedInApp(database, dir);
    const units = await app.inject({ method: "GET", url: "/api/units/list", headers });
    const piece = (units.json().message as { unit_id: number; unit_name: string }[]).find((u) => u.unit_name === "Piece")!.unit_id;
    const item = (
      await send("/api/items", { item_name: "Bench item", item_units: [{ unit_fk: piece, quantity: "1", price: "1000", is_base: true }] })
    ).item_id;
    const supplier = (await send("/api/suppliers", { consumer_name: "Bench supplier" })).consumer_id;
    const cash = (await send("/api/cashes", { account_name: "Bench till", cash_type: 1, currency_id: 1 })).account_id;

    const latencies: number[] = [];
    const completed: number[] = [];
    const statuses = new Map<number, number>();
    let busy = 0;
    for (let round = 0; round < ROUNDS; round++) {
      const p = await send("/api/purchases", {
        consumer_id: supplier,
        inventory_id: 1,
        currency_id: 1,
        discount_type: "amount",
        payment_type: "On Account",
        lines: [{ item_id: item, unit_id: piece, quantity: String(UNITS), unit_price: "400" }],
      });
      await send(`/api/purchases/${p.id}/complete`, {}, 200);
      const drafts: number[] = [];
      for (let i = 0; i < CLIENTS; i++)
        drafts.push(
          (
            await send("/api/sales", {
              inventory_fk: 1,
              currency_id: 1,
              payment_type: "Cash",
              account_fk: cash,
              lines: [{ item_fk: item, unit_fk: piece, quantity: "1" }],
            })
          ).id,
        );
      const t0 = performance.now();
      const answers = await Promise.all(
        drafts.map(async (id) => {
          const start = performance.now();
          const res = await app.inject({ method: "POST", url: `/api/sales/${id}/complete`, headers, payload: {} });
          return { status: res.statusCode, ms: performance.now() - start };
        }),
      );
      busy += performance.now() - t0;
      for (const a of answers) {
        latencies.push(a.ms);
        if (a.status === 200) completed.push(a.ms);
        statuses.set(a.status, (statuses.get(a.status) ?? 0) + 1);
      }
      const ok = answers.filter((a) => a.status === 200).length;
      if (ok !== UNITS) throw new Error(`round ${round}: ${ok} sales completed for ${UNITS} units`);
      const other = answers.filter((a) => a.status !== 200 && a.status !== 422);
      if (other.length) throw new Error(`round ${round}: answers neither completed nor refused: ${other.map((a) => a.status).join(", ")}`);
    }
    latencies.sort((a, b) => a - b);
    completed.sort((a, b) => a - b);
    const p99 = percentile(latencies, 99);
    const rate = (ROUNDS * UNITS) / (busy / 1000);
    console.log(
      `${ROUNDS} rounds of ${CLIENTS} clients completing one-unit sales for the last ${UNITS} units: answers ${JSON.stringify(Object.fromEntries(statuses))}`,
    );
    console.log(
      `completion latency (every answer) p50 ${percentile(latencies, 50).toFixed(1)} ms, p99 ${p99.toFixed(1)} ms; ` +
        `completed sales p50 ${percentile(completed, 50).toFixed(1)} ms, p99 ${percentile(completed, 99).toFixed(1)} ms; ${rate.toFixed(0)} sales completed/s`,
    );
    if (pgbench) {
      const ref = tpcb(pgbench, url, CLIENTS, SECONDS);
      console.log(
        `pgbench TPC-B (scale 1), ${CLIENTS} clients, ${SECONDS} s: ${ref.tps.toFixed(0)} tps, latency p50 ${ref.p50.toFixed(1)} ms, p99 ${ref.p99.toFixed(1)} ms`,
      );
      console.log(
        `sale completion p99 = ${(p99 / ref.p99).toFixed(2)} x TPC-B p99 = ${((p99 / 1000) * ref.tps).toFixed(0)} TPC-B transactions (p99 x tps); ` +
          `sales completed/s = ${(rate / ref.tps).toFixed(3)} x TPC-B tps`,
      );
    }
    await app.close();
  } finally {
    rmSync(dir, { recursive: true, force: true });
    await cleanup();
  }
}
