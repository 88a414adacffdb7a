import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    name: "server",
    include: ["src/**/*.test.ts", "test/**/*.test.ts"],
    globalSetup: ["test/global-setup.ts"],
    pool: "forks",
    // One module graph per worker for all its files: each file still gets its own database and app,
    // and the server is imported once a worker instead of once a file (90 s of imports a run).
    isolate: false,
    // Generous: a test may start servers, kill them and copy databases, and on a shared two-core
    // machine that has taken several times as long as alone. The limits only end a hang.
    testTimeout: 180_000,
    hookTimeout: 180_000,
  },
});
