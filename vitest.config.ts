import { defineConfig } from "vitest/config";

// One run over every workspace that has unit or integration tests (the contracts twice: on the
// server's decimals and on the browser's). Two workers: the machine the suite is sized for has two
// cores, and each server test file holds a whole database.
export default defineConfig({
  test: {
    projects: ["packages/contracts", "packages/contracts/vitest.light.config.ts", "apps/server", "apps/web", "apps/shop"],
    maxWorkers: 2,
  },
});
