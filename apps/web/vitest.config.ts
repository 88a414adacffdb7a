import react from "@vitejs/plugin-react";
import { defineConfig } from "vitest/config";
import { aliases } from "./aliases.ts";
import { buildInfo } from "./build-info.ts";

export default defineConfig({
  plugins: [react()],
  define: buildInfo(),
  resolve: { alias: aliases },
  test: {
    name: "web",
    environment: "jsdom",
    include: ["src/**/*.test.{ts,tsx}"],
    // The limit only ends a hang: a component test that types and waits took more than Vitest's
    // 5 s on a two-core machine running other suites beside it.
    testTimeout: 30_000,
    setupFiles: ["src/test/setup.ts"],
    css: false,
  },
});
