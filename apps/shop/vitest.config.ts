import react from "@vitejs/plugin-react";
import { defineConfig } from "vitest/config";

export default defineConfig({
  plugins: [react()],
  test: { name: "shop", environment: "jsdom", include: ["src/**/*.test.{ts,tsx}"], testTimeout: 30_000, css: false },
});
