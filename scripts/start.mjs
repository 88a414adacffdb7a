// `npm start`: builds the web app and the web shop and compiles the server when a build is missing
// or older than its sources, then runs the compiled server, which serves the API under /api, the
// web app at / and the web shop at /shop/.
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

const stale = (output, sources) =>
  !existsSync(output) ||
  sources.filter(existsSync).some((s) => (statSync(s).isDirectory() ? newest(s) : statSync(s).mtimeMs) > statSync(output).mtimeMs);
const contracts = path.join(root, "packages/contracts/src");
if (
  stale(built, [path.join(web, "src"), path.join(web, "index.html"), path.join(web, "vite.config.ts"), contracts]) &&
  existsSync(path.join(web, "index.html"))
) {
  console.log("Building the web app ...");
  const r = spawnSync("npm", ["run", "build", "-w", "@app/web"], { cwd: root, stdio: "inherit" });
  if (r.status !== 0) process.exit(r.status ?? 1);
}
// The web shop (apps/shop, served at /shop/): a build of its own, made the same way when stale.
const shop = path.join(root, "apps/shop");
if (
  stale(path.join(shop, "dist/index.html"), [
    path.join(shop, "src"),
    path.join(shop, "public"),
    path.join(shop, "index.html"),
    path.join(shop, "vite.config.ts"),
    // The API's words in the customer's language come from the web app's dictionary of them.
    path.join(web, "src/locales"),
    contracts,
  ]) &&
  existsSync(path.join(shop, "index.html"))
) {
  console.log("Building the web shop ...");
  const r = spawnSync("npm", ["run", "build", "-w", "@app/shop"], { cwd: root, stdio: "inherit" });
  if (r.status !== 0) process.exit(r.status ?? 1);
}
const server = path.join(root, "apps/server");
const compiled = path.join(server, "dist/bin/main.js");
if (stale(compiled, [path.join(server, "src"), path.join(server, "build.mjs"), contracts])) {
  console.log("Compiling the server ...");
  const r = spawnSync(process.execPath, [path.join(server, "build.mjs")], { cwd: root, stdio: "inherit" });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

const child = spawn(process.execPath, [compiled], {
  stdio: "inherit",
  env: {
    NODE_ENV: "production",
    ...process.env,
    WEB_DIST: process.env.WEB_DIST ?? path.join(web, "dist"),
    SHOP_DIST: process.env.SHOP_DIST ?? path.join(shop, "dist"),
  },
});
for (const sig of ["SIGINT", "SIGTERM"]) process.on(sig, () => child.kill(sig));
child.on("exit", (code) => process.exit(code ?? 0));
