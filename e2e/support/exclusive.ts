import { mkdirSync, rmSync } from "node:fs";
import { runFile } from "./env";

/**
 * Runs `fn` while no other test of the run (on any worker) runs a part of its own under the same
 * name: for what the product keeps once for everyone, read and written back whole by a screen (the
 * accounting opening balance), where a save from a form loaded before another's save undoes it.
 */
export async function exclusive<T>(name: string, fn: () => Promise<T>): Promise<T> {
  const lock = runFile(`${name}.lock`);
  const until = Date.now() + 120_000;
  for (;;) {
    try {
      mkdirSync(lock);
      break;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== "EEXIST") throw e;
    }
    if (Date.now() > until) throw new Error(`another test has held ${name} for two minutes (${lock})`);
    await new Promise((r) => setTimeout(r, 100));
  }
  try {
    return await fn();
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}
