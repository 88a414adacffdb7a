// `npm run bench`: runs every *.bench.ts in this folder, one after another, or the ones named
// (`tsx run-all.ts ledger stock`). `--smoke` (or BENCH_SMOKE=1): every bench at a tiny size with
// its correctness checks and without its goals (size.ts), one embedded PostgreSQL for the whole run
// (database.ts), and a bench that runs past BENCH_SMOKE_TIMEOUT seconds (default 300) fails the
// run. The process exits 1 when any bench threw or a check failed, 0 otherwise, once all have run.
import { readdirSync } from "node:fs";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { pathToFileURL } from "node:url";
import { closeAll } from "./database.js";
import { missing, smoke } from "./size.js";

const here = import.meta.dirname;
const wanted = process.argv.slice(2).filter((a) => a !== "--smoke");
const files = readdirSync(here)
  .filter((f) => f.endsWith(".bench.ts"))
  .filter((f) => !wanted.length || wanted.some((w) => f.includes(w)))
  .sort();
const timeoutMs = Number(process.env.BENCH_SMOKE_TIMEOUT ?? 300) * 1000;

const results: { file: string; ms: number; error?: string; without?: string[] }[] = [];
/** A smoke bench still running at the time limit. */
class TimedOut extends Error {}
let finishing: Promise<never> | undefined;

/**
 * Removes what the benchmarks left open (database.ts closeAll: also the smoke run's PostgreSQL),
 * prints what ran and exits: open handles cannot keep the run alive. Runs once; what fails
 * meanwhile (connections the stopping server ends) waits for it.
 */
function finish(code: number): Promise<never> {
  finishing ??= (async () => {
    try {
      await closeAll();
    } catch (err) {
      console.error(`what the benchmarks opened was not all removed: ${(err as Error).message}`);
      code ||= 1;
    }
    const total = results.reduce((s, r) => s + r.ms, 0);
    console.log(`\n### ${smoke ? "smoke run" : "run"}: ${results.length} of ${files.length} benchmarks`);
    for (const r of results)
      console.log(
        `${r.error ? "FAILED" : "passed"}  ${(r.ms / 1000).toFixed(1).padStart(6)} s  ${r.file}${r.without?.length ? ` (without ${r.without.join(", ")}: not installed)` : ""}`,
      );
    console.log(`total ${(total / 1000).toFixed(1)} s; ${results.filter((r) => r.error).length} failed`);
    process.exit(code);
  })();
  return finishing;
}

// What escapes a bench's own awaiting (a rejected promise nobody awaited, an error thrown in a
// callback) fails the run too, after what the benchmarks opened is removed.
for (const event of ["unhandledRejection", "uncaughtException"] as const) {
  process.on(event, (err: unknown) => {
    if (finishing) {
      console.error(`(while stopping) ${(err as Error)?.message ?? err}`);
      return;
    }
    console.error(`\n${event}:`, err);
    results.push({ file: `${event} (outside a bench's own awaiting)`, ms: 0, error: String(err) });
    void finish(1);
  });
}
for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => void finish(130));

if (!files.length) {
  console.error(`no benchmark matches ${wanted.join(", ")}`);
  await finish(1);
}
if (smoke)
  console.log(
    `smoke run${process.env.DATABASE_URL ? " on the server DATABASE_URL names" : " on one embedded PostgreSQL"}: tiny sizes, checks kept, no goals`,
  );
for (const f of files) {
  console.log(`\n### ${f}`);
  const t0 = performance.now();
  const missingBefore = missing.length;
  let timer: NodeJS.Timeout | undefined;
  try {
    const mod = (await import(pathToFileURL(path.join(here, f)).href)) as { default?: () => Promise<void> };
    if (typeof mod.default !== "function") throw new Error(`${f} has no default export to run`);
    const run = mod.default();
    if (smoke) {
      const late = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new TimedOut(`still running after ${timeoutMs / 1000} s (BENCH_SMOKE_TIMEOUT)`)), timeoutMs);
      });
      await Promise.race([run, late]);
    } else await run;
    results.push({ file: f, ms: performance.now() - t0, without: missing.slice(missingBefore) });
  } catch (err) {
    console.error(`${f} FAILED:`, err);
    results.push({ file: f, ms: performance.now() - t0, error: (err as Error)?.message ?? String(err) });
    // A bench that hangs may still hold what it opened: the rest would run beside it.
    if (err instanceof TimedOut) await finish(1);
  } finally {
    clearTimeout(timer);
  }
}
await finish(results.some((r) => r.error) ? 1 : 0);
