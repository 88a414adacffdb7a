// Runs a command while holding a lock file, so two people generating migrations take turns.
import { spawnSync } from "node:child_process";
import { closeSync, existsSync, openSync, statSync, unlinkSync } from "node:fs";
import path from "node:path";

const lock = path.resolve(import.meta.dirname, "..", ".drizzle.lock");
const deadline = Date.now() + 120_000;
for (;;) {
  try {
    closeSync(openSync(lock, "wx"));
    break;
  } catch {
    if (existsSync(lock) && Date.now() - statSync(lock).mtimeMs > 120_000) unlinkSync(lock);
    if (Date.now() > deadline) throw new Error("lock busy");
    await new Promise((r) => setTimeout(r, 500));
  }
}
try {
  const [cmd, ...args] = process.argv.slice(2);
  const r = spawnSync(cmd, args, { stdio: "inherit", shell: false });
  process.exitCode = r.status ?? 1;
} finally {
  unlinkSync(lock);
}
