// `npm test`: lint and format check, type checks of every workspace, unit and integration tests
// (on an embedded PostgreSQL, or on the server DATABASE_URL names), then the browser tests.
import { spawnSync } from "node:child_process";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const steps = [
  ["lint", "npx", ["biome", "check", "."]],
  ["typecheck", "npm", ["run", "typecheck", "--workspaces", "--if-present"]],
  ["unit and integration tests", "npx", ["vitest", "run"]],
  ["browser tests", "npm", ["run", "test", "-w", "@app/e2e"]],
];
const only = process.argv[2];
let failed = 0;
let passed = 0;
for (const [name, cmd, args] of steps) {
  if (only && !name.startsWith(only)) continue;
  console.log(`\n=== ${name}${process.env.DATABASE_URL ? " (PostgreSQL at DATABASE_URL)" : " (embedded PostgreSQL)"}`);
  const r = spawnSync(cmd, args, { cwd: root, stdio: "inherit" });
  if (r.status === 0) passed++;
  else {
    failed++;
    console.error(`--- ${name} failed`);
  }
}
console.log(`\nsteps: ${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
