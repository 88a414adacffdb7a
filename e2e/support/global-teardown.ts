import { existsSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import { stateFile } from "./env";

function alive(pid: number) {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function waitGone(pid: number, ms: number) {
  const until = Date.now() + ms;
  while (alive(pid) && Date.now() < until) await new Promise((r) => setTimeout(r, 100));
}

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
  // The product stops its embedded PostgreSQL before it exits; its files go only after that.
  await waitGone(state.pid, 60_000);
  const pidFile = path.join(state.dataDir, "pg", "postmaster.pid");
  if (existsSync(pidFile)) {
    const postmaster = Number(readFileSync(pidFile, "utf8").split("\n")[0]);
    // SIGINT is PostgreSQL's fast shutdown.
    if (postmaster > 0 && alive(postmaster)) process.kill(postmaster, "SIGINT");
    await waitGone(postmaster, 30_000);
  }
  rmSync(state.dataDir, { recursive: true, force: true });
  if (state.database && process.env.DATABASE_URL) {
    const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await client.connect();
    await client.query(`drop database if exists ${state.database} with (force)`);
    await client.end();
  }
}
