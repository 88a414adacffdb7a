// The server compiled ahead of time, the code `npm start` runs (apps/server/build.mjs), for the
// benchmarks that start it in a process of its own. It is compiled once per run into a folder of
// the run's own under apps/server/dist (build.mjs's folder argument), removed when the run ends: a
// build of dist/bin beside it (`npm start`, a test) cannot remove it while a bench runs it, and the
// benchmarks do not remove dist/bin under a server someone else runs from it.
import { spawnSync } from "node:child_process";
import { rmSync } from "node:fs";
import path from "node:path";
import { performance } from "node:perf_hooks";

export const serverDir = path.resolve(import.meta.dirname, "../apps/server");

let built: { main: string; ms: number } | undefined;

/** The compiled server's entry (dist/bench-<pid>/main.js) and how long compiling it took. */
export function compiledServer(): { main: string; ms: number } {
  if (built) return built;
  const folder = `bench-${process.pid}`;
  const t0 = performance.now();
  const r = spawnSync(process.execPath, [path.join(serverDir, "build.mjs"), folder], { stdio: "inherit" });
  if (r.status !== 0) throw new Error("the server did not compile (apps/server/build.mjs)");
  const out = path.join(serverDir, "dist", folder);
  process.once("exit", () => rmSync(out, { recursive: true, force: true }));
  built = { main: path.join(out, "main.js"), ms: performance.now() - t0 };
  return built;
}
