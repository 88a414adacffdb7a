// Start-up: the server compiled ahead of time (what `npm start` runs) against the same server run
// from its TypeScript through tsx (what it ran before), on the same existing data directory, in the
// same run: time from launch to the first answer, and resident memory once answering and after
// 200 more requests. On the default database (no DATABASE_URL: an existing data directory) and,
// when DATABASE_URL is set, on an existing PostgreSQL database as well. (Smoke mode: one start of
// each on existing data (no first start: the database is a copy of one already migrated and
// seeded) and 20 requests, on a database of the smoke run's PostgreSQL only; embedded.bench.ts
// starts the product on a data directory of its own.)
import { type ChildProcess, spawn } from "node:child_process";
import { chmodSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { freePort } from "@app/server/src/platform/free-port.js";
import { answersOk, productEnv, waitForAnswer } from "@app/server/test/product-start.js";
import pg from "pg";
import { type BenchDatabase, benchDatabase } from "./database.js";
import { scratchDir } from "./scratch.js";
import { compiledServer, serverDir as server } from "./server.js";
import { size, smoke } from "./size.js";

const root = path.resolve(import.meta.dirname, "..");
const RUNS = size(3, 1);
const REQUESTS = size(200, 20);

const rssMb = (pid: number) => {
  const kb = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1];
  return Number(kb) / 1024;
};

async function start(args: string[], dataDir: string, databaseUrl?: string) {
  const port = await freePort();
  const env = productEnv(port, {
    NODE_ENV: "production",
    DATA_DIR: dataDir,
    JWT_SECRET: "bench-secret-bench-secret-bench-secret",
    ADMIN_PASSWORD: "bench-password",
    DATABASE_URL: databaseUrl || undefined,
  });
  const t0 = performance.now();
  const child: ChildProcess = spawn(process.execPath, args, { cwd: root, env, stdio: "ignore" });
  const url = `http://127.0.0.1:${port}/api/login_options`;
  try {
    await waitForAnswer(child, { answers: answersOk(url), every: 20, name: args.join(" ") });
    const ms = performance.now() - t0;
    const rss = rssMb(child.pid!);
    for (let i = 0; i < REQUESTS; i++) {
      const res = await fetch(url);
      await res.arrayBuffer();
      if (!res.ok) throw new Error(`${url} answered ${res.status}`);
    }
    return { ms, rss, rssAfter: rssMb(child.pid!) };
  } finally {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((r) => child.once("exit", r));
      child.kill("SIGTERM");
      await exited;
    }
  }
}

export default async function startBench() {
  const built = compiledServer();
  console.log(`compiled the server in ${(built.ms / 1000).toFixed(1)} s (node apps/server/build.mjs)`);
  const dataDir = scratchDir("souq-bench-start-");
  // Under root the embedded PostgreSQL runs as the postgres user, which must enter the directory.
  chmodSync(dataDir, 0o755);
  const url = process.env.DATABASE_URL;
  const name = `bench_start_${process.pid}`;
  const admin = url && !smoke ? new pg.Client({ connectionString: url }) : undefined;
  let db: BenchDatabase | undefined;
  try {
    const compiled = [built.main];
    const source = ["--import", "tsx", path.join(server, "src/main.ts")];
    const databases: [string, string | undefined][] = [];
    if (smoke) {
      db = await benchDatabase("start");
      databases.push(["the smoke run's PostgreSQL", db.url]);
    } else databases.push(["existing data directory (embedded PostgreSQL)", undefined]);
    if (admin && url) {
      await admin.connect();
      await admin.query(`create database ${name}`);
      const u = new URL(url);
      u.pathname = `/${name}`;
      databases.push(["existing PostgreSQL database", u.toString()]);
    }
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
    for (const [label, databaseUrl] of databases) {
      if (!smoke) {
        const fresh = await start(compiled, dataDir, databaseUrl);
        console.log(`${label}: first start (migrations and seed), compiled: ${fresh.ms.toFixed(0)} ms`);
      }
      const runs = { compiled: [] as Awaited<ReturnType<typeof start>>[], "tsx (source)": [] as Awaited<ReturnType<typeof start>>[] };
      for (let i = 0; i < RUNS; i++) {
        runs.compiled.push(await start(compiled, dataDir, databaseUrl));
        runs["tsx (source)"].push(await start(source, dataDir, databaseUrl));
      }
      const row = (r: Awaited<ReturnType<typeof start>>[]) => ({
        ms: median(r.map((x) => x.ms)),
        rss: median(r.map((x) => x.rss)),
        after: median(r.map((x) => x.rssAfter)),
      });
      const c = row(runs.compiled);
      const s = row(runs["tsx (source)"]);
      console.log(`${label}, median of ${RUNS} starts each:`);
      for (const [k, v] of [
        ["compiled", c],
        ["tsx (source)", s],
      ] as const) {
        console.log(
          `  ${k.padEnd(14)} first answer ${v.ms.toFixed(0).padStart(5)} ms   resident ${v.rss.toFixed(0).padStart(4)} MB, ${v.after.toFixed(0).padStart(4)} MB after ${REQUESTS} requests`,
        );
      }
      console.log(
        `  compiled / tsx: start ${(c.ms / s.ms).toFixed(2)}x, memory ${(c.after / s.after).toFixed(2)}x (goal: first answer within 2000 ms, less memory)`,
      );
    }
  } finally {
    await db?.cleanup();
    rmSync(dataDir, { recursive: true, force: true });
    if (admin) {
      await admin.query(`drop database if exists ${name} with (force)`).catch(() => {});
      await admin.end();
    }
  }
}
