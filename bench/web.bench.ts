// The login page as a browser gets it from `npm start` (Chromium, a new profile): the JavaScript it
// downloads, compressed as sent (brotli) and as gzip (the build's precompressed .gz of the same
// files), which language chunks it loads in English and in Arabic, and the cache headers of a
// hashed asset and of index.html. (Smoke mode: the same pages, the product on a database of the
// run's PostgreSQL instead of an embedded one of its own.)
import { chromium } from "playwright-core";
import { type BenchDatabase, benchDatabase } from "./database.js";
import { chromiumOrSkip, scriptMeter, startProduct } from "./product.js";
import { smoke } from "./size.js";

const GOAL_KB = 200;

export default async function webBench() {
  const executablePath = chromiumOrSkip();
  if (!executablePath) return;
  let db: BenchDatabase | undefined;
  let product: Awaited<ReturnType<typeof startProduct>> | undefined;
  let browser: Awaited<ReturnType<typeof chromium.launch>> | undefined;
  try {
    if (smoke) db = await benchDatabase("web");
    product = await startProduct(db ? { DATABASE_URL: db.url } : {});
    const { base } = product;
    browser = await chromium.launch({ executablePath, args: ["--no-sandbox"] });
    for (const lang of ["en", "ar"]) {
      const context = await browser.newContext();
      await context.addInitScript((l) => localStorage.setItem("lang", l), lang);
      const page = await context.newPage();
      const meter = scriptMeter(page);
      await page.goto(`${base}/login`);
      await page.getByRole("button").first().waitFor();
      await page.waitForLoadState("networkidle");
      const languages = meter.scripts.map((x) => /\/assets\/(en|ar|ckb)-[\w-]+\.js$/.exec(x.file)?.[1]).filter(Boolean);
      console.log(
        `login page (${lang}): ${meter.scripts.length} scripts, ${(meter.sent() / 1024).toFixed(1)} KB sent (${meter.encodings()}), ${(meter.gzipped() / 1024).toFixed(1)} KB gzipped (goal <= ${GOAL_KB} KB); language chunks loaded: ${languages.join(", ") || "none"}`,
      );
      await context.close();
    }
    const html = await fetch(`${base}/login`);
    const asset = /\/assets\/index-[\w-]+\.js/.exec(await html.text())?.[0];
    if (!html.ok || !asset) throw new Error(`/login answered ${html.status}${asset ? "" : " without the index script"}`);
    const hashed = await fetch(`${base}${asset}`, { headers: { "accept-encoding": "br, gzip" } });
    if (!hashed.ok) throw new Error(`${asset} answered ${hashed.status}`);
    console.log(`cache-control: index.html "${html.headers.get("cache-control")}"; ${asset} "${hashed.headers.get("cache-control")}"`);
  } finally {
    await browser?.close();
    await product?.stop();
    await db?.cleanup();
  }
}
