// What the HTTP load benches share: the compiled server started in a process of its own on a
// database, a light keep-alive client, the server's pool figures read from GET /metrics, and a
// sampler of the lock and other waits of PostgreSQL's backends while the load runs.
import { type ChildProcess, spawn } from "node:child_process";
import http from "node:http";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { freePort } from "@app/server/src/platform/free-port.js";
import { answersOk, productEnv, waitForAnswer } from "@app/server/test/product-start.js";
import pg from "pg";
import { type CpuMark, seconds } from "./cpu.js";
import { compiledServer } from "./server.js";

const root = path.resolve(import.meta.dirname, "..");

/**
 * The compiled server (what `npm start` runs) on `databaseUrl`, in production mode, listening on a
 * free loopback port. Started the same way whatever its booking code: POS_BOOK_TOGETHER is not
 * passed on, the product's own default decides. BENCH_NODE_ARGS: options for its Node.js, e.g.
 * "--cpu-prof --cpu-prof-dir=/tmp/p" to profile it.
 */
export async function startServer(databaseUrl: string, dataDir: string): Promise<{ child: ChildProcess; base: string }> {
  const port = await freePort();
  const nodeArgs = (process.env.BENCH_NODE_ARGS ?? "").split(" ").filter(Boolean);
  const env = productEnv(port, {
    NODE_ENV: "production",
    DATABASE_URL: databaseUrl,
    DATA_DIR: dataDir,
    JWT_SECRET: "bench-secret-bench-secret-bench-secret",
    LOGIN_ATTEMPTS: "1000",
    POS_BOOK_TOGETHER: undefined,
  });
  const child = spawn(process.execPath, [...nodeArgs, compiledServer().main], { cwd: root, env, stdio: ["ignore", "ignore", "inherit"] });
  const base = `http://127.0.0.1:${port}`;
  await waitForAnswer(child, {
    answers: answersOk(`${base}/api/login_options`),
    every: 50,
    within: 120_000,
    name: "the server",
    giveUp: () => child.kill("SIGKILL"),
  });
  return { child, base };
}

export interface Answer {
  status: number;
  // biome-ignore lint/suspicious/noExplicitAny: the routes' answers are read field by field
  body: any;
}

/**
 * POSTs over node:http on kept-alive connections (at most `sockets`, one per client as a till
 * keeps its connection): a lighter client than fetch, so that the clients take less of the cores
 * the server and the database share with them.
 */
export function keepAliveClient(base: string, sockets: number) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: sockets });
  const { hostname, port } = new URL(base);
  const post = (route: string, token: string, body: unknown, headers: Record<string, string> = {}) =>
    new Promise<Answer>((resolve, reject) => {
      const payload = JSON.stringify(body);
      const req = http.request(
        {
          agent,
          hostname,
          port,
          method: "POST",
          path: route,
          headers: {
            "content-type": "application/json",
            "content-length": Buffer.byteLength(payload),
            authorization: `Bearer ${token}`,
            ...headers,
          },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (c: Buffer) => chunks.push(c));
          res.on("end", () => {
            const text = Buffer.concat(chunks).toString("utf8");
            let parsed: unknown = text;
            try {
              parsed = JSON.parse(text);
            } catch {
              // not JSON: kept as text
            }
            resolve({ status: res.statusCode ?? 0, body: parsed });
          });
          res.on("error", reject);
        },
      );
      req.on("error", reject);
      req.end(payload);
    });
  return { post, close: () => agent.destroy() };
}

/**
 * The share of a core that processes other than the server, the database's backends and this
 * process used between two marks (cpu.ts): another program's load on the machine makes a figure
 * measured beside it, and its ratio to a reference measured at another moment, unreliable.
 */
export function elsewhere(a: CpuMark, b: CpuMark): number {
  const wall = (b.at - a.at) / 1000;
  if (wall <= 0 || !b.machine.total) return 0;
  let ours = b.server - a.server + (b.self.user + b.self.system - a.self.user - a.self.system) / 1e6;
  for (const [pid, s] of b.backends) ours += s - (a.backends.get(pid) ?? 0);
  return Math.max(0, (b.machine.busy - a.machine.busy - ours) / wall);
}

/** The server's own `souq_*` series from GET /metrics (served to this machine), by series: `name{labels}` → value. */
export async function serverMetrics(base: string): Promise<Map<string, number>> {
  const res = await fetch(`${base}/metrics`);
  if (!res.ok) throw new Error(`/metrics: ${res.status}`);
  const out = new Map<string, number>();
  for (const line of (await res.text()).split("\n")) {
    const m = /^(souq_[a-z_]+(?:\{[^}]*\})?) (\S+)$/.exec(line);
    if (m) out.set(m[1]!, Number(m[2]));
  }
  return out;
}

/** The pool's figures between two reads of /metrics: waits for a connection, seconds waited, the pool's size, postings run again. */
export function poolBetween(a: Map<string, number>, b: Map<string, number>): string {
  const d = (k: string) => (b.get(k) ?? 0) - (a.get(k) ?? 0);
  if (!b.has("souq_db_pool_waits_total")) return "the server reports no pool figures (souq_db_pool_waits_total)";
  const retries = [...b.keys()].filter((k) => k.startsWith("souq_posting_retries_total")).reduce((s, k) => s + d(k), 0);
  return (
    `${d("souq_db_pool_waits_total")} connections handed out only after waiting for one (souq_db_pool_waits_total), ` +
    `${d("souq_db_pool_wait_seconds_total").toFixed(2)} s until handed out over every borrow (pool of ${b.get('souq_db_pool_connections{state="max"}') ?? "?"}); ` +
    `${retries} postings run again, ${d("souq_posting_retries_exhausted_total")} given up`
  );
}

export interface WaitTally {
  samples: number;
  /** Milliseconds the sampler's own queries took, in all. */
  busyMs: number;
  /** Processor seconds the sampler's backend used (0 where its process cannot be read). */
  backendSeconds: number;
  /** Samples in which at least one backend waited. */
  waited: number;
  /** Backend·samples by `wait_event_type/wait_event`. */
  byEvent: Map<string, number>;
  /** Backend·samples of lock waits (type Lock) by the relation locked (or the kind of lock when it names none). */
  byRelation: Map<string, number>;
}

/**
 * Samples every `everyMs` the backends of `database` (on the server of `adminUrl`, from a
 * connection to its `postgres` database, so that the sampler's own work is not counted as the
 * benchmarked database's) that are running a statement and waiting for something other than their
 * client: by wait event, and for lock waits the relation locked — the lock waited for, or, waiting
 * for another transaction to end, the tuple lock held meanwhile. `stop()` ends it and names the
 * relations (from a connection to the database itself).
 */
export async function waitSampler(databaseUrl: string, everyMs = 50) {
  const database = decodeURIComponent(new URL(databaseUrl).pathname.slice(1));
  const adminUrl = new URL(databaseUrl);
  adminUrl.pathname = "/postgres";
  const client = new pg.Client({ connectionString: adminUrl.toString() });
  await client.connect();
  const pid = (await client.query<{ pid: number }>("select pg_backend_pid() as pid")).rows[0]!.pid;
  const cpu0 = seconds(pid);
  const byEvent = new Map<string, number>();
  const byOid = new Map<string, number>();
  let samples = 0;
  let busyMs = 0;
  let waited = 0;
  let stopped = false;
  const add = (m: Map<string, number>, k: string) => m.set(k, (m.get(k) ?? 0) + 1);
  const loop = (async () => {
    while (!stopped) {
      const t0 = performance.now();
      const { rows } = await client.query<{ t: string; e: string; rel: number | null; locktype: string | null; q: string }>(
        `with w as materialized (
           select pid, wait_event_type t, wait_event e, left(regexp_replace(query, '\\s+', ' ', 'g'), 200) q from pg_stat_activity
            where datname = $1 and state = 'active' and pid <> pg_backend_pid()
              and wait_event_type is not null and wait_event_type not in ('Client', 'Activity')),
         l as materialized (select pid, locktype, relation, granted from pg_locks where pid in (select pid from w))
         select w.t, w.e,
                coalesce((select relation from l where l.pid = w.pid and not granted and relation is not null limit 1),
                         (select relation from l where l.pid = w.pid and granted and locktype = 'tuple' limit 1))::int as rel,
                (select locktype from l where l.pid = w.pid and not granted limit 1) as locktype, w.q
           from w`,
        [database],
      );
      samples++;
      busyMs += performance.now() - t0;
      if (rows.length) waited++;
      for (const r of rows) {
        add(byEvent, `${r.t}/${r.e}`);
        if (r.t === "Lock") add(byOid, r.rel !== null ? `#${r.rel}` : `(${r.locktype ?? r.e}, in ${statement(r.q)})`);
      }
      const rest = everyMs - (performance.now() - t0);
      if (rest > 0) await new Promise((r) => setTimeout(r, rest));
    }
  })();
  return {
    async stop(): Promise<WaitTally> {
      stopped = true;
      let backendSeconds = 0;
      try {
        await loop;
        backendSeconds = seconds(pid) - cpu0;
      } finally {
        await client.end();
      }
      const oids = [...byOid.keys()].filter((k) => k.startsWith("#")).map((k) => Number(k.slice(1)));
      const names = new Map<number, string>();
      if (oids.length) {
        const db = new pg.Client({ connectionString: databaseUrl });
        await db.connect();
        try {
          const r = await db.query<{ oid: number; relname: string }>("select oid::int, relname from pg_class where oid = any($1)", [oids]);
          for (const row of r.rows) names.set(row.oid, row.relname);
        } finally {
          await db.end();
        }
      }
      const byRelation = new Map<string, number>();
      for (const [k, n] of byOid) {
        const name = k.startsWith("#") ? (names.get(Number(k.slice(1))) ?? `relation ${k.slice(1)}`) : k;
        byRelation.set(name, (byRelation.get(name) ?? 0) + n);
      }
      return { samples, busyMs, backendSeconds, waited, byEvent, byRelation };
    },
  };
}

/**
 * What a statement does to which table, for a lock wait that names no relation (an insert waiting
 * for another transaction's row of the same key, typically): "insert into account_balances".
 */
function statement(q: string): string {
  const dml = /\b(insert\s+into|update|delete\s+from)\s+"?(\w+)"?/i.exec(q);
  if (dml) return `${dml[1]!.toLowerCase().replace(/\s+/, " ")} ${dml[2]}`;
  const from = /\bfrom\s+"?(\w+)"?/i.exec(q);
  if (from) return `a select from ${from[1]}`;
  return q.slice(0, 40);
}

/** A tally's lines, the largest first: "Lock/transactionid 41, LWLock/WALWrite 12". */
export function waitLines(t: WaitTally, everyMs = 50): string[] {
  const top = (m: Map<string, number>) =>
    [...m]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 8)
      .map(([k, n]) => `${k} ${n}`)
      .join(", ") || "none";
  return [
    `waits sampled every ${everyMs} ms (${t.samples} samples; their queries took ${t.busyMs.toFixed(0)} ms, ${(t.backendSeconds * 1000).toFixed(0)} ms of its backend's processor): ${t.waited} with a backend waiting; ` +
      `backend·samples by event: ${top(t.byEvent)}`,
    `lock waits by relation: ${top(t.byRelation)}`,
  ];
}
