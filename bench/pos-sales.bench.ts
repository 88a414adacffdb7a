// POS sale submission throughput: 16 tills, each a cashier with a drawer of their own, send `POST /api/pos_sales` (one line, paid in cash,
// each under an Idempotency-Key of its own) for BENCH_SECONDS, over HTTP to the server compiled
// ahead of time (what `npm start` runs) in a process of its own, against pgbench's TPC-B (scale 1,
// the same 16 clients, the same seconds) on the same database in the same run. Reported as sales
// booked per second ÷ TPC-B tps (goal 0.40 or more). Both sides are checked afterwards: every
// acknowledged key is one complete POS sale and one stored key, the stock fell by exactly the sales
// booked, the books balance and the till holds every sale's cash; pgbench's history table holds
// exactly the transactions it reported. Runs on the server DATABASE_URL names and on an embedded
// PostgreSQL (the product's default), one after the other.
// (Smoke size: 4 tills for 1 s without warm-up, TPC-B for 1 s, with the same checks; on the server DATABASE_URL names when it is set, else on the embedded one, not both.)
import type { ChildProcess } from "node:child_process";
import { randomUUID } from "node:crypto";
import { chmodSync, readFileSync, rmSync } from "node:fs";
import http from "node:http";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { migrate } from "@app/server/src/db/migrate.js";
import { seed } from "@app/server/src/db/seed.js";
import pg from "pg";
import { cpuBetween, cpuMark } from "./cpu.js";
import { benchDatabase } from "./database.js";
import { startServer } from "./load.js";
import { percentile, pgbenchOrSkip, tpcb } from "./pgbench.js";
import { newCashier } from "./product.js";
import { scratchDir } from "./scratch.js";
import { compiledServer } from "./server.js";
import { sizeFromEnv, smoke } from "./size.js";

const _root = path.resolve(import.meta.dirname, "..");
const CLIENTS = sizeFromEnv("BENCH_CLIENTS", 16, 4);
const SECONDS = sizeFromEnv("BENCH_SECONDS", 10, 1);
const WARMUP = sizeFromEnv("BENCH_WARMUP", 3, 0);
const PRICE = 5000;
const STOCK = 1_000_000;

/** What the routes used here answer: a token, a list, or a saved record's ids. */
type Answer = { access_token: string; message: unknown; data: Record<string, number> };

const load = () => readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(" ");

async function run(label: string, serverUrl: string, pgbench: string | undefined) {
  const { database, url, cleanup } = await benchDatabase("possales", serverUrl);
  const dataDir = scratchDir("souq-bench-possales-");
  chmodSync(dataDir, 0o755);
  let child: ChildProcess | undefined;
  try {
    await migrate(database);
    await seed(database.db, { adminPassword: "bench-password" });
    const started = await startServer(url, dataDir);
    child = started.child;
    const base = started.base;
    const call = async (method: string, route: string, token: string | null, body?: unknown, headers: Record<string, string> = {}) => {
      const res = await fetch(`${base}${route}`, {
        method,
        headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: res.status, body: (await res.json()) as Answer };
    };
    const must = async (status: number, ...args: Parameters<typeof call>) => {
      const res = await call(...args);
      if (res.status !== status) throw new Error(`${args[1]}: ${res.status} ${JSON.stringify(res.body)}`);
      return res.body;
    };
    const token = (await must(200, "POST", "/api/auth/login", null, { email: "admin@example.com", password: "bench-password" }))
      .access_token as string;
    const units = (await must(200, "GET", "/api/units/list", token)).message as { unit_id: number; unit_name: string }[];
    const piece = units.find((u) => u.unit_name === "Piece")!.unit_id;
    const item = (
      await must(201, "POST", "/api/items", token, {
        item_name: "Bench bread",
        item_units: [{ unit_fk: piece, quantity: "1", price: String(PRICE), is_base: true }],
      })
    ).data.item_id as number;
    const supplier = (await must(201, "POST", "/api/suppliers", token, { consumer_name: "Bench bakery" })).data.consumer_id;
    const purchase = await must(201, "POST", "/api/purchases", token, {
      consumer_id: supplier,
      inventory_id: 1,
      currency_id: 1,
      discount_type: "amount",
      payment_type: "On Account",
      lines: [{ item_id: item, unit_id: piece, quantity: String(STOCK), unit_price: "2000" }],
    });
    await must(200, "POST", `/api/purchases/${purchase.data.id}/complete`, token, {});
    // A cashier per till, each with a drawer of their own, as in a shop (BENCH_ONE_DRAWER=1: every
    // till as the super user, on one drawer).
    const oneDrawer = process.env.BENCH_ONE_DRAWER === "1";
    const tills: string[] = [];
    for (let i = 1; i <= CLIENTS; i++) {
      if (oneDrawer) {
        tills.push(token);
        continue;
      }
      tills.push(await newCashier(base, token, `Bench till ${i}`, `till${i}@bench.test`));
    }
    const body = () => ({
      client_created_at: new Date().toISOString(),
      lines: [{ item_fk: item, unit_fk: piece, quantity: "1" }],
      payments: [{ method: "cash", currency_id: 1, amount: String(PRICE) }],
    });
    // The tills' requests over node:http on kept-alive connections, one per till, as a till keeps
    // its connection: a lighter client than fetch, so that the tills' own work takes less of the
    // cores the server and the database share with them (pgbench's client is C).
    const agent = new http.Agent({ keepAlive: true, maxSockets: CLIENTS });
    const { hostname, port } = new URL(base);
    const post = (till: number, key: string, b: unknown) =>
      new Promise<{ status: number; body: Answer }>((resolve, reject) => {
        const payload = JSON.stringify(b);
        const req = http.request(
          {
            agent,
            hostname,
            port,
            method: "POST",
            path: "/api/pos_sales",
            headers: {
              "content-type": "application/json",
              "content-length": Buffer.byteLength(payload),
              authorization: `Bearer ${tills[till]}`,
              "idempotency-key": key,
            },
          },
          (res) => {
            const chunks: Buffer[] = [];
            res.on("data", (c: Buffer) => chunks.push(c));
            res.on("end", () => {
              try {
                resolve({ status: res.statusCode ?? 0, body: JSON.parse(Buffer.concat(chunks).toString("utf8")) as Answer });
              } catch (err) {
                reject(err);
              }
            });
            res.on("error", reject);
          },
        );
        req.on("error", reject);
        req.end(payload);
      });
    const sell = async (till: number, key: string, b = body()) => {
      const start = performance.now();
      const res = await post(till, key, b);
      if (res.status !== 201) throw new Error(`sale ${key}: ${res.status} ${JSON.stringify(res.body)}`);
      return { id: res.body.data.id as number, ms: performance.now() - start };
    };
    // One unmeasured round: the first sale opens the drawer, every connection of the pool is opened.
    let warm = CLIENTS;
    await Promise.all(Array.from({ length: CLIENTS }, (_, till) => sell(till, randomUUID())));
    // Then the tills sell unmeasured for BENCH_WARMUP seconds (default 3): the server's code is
    // compiled by then, as in a shop whose server has been up since the morning.
    const warmUntil = performance.now() + WARMUP * 1000;
    await Promise.all(
      Array.from({ length: CLIENTS }, async (_, till) => {
        while (performance.now() < warmUntil) {
          await sell(till, randomUUID());
          warm++;
        }
      }),
    );

    const booked = new Map<string, { id: number; till: number; body: ReturnType<typeof body> }>();
    const latencies: number[] = [];
    const dbName = decodeURIComponent(new URL(url).pathname.slice(1));
    const before = cpuMark(child.pid!, dbName);
    const t0 = performance.now();
    const until = t0 + SECONDS * 1000;
    await Promise.all(
      Array.from({ length: CLIENTS }, async (_, till) => {
        while (performance.now() < until) {
          const key = randomUUID();
          const b = body();
          const { id, ms } = await sell(till, key, b);
          booked.set(key, { id, till, body: b });
          latencies.push(ms);
        }
      }),
    );
    const cpu = cpuBetween(before, cpuMark(child.pid!, dbName));
    const elapsed = (performance.now() - t0) / 1000;
    const rate = booked.size / elapsed;
    latencies.sort((a, b) => a - b);
    // A key per till sent again: the same sale answers, none is booked twice.
    for (const [key, { id, till, body: b }] of [...booked].slice(0, CLIENTS)) {
      const again = await sell(till, key, b);
      if (again.id !== id) throw new Error(`key ${key} answered sale ${again.id} after ${id}`);
    }
    agent.destroy();
    child.kill("SIGTERM");
    await new Promise((r) => child!.once("exit", r));
    child = undefined;

    const db = new pg.Client({ connectionString: url });
    await db.connect();
    try {
      const keys = [...booked.keys()];
      const ids = [...booked.values()].map((b) => b.id);
      const stored = await db.query<{ n: number }>(
        "select count(*)::int as n from idempotency_keys where scope = 'pos_sales' and status_code = 201 and key = any($1)",
        [keys],
      );
      const sales = await db.query<{ n: number; keys: number }>(
        `select count(*)::int as n, count(distinct pi.idempotency_key)::int as keys
           from sales s join pos_sale_info pi on pi.kind = 'sale' and pi.sale_fk = s.id
          where s.kind = 'pos' and s.status = 'complete' and s.id = any($1) and pi.idempotency_key = any($2)`,
        [ids, keys],
      );
      const all = await db.query<{ n: number }>("select count(*)::int as n from sales where kind = 'pos'");
      const stock = await db.query<{ q: string }>("select coalesce(sum(qty), 0)::text as q from stock_balances where item_fk = $1", [item]);
      const tb = await db.query<{ d: string; c: string }>(
        "select sum(sys_debit)::text as d, sum(sys_credit)::text as c from journal_lines",
      );
      const till = await db.query<{ b: string }>(
        "select coalesce(sum(l.debit - l.credit), 0)::text as b from journal_lines l join pos_drawers d on d.account_fk = l.account_id where d.currency_id = 1",
      );
      const total = booked.size + warm; // the measured sales and the warm-up's
      const checks: [string, boolean][] = [
        [`${booked.size} keys stored once with their answer`, stored.rows[0]!.n === booked.size],
        [`${booked.size} complete POS sales, one per key`, sales.rows[0]!.n === booked.size && sales.rows[0]!.keys === booked.size],
        [`${total} POS sales in all`, all.rows[0]!.n === total],
        [`stock ${STOCK} - ${total}`, Number(stock.rows[0]!.q) === STOCK - total],
        ["debits = credits", tb.rows[0]!.d === tb.rows[0]!.c],
        [`the till holds ${total} x ${PRICE}`, Number(till.rows[0]!.b) === total * PRICE],
      ];
      const failed = checks.filter(([, ok]) => !ok).map(([what]) => what);
      if (failed.length) throw new Error(`${label}: checks failed: ${failed.join("; ")}`);
    } finally {
      await db.end();
    }
    console.log(
      `${label}: ${CLIENTS} tills (${oneDrawer ? "one drawer" : "a cashier and drawer each"}), ${elapsed.toFixed(1)} s: ${booked.size} POS sales booked, ${rate.toFixed(1)} sales/s, ` +
        `latency p50 ${percentile(latencies, 50).toFixed(1)} ms, p99 ${percentile(latencies, 99).toFixed(1)} ms (load average ${load()})`,
    );
    console.log(
      `  checked: every key one complete sale and one stored answer, ${Math.min(CLIENTS, booked.size)} keys replayed to the same sale, stock, books and till`,
    );
    console.log(`  processors while selling: ${cpu}`);
    if (pgbench) {
      const ref = tpcb(pgbench, url, CLIENTS, SECONDS);
      const history = await new pg.Client({ connectionString: url });
      await history.connect();
      const n = (await history.query<{ n: number }>("select count(*)::int as n from pgbench_history")).rows[0]!.n;
      await history.end();
      if (n !== ref.count) throw new Error(`${label}: pgbench logged ${ref.count} transactions, its history holds ${n}`);
      console.log(
        `  pgbench TPC-B (scale 1), ${CLIENTS} clients, ${SECONDS} s: ${ref.tps.toFixed(0)} tps (${n} transactions, each in pgbench_history once), ` +
          `p50 ${ref.p50.toFixed(1)} ms, p99 ${ref.p99.toFixed(1)} ms (load average ${load()})`,
      );
      console.log(`  POS sales/s ÷ TPC-B tps = ${(rate / ref.tps).toFixed(3)} (goal 0.40 or more)`);
    }
  } finally {
    if (child && child.exitCode === null) child.kill("SIGKILL");
    rmSync(dataDir, { recursive: true, force: true });
    await cleanup();
  }
}

export default async function posSalesBench() {
  const pgbench = pgbenchOrSkip();
  compiledServer();
  if (process.env.DATABASE_URL) await run("PostgreSQL at DATABASE_URL", process.env.DATABASE_URL, pgbench);
  // BENCH_EMBEDDED=0 (and smoke mode with DATABASE_URL set): the server DATABASE_URL names only.
  if (process.env.BENCH_EMBEDDED !== "0" && !(smoke && process.env.DATABASE_URL)) await run("embedded PostgreSQL", "", pgbench);
}
