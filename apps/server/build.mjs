// Compiles the server ahead of time into one ES module, dist/bin/main.js, so that a start runs
// JavaScript instead of compiling TypeScript. Packages stay in node_modules; only the workspace's
// own TypeScript (the server and @app/contracts) is bundled. The file sits two folders below the
// package, as src/db/migrate.ts does, so the migrations are found at the same relative place.
import path from "node:path";
import { build } from "esbuild";

const here = import.meta.dirname;
await build({
  entryPoints: [path.join(here, "src/main.ts")],
  outfile: path.join(here, "dist/bin/main.js"),
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
