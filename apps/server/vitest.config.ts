import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    name: "server",
    include: ["src/**/*.test.ts", "test/**/*.test.ts"],
    globalSetup: ["test/global-setup.ts"],
    pool: "forks",
    // Generous: a test may start servers, kill them and copy databases, and on a shared two-core
    // machine that has taken several times as long as alone. The limits only end a hang.
    testTimeout: 180_000,
    hookTimeout: 180_000,
  },
});
