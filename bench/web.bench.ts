// The login page as a browser gets it from `npm start` (Chromium, a new profile): the JavaScript it
// downloads, compressed as sent (brotli) and as gzip (the build's precompressed .gz of the same
// files), which language chunks it loads in English and in Arabic, and the cache headers of a
// hashed asset and of index.html.
import { type ChildProcess, spawn } from "node:child_process";
import { chmodSync, existsSync, mkdtempSync, rmSync, statSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { freePort } from "@app/server/src/platform/free-port.js";
import { chromium } from "playwright-core";

const root = path.resolve(import.meta.dirname, "..");
const dist = path.join(root, "apps/web/dist");
const GOAL_KB = 200;

export default async function webBench() {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "souq-bench-web-"));
  // Under root the embedded database runs as the postgres user, which must enter the directory.
  chmodSync(dataDir, 0o755);
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    JWT_SECRET: "bench-secret-bench-secret-bench-secret",
    ADMIN_PASSWORD: "bench-password",
    LOG_LEVEL: "warn",
  };
  delete env.DATABASE_URL;
  // npm start: builds the web app and compiles the server when stale.
  const child: ChildProcess = spawn(process.execPath, [path.join(root, "scripts/start.mjs")], { cwd: root, env, stdio: "inherit" });
  const base = `http://127.0.0.1:${port}`;
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", args: ["--no-sandbox"] });
  try {
    for (let i = 0; ; i++) {
      if (child.exitCode !== null) throw new Error(`npm start exited with ${child.exitCode}`);
      try {
        if ((await fetch(`${base}/api/login_options`)).ok) break;
      } catch {
        // not listening yet
      }
      if (i > 2400) throw new Error("npm start did not answer within 4 minutes");
      await new Promise((r) => setTimeout(r, 100));
    }
    for (const lang of ["en", "ar"]) {
      const context = await browser.newContext();
      await context.addInitScript((l) => localStorage.setItem("lang", l), lang);
      const page = await context.newPage();
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
      await page.goto(`${base}/login`);
      await page.getByRole("button").first().waitFor();
      await page.waitForLoadState("networkidle");
      const sent = scripts.reduce((s, x) => s + x.sent, 0);
      const gz = scripts.reduce((s, x) => {
        const file = path.join(dist, `${x.file}.gz`);
        return s + (existsSync(file) ? statSync(file).size : x.sent);
      }, 0);
      const encodings = [...new Set(scripts.map((x) => x.encoding))].join(", ");
      const languages = scripts.map((x) => /\/assets\/(en|ar|ckb)-[\w-]+\.js$/.exec(x.file)?.[1]).filter(Boolean);
      console.log(
        `login page (${lang}): ${scripts.length} scripts, ${(sent / 1024).toFixed(1)} KB sent (${encodings}), ${(gz / 1024).toFixed(1)} KB gzipped (goal <= ${GOAL_KB} KB); language chunks loaded: ${languages.join(", ") || "none"}`,
      );
      await context.close();
    }
    const html = await fetch(`${base}/login`);
    const asset = /\/assets\/index-[\w-]+\.js/.exec(await html.text())?.[0];
    const hashed = await fetch(`${base}${asset}`, { headers: { "accept-encoding": "br, gzip" } });
    console.log(`cache-control: index.html "${html.headers.get("cache-control")}"; ${asset} "${hashed.headers.get("cache-control")}"`);
  } finally {
    await browser.close();
    child.kill("SIGTERM");
    await new Promise((r) => child.once("exit", r));
    rmSync(dataDir, { recursive: true, force: true });
  }
}
