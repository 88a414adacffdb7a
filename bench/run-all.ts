// `npm run bench`: runs every *.bench.ts in this folder, one after another, or the ones named.
import { readdirSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

const here = import.meta.dirname;
const wanted = process.argv.slice(2);
const files = readdirSync(here)
  .filter((f) => f.endsWith(".bench.ts"))
  .filter((f) => !wanted.length || wanted.some((w) => f.includes(w)))
  .sort();
for (const f of files) {
  console.log(`\n### ${f}`);
  const mod = (await import(pathToFileURL(path.join(here, f)).href)) as { default?: () => Promise<void> };
  if (typeof mod.default === "function") await mod.default();
}
