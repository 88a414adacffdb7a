// `npm run check -- [area|path ...] [--browser]`: the quick loop for one change. Lint, the type
// check of the workspaces the change touches (and of those that import them) and the unit and
// integration tests of the modules it touches; `--browser` adds the browser tests named after
// them. An area is a server module or web feature (`pos`, `sales`, `ledger`), a workspace
// (`server`, `web`, `shop`, `contracts`, `e2e`, `bench`) or a path; with none, the files changed since the
// last commit (and new files) decide.
import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { bin, clock, pkg, printTails, root, runSteps, script } from "./steps.mjs";

const args = process.argv.slice(2);
const withBrowser = args.includes("--browser");
const words = args.filter((a) => !a.startsWith("--"));

const WORKSPACES = {
  contracts: "packages/contracts",
  server: "apps/server",
  web: "apps/web",
  shop: "apps/shop",
  e2e: "e2e",
  bench: "bench",
};
// Who imports whom: a change to the contracts is type-checked where they are used too.
const DEPENDENTS = { "packages/contracts": ["apps/server", "apps/web", "apps/shop", "e2e", "bench"], "apps/server": ["bench"] };
const AREA_ROOTS = ["apps/server/src/modules", "apps/web/src/features"];
const TESTED = ["packages/contracts", "apps/server", "apps/web", "apps/shop"];

/** The paths (relative to the root) an area names. */
function resolveArea(word) {
  if (WORKSPACES[word]) return [WORKSPACES[word]];
  const found = AREA_ROOTS.map((r) => `${r}/${word}`).filter((p) => existsSync(path.join(root, p)));
  if (found.length) return found;
  const rel = path.relative(root, path.resolve(process.cwd(), word));
  if (existsSync(path.join(root, rel))) return [rel];
  const known = AREA_ROOTS.flatMap((r) => readdirSync(path.join(root, r)).filter((n) => statSync(path.join(root, r, n)).isDirectory()));
  console.error(
    `check: "${word}" is neither a path nor an area; areas: ${Object.keys(WORKSPACES).join(", ")}, ${[...new Set(known)].sort().join(", ")}`,
  );
  process.exit(2);
}

/** The files changed since the last commit, new files included, each reduced to its module or feature folder. */
function changedPaths() {
  const git = (...a) => execFileSync("git", a, { cwd: root, encoding: "utf8" }).split("\n").filter(Boolean);
  const files = [...new Set([...git("diff", "--name-only", "HEAD"), ...git("ls-files", "--others", "--exclude-standard")])];
  return [
    ...new Set(
      files
        .filter((f) => existsSync(path.join(root, f)))
        .map((f) => {
          const area = AREA_ROOTS.find((r) => f.startsWith(`${r}/`));
          return area ? `${area}/${f.slice(area.length + 1).split("/")[0]}` : f;
        }),
    ),
  ];
}

const paths = words.length ? words.flatMap(resolveArea) : changedPaths();
if (!paths.length) {
  console.log("check: nothing changed since the last commit; name an area or a path (npm run check -- pos)");
  process.exit(0);
}
const workspaceOf = (p) => pkg.workspaces.find((w) => p === w || p.startsWith(`${w}/`));
const touched = new Set(paths.map(workspaceOf).filter(Boolean));
for (const w of [...touched]) for (const d of DEPENDENTS[w] ?? []) touched.add(d);

const steps = [];
const lintable = paths.filter((p) => /\.(m?[jt]sx?|json|css)$/.test(p) || statSync(path.join(root, p)).isDirectory());
if (lintable.length) steps.push(["lint", [bin("biome", ["check", "--no-errors-on-unmatched", ...lintable])]]);
const typechecks = [...touched].map((w) => script(w, "typecheck")).filter(Boolean);
if (typechecks.length) steps.push(["typecheck", typechecks]);
// Vitest takes the paths as filters of its test files: a module folder runs the tests inside it;
// a source file outside a module runs the tests that import it (`vitest related`).
const tested = paths.filter((p) => TESTED.some((w) => p === w || p.startsWith(`${w}/`)));
const isDir = (p) => statSync(path.join(root, p)).isDirectory();
const filters = tested.filter((p) => isDir(p) || /\.test\.tsx?$/.test(p)).map((p) => (isDir(p) ? `${p}/` : p));
const sources = tested.filter((p) => !isDir(p) && !/\.test\.tsx?$/.test(p) && /\.tsx?$/.test(p));
if (filters.length) steps.push(["unit and integration tests", [bin("vitest", ["run", ...filters])]]);
if (sources.length)
  steps.push(["unit and integration tests of what imports the changed files", [bin("vitest", ["related", "--run", ...sources])]]);
if (paths.some((p) => p === "bench" || p.startsWith("bench/"))) steps.push(["bench smoke", [bin("tsx", ["bench/run-all.ts", "--smoke"])]]);
if (withBrowser) {
  const specs = readdirSync(path.join(root, "e2e/tests")).filter((f) =>
    paths.some((p) => {
      const name = path.basename(p).replace(/\.(spec\.)?tsx?$/, "");
      return p.startsWith("e2e/tests/") ? p.endsWith(f) : f.startsWith(name);
    }),
  );
  if (specs.length) steps.push(["browser tests", [script("e2e", "test", ` ${specs.map((s) => `tests/${s}`).join(" ")}`)]]);
  else console.log("check: no browser test is named after these areas");
}

console.log(`check: ${paths.join(", ")}`);
const started = Date.now();
const { summary, tails } = await runSteps(steps);
printTails(tails);
console.log(`\n${summary.join("\n")}\ncheck: ${tails.length ? "FAILED" : "passed"} in ${clock(Date.now() - started)}`);
process.exit(tails.length ? 1 : 0);
