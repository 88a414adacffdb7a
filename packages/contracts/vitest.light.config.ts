import { createRequire } from "node:module";
import path from "node:path";
import { defineConfig } from "vitest/config";

const require = createRequire(import.meta.url);

/**
 * The contracts' tests again, on the decimals the browser runs (decimal.js-light, as
 * apps/web/aliases.ts resolves them): the POS prices a bill with this same code, so it must give
 * the server's figures with either library.
 */
export default defineConfig({
  resolve: {
    alias: { "decimal.js": path.join(path.dirname(require.resolve("decimal.js-light/package.json")), "decimal.mjs") },
  },
  test: { name: "contracts (browser decimals)", include: ["src/**/*.test.ts", "src/**/*.light-check.ts"] },
});
