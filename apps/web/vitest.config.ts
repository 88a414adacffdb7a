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
    setupFiles: ["src/test/setup.ts"],
    css: false,
  },
});
