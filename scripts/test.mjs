// `npm test`: lint and format check, type checks of every workspace, unit and integration tests
// (on an embedded PostgreSQL, or on the server DATABASE_URL names), then the browser tests.
import { spawn } from "node:child_process";
import path from "node:path";
import { stripVTControlCharacters } from "node:util";

const root = path.resolve(import.meta.dirname, "..");
const steps = [
  ["lint", "npx", ["biome", "check", "."]],
  ["typecheck", "npm", ["run", "typecheck", "--workspaces", "--if-present"]],
  ["unit and integration tests", "npx", ["vitest", "run"]],
  ["browser tests", "npm", ["run", "test", "-w", "@app/e2e"]],
];
const only = process.argv[2];
// The end of a failed step's output, printed again after the summary: a long run's log is often
// read from its end, where the browser tests' report would otherwise hide why an earlier step failed.
const TAIL = 120;
const tails = [];
let failed = 0;
let passed = 0;
for (const [name, cmd, args] of steps) {
  if (only && !name.startsWith(only)) continue;
  console.log(`\n=== ${name}${process.env.DATABASE_URL ? " (PostgreSQL at DATABASE_URL)" : " (embedded PostgreSQL)"}`);
  const { status, tail } = await run(cmd, args);
  if (status === 0) passed++;
  else {
    failed++;
    console.error(`--- ${name} failed`);
    tails.push([name, tail]);
  }
}
for (const [name, tail] of tails) console.error(`\n--- the end of what ${name} printed:\n${tail.join("\n")}`);
console.log(`\nsteps: ${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);

/** Runs a step with its output passed through, keeping its last lines. */
function run(cmd, args) {
  return new Promise((resolve) => {
    const tail = [];
    let partial = "";
    const keep = (chunk) => {
      const lines = (partial + chunk.toString("utf8")).split("\n");
      partial = lines.pop() ?? "";
      tail.push(...lines.map((l) => stripVTControlCharacters(l)));
      if (tail.length > TAIL) tail.splice(0, tail.length - TAIL);
    };
    const child = spawn(cmd, args, { cwd: root, stdio: ["inherit", "pipe", "pipe"] });
    child.stdout.on("data", (c) => {
      process.stdout.write(c);
      keep(c);
    });
    child.stderr.on("data", (c) => {
      process.stderr.write(c);
      keep(c);
    });
    child.on("close", (code, signal) => {
      if (partial) tail.push(partial);
      resolve({ status: code ?? (signal ? 1 : 0), tail });
    });
  });
}
