import { performance } from "node:perf_hooks";

const on = process.env.STARTUP_TIMING === "1";
let last = 0;

/**
 * With STARTUP_TIMING=1, each phase of the start is written to stderr with the milliseconds since
 * the process began and since the phase before: where a start's time goes, measured in place.
 */
export function startupPhase(name: string): void {
  if (!on) return;
  const now = performance.now();
  const m = process.memoryUsage();
  const mb = (n: number) => `${(n / 1048576).toFixed(0)} MB`;
  process.stderr.write(
    `start: ${name.padEnd(32)} ${now.toFixed(0).padStart(6)} ms (+${(now - last).toFixed(0)}), rss ${mb(m.rss)}, heap ${mb(m.heapUsed)}, external ${mb(m.external)}\n`,
  );
  last = now;
}
