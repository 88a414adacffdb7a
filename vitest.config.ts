import { defineConfig } from "vitest/config";

// One run over every workspace that has unit or integration tests. Two workers: the machine
// the suite is sized for has two cores, and each server test file holds a whole database.
export default defineConfig({
  test: { projects: ["packages/contracts", "apps/server", "apps/web"], maxWorkers: 2 },
});
