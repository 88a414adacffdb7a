// A Vitest reporter that writes each test file's wall time (environment, setup, import and its
// tests and hooks) to the JSON file TEST_TIMINGS_FILE names; `scripts/test.mjs` prints the slowest.
import { writeFileSync } from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");

export default class TimingsReporter {
  onTestRunEnd(testModules) {
    const file = process.env.TEST_TIMINGS_FILE;
    if (!file) return;
    const rows = testModules.map((m) => {
      const d = m.diagnostic();
      const ms = d.environmentSetupDuration + d.prepareDuration + d.collectDuration + d.setupDuration + d.duration;
      let tests = 0;
      for (const _ of m.children.allTests()) tests++;
      return { name: path.relative(root, m.moduleId), project: m.project.name, ms, tests, state: m.state() };
    });
    writeFileSync(file, JSON.stringify(rows));
  }
}
