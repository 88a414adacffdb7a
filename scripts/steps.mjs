// The pieces `scripts/test.mjs` (npm test) and `scripts/check.mjs` (npm run check) both run steps with.
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { stripVTControlCharacters } from "node:util";

export const root = path.resolve(import.meta.dirname, "..");
export const pkg = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8"));

/**
 * A workspace's script as npm runs it (`sh -c`, in the workspace, its own and the root's
 * `node_modules/.bin` first on PATH), but without npm in between: npm once stayed idle after
 * starting, waiting on a file operation that never finished, and held a CI run for half an hour.
 */
export function script(workspace, name, extra = "") {
  const dir = path.join(root, workspace);
  const text = JSON.parse(readFileSync(path.join(dir, "package.json"), "utf8")).scripts?.[name];
  if (!text) return null;
  const bins = [path.join(dir, "node_modules/.bin"), path.join(root, "node_modules/.bin")];
  return {
    cmd: "sh",
    args: ["-c", `${text}${extra}`],
    cwd: dir,
    env: { ...process.env, PATH: [...bins, process.env.PATH].join(path.delimiter) },
  };
}
export const bin = (name, args, env = process.env) => ({ cmd: path.join(root, "node_modules/.bin", name), args, cwd: root, env });

/** The end of a failed step's output that is printed again after the summary. */
export const TAIL = 120;

/**
 * Runs the steps (a name and its commands, one after another) and prints each step's heading;
 * answers each step's summary line and the end of what every failed step printed.
 */
export async function runSteps(steps, heading = (name) => name) {
  const summary = [];
  const tails = [];
  for (const [name, commands] of steps) {
    console.log(`\n=== ${heading(name)}`);
    const t0 = Date.now();
    let status = 0;
    const tail = [];
    for (const command of commands) {
      const done = await run(command);
      tail.push(...done.tail);
      if (done.status !== 0) status = done.status;
    }
    summary.push(`${status === 0 ? "passed" : "FAILED"}  ${clock(Date.now() - t0).padStart(6)}  ${name}`);
    if (status !== 0) {
      console.error(`--- ${name} failed`);
      tails.push([name, tail.slice(-TAIL)]);
    }
  }
  return { summary, tails };
}

/** Prints again the end of what each failed step printed. */
export function printTails(tails) {
  for (const [name, tail] of tails) console.error(`\n--- the end of what ${name} printed:\n${tail.join("\n")}`);
}

/** m:ss */
export function clock(ms) {
  const s = Math.round(ms / 1000);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
}

/** Runs a step with its output passed through, keeping its last lines. */
export function run({ cmd, args, cwd, env }) {
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
