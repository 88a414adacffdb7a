// `npm test`: lint and format check, type checks of every workspace, unit and integration tests
// (on an embedded PostgreSQL, or on the server DATABASE_URL names), every benchmark at a smoke
// size, then the browser tests; each step's wall time and the slowest tests are printed at the end.
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { bin, clock, pkg, printTails, root, runSteps, script } from "./steps.mjs";

// The wall times of every test file and browser test go to files in a scratch folder; the 20
// slowest of each are printed at the end, so that what makes the run long is seen on every run.
const timings = mkdtempSync(path.join(os.tmpdir(), "souq-timings-"));
const vitestTimings = path.join(timings, "vitest.json");
const browserTimings = path.join(timings, "playwright.json");
const vitest = bin("vitest", ["run", "--reporter=default", `--reporter=${path.join(root, "scripts/vitest-timings.mjs")}`], {
  ...process.env,
  TEST_TIMINGS_FILE: vitestTimings,
});
const browser = script("e2e", "test", " --reporter=list,json");
browser.env.PLAYWRIGHT_JSON_OUTPUT_NAME = browserTimings;

const steps = [
  ["lint", [bin("biome", ["check", "."])]],
  ["typecheck", pkg.workspaces.map((w) => script(w, "typecheck")).filter(Boolean)],
  ["unit and integration tests", [vitest]],
  // Every benchmark at a tiny size with its correctness checks, so that one that no longer runs fails here.
  ["bench smoke", [bin("tsx", ["bench/run-all.ts", "--smoke"])]],
  ["browser tests", [browser]],
];
// `node scripts/test.mjs unit bench`: only the steps whose names start with one of the words.
const only = process.argv.slice(2);
// The end of a failed step's output is printed again after the summary: a long run's log is often
// read from its end, where the browser tests' report would otherwise hide why an earlier step failed.
const started = Date.now();
const chosen = steps.filter(([name]) => !only.length || only.some((w) => name.startsWith(w)));
const where = process.env.DATABASE_URL ? " (PostgreSQL at DATABASE_URL)" : " (embedded PostgreSQL)";
const { summary, tails } = await runSteps(chosen, (name) => `${name}${where}`);
printSlowest();
rmSync(timings, { recursive: true, force: true });
printTails(tails);
console.log(
  `\n${summary.join("\n")}\nsteps: ${chosen.length - tails.length} passed, ${tails.length} failed in ${clock(Date.now() - started)}`,
);
process.exit(tails.length ? 1 : 0);

/** The 20 slowest test files and browser tests of this run, from the timings the tools wrote. */
function printSlowest() {
  const table = (title, rows) => {
    if (!rows.length) return;
    const total = rows.reduce((a, r) => a + r.ms, 0);
    console.log(`\n--- the 20 slowest ${title} (of ${rows.length}, ${clock(total)} in all, summed over workers)`);
    for (const r of rows.sort((a, b) => b.ms - a.ms).slice(0, 20)) console.log(`${(r.ms / 1000).toFixed(1).padStart(7)} s  ${r.name}`);
  };
  if (existsSync(vitestTimings)) {
    const rows = JSON.parse(readFileSync(vitestTimings, "utf8"));
    table(
      "test files",
      rows.map((r) => ({ ms: r.ms, name: `${r.name} (${r.tests} tests, ${r.project})` })),
    );
  }
  if (existsSync(browserTimings)) {
    const rows = [];
    const walk = (suite) => {
      for (const spec of suite.specs ?? []) {
        for (const t of spec.tests ?? []) {
          const ms = (t.results ?? []).reduce((a, r) => a + (r.duration ?? 0), 0);
          const tries = (t.results ?? []).length;
          rows.push({ ms, name: `${spec.file}:${spec.line} ${spec.title}${tries > 1 ? ` (${tries} tries)` : ""}` });
        }
      }
      for (const s of suite.suites ?? []) walk(s);
    };
    for (const s of JSON.parse(readFileSync(browserTimings, "utf8")).suites ?? []) walk(s);
    table("browser tests", rows);
  }
}
