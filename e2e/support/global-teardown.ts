import { existsSync, readFileSync, rmSync } from "node:fs";
import { seededFile, stateFile } from "./env";
import { stopProduct } from "./product";

export default async function globalTeardown() {
  for (const f of [seededFile(), `${seededFile()}.lock`]) rmSync(f, { force: true });
  const file = stateFile();
  if (!existsSync(file)) return;
  const state = JSON.parse(readFileSync(file, "utf8")) as { pid: number; dataDir: string; database: string | null };
  rmSync(file);
  await stopProduct(state);
}
