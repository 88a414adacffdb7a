import { defineConfig } from "@playwright/test";

// Workers inherit the environment, so one id names this run everywhere; runs side by side
// (several people on one machine) then never delete each other's results.
process.env.E2E_RUN_ID ??= `${process.pid}`;

export default defineConfig({
  testDir: "./tests",
  globalSetup: "./support/global-setup.ts",
  globalTeardown: "./support/global-teardown.ts",
  outputDir: `./test-results/run-${process.env.E2E_RUN_ID}`,
  fullyParallel: false,
  // Two cores on the build machine; one worker per core keeps the product responsive.
  workers: 2,
  // The browser tests share one product and its database: a test that changes what another reads
  // at the same moment (the current rate, say) may fail once; in CI a failed test runs once more.
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  forbidOnly: !!process.env.CI,
  reporter: "list",
  use: {
    baseURL: process.env.E2E_BASE_URL,
    viewport: { width: 1366, height: 820 },
    locale: "en-GB",
    // Not the business zone (Asia/Baghdad): the web must take dates on the business clock,
    // whatever zone the browser runs in.
    timezoneId: "America/Los_Angeles",
    acceptDownloads: true,
    // A trace records a screencast of every page, which took half of Chromium's work on a
    // two-core machine: it is taken when a failed test runs again (CI retries once).
    trace: "on-first-retry",
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
      ],
    },
  },
});
