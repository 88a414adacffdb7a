// Scratch directories for the benchmarks. A bench removes its own when done; whatever is left when
// the run's process exits (a run stopped early by a signal or a smoke run's time limit) goes then.
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";

const made = new Set<string>();
process.once("exit", () => {
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
});

/** A new directory under the system's temporary directory, named `prefix` and a random suffix. */
export function scratchDir(prefix: string): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), prefix));
  made.add(dir);
  return dir;
}
