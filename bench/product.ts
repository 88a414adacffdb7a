// The whole product as `npm start` runs it (it builds the web app and compiles the server when
// stale), on a free port and a data directory of its own, for the benchmarks that drive a browser.
// In smoke mode, when the web app has been built, the server compiled for the run serves that
// build as it is (a smoke run checks that the benches still run, not the latest web sources'
// figures; the browser tests build it afresh), and only a missing build is made through `npm start`.
// BENCH_WEB_DIST names a web build to serve instead, in either mode.
import { type ChildProcess, spawn } from "node:child_process";
import { chmodSync, existsSync, readFileSync, rmSync, statSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { freePort } from "@app/server/src/platform/free-port.js";
import { answersOk, productEnv, waitForAnswer } from "@app/server/test/product-start.js";
import type { Page } from "playwright-core";
import { scratchDir } from "./scratch.js";
import { compiledServer } from "./server.js";
import { missingTool, smoke } from "./size.js";

const root = path.resolve(import.meta.dirname, "..");
/** The web build the product serves: BENCH_WEB_DIST, else the one `npm start` makes. */
const dist = process.env.BENCH_WEB_DIST ? path.resolve(process.env.BENCH_WEB_DIST) : path.join(root, "apps/web/dist");
export const ADMIN_PASSWORD = "bench-password";

export interface RunningProduct {
  base: string;
  stop: () => Promise<void>;
}

/** The products started and not stopped yet: a run that ends early (a smoke bench past its time) stops them. */
const running = new Set<ChildProcess>();
process.on("exit", () => {
  for (const child of running) child.kill("SIGTERM");
});

/** Starts the product; `env` may name a DATABASE_URL, else it runs its embedded PostgreSQL. */
export async function startProduct(env: NodeJS.ProcessEnv = {}): Promise<RunningProduct> {
  const port = await freePort();
  const dataDir = scratchDir("souq-bench-web-");
  // Under root the embedded database runs as the postgres user, which must enter the directory.
  chmodSync(dataDir, 0o755);
  const childEnv = productEnv(port, {
    DATA_DIR: dataDir,
    JWT_SECRET: "bench-secret-bench-secret-bench-secret",
    ADMIN_PASSWORD,
    ...env,
  });
  if (!env.DATABASE_URL) delete childEnv.DATABASE_URL;
  // BENCH_WEB_DIST: a web build of one's own, served as it is (apps/web/dist stays as it was).
  const own = !!process.env.BENCH_WEB_DIST;
  const direct = own || (smoke && existsSync(path.join(dist, "index.html")));
  const child: ChildProcess = direct
    ? spawn(process.execPath, [compiledServer().main], {
        cwd: root,
        env: { NODE_ENV: "production", ...childEnv, WEB_DIST: dist },
        stdio: "inherit",
      })
    : spawn(process.execPath, [path.join(root, "scripts/start.mjs")], { cwd: root, env: childEnv, stdio: "inherit" });
  running.add(child);
  child.once("exit", () => running.delete(child));
  const base = `http://127.0.0.1:${port}`;
  const stop = async () => {
    child.kill("SIGTERM");
    if (child.exitCode === null) await new Promise((r) => child.once("exit", r));
    rmSync(dataDir, { recursive: true, force: true });
  };
  await waitForAnswer(child, {
    answers: answersOk(`${base}/api/login_options`),
    every: 100,
    within: 240_000,
    name: "npm start",
    giveUp: stop,
  });
  return { base, stop };
}

/**
 * The Chromium the browser benches drive (CHROMIUM_PATH, else /usr/bin/chromium, headless), or
 * undefined when it is not installed and the bench is skipped (under CI=true a failure).
 */
export function chromiumOrSkip(): string | undefined {
  const executable = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
  if (existsSync(executable)) return executable;
  missingTool("Chromium", `CHROMIUM_PATH or ${executable}`, "this browser benchmark is skipped");
  return undefined;
}

/** Counts the scripts a page downloads: as sent, and as the build's precompressed gzip of the same files. */
export function scriptMeter(page: Page) {
  const scripts: { file: string; sent: number; encoding: string }[] = [];
  page.on("requestfinished", async (req) => {
    if (req.resourceType() !== "script") return;
    const res = await req.response();
    const sizes = await req.sizes();
    scripts.push({
      file: new URL(req.url()).pathname,
      sent: sizes.responseBodySize,
      encoding: (await res?.allHeaders())?.["content-encoding"] ?? "none",
    });
  });
  // The build precompresses files of 1 KB and more; the smaller ones are gzipped here the same way.
  // (What a service worker answers has no size of its own: Chromium reports it as negative.)
  const gz = (x: { file: string; sent: number }) => {
    const file = path.join(dist, x.file);
    if (existsSync(`${file}.gz`)) return statSync(`${file}.gz`).size;
    return existsSync(file) ? gzipSync(readFileSync(file), { level: 9 }).length : x.sent;
  };
  return {
    scripts,
    sent: () => scripts.reduce((s, x) => s + x.sent, 0),
    gzipped: () => scripts.reduce((s, x) => s + gz(x), 0),
    /** Each script's gzip bytes, largest first. */
    sizes: () => scripts.map((x) => ({ file: x.file, gz: gz(x) })).sort((a, b) => b.gz - a.gz),
    encodings: () => [...new Set(scripts.map((x) => x.encoding))].join(", "),
  };
}

/** A new cashier of outlet 1 selling from inventory 1 (`pos_sales` index and store), signed in: their token. */
export async function newCashier(base: string, adminToken: string, user_name: string, email: string): Promise<string> {
  const password = "amber-falcon-river-72";
  const post = async (path: string, body: unknown, token?: string) => {
    const res = await fetch(`${base}/api/${path}`, {
      method: "POST",
      headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
    return (await res.json()) as { access_token?: string };
  };
  await post(
    "users",
    {
      user_name,
      email,
      new_password: password,
      new_password_confirmation: password,
      status: "active",
      is_cashier: true,
      outlet_fk: 1,
      inventory_ids: [1],
      permissions: ["pos_sales/index", "pos_sales/store"],
    },
    adminToken,
  );
  return (await post("auth/login", { email, password })).access_token as string;
}
