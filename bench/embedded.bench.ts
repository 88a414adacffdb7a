// The embedded default against the machine's PostgreSQL, the product started as `npm start` runs
// it (the server compiled ahead of time), in the same run: start-up on fresh and on existing data, the
// restart after a SIGKILL (the orphaned postmaster is taken over; goal 2 s), resident memory, and
// income postings per second with 16 clients. MACHINE_DATABASE_URL (default: DATABASE_URL, else
// postgres://postgres@127.0.0.1:5432/postgres) names the machine's server. (Smoke size: 4 clients
// for 1 s; the first start is the one killed, not restarted once more first; the embedded side
// only: start.bench.ts starts the product on the smoke run's server.)
import { type ChildProcess, spawn } from "node:child_process";
import { chmodSync, existsSync, readdirSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { startEmbeddedPostgres } from "@app/server/src/db/embedded.js";
import { freePort } from "@app/server/src/platform/free-port.js";
import { answersOk, productEnv, waitForAnswer } from "@app/server/test/product-start.js";
import pg from "pg";
import { scratchDir } from "./scratch.js";
import { compiledServer } from "./server.js";
import { size, smoke } from "./size.js";

const CLIENTS = size(16, 4);
const SECONDS = size(15, 1);
const EMAIL = "admin@example.com";
const PASSWORD = "bench-password";

interface Running {
  child: ChildProcess;
  port: number;
  ms: number;
}

/** The products started and not yet seen to exit: stopped when a figure fails half-way. */
const alive = new Set<ChildProcess>();

async function stopAll() {
  for (const child of alive) {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((r) => child.once("exit", r));
      child.kill("SIGTERM");
      await exited;
    }
    alive.delete(child);
  }
}

/** Starts the product and answers how long it took until it served a request. */
async function start(env: Record<string, string>, port: number): Promise<Running> {
  const t0 = performance.now();
  const child = spawn(process.execPath, [compiledServer().main], {
    env: productEnv(port, {
      NODE_ENV: "production",
      ...env,
      ADMIN_EMAIL: EMAIL,
      ADMIN_PASSWORD: PASSWORD,
      JWT_SECRET: "bench-secret-bench-secret-bench-secret",
    }),
    stdio: ["ignore", "ignore", "inherit"],
  });
  alive.add(child);
  child.once("exit", () => alive.delete(child));
  await waitForAnswer(child, { answers: answersOk(`http://127.0.0.1:${port}/api/login_options`), every: 10, name: "the product" });
  return { child, port, ms: performance.now() - t0 };
}

async function stop(run: Running, signal: NodeJS.Signals = "SIGTERM") {
  const exited = new Promise((r) => run.child.once("exit", r));
  run.child.kill(signal);
  await exited;
}

/** Proportional set size (shared pages split among their users) of a process, in MB. */
function pssMb(pid: number): number {
  try {
    const m = /^Pss:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/smaps_rollup`, "utf8"));
    return m ? Number(m[1]) / 1024 : 0;
  } catch {
    return 0;
  }
}

/** The postmaster of a cluster directory and every process it started. */
function clusterPids(pgdata: string): number[] {
  const postmaster = Number(readFileSync(path.join(pgdata, "postmaster.pid"), "utf8").split("\n")[0]);
  const pids = [postmaster];
  for (const e of readdirSync("/proc")) {
    if (!/^\d+$/.test(e)) continue;
    try {
      const stat = readFileSync(`/proc/${e}/stat`, "utf8");
      const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      if (ppid === postmaster) pids.push(Number(e));
    } catch {
      // gone meanwhile
    }
  }
  return pids;
}

async function api(port: number, token: string | null, method: string, url: string, body?: unknown) {
  const res = await fetch(`http://127.0.0.1:${port}${url}`, {
    method,
    headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: await res.json() };
}

/** Income postings (ledger entry, balances, audit row) per second from CLIENTS clients at once. */
async function postings(port: number): Promise<number> {
  const token = (await api(port, null, "POST", "/api/auth/login", { email: EMAIL, password: PASSWORD })).body.access_token;
  const cash = (await api(port, token, "POST", "/api/cashes", { account_name: "Till", cash_type: 1, currency_id: 1 })).body.data.account_id;
  const type = (await api(port, token, "POST", "/api/income_types", { type_name: "Sales" })).body.data.type_id;
  const body = { type_id: type, account_id: cash, currency_id: 1, amount: "1000", payment_time: "10:00" };
  let done = 0;
  const until = performance.now() + SECONDS * 1000;
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: CLIENTS }, async () => {
      while (performance.now() < until) {
        const res = await api(port, token, "POST", "/api/incomes", body);
        if (res.status !== 201) throw new Error(`income: ${res.status} ${JSON.stringify(res.body)}`);
        done++;
      }
    }),
  );
  return done / ((performance.now() - t0) / 1000);
}

interface Figures {
  fresh: number;
  /** Not measured in smoke mode. */
  existing: number | null;
  afterKill: number | null;
  takeover: number | null;
  productMb: number;
  databaseMb: number | null;
  perSecond: number;
}

/**
 * The product started on empty data and, at full size, stopped and started again on the data it
 * made: both starts, the second left running (the first, in smoke mode).
 */
async function freshThenExisting(env: Record<string, string>, port: number) {
  const fresh = await start(env, port);
  let existing: Running | undefined;
  if (!smoke) {
    await stop(fresh);
    existing = await start(env, port);
  }
  return { fresh, existing };
}

async function embeddedFigures(): Promise<Figures> {
  const dir = scratchDir("souq-bench-embedded-");
  // Under root the embedded server runs as the postgres user, which must enter the directory.
  chmodSync(dir, 0o755);
  const env = { DATABASE_URL: "", DATA_DIR: dir };
  const port = await freePort();
  try {
    const { fresh, existing } = await freshThenExisting(env, port);
    await stop(existing ?? fresh, "SIGKILL");
    // The database's share of the restart: taking over the postmaster the killed server left.
    const t0 = performance.now();
    const taken = await startEmbeddedPostgres(path.join(dir, "pg"), () => {});
    const takeover = performance.now() - t0;
    if (!taken.reused) throw new Error("the postmaster left by the killed server was not taken over");
    const afterKill = await start(env, port);
    const perSecond = await postings(port);
    const productMb = pssMb(afterKill.child.pid!);
    const databaseMb = clusterPids(path.join(dir, "pg")).reduce((s, p) => s + pssMb(p), 0);
    await stop(afterKill);
    return { fresh: fresh.ms, existing: existing?.ms ?? null, afterKill: afterKill.ms, takeover, productMb, databaseMb, perSecond };
  } finally {
    await stopAll();
    // A postmaster the product left (it was killed, or failed half-way): taken over and stopped.
    if (existsSync(path.join(dir, "pg", "postmaster.pid"))) await (await startEmbeddedPostgres(path.join(dir, "pg"), () => {})).stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

async function machineFigures(serverUrl: string): Promise<Figures> {
  const name = `bench_startup_${process.pid}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.query(`create database ${name}`);
  const u = new URL(serverUrl);
  u.pathname = `/${name}`;
  const dir = scratchDir("souq-bench-machine-");
  const env = { DATABASE_URL: u.toString(), DATA_DIR: dir };
  const port = await freePort();
  try {
    const { fresh, existing } = await freshThenExisting(env, port);
    const running = existing ?? fresh;
    const perSecond = await postings(port);
    const productMb = pssMb(running.child.pid!);
    await stop(running);
    return { fresh: fresh.ms, existing: existing?.ms ?? null, afterKill: null, takeover: null, productMb, databaseMb: null, perSecond };
  } finally {
    await stopAll();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
    rmSync(dir, { recursive: true, force: true });
  }
}

const ms = (v: number) => `${Math.round(v)} ms`;

export default async function embeddedBench() {
  const named = process.env.MACHINE_DATABASE_URL ?? process.env.DATABASE_URL;
  const serverUrl = smoke ? undefined : (named ?? "postgres://postgres@127.0.0.1:5432/postgres");
  compiledServer();
  console.log(`the product as npm start runs it (apps/server/build.mjs's main.js); ${CLIENTS} clients for ${SECONDS} s`);
  const e = await embeddedFigures();
  let m: Figures | null = null;
  // The default machine server may be absent; one named on purpose must answer.
  let reachable = !!serverUrl;
  if (serverUrl && !named) {
    const probe = new pg.Client({ connectionString: serverUrl, connectionTimeoutMillis: 3000 });
    try {
      await probe.connect();
    } catch (err) {
      reachable = false;
      console.log(`the machine's PostgreSQL is not reachable (${(err as Error).message}): embedded figures only`);
    } finally {
      await probe.end().catch(() => {});
    }
  }
  if (serverUrl && reachable) m = await machineFigures(serverUrl);
  const ratio = (a: number, b: number | undefined) => (b ? ` (${(a / b).toFixed(2)}x the machine's PostgreSQL)` : "");
  console.log(`start, fresh data:        embedded ${ms(e.fresh)}${m ? `, machine ${ms(m.fresh)}` : ""}${ratio(e.fresh, m?.fresh)}`);
  if (e.existing !== null)
    console.log(
      `start, existing data:     embedded ${ms(e.existing)}${m?.existing ? `, machine ${ms(m.existing)}` : ""}${ratio(e.existing, m?.existing ?? undefined)}`,
    );
  console.log(
    `restart after SIGKILL:    embedded ${ms(e.afterKill!)} until the product answers (goal 2000 ms: ${e.afterKill! <= 2000 ? "met" : "missed"}); taking over the postmaster alone ${ms(e.takeover!)}`,
  );
  console.log(
    `memory (PSS):             embedded product ${e.productMb.toFixed(0)} MB + its PostgreSQL ${e.databaseMb!.toFixed(0)} MB = ${(e.productMb + e.databaseMb!).toFixed(0)} MB` +
      (m ? `; on the machine's PostgreSQL the product alone ${m.productMb.toFixed(0)} MB` : ""),
  );
  console.log(
    `income postings/s (${CLIENTS} clients): embedded ${e.perSecond.toFixed(0)}${m ? `, machine ${m.perSecond.toFixed(0)}` : ""}${ratio(e.perSecond, m?.perSecond)}`,
  );
}
