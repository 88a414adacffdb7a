import { existsSync, readFileSync, rmSync } from "node:fs";
import { stateFile } from "./env";
import { stopProduct } from "./product";

export default async function globalTeardown() {
  const file = stateFile();
  if (!existsSync(file)) return;
  const state = JSON.parse(readFileSync(file, "utf8")) as { pid: number; dataDir: string; database: string | null };
  rmSync(file);
  await stopProduct(state);
}
