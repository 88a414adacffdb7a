// Start-up: the server compiled ahead of time (what `npm start` runs) against the same server run
// from its TypeScript through tsx (what it ran before), on the same existing data directory, in the
// same run: time from launch to the first answer, and resident memory once answering and after
// 200 more requests. The default database (no DATABASE_URL) is the one measured.
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";

const root = path.resolve(import.meta.dirname, "..");
const server = path.join(root, "apps/server");
const RUNS = 3;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.on("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

const rssMb = (pid: number) => {
  const kb = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1];
  return Number(kb) / 1024;
};

async function start(args: string[], dataDir: string) {
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: "production",
    PORT: String(port),
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    JWT_SECRET: "bench-secret-bench-secret-bench-secret",
    ADMIN_PASSWORD: "bench-password",
    LOG_LEVEL: "warn",
  };
  delete env.DATABASE_URL;
  const t0 = performance.now();
  const child: ChildProcess = spawn(process.execPath, args, { cwd: root, env, stdio: "ignore" });
  const url = `http://127.0.0.1:${port}/api/login_options`;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${args.join(" ")} exited with ${child.exitCode}`);
    try {
      if ((await fetch(url)).ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 20));
  }
  const ms = performance.now() - t0;
  const rss = rssMb(child.pid!);
  for (let i = 0; i < 200; i++) await (await fetch(url)).arrayBuffer();
  const rssAfter = rssMb(child.pid!);
  child.kill("SIGTERM");
  await new Promise((r) => child.once("exit", r));
  return { ms, rss, rssAfter };
}

export default async function startBench() {
  const b0 = performance.now();
  const built = spawnSync(process.execPath, [path.join(server, "build.mjs")], { stdio: "inherit" });
  if (built.status !== 0) throw new Error("the server did not compile");
  console.log(`compiled the server in ${((performance.now() - b0) / 1000).toFixed(1)} s (node apps/server/build.mjs)`);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "souq-bench-start-"));
  try {
    const compiled = [path.join(server, "dist/bin/main.js")];
    const source = ["--import", "tsx", path.join(server, "src/main.ts")];
    const fresh = await start(compiled, dataDir);
    console.log(`first start (new data directory: migrations and seed), compiled: ${fresh.ms.toFixed(0)} ms`);
    const results: Record<string, { ms: number; rss: number; rssAfter: number }[]> = { compiled: [], "tsx (source)": [] };
    for (let i = 0; i < RUNS; i++) {
      results.compiled!.push(await start(compiled, dataDir));
      results["tsx (source)"]!.push(await start(source, dataDir));
    }
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
    console.log(`existing data directory, median of ${RUNS} starts each:`);
    const row = (k: string) => {
      const r = results[k]!;
      return { ms: median(r.map((x) => x.ms)), rss: median(r.map((x) => x.rss)), after: median(r.map((x) => x.rssAfter)) };
    };
    const c = row("compiled");
    const s = row("tsx (source)");
    for (const [k, v] of [
      ["compiled", c],
      ["tsx (source)", s],
    ] as const) {
      console.log(
        `  ${k.padEnd(14)} first answer ${v.ms.toFixed(0).padStart(5)} ms   resident ${v.rss.toFixed(0).padStart(4)} MB, ${v.after.toFixed(0).padStart(4)} MB after 200 requests`,
      );
    }
    console.log(
      `  compiled / tsx: start ${(c.ms / s.ms).toFixed(2)}x, memory ${(c.after / s.after).toFixed(2)}x (goal: first answer within 2000 ms, less memory)`,
    );
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
