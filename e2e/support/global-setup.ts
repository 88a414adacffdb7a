import { existsSync, writeFileSync } from "node:fs";
import { stateFile } from "./env";
import { startProduct } from "./product";

/**
 * Starts the product for the run (see `startProduct`). E2E_BASE_URL skips this and tests a
 * product that is already running.
 */
export default async function globalSetup() {
  if (!existsSync(process.env.CHROMIUM_PATH ?? "/usr/bin/chromium")) {
    throw new Error("Chromium is missing: browser tests cannot run (set CHROMIUM_PATH)");
  }
  if (process.env.E2E_BASE_URL) return;
  const { baseUrl, pid, dataDir, database } = await startProduct();
  process.env.E2E_BASE_URL = baseUrl;
  writeFileSync(stateFile(), JSON.stringify({ pid, dataDir, database }));
}
