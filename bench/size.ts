// The benchmarks' sizes in one place. Full size is what each bench measures and README reports;
// smoke size (`tsx run-all.ts --smoke`, or BENCH_SMOKE=1) is tiny data and a second or so of load
// per measurement, with every correctness check kept and no goal asserted, so that a bench that no
// longer runs, or whose figures no longer agree, fails `npm test` within seconds.

/** True in smoke mode. */
export const smoke = process.argv.includes("--smoke") || process.env.BENCH_SMOKE === "1";

/** `full` at full size, `small` in smoke mode. */
export function size<T>(full: T, small: T): T {
  return smoke ? small : full;
}

/** A number the environment may set (e.g. BENCH_SECONDS), else size(full, small). */
export function sizeFromEnv(name: string, full: number, small: number): number {
  const v = process.env[name];
  if (v === undefined || v === "") return size(full, small);
  const n = Number(v);
  if (!Number.isFinite(n)) throw new Error(`${name} must be a number, not "${v}"`);
  return n;
}

/** Under CI (CI=true) a tool a bench needs must be installed. */
export const ci = ["true", "1"].includes((process.env.CI ?? "").toLowerCase());

/** The tools found missing so far in this run (run-all prints them beside the bench). */
export const missing: string[] = [];

/**
 * A tool the bench needs was not found: under CI a failure; elsewhere the bench says so and goes
 * on without what needs it.
 */
export function missingTool(what: string, lookedIn: string, without: string): void {
  if (ci) throw new Error(`${what} is not installed (looked in ${lookedIn}); under CI=true the benchmarks need it`);
  missing.push(what);
  console.log(`${what} NOT FOUND (${lookedIn}): ${without}.`);
}
