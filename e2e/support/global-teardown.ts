import { existsSync, readFileSync, rmSync } from "node:fs";
import pg from "pg";
import { stateFile } from "./env";

export default async function globalTeardown() {
  const file = stateFile();
  if (!existsSync(file)) return;
  const state = JSON.parse(readFileSync(file, "utf8")) as { pid: number; dataDir: string; database: string | null };
  rmSync(file);
  try {
    process.kill(state.pid, "SIGTERM");
  } catch {
    // already gone
  }
  // Give the server a moment to close its database before it is removed.
  await new Promise((r) => setTimeout(r, 1500));
  rmSync(state.dataDir, { recursive: true, force: true });
  if (state.database && process.env.DATABASE_URL) {
    const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await client.connect();
    await client.query(`drop database if exists ${state.database} with (force)`);
    await client.end();
  }
}
