// `npm start`: builds the web app when its build is missing or older than its sources, then runs
// the server, which serves the API under /api and the web app at /.
import { spawn, spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const web = path.join(root, "apps/web");
const built = path.join(web, "dist/index.html");

function newest(dir) {
  let t = 0;
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    if (e.name === "node_modules" || e.name === "dist") continue;
    const p = path.join(dir, e.name);
    t = Math.max(t, e.isDirectory() ? newest(p) : statSync(p).mtimeMs);
  }
  return t;
}

const sources = [
  path.join(web, "src"),
  path.join(web, "index.html"),
  path.join(web, "vite.config.ts"),
  path.join(root, "packages/contracts/src"),
].filter(existsSync);
const stale =
  !existsSync(built) || sources.some((s) => (statSync(s).isDirectory() ? newest(s) : statSync(s).mtimeMs) > statSync(built).mtimeMs);
if (stale && existsSync(path.join(web, "index.html"))) {
  console.log("Building the web app ...");
  const r = spawnSync("npm", ["run", "build", "-w", "@app/web"], { cwd: root, stdio: "inherit" });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

const tsx = path.join(root, "node_modules/.bin/tsx");
const child = spawn(tsx, [path.join(root, "apps/server/src/main.ts")], {
  stdio: "inherit",
  env: { ...process.env, WEB_DIST: process.env.WEB_DIST ?? path.join(web, "dist") },
});
for (const sig of ["SIGINT", "SIGTERM"]) process.on(sig, () => child.kill(sig));
child.on("exit", (code) => process.exit(code ?? 0));
