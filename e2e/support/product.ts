import { spawn } from "node:child_process";
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { freePort } from "../../apps/server/src/platform/free-port";
import { answersOk, productEnv, waitForAnswer } from "../../apps/server/test/product-start";
import { ADMIN_EMAIL, ADMIN_PASSWORD, JWT_SECRET } from "./env";

const root = path.resolve(import.meta.dirname, "../..");

/** A fresh PostgreSQL database on the server DATABASE_URL points at; dropped in teardown. */
async function createDatabase(adminUrl: string): Promise<{ url: string; name: string }> {
  const name = `e2e_${process.pid}_${Date.now()}`;
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  await client.query(`create database ${name}`);
  await client.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), name };
}

/** A product started for tests: its address, its process, its data directory and database. */
export interface StartedProduct {
  baseUrl: string;
  pid: number;
  dataDir: string;
  database: string | null;
}

/**
 * Starts the whole product (`scripts/start.mjs`, which builds the web app when stale) on a free
 * port with a fresh data directory, or a fresh PostgreSQL database when DATABASE_URL is set.
 */
export async function startProduct(): Promise<StartedProduct> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), "souq-e2e-"));
  // mkdtemp makes it private; under root the embedded PostgreSQL runs as the postgres user, which must enter it.
  chmodSync(dataDir, 0o755);
  const env = productEnv(port, {
    DATA_DIR: dataDir,
    ADMIN_EMAIL,
    ADMIN_PASSWORD,
    JWT_SECRET,
    // The browser tests sign in many times in a row from one address.
    LOGIN_ATTEMPTS: "1000",
    E2E_BASE_URL: undefined,
  });
  let database: { url: string; name: string } | null = null;
  if (process.env.DATABASE_URL) {
    database = await createDatabase(process.env.DATABASE_URL);
    env.DATABASE_URL = database.url;
  }
  const child = spawn(process.execPath, [path.join(root, "scripts/start.mjs")], {
    cwd: root,
    env,
    stdio: ["ignore", "inherit", "inherit"],
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  await waitForAnswer(child, { answers: answersOk(`${baseUrl}/api/login_options`), every: 500, within: 240_000, name: "the product" });
  return { baseUrl, pid: child.pid!, dataDir, database: database?.name ?? null };
}

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

/** Stops a product started by `startProduct` and removes its data. */
export async function stopProduct(state: Omit<StartedProduct, "baseUrl">): Promise<void> {
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
