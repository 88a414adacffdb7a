// Over 500 lines: one benchmark, its shop set-up, timed runs and check of the books sharing the shop and the figures.
//
// The selling a shop really does, 16 clients over HTTP to the server compiled ahead of time (what
// `npm start` runs) in a process of its own, each workload for BENCH_SECONDS after a warm-up, and
// pgbench's TPC-B (scale 1, the same 16 clients, the same seconds) on the same database in the same
// run, before the workloads and after them, each workload reported as sales per second ÷ the mean
// TPC-B tps (the two TPC-B figures, and the processor time other programs took meanwhile, tell
// whether the machine was steady enough for the ratios to mean something):
// 1. POS mix: bills of three lines (three different items, each with ample stock) from 16 tills,
//    each its own cashier and drawer: 70 % cash in IQD (the tender rounded up above the total, the
//    change in IQD), 10 % IQD and USD with the change in IQD, 5 % paid in USD with the change in
//    USD, 10 % on a customer's credit (a few customers, each hit from several tills), 5 % by FIB;
//    each `POST /api/pos_sales` under an Idempotency-Key of its own.
// 2. Invoice sales: `POST /api/sales` of three lines saved and completed in one call, half paid in
//    cash (into one of a few cash accounts), half on a customer's account (the same customers).
// 3. One-line POS bills paid in cash, pos-sales.bench.ts's shape.
// For each: sales/s, the ratio, p50/p95/p99 latency, the answers by HTTP status (any error fails the
// run, after the figures are printed), the processor time of the server and of PostgreSQL, the
// backends' waits sampled every 50 ms (by wait event, lock waits by relation) and the pool's waits
// for a connection (the server's /metrics before and after). Afterwards the books are checked:
// every acknowledged sale stored once, complete, at its total and with its lines; the stock fell by
// exactly what was sold; debits equal credits; each drawer holds its cash in each currency, the
// FIB and cash accounts what was paid into them, each customer what was sold to him on credit and
// no customer is over his allowed debit. Goals are printed as met or missed, never asserted.
// Runs on the server DATABASE_URL names (when set) and on an embedded PostgreSQL (the product's
// default; BENCH_EMBEDDED=0 leaves it out), one after the other. (Smoke size: 4 clients for 1 s,
// no timed warm-up, 6 items, TPC-B for 1 s, on the server DATABASE_URL names when set, else on the
// embedded one; every kind of bill is still sold and every check kept.)
import type { ChildProcess } from "node:child_process";
import { randomUUID } from "node:crypto";
import { chmodSync, readFileSync, rmSync } from "node:fs";
import { performance } from "node:perf_hooks";
import { migrate } from "@app/server/src/db/migrate.js";
import { seed } from "@app/server/src/db/seed.js";
import pg from "pg";
import { cpuBetween, cpuMark } from "./cpu.js";
import { benchDatabase } from "./database.js";
import {
  type Answer,
  elsewhere,
  keepAliveClient,
  poolBetween,
  serverMetrics,
  startServer,
  type WaitTally,
  waitLines,
  waitSampler,
} from "./load.js";
import { percentile, pgbenchOrSkip, tpcb } from "./pgbench.js";
import { newCashier } from "./product.js";
import { scratchDir } from "./scratch.js";
import { compiledServer } from "./server.js";
import { sizeFromEnv, smoke } from "./size.js";

const CLIENTS = sizeFromEnv("BENCH_CLIENTS", 16, 4);
const SECONDS = sizeFromEnv("BENCH_SECONDS", 10, 1);
const WARMUP = sizeFromEnv("BENCH_WARMUP", 3, 0);
const ITEMS = sizeFromEnv("BENCH_ITEMS", 40, 6);
const CUSTOMERS = 4;
const CASHBOXES = 4;
const STOCK = 1_000_000;
/** IQD per USD: the rate and the in-rate the POS converts at. */
const RATE = "1470";
const IN_RATE = 1480;
const BREAD = 5000;
const SAMPLE_MS = sizeFromEnv("BENCH_SAMPLE_MS", 50, 50);
/** BENCH_WORKLOADS: some of "mix,invoice,oneline" (all when unset), e.g. to measure one while changing it. */
const WORKLOADS = (process.env.BENCH_WORKLOADS || "mix,invoice,oneline").split(",").map((w) => w.trim());
const ALLOWED_DEBIT = 1_000_000_000;

type PosKind = "cash" | "IQD+USD" | "change in USD" | "credit" | "FIB";
const POS_MIX: [PosKind, number][] = [
  ["cash", 70],
  ["IQD+USD", 10],
  ["change in USD", 5],
  ["credit", 10],
  ["FIB", 5],
];
type InvoiceKind = "cash" | "on account";
const INVOICE_MIX: [InvoiceKind, number][] = [
  ["cash", 50],
  ["on account", 50],
];

const load = () => readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(" ");
const fmt = (ms: number) => `${ms.toFixed(1)} ms`;

/** A small seeded generator (mulberry32): each client's bills are the same from run to run. */
function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const pick = <K>(mix: [K, number][], r: number): K => {
  let x = r * mix.reduce((s, [, w]) => s + w, 0);
  for (const [k, w] of mix) if ((x -= w) < 0) return k;
  return mix[mix.length - 1]![0];
};

interface Shop {
  base: string;
  admin: string;
  piece: number;
  items: { id: number; price: number }[];
  bread: number;
  tills: string[];
  customers: number[];
  cashboxes: number[];
  fib: number;
}

/** What the acknowledged sales should have left in the books. */
class Expected {
  /** Per till: the cash its drawers should hold, in IQD and in USD. */
  drawers: { iqd: number; usd: number }[] = Array.from({ length: CLIENTS }, () => ({ iqd: 0, usd: 0 }));
  fib = 0;
  cashboxes = new Map<number, number>();
  credit = new Map<number, number>();
  sold = new Map<number, number>();
  /** POS sales by Idempotency-Key. */
  pos = new Map<string, { id: number; till: number; total: number; lines: number; body: unknown }>();
  invoices = new Map<number, { total: number; lines: number }>();
  /** Answers that disagree with what the bill should have come to. */
  wrong: string[] = [];
  add(m: Map<number, number>, k: number, v: number) {
    m.set(k, (m.get(k) ?? 0) + v);
  }
}

interface Bill {
  kind: string;
  lines: { item_fk: number; unit_fk: number; quantity: string }[];
  total: number;
}

/** Three different items, one or two of each. */
function threeLines(shop: Shop, rnd: () => number): Bill {
  const chosen = new Set<number>();
  while (chosen.size < 3) chosen.add(Math.floor(rnd() * shop.items.length));
  let total = 0;
  const lines = [...chosen].map((i) => {
    const q = 1 + Math.floor(rnd() * 2);
    total += shop.items[i]!.price * q;
    return { item_fk: shop.items[i]!.id, unit_fk: shop.piece, quantity: String(q) };
  });
  return { kind: "", lines, total };
}

/**
 * A POS bill of this kind, the request's body and what it must do: the cash into the till's
 * drawers, the change handed back (by the rule the till shows: down to 250 IQD, whole dollars and
 * the rest in dinars), FIB and credit paying exactly.
 */
function posBill(shop: Shop, kind: PosKind, rnd: () => number) {
  const bill = threeLines(shop, rnd);
  const T = bill.total;
  const down250 = (v: number) => Math.floor(v / 250) * 250;
  const base = { client_created_at: new Date().toISOString(), lines: bill.lines };
  let body: Record<string, unknown>;
  let iqd = 0;
  let usd = 0;
  let change = { currency_id: 1, amount: 0, amount_iqd: 0 };
  let credit: number | undefined;
  let fib = 0;
  if (kind === "cash") {
    const tender = Math.ceil((T + 1) / 5000) * 5000;
    body = { ...base, payments: [{ method: "cash", currency_id: 1, amount: String(tender) }], change_currency_id: 1 };
    change = { currency_id: 1, amount: down250(tender - T), amount_iqd: 0 };
    iqd = tender - change.amount;
  } else if (kind === "IQD+USD") {
    const dollars = Math.max(1, Math.floor(T / 2 / IN_RATE));
    const dinars = Math.ceil((T - dollars * IN_RATE + 1) / 1000) * 1000;
    body = {
      ...base,
      payments: [
        { method: "cash", currency_id: 1, amount: String(dinars) },
        { method: "cash", currency_id: 2, amount: String(dollars) },
      ],
      change_currency_id: 1,
    };
    change = { currency_id: 1, amount: down250(dollars * IN_RATE + dinars - T), amount_iqd: 0 };
    iqd = dinars - change.amount;
    usd = dollars;
  } else if (kind === "change in USD") {
    const dollars = Math.ceil((Math.floor(T / IN_RATE) + 1) / 5) * 5;
    const over = dollars * IN_RATE - T;
    const given = Math.floor(over / IN_RATE);
    body = { ...base, payments: [{ method: "cash", currency_id: 2, amount: String(dollars) }], change_currency_id: 2 };
    change = { currency_id: 2, amount: given, amount_iqd: down250(over - given * IN_RATE) };
    usd = dollars - given;
    iqd = -change.amount_iqd;
  } else if (kind === "credit") {
    credit = shop.customers[Math.floor(rnd() * shop.customers.length)]!;
    body = { ...base, customer_fk: credit, payments: [{ method: "credit", currency_id: 1, amount: String(T) }] };
  } else {
    fib = T;
    body = { ...base, payments: [{ method: "fib", currency_id: 1, amount: String(T) }] };
  }
  return { bill: { ...bill, kind }, body, iqd, usd, change, credit, fib };
}

interface Outcome {
  kind: string;
  status: number;
  ms: number;
  error?: string;
}

/** What one workload's clients got in a stretch. */
class Tally {
  done: { kind: string; ms: number }[] = [];
  statuses = new Map<number, number>();
  /** The errors' texts (the first few kinds) and how often each came. */
  errors = new Map<string, number>();
  errorCount = 0;
  record(o: Outcome) {
    this.statuses.set(o.status, (this.statuses.get(o.status) ?? 0) + 1);
    if (o.error) {
      this.errorCount++;
      if (this.errors.size < 8 || this.errors.has(o.error)) this.errors.set(o.error, (this.errors.get(o.error) ?? 0) + 1);
    } else this.done.push({ kind: o.kind, ms: o.ms });
  }
  get failed() {
    return [...this.statuses.keys()].some((s) => s < 200 || s >= 300);
  }
}

/**
 * Each client sells one after another until `seconds` have passed; answers are tallied, an error
 * stops no client (after 50 errors the stretch ends early: the run has failed anyway).
 */
async function drive(seconds: number, each: (client: number) => Promise<Outcome>, tally: Tally) {
  const t0 = performance.now();
  const until = t0 + seconds * 1000;
  await Promise.all(
    Array.from({ length: CLIENTS }, async (_, client) => {
      while (performance.now() < until && tally.errorCount < 50) tally.record(await each(client));
    }),
  );
  return (performance.now() - t0) / 1000;
}

interface Measured {
  id: string;
  name: string;
  goal: { ratio: number; p99?: number };
  elapsed: number;
  tally: Tally;
  warm: Tally;
  cpu: string;
  /** The share of a core other processes used meanwhile. */
  others: number;
  pool: string;
  waits: WaitTally;
}

async function setUp(base: string): Promise<Shop> {
  const call = async (method: string, route: string, token: string | null, body?: unknown) => {
    const res = await fetch(`${base}${route}`, {
      method,
      headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as Answer["body"] };
  };
  const must = async (status: number, ...args: Parameters<typeof call>) => {
    const res = await call(...args);
    if (res.status !== status) throw new Error(`${args[1]}: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body;
  };
  const admin = (await must(200, "POST", "/api/auth/login", null, { email: "admin@example.com", password: "bench-password" }))
    .access_token as string;
  // The dollar's rate, as the tests store it: the POS converts at the in-rate.
  await must(201, "POST", "/api/currency_rates", admin, { rate: RATE, in_rate: String(IN_RATE) });
  const units = (await must(200, "GET", "/api/units/list", admin)).message as { unit_id: number; unit_name: string }[];
  const piece = units.find((u) => u.unit_name === "Piece")!.unit_id;
  const items: Shop["items"] = [];
  for (let i = 0; i < ITEMS; i++) {
    const price = 1500 + 250 * i;
    const id = (
      await must(201, "POST", "/api/items", admin, {
        item_name: `Bench item ${i + 1}`,
        item_units: [{ unit_fk: piece, quantity: "1", price: String(price), is_base: true }],
      })
    ).data.item_id as number;
    items.push({ id, price });
  }
  const bread = (
    await must(201, "POST", "/api/items", admin, {
      item_name: "Bench bread",
      item_units: [{ unit_fk: piece, quantity: "1", price: String(BREAD), is_base: true }],
    })
  ).data.item_id as number;
  const supplier = (await must(201, "POST", "/api/suppliers", admin, { consumer_name: "Bench wholesaler" })).data.consumer_id;
  const purchase = await must(201, "POST", "/api/purchases", admin, {
    consumer_id: supplier,
    inventory_id: 1,
    currency_id: 1,
    discount_type: "amount",
    payment_type: "On Account",
    lines: [...items.map((i) => i.id), bread].map((id) => ({ item_id: id, unit_id: piece, quantity: String(STOCK), unit_price: "1000" })),
  });
  await must(200, "POST", `/api/purchases/${purchase.data.id}/complete`, admin, {});
  const customers: number[] = [];
  for (let i = 1; i <= CUSTOMERS; i++)
    customers.push(
      (
        await must(201, "POST", "/api/customers", admin, {
          consumer_name: `Bench customer ${i}`,
          allowed_debit_amount: String(ALLOWED_DEBIT),
        })
      ).data.consumer_id,
    );
  const cashboxes: number[] = [];
  for (let i = 1; i <= CASHBOXES; i++)
    cashboxes.push(
      (await must(201, "POST", "/api/cashes", admin, { account_name: `Bench cash ${i}`, cash_type: 1, currency_id: 1 })).data.account_id,
    );
  // The FIB bank account, as the tests make it, named in the POS settings.
  const fib = (await must(201, "POST", "/api/cashes", admin, { account_name: "FIB", cash_type: 2, currency_id: 1 })).data.account_id;
  await must(200, "POST", "/api/pos/settings", admin, { fib_account_fk: fib, smallest_iqd_amount: "250", smallest_usd_amount: "1" });
  const tills: string[] = [];
  for (let i = 1; i <= CLIENTS; i++) tills.push(await newCashier(base, admin, `Bench till ${i}`, `till${i}@bench.test`));
  return { base, admin, piece, items, bread, tills, customers, cashboxes, fib };
}

async function run(label: string, serverUrl: string, pgbench: string | undefined) {
  const { database, url, cleanup } = await benchDatabase("salesmix", serverUrl);
  const dataDir = scratchDir("souq-bench-salesmix-");
  chmodSync(dataDir, 0o755);
  let child: ChildProcess | undefined;
  const dbName = decodeURIComponent(new URL(url).pathname.slice(1));
  const expected = new Expected();
  const measured: Measured[] = [];
  try {
    await migrate(database);
    await seed(database.db, { adminPassword: "bench-password" });
    const started = await startServer(url, dataDir);
    child = started.child;
    const shop = await setUp(started.base);
    // TPC-B before the workloads (the server idle) and after them (the server stopped): the ratios
    // are to their mean, and the two tell how steady the machine was meanwhile.
    const references: ReturnType<typeof tpcb>[] = [];
    const failed: string[] = [];
    const reference = async () => {
      if (!pgbench) return;
      const ref = tpcb(pgbench, url, CLIENTS, SECONDS);
      const h = new pg.Client({ connectionString: url });
      await h.connect();
      const n = (await h.query<{ n: number }>("select count(*)::int as n from pgbench_history")).rows[0]!.n;
      await h.end();
      if (n !== ref.count) failed.push(`pgbench logged ${ref.count} transactions, its history holds ${n}`);
      references.push(ref);
      console.log(
        `  pgbench TPC-B (scale 1), ${CLIENTS} clients, ${SECONDS} s, ${references.length === 1 ? "before" : "after"} the workloads: ` +
          `${ref.tps.toFixed(0)} tps (${ref.count} transactions), p50 ${fmt(ref.p50)}, p99 ${fmt(ref.p99)} (load average ${load()})`,
      );
    };
    console.log(`${label}: ${CLIENTS} clients, each workload ${SECONDS} s after ${WARMUP} s of warm-up`);
    await reference();
    const client = keepAliveClient(started.base, CLIENTS);
    const timed = async (kind: string, send: () => Promise<Answer>, ok: number, then: (a: Answer) => void): Promise<Outcome> => {
      const t0 = performance.now();
      let a: Answer;
      try {
        a = await send();
      } catch (err) {
        return { kind, status: 0, ms: performance.now() - t0, error: `${kind}: ${(err as Error).message}` };
      }
      const ms = performance.now() - t0;
      if (a.status !== ok) return { kind, status: a.status, ms, error: `${kind}: ${a.status} ${JSON.stringify(a.body).slice(0, 300)}` };
      then(a);
      return { kind, status: a.status, ms };
    };

    // 1. The POS mix.
    const rnds = Array.from({ length: CLIENTS }, (_, i) => random(1000 + i));
    const sellPos = (till: number, kind: PosKind) => {
      const b = posBill(shop, kind, rnds[till]!);
      const key = randomUUID();
      return timed(
        kind,
        () => client.post("/api/pos_sales", shop.tills[till]!, b.body, { "idempotency-key": key }),
        201,
        (a) => {
          const d = a.body.data;
          const c = d.change ?? {};
          if (Number(d.total) !== b.bill.total || d.status !== "complete")
            expected.wrong.push(`POS sale ${d.id} (${kind}): total ${d.total}, ${d.status}; ${b.bill.total} complete expected`);
          if (
            c.currency_id !== b.change.currency_id ||
            Number(c.amount) !== b.change.amount ||
            Number(c.amount_iqd) !== b.change.amount_iqd
          )
            expected.wrong.push(`POS sale ${d.id} (${kind}): change ${JSON.stringify(c)}, ${JSON.stringify(b.change)} expected`);
          expected.pos.set(key, { id: d.id, till, total: b.bill.total, lines: b.bill.lines.length, body: b.body });
          expected.drawers[till]!.iqd += b.iqd;
          expected.drawers[till]!.usd += b.usd;
          expected.fib += b.fib;
          if (b.credit) expected.add(expected.credit, b.credit, b.bill.total);
          for (const l of b.bill.lines) expected.add(expected.sold, l.item_fk, Number(l.quantity));
        },
      );
    };
    // 2. Invoice sales, saved and completed in one call.
    const sellInvoice = (c: number, kind: InvoiceKind) => {
      const rnd = rnds[c]!;
      const bill = threeLines(shop, rnd);
      const box = shop.cashboxes[c % shop.cashboxes.length]!;
      const customer = shop.customers[Math.floor(rnd() * shop.customers.length)]!;
      const body = {
        inventory_fk: 1,
        currency_id: 1,
        lines: bill.lines,
        complete: true,
        ...(kind === "cash" ? { payment_type: "Cash", account_fk: box } : { payment_type: "On Account", consumer_fk: customer }),
      };
      return timed(
        kind,
        () => client.post("/api/sales", shop.admin, body),
        201,
        (a) => {
          const d = a.body.data;
          if (Number(d.total) !== bill.total || d.status !== "complete")
            expected.wrong.push(`sale ${d.id} (${kind}): total ${d.total}, ${d.status}; ${bill.total} complete expected`);
          expected.invoices.set(d.id, { total: bill.total, lines: bill.lines.length });
          if (kind === "cash") expected.add(expected.cashboxes, box, bill.total);
          else expected.add(expected.credit, customer, bill.total);
          for (const l of bill.lines) expected.add(expected.sold, l.item_fk, Number(l.quantity));
        },
      );
    };
    // 3. One-line cash bills.
    const sellBread = (till: number) => {
      const key = randomUUID();
      const body = {
        client_created_at: new Date().toISOString(),
        lines: [{ item_fk: shop.bread, unit_fk: shop.piece, quantity: "1" }],
        payments: [{ method: "cash", currency_id: 1, amount: String(BREAD) }],
      };
      return timed(
        "cash",
        () => client.post("/api/pos_sales", shop.tills[till]!, body, { "idempotency-key": key }),
        201,
        (a) => {
          const d = a.body.data;
          if (Number(d.total) !== BREAD || d.status !== "complete") expected.wrong.push(`POS sale ${d.id}: total ${d.total}, ${d.status}`);
          expected.pos.set(key, { id: d.id, till, total: BREAD, lines: 1, body });
          expected.drawers[till]!.iqd += BREAD;
          expected.add(expected.sold, shop.bread, 1);
        },
      );
    };

    const workloads: {
      id: string;
      name: string;
      goal: Measured["goal"];
      /** Unmeasured, before the warm-up: what every client sells once (each kind at least once). */
      first: (c: number) => (() => Promise<Outcome>)[];
      each: (c: number) => Promise<Outcome>;
    }[] = [
      {
        id: "mix",
        name: `POS mix (${CLIENTS} tills, 3-line bills: ${POS_MIX.map(([k, w]) => `${k} ${w} %`).join(", ")})`,
        goal: { ratio: 0.25, p99: 150 },
        // The first sale of each till is cash: its drawers open and hold dinars for change.
        first: (c) => [
          () => sellPos(c, "cash"),
          ...POS_MIX.map(
            ([k]) =>
              () =>
                sellPos(c, k),
          ),
        ],
        each: (c) => sellPos(c, pick(POS_MIX, rnds[c]!())),
      },
      {
        id: "invoice",
        name: `invoice sales (${CLIENTS} clients, 3 lines saved and completed: ${INVOICE_MIX.map(([k, w]) => `${k} ${w} %`).join(", ")})`,
        goal: { ratio: 0.1, p99: 250 },
        first: (c) =>
          INVOICE_MIX.map(
            ([k]) =>
              () =>
                sellInvoice(c, k),
          ),
        each: (c) => sellInvoice(c, pick(INVOICE_MIX, rnds[c]!())),
      },
      {
        id: "oneline",
        name: `one-line cash POS bills (${CLIENTS} tills)`,
        goal: { ratio: 0.36 },
        first: (c) => [() => sellBread(c)],
        each: (c) => sellBread(c),
      },
    ];
    const unknown = WORKLOADS.filter((w) => !workloads.some((x) => x.id === w));
    if (unknown.length)
      throw new Error(`BENCH_WORKLOADS names ${unknown.join(", ")}: the workloads are ${workloads.map((w) => w.id).join(", ")}`);
    for (const w of workloads.filter((x) => WORKLOADS.includes(x.id))) {
      const warm = new Tally();
      // The first sales of each client one after another (a till's first sale opens its drawers).
      await Promise.all(
        Array.from({ length: CLIENTS }, async (_, c) => {
          for (const sale of w.first(c)) warm.record(await sale());
        }),
      );
      if (WARMUP > 0) await drive(WARMUP, w.each, warm);
      const tally = new Tally();
      const metricsBefore = await serverMetrics(shop.base);
      const sampler = await waitSampler(url, SAMPLE_MS);
      const before = cpuMark(child.pid!, dbName);
      const elapsed = await drive(SECONDS, w.each, tally);
      const after = cpuMark(child.pid!, dbName);
      const cpu = cpuBetween(before, after);
      const others = elsewhere(before, after);
      const waits = await sampler.stop();
      const pool = poolBetween(metricsBefore, await serverMetrics(shop.base));
      measured.push({ id: w.id, name: w.name, goal: w.goal, elapsed, tally, warm, cpu, others, pool, waits });
    }
    // A key per till sent again: the same sale answers, none is booked twice.
    let replayed = 0;
    for (const [key, sale] of [...expected.pos].slice(0, CLIENTS)) {
      const again = await client.post("/api/pos_sales", shop.tills[sale.till]!, sale.body, { "idempotency-key": key });
      if (again.status !== 201 || again.body.data?.id !== sale.id)
        expected.wrong.push(`key ${key} answered ${again.status} sale ${again.body.data?.id} after ${sale.id}`);
      else replayed++;
    }
    client.close();
    child.kill("SIGTERM");
    await new Promise((r) => child!.once("exit", r));
    child = undefined;

    failed.push(...expected.wrong.slice(0, 10));
    if (expected.wrong.length > 10) failed.push(`and ${expected.wrong.length - 10} more answers like these`);
    const checks = await checkBooks(url, shop, expected);
    failed.push(...checks.filter(([, ok]) => !ok).map(([what]) => what));
    await reference();
    const ref = references.length ? { tps: references.reduce((s, r) => s + r.tps, 0) / references.length } : undefined;
    if (ref && references.length === 2) {
      const [a, b] = references.map((r) => r.tps) as [number, number];
      const spread = Math.abs(a - b) / Math.max(a, b);
      console.log(
        `  the ratios below are to their mean, ${ref.tps.toFixed(0)} tps; the two differ by ${(100 * spread).toFixed(0)} %` +
          (spread > 0.15 ? ": the machine was not steady, the ratios are not reliable" : ""),
      );
    }
    let httpFailed = false;
    const summary: string[] = [];
    for (const m of measured) {
      const ms = m.tally.done.map((d) => d.ms).sort((a, b) => a - b);
      const n = ms.length;
      const rate = n / m.elapsed;
      const p = (q: number) => (n ? percentile(ms, q) : Number.NaN);
      const ratio = ref ? rate / ref.tps : undefined;
      const goalText = `goal ≥ ${m.goal.ratio.toFixed(2)}${m.goal.p99 ? ` with p99 ≤ ${m.goal.p99} ms` : ""}`;
      const met = ratio !== undefined && ratio >= m.goal.ratio && (!m.goal.p99 || p(99) <= m.goal.p99);
      console.log(`\n  ${m.name}, ${m.elapsed.toFixed(1)} s: ${n} sales, ${rate.toFixed(1)} sales/s`);
      summary.push(
        `${m.id} ${rate.toFixed(1)}/s${ratio !== undefined ? ` = ${ratio.toFixed(3)} x TPC-B` : ""}, p99 ${fmt(p(99))}${
          smoke || ratio === undefined ? "" : met ? " (goal met)" : " (goal missed)"
        }`,
      );
      if (ratio !== undefined)
        console.log(
          `    sales/s ÷ TPC-B tps = ${ratio.toFixed(3)} (${goalText}: ${smoke ? "not judged at smoke size" : met ? "met" : "MISSED"})`,
        );
      console.log(`    latency p50 ${fmt(p(50))}, p95 ${fmt(p(95))}, p99 ${fmt(p(99))} (load average ${load()})`);
      const kinds = [...new Set(m.tally.done.map((d) => d.kind))];
      if (kinds.length > 1)
        console.log(
          `    by kind: ${kinds
            .map((k) => {
              const l = m.tally.done
                .filter((d) => d.kind === k)
                .map((d) => d.ms)
                .sort((a, b) => a - b);
              return `${k} ${l.length} (p50 ${fmt(percentile(l, 50))}, p99 ${fmt(percentile(l, 99))})`;
            })
            .join("; ")}`,
        );
      const answers = (t: Tally) =>
        [...t.statuses]
          .sort((a, b) => a[0] - b[0])
          .map(([s, c]) => `${s || "no answer"} × ${c}`)
          .join(", ");
      const errors = [...m.warm.errors, ...m.tally.errors];
      console.log(
        `    answers: ${answers(m.tally)}${m.warm.failed ? `; while warming up: ${answers(m.warm)}` : ""}${errors.length ? "" : "; no errors"}`,
      );
      for (const [e, n] of errors) console.log(`      ${n} × ${e}`);
      if (m.tally.failed || m.warm.failed) httpFailed = true;
      console.log(
        `    processors: ${m.cpu}; other processes ${Math.round(100 * m.others)}% of a core${m.others > 0.25 ? " (another program loaded the machine: these figures are not the product's alone)" : ""}`,
      );
      console.log(`    pool: ${m.pool}`);
      for (const l of waitLines(m.waits, SAMPLE_MS)) console.log(`    ${l}`);
    }
    console.log(
      `\n  checked: ${expected.pos.size} POS sales and ${expected.invoices.size} invoice sales (warm-up included) each stored once, complete, ` +
        `at its total and with its lines; ${replayed} keys replayed to the same sale; stock of ${shop.items.length + 1} items, ` +
        `debits = credits, ${CLIENTS} tills' drawers in IQD and USD, the FIB and ${CASHBOXES} cash accounts, ${CUSTOMERS} customers' ` +
        `balances within their allowed debit: ${failed.length ? "FAILED" : "all agree"}`,
    );
    for (const f of failed) console.log(`    FAILED: ${f}`);
    console.log(`  summary, ${label}: ${summary.join("; ")}`);
    const refused = measured.filter((m) => m.tally.failed || m.warm.failed).map((m) => m.name.split(" (")[0]);
    if (httpFailed || failed.length)
      throw new Error(
        `${label}: ${[
          refused.length ? `answers other than 201 (a 409 or 5xx, or a refusal of a valid bill) in ${refused.join(", ")}` : "",
          failed.length ? `${failed.length} checks failed` : "",
        ]
          .filter(Boolean)
          .join("; ")}`,
      );
  } finally {
    if (child && child.exitCode === null) child.kill("SIGKILL");
    rmSync(dataDir, { recursive: true, force: true });
    await cleanup();
  }
}

/** The books after the run against what the acknowledged sales should have left: [what, agrees]. */
async function checkBooks(url: string, shop: Shop, e: Expected): Promise<[string, boolean][]> {
  const db = new pg.Client({ connectionString: url });
  await db.connect();
  try {
    const checks: [string, boolean][] = [];
    const keys = [...e.pos.keys()];
    const stored = await db.query<{ n: number; ours: number }>(
      "select count(*)::int as n, count(*) filter (where status_code = 201 and key = any($1))::int as ours from idempotency_keys where scope = 'pos_sales'",
      [keys],
    );
    checks.push([
      `${keys.length} POS keys stored once each with their answer (${stored.rows[0]!.ours} of ${stored.rows[0]!.n} found)`,
      stored.rows[0]!.n === keys.length && stored.rows[0]!.ours === keys.length,
    ]);
    const pos = await db.query<{ id: number; key: string | null; status: string; total: string; lines: number }>(
      `select s.id, pi.idempotency_key as key, s.status, s.total::text, (select count(*)::int from sale_lines l where l.sale_fk = s.id) as lines
         from sales s left join pos_sale_info pi on pi.kind = 'sale' and pi.sale_fk = s.id where s.kind = 'pos'`,
    );
    const posBad = pos.rows.filter((r) => {
      const x = r.key ? e.pos.get(r.key) : undefined;
      return !x || x.id !== r.id || r.status !== "complete" || Number(r.total) !== x.total || r.lines !== x.lines;
    });
    checks.push([
      `${e.pos.size} POS sales, one per key, complete, at their totals and lines (${pos.rows.length} stored, ${posBad.length} disagree${posBad.length ? `: ${JSON.stringify(posBad.slice(0, 3))}` : ""})`,
      pos.rows.length === e.pos.size && !posBad.length,
    ]);
    const inv = await db.query<{ id: number; status: string; total: string; lines: number }>(
      `select s.id, s.status, s.total::text, (select count(*)::int from sale_lines l where l.sale_fk = s.id) as lines from sales s where s.kind = 'sale'`,
    );
    const invBad = inv.rows.filter((r) => {
      const x = e.invoices.get(r.id);
      return !x || r.status !== "complete" || Number(r.total) !== x.total || r.lines !== x.lines;
    });
    checks.push([
      `${e.invoices.size} invoice sales, complete, at their totals and lines (${inv.rows.length} stored, ${invBad.length} disagree${invBad.length ? `: ${JSON.stringify(invBad.slice(0, 3))}` : ""})`,
      inv.rows.length === e.invoices.size && !invBad.length,
    ]);
    const stock = await db.query<{ item: number; q: string }>(
      "select item_fk as item, coalesce(sum(qty), 0)::text as q from stock_balances where item_fk = any($1) group by item_fk",
      [[...shop.items.map((i) => i.id), shop.bread]],
    );
    const onHand = new Map(stock.rows.map((r) => [r.item, Number(r.q)]));
    const stockBad = [...shop.items.map((i) => i.id), shop.bread].filter((id) => onHand.get(id) !== STOCK - (e.sold.get(id) ?? 0));
    checks.push([
      `stock fell by what was sold (${[...e.sold.values()].reduce((s, v) => s + v, 0)} units${stockBad.length ? `; items ${stockBad.slice(0, 5).join(", ")} disagree` : ""})`,
      !stockBad.length,
    ]);
    const tb = await db.query<{ d: string; c: string }>("select sum(sys_debit)::text as d, sum(sys_credit)::text as c from journal_lines");
    checks.push([`debits ${tb.rows[0]!.d} = credits ${tb.rows[0]!.c}`, tb.rows[0]!.d === tb.rows[0]!.c]);
    const drawers = await db.query<{ email: string; currency: number; b: string }>(
      `select u.email, d.currency_id as currency, coalesce(sum(l.debit - l.credit), 0)::text as b
         from pos_drawers d join users u on u.user_id = d.user_fk left join journal_lines l on l.account_id = d.account_fk
        group by u.email, d.currency_id`,
    );
    const holds = new Map(drawers.rows.map((r) => [`${r.email}/${r.currency}`, Number(r.b)]));
    const drawerBad: string[] = [];
    e.drawers.forEach((x, till) => {
      for (const [cur, want] of [
        [1, x.iqd],
        [2, x.usd],
      ] as const) {
        const got = holds.get(`till${till + 1}@bench.test/${cur}`) ?? 0;
        if (got !== want) drawerBad.push(`till ${till + 1} ${cur === 1 ? "IQD" : "USD"} holds ${got}, ${want} expected`);
      }
    });
    checks.push([
      `each till's drawers hold its cash${drawerBad.length ? ` (${drawerBad.slice(0, 4).join("; ")})` : ""}`,
      !drawerBad.length,
    ]);
    const balance = async (id: number) =>
      Number(
        (await db.query<{ b: string }>("select coalesce(sum(debit - credit), 0)::text as b from journal_lines where account_id = $1", [id]))
          .rows[0]!.b,
      );
    const fib = await balance(shop.fib);
    checks.push([`the FIB account holds ${e.fib} (${fib})`, fib === e.fib]);
    for (const box of shop.cashboxes) {
      const b = await balance(box);
      checks.push([`cash account ${box} holds ${e.cashboxes.get(box) ?? 0} (${b})`, b === (e.cashboxes.get(box) ?? 0)]);
    }
    const customers = await db.query<{ id: number; allowed: string | null; b: string }>(
      `select c.consumer_id as id, c.allowed_debit_amount::text as allowed,
              coalesce((select sum(l.sys_debit - l.sys_credit) from journal_lines l where l.account_id in (c.account_fk, c.account_usd_fk)), 0)::text as b
         from consumers c where c.consumer_id = any($1)`,
      [shop.customers],
    );
    for (const c of customers.rows) {
      const want = e.credit.get(c.id) ?? 0;
      checks.push([
        `customer ${c.id} owes ${want} (${c.b}), within the allowed ${c.allowed}`,
        Number(c.b) === want && c.allowed !== null && Number(c.b) <= Number(c.allowed),
      ]);
    }
    const over = await db.query<{ n: number }>(
      `select count(*)::int as n from consumers c
        where c.kind = 'customer' and c.allowed_debit_amount is not null
          and coalesce((select sum(l.sys_debit - l.sys_credit) from journal_lines l where l.account_id in (c.account_fk, c.account_usd_fk)), 0) > c.allowed_debit_amount`,
    );
    checks.push([`no customer over the allowed debit (${over.rows[0]!.n} over)`, over.rows[0]!.n === 0]);
    return checks;
  } finally {
    await db.end();
  }
}

export default async function salesMixBench() {
  const pgbench = pgbenchOrSkip();
  compiledServer();
  if (process.env.DATABASE_URL) await run("PostgreSQL at DATABASE_URL", process.env.DATABASE_URL, pgbench);
  // BENCH_EMBEDDED=0 (and smoke mode with DATABASE_URL set): the server DATABASE_URL names only.
  if (process.env.BENCH_EMBEDDED !== "0" && !(smoke && process.env.DATABASE_URL)) await run("embedded PostgreSQL", "", pgbench);
}
