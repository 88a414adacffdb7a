import { existsSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { runFilePrefix, stateFile } from "./env";
import { stopProduct } from "./product";

export default async function globalTeardown() {
  for (const f of readdirSync(tmpdir()).filter((f) => f.startsWith(runFilePrefix())))
    rmSync(path.join(tmpdir(), f), { recursive: true, force: true });
  const file = stateFile();
  if (!existsSync(file)) return;
  const state = JSON.parse(readFileSync(file, "utf8")) as { pid: number; dataDir: string; database: string | null };
  rmSync(file);
  await stopProduct(state);
}
