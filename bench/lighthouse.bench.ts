// Lighthouse (mobile preset: a mid-range phone's screen, simulated slow 4G and 4x slower CPU) on
// the product as `npm start` runs it: the login page, the home page, a list page
// (/warehouse/items) and the POS screen (/settings/pos), each a cold load (no HTTP cache, no
// service worker) signed in where the page needs it, five runs a page; the run of median
// performance is printed (performance and accessibility scores, LCP, TBT) with every
// accessibility audit that failed. Goals: performance >= 90 and accessibility 100 on each page.
// Chromium is started with a debugging port; the session (the token the web app keeps in
// localStorage) is put there through the same port, and Lighthouse leaves storage as it is while
// this bench clears the cache and service workers before each run. BENCH_WEB_DIST serves a web
// build of one's own instead (product.ts); LIGHTHOUSE_RUNS and LIGHTHOUSE_PAGES (paths,
// comma-separated) change the runs and pages. Smoke size: the login page, once.
import { mkdirSync, writeFileSync } from "node:fs";
import { loadavg } from "node:os";
import path from "node:path";
import { launch } from "chrome-launcher";
import lighthouse from "lighthouse";
import { chromium } from "playwright-core";
import { type BenchDatabase, benchDatabase } from "./database.js";
import { ADMIN_PASSWORD, chromiumOrSkip, newCashier, startProduct } from "./product.js";
import { size, sizeFromEnv, smoke } from "./size.js";

const RUNS = sizeFromEnv("LIGHTHOUSE_RUNS", 5, 1);
/** LIGHTHOUSE_REPORTS: a folder where the median run's report of each page is written (JSON). */
const reports = process.env.LIGHTHOUSE_REPORTS;
const GOAL_PERFORMANCE = 90;
const GOAL_ACCESSIBILITY = 100;

interface Page {
  path: string;
  /** Whose session the page is opened with. */
  as: "nobody" | "admin" | "cashier";
}

/** LIGHTHOUSE_PAGES (paths, comma-separated) keeps only those pages. */
const only = process.env.LIGHTHOUSE_PAGES?.split(",").filter(Boolean);
const PAGES: Page[] = size<Page[]>(
  [
    { path: "/login", as: "nobody" },
    { path: "/", as: "admin" },
    { path: "/warehouse/items", as: "admin" },
    { path: "/settings/pos", as: "cashier" },
  ],
  [{ path: "/login", as: "nobody" }],
).filter((p) => !only || only.includes(p.path));

interface Run {
  performance: number;
  accessibility: number;
  lcp: number;
  tbt: number;
  failed: string[];
  report: string;
}

async function login(base: string, email: string, password: string): Promise<string> {
  const res = await fetch(`${base}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, password }),
  });
  if (!res.ok) throw new Error(`auth/login: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { access_token: string }).access_token;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

export default async function lighthouseBench() {
  const chromePath = chromiumOrSkip();
  if (!chromePath) return;
  let db: BenchDatabase | undefined;
  let product: Awaited<ReturnType<typeof startProduct>> | undefined;
  let chrome: Awaited<ReturnType<typeof launch>> | undefined;
  let browser: Awaited<ReturnType<typeof chromium.connectOverCDP>> | undefined;
  const misses: string[] = [];
  try {
    if (smoke) db = await benchDatabase("lighthouse");
    product = await startProduct(db ? { DATABASE_URL: db.url } : {});
    const { base } = product;
    const admin = await login(base, "admin@example.com", ADMIN_PASSWORD);
    const tokens: Record<Page["as"], string | undefined> = {
      nobody: undefined,
      admin,
      cashier: PAGES.some((p) => p.as === "cashier")
        ? await newCashier(base, admin, "Lighthouse Cashier", "lighthouse.cashier@bench.test")
        : undefined,
    };
    console.log(
      `Lighthouse ${(await import("lighthouse/package.json", { with: { type: "json" } })).default.version}, mobile preset, ${RUNS} run(s) a page, the run of median performance:`,
    );
    for (const page of PAGES) {
      const runs: Run[] = [];
      for (let i = 0, retries = 0; i < RUNS; i++) {
        // A cold load with the session in place: a new browser (no HTTP cache, no service worker),
        // the token put in its localStorage through the debugging port.
        chrome = await launch({
          chromePath,
          chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"],
          logLevel: "silent",
        });
        browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
        const tab = await browser.contexts()[0]!.newPage();
        // A small file of the origin: localStorage is the origin's, whatever page sets it.
        await tab.goto(`${base}/favicon.svg`);
        await tab.evaluate(
          ([token]) => {
            localStorage.setItem("lang", "en");
            if (token) localStorage.setItem("token", token);
          },
          [tokens[page.as]] as const,
        );
        await tab.close();
        const result = await lighthouse(`${base}${page.path}`, {
          port: chrome.port,
          output: "json",
          logLevel: "error",
          onlyCategories: ["performance", "accessibility"],
          disableStorageReset: true,
        });
        const lhr = result?.lhr;
        if (!lhr) throw new Error(`Lighthouse gave no result for ${page.path}`);
        if (lhr.runtimeError) {
          await browser.close().catch(() => {});
          chrome.kill();
          browser = chrome = undefined;
          // Lighthouse asks for a new run when its trace missed the navigation (NO_NAVSTART).
          if (++retries > 2) throw new Error(`Lighthouse on ${page.path}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
          console.log(`${page.path}: run ${i + 1} again (${lhr.runtimeError.code})`);
          i--;
          continue;
        }
        if (new URL(lhr.finalDisplayedUrl).pathname !== page.path)
          throw new Error(`${page.path} ended at ${lhr.finalDisplayedUrl}: the session was not in place`);
        const a11y = lhr.categories.accessibility!;
        runs.push({
          performance: Math.round((lhr.categories.performance!.score ?? 0) * 100),
          accessibility: Math.round((a11y.score ?? 0) * 100),
          lcp: lhr.audits["largest-contentful-paint"]!.numericValue ?? Number.NaN,
          tbt: lhr.audits["total-blocking-time"]!.numericValue ?? Number.NaN,
          failed: a11y.auditRefs
            .filter((r) => r.weight > 0 && lhr.audits[r.id]!.score !== null && lhr.audits[r.id]!.score! < 1)
            .map((r) => r.id),
          report: typeof result.report === "string" ? result.report : "",
        });
        await browser.close().catch(() => {});
        chrome.kill();
        browser = chrome = undefined;
      }
      const m = median(runs.map((r) => r.performance));
      const run = runs.find((r) => r.performance === m)!;
      console.log(
        `${page.path.padEnd(18)} performance ${String(run.performance).padStart(3)} (runs ${runs.map((r) => r.performance).join(", ")}; goal >= ${GOAL_PERFORMANCE}), accessibility ${String(run.accessibility).padStart(3)} (goal ${GOAL_ACCESSIBILITY}), LCP ${(run.lcp / 1000).toFixed(1)} s, TBT ${Math.round(run.tbt)} ms${run.failed.length ? `; failed: ${run.failed.join(", ")}` : ""}`,
      );
      if (reports) {
        mkdirSync(reports, { recursive: true });
        writeFileSync(path.join(reports, `${page.path.replace(/\W+/g, "-").replace(/^-|-$/g, "") || "home"}.json`), run.report);
      }
      if (run.performance < GOAL_PERFORMANCE || run.accessibility < GOAL_ACCESSIBILITY) misses.push(page.path);
    }
    console.log(
      `load average ${loadavg()
        .map((x) => x.toFixed(2))
        .join(" ")}`,
    );
    if (smoke) console.log("smoke size: one page, one run; no goal");
    else if (misses.length) console.log(`goal missed on ${misses.join(", ")}`);
  } finally {
    await browser?.close().catch(() => {});
    chrome?.kill();
    await product?.stop();
    await db?.cleanup();
  }
}
