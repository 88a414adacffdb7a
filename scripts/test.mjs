// `npm test`: lint and format check, type checks of every workspace, unit and integration tests
// (on an embedded PostgreSQL, or on the server DATABASE_URL names), then the browser tests.
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { stripVTControlCharacters } from "node:util";

const root = path.resolve(import.meta.dirname, "..");
const pkg = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8"));

/**
 * A workspace's script as npm runs it (`sh -c`, in the workspace, its own and the root's
 * `node_modules/.bin` first on PATH), but without npm in between: npm once stayed idle after
 * starting, waiting on a file operation that never finished, and held a CI run for half an hour.
 */
function script(workspace, name) {
  const dir = path.join(root, workspace);
  const text = JSON.parse(readFileSync(path.join(dir, "package.json"), "utf8")).scripts?.[name];
  if (!text) return null;
  const bins = [path.join(dir, "node_modules/.bin"), path.join(root, "node_modules/.bin")];
  return { cmd: "sh", args: ["-c", text], cwd: dir, env: { ...process.env, PATH: [...bins, process.env.PATH].join(path.delimiter) } };
}
const bin = (name, args) => ({ cmd: path.join(root, "node_modules/.bin", name), args, cwd: root, env: process.env });

const steps = [
  ["lint", [bin("biome", ["check", "."])]],
  ["typecheck", pkg.workspaces.map((w) => script(w, "typecheck")).filter(Boolean)],
  ["unit and integration tests", [bin("vitest", ["run"])]],
  ["browser tests", [script("e2e", "test")]],
];
const only = process.argv[2];
// The end of a failed step's output, printed again after the summary: a long run's log is often
// read from its end, where the browser tests' report would otherwise hide why an earlier step failed.
const TAIL = 120;
const tails = [];
let failed = 0;
let passed = 0;
for (const [name, commands] of steps) {
  if (only && !name.startsWith(only)) continue;
  console.log(`\n=== ${name}${process.env.DATABASE_URL ? " (PostgreSQL at DATABASE_URL)" : " (embedded PostgreSQL)"}`);
  let status = 0;
  const tail = [];
  for (const command of commands) {
    const done = await run(command);
    tail.push(...done.tail);
    if (done.status !== 0) status = done.status;
  }
  if (status === 0) passed++;
  else {
    failed++;
    console.error(`--- ${name} failed`);
    tails.push([name, tail.slice(-TAIL)]);
  }
}
for (const [name, tail] of tails) console.error(`\n--- the end of what ${name} printed:\n${tail.join("\n")}`);
console.log(`\nsteps: ${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);

/** Runs a step with its output passed through, keeping its last lines. */
function run({ cmd, args, cwd, env }) {
  return new Promise((resolve) => {
    const tail = [];
    let partial = "";
    const keep = (chunk) => {
      const lines = (partial + chunk.toString("utf8")).split("\n");
      partial = lines.pop() ?? "";
      tail.push(...lines.map((l) => stripVTControlCharacters(l)));
      if (tail.length > TAIL) tail.splice(0, tail.length - TAIL);
    };
    const child = spawn(cmd, args, { cwd, env, stdio: ["inherit", "pipe", "pipe"] });
    child.stdout.on("data", (c) => {
      process.stdout.write(c);
      keep(c);
    });
    child.stderr.on("data", (c) => {
      process.stderr.write(c);
      keep(c);
    });
    // A tool that cannot start (`npm ci` not run) fails its step with the reason, not the whole run.
    child.on("error", (err) => {
      const line = `${cmd}: ${err.message}`;
      console.error(line);
      tail.push(line);
    });
    child.on("close", (code, signal) => {
      if (partial) tail.push(partial);
      resolve({ status: code ?? (signal ? 1 : 0), tail });
    });
  });
}
