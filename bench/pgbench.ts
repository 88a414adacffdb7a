// pgbench, the reference the write benchmarks report their figures against.
import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { scratchDir } from "./scratch.js";
import { missingTool } from "./size.js";

/** pgbench from PATH, `pg_config --bindir`, or Debian's /usr/lib/postgresql/<version>/bin; undefined when none. */
export function findPgbench(): string | undefined {
  const candidates: string[] = [];
  for (const dir of (process.env.PATH ?? "").split(path.delimiter)) if (dir) candidates.push(path.join(dir, "pgbench"));
  try {
    candidates.push(path.join(execFileSync("pg_config", ["--bindir"], { encoding: "utf8" }).trim(), "pgbench"));
  } catch {
    // no pg_config on this machine
  }
  const debian = "/usr/lib/postgresql";
  if (existsSync(debian))
    for (const v of readdirSync(debian).sort((a, b) => Number(b) - Number(a))) candidates.push(path.join(debian, v, "bin", "pgbench"));
  return candidates.find((c) => existsSync(c));
}

/**
 * pgbench for a bench's TPC-B reference; when there is none the bench says so and goes on without
 * its ratios (under CI=true, a failure).
 */
export function pgbenchOrSkip(): string | undefined {
  const found = findPgbench();
  if (!found) missingTool("pgbench", "PATH, pg_config --bindir, /usr/lib/postgresql/*/bin", "no TPC-B reference, no ratios");
  return found;
}

/** The value below which `p` of the sorted values lie (nearest rank). */
export const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

/**
 * pgbench's TPC-B (scale 1: one branch row every client updates) on `url` with `clients` for
 * `seconds`: its transactions per second and, from its per-transaction log, the p50 and p99 latency in ms.
 */
export function tpcb(pgbench: string, url: string, clients: number, seconds: number) {
  const dir = scratchDir("souq-pgbench-");
  try {
    execFileSync(pgbench, ["-i", "-s", "1", "-q", url], { stdio: "ignore" });
    const out = execFileSync(
      pgbench,
      ["-n", "-c", String(clients), "-j", "2", "-T", String(seconds), "-l", "--log-prefix", path.join(dir, "tx"), url],
      { encoding: "utf8" },
    );
    const tps = Number(/tps = ([0-9.]+)/.exec(out)?.[1]);
    // Each log line: client, transaction, latency in µs, script, epoch seconds, µs.
    const latencies = readdirSync(dir)
      .flatMap((f) => readFileSync(path.join(dir, f), "utf8").split("\n"))
      .filter(Boolean)
      .map((l) => Number(l.split(" ")[2]) / 1000)
      .sort((a, b) => a - b);
    return { tps, p50: percentile(latencies, 50), p99: percentile(latencies, 99), count: latencies.length };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
