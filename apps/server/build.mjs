// Compiles the server ahead of time into one ES module, dist/bin/main.js, so that a start runs
// JavaScript instead of compiling TypeScript. Packages stay in node_modules; only the workspace's
// own TypeScript (the server and @app/contracts) is bundled. The file sits two folders below the
// package, as src/db/migrate.ts does, so the migrations are found at the same relative place.
// `node build.mjs <folder>` writes it into another folder of apps/server/dist instead (a test's own
// copy, which a concurrent build of dist/bin cannot remove under it).
import { rmSync } from "node:fs";
import path from "node:path";
import { build } from "esbuild";

const here = import.meta.dirname;
const outdir = path.resolve(here, "dist", process.argv[2] ?? "bin");
if (path.dirname(outdir) !== path.join(here, "dist")) throw new Error(`${outdir}: not a folder of ${path.join(here, "dist")}`);
// Chunk names carry their content hash: an earlier build's chunks go first.
rmSync(outdir, { recursive: true, force: true });
await build({
  entryPoints: { main: path.join(here, "src/main.ts") },
  outdir,
  // What the start does not need at once (the password rules' dictionaries, and the server's code
  // while the database starts) is a chunk of its own, loaded by its dynamic import; chunks sit
  // beside main.js, so paths relative to a module (the migrations) stay the same.
  splitting: true,
  chunkNames: "[name]-[hash]",
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  sourcemap: "linked",
  logLevel: "warning",
  plugins: [
    {
      name: "packages-stay-external",
      setup(b) {
        b.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith("@app/") ? undefined : { external: true }));
      },
    },
  ],
});
