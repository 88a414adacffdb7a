// 100,000 items. Latency: list pages through the HTTP layer (app.inject: token check, routing, the
// list's count and hidden columns, JSON) against the raw SQL that returns the same rows, each page
// checked row for row on both sides; p50 and p99 of requests sent one after another, the two sides
// interleaved. Throughput: the barcode look-up and the cheapest signed-in route over real HTTP
// (autocannon in its own process) against a Fastify hello-world served by the same process.
// (Smoke size: 2,000 items, 20 requests a side, one unwarmed round of 1 s per target.)
import { spawn } from "node:child_process";
import { rmSync } from "node:fs";
import { createRequire } from "node:module";
import type { AddressInfo } from "node:net";
import { performance } from "node:perf_hooks";
import { normalizeSearch } from "@app/contracts";
import { migrate } from "@app/server/src/db/migrate.js";
import { seed } from "@app/server/src/db/seed.js";
import { itemSearch } from "@app/server/src/modules/catalogue/barcodes.js";
import { type SQL, sql } from "drizzle-orm";
import Fastify from "fastify";
import { benchDatabase } from "./database.js";
import { signedInApp } from "./in-process.js";
import { scratchDir } from "./scratch.js";
import { size, smoke } from "./size.js";
import { interleaved } from "./timing.js";

const ITEMS = size(100_000, 2_000);
const SAMPLES = size(400, 20);
const PAGE = 20;
const LOAD_SECONDS = size(3, 1);
const ROUNDS = size(5, 1);
const CONNECTIONS = 10;
/** The item whose barcode is looked up (its id, as items are made in one statement). */
const LOOKED_UP = size(73_217, 1_463);

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

/** p50 and p99 of both sides, sampled alternately so that both see the same load on the machine. */
async function latency(api: () => Promise<unknown>, raw: () => Promise<unknown>) {
  const { a, b: r } = await interleaved(SAMPLES, api, raw);
  a.sort((x, y) => x - y);
  r.sort((x, y) => x - y);
  return { api50: pct(a, 50), api99: pct(a, 99), raw50: pct(r, 50), raw99: pct(r, 99) };
}

const autocannonBin = createRequire(import.meta.url).resolve("autocannon/autocannon.js");

/** Requests per second over LOAD_SECONDS, from autocannon in a process of its own. */
function load(url: string, headers: Record<string, string> = {}): Promise<{ rps: number; non2xx: number; errors: number }> {
  const args = [autocannonBin, "-j", "-c", String(CONNECTIONS), "-d", String(LOAD_SECONDS)];
  for (const [k, v] of Object.entries(headers)) args.push("-H", `${k}=${v}`);
  args.push(url);
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { stdio: ["ignore", "pipe", "inherit"] });
    let out = "";
    child.stdout.on("data", (d) => {
      out += d;
    });
    child.on("error", reject);
    child.on("exit", (code) => {
      if (code !== 0) return reject(new Error(`autocannon exited with ${code}`));
      const r = JSON.parse(out) as { requests: { average: number }; non2xx: number; errors: number };
      resolve({ rps: r.requests.average, non2xx: r.non2xx, errors: r.errors });
    });
  });
}

/** Rows as JSON would carry them, so that the API's answer and the driver's rows compare. */
const asJson = (rows: unknown[]) => JSON.parse(JSON.stringify(rows)) as Record<string, unknown>[];

export default async function catalogueBench() {
  const dir = scratchDir("souq-bench-catalogue-");
  const { database, cleanup } = await benchDatabase("catalogue");
  const hello = Fastify();
  hello.get("/", async () => ({ hello: "world" }));
  try {
    const db = database.db;
    await migrate(database);
    await seed(db, { adminPassword: "bench-password" });
    console.log(`database: ${database.kind}; generating ${ITEMS.toLocaleString("en")} items...`);
    const g0 = performance.now();
    await db.transaction(async (tx) => {
      await tx.execute(
        sql`insert into categories (category_name, category_code) select 'Shelf ' || g, 'S' || g from generate_series(1, 20) g`,
      );
      // Every fifth item has a Kurdish name with Kurdish kaf and ya; the rest Latin names.
      await tx.execute(sql`insert into items (item_name, item_code, category_fk)
        select case when g % 5 = 0 then 'کرسی ' || g else 'Item ' || g end, 'C' || g,
               (select min(category_id) from categories) + g % 20
          from generate_series(1, ${ITEMS}) g`);
      await tx.execute(sql`insert into item_units (item_fk, unit_fk, quantity, price, is_base, is_default)
        select item_id, (select unit_id from units where unit_name = 'Piece'), 1, (item_id % 1000) + 0.25, true, true from items`);
      await tx.execute(sql`insert into item_barcodes (barcode, item_fk, item_unit_fk)
        select '62' || lpad(u.item_fk::text, 11, '0'), u.item_fk, u.item_unit_id from item_units u`);
    });
    await db.execute(sql`vacuum analyze`);
    console.log(`generated in ${((performance.now() - g0) / 1000).toFixed(1)} s`);

    const { app, headers } = await signedInApp(database, dir);

    // The items list's page, written out as one would by hand: the same columns, joins and order.
    const itemsPage = (where: SQL, order: SQL) =>
      db.execute(sql`select i.item_id, i.item_name, i.item_code, i.images->>0 as image, i.category_fk, c.category_name, i.brand_fk, b.brand_name,
               m.country_name as made_in, i.scientific_name,
               (select u.unit_name from item_units iu join units u on u.unit_id = iu.unit_fk where iu.item_fk = i.item_id and iu.is_base) as base_unit,
               (select u.unit_name from item_units iu join units u on u.unit_id = iu.unit_fk where iu.item_fk = i.item_id and iu.is_default) as default_unit,
               (select iu.price from item_units iu where iu.item_fk = i.item_id and iu.is_base) as sale_price,
               (select string_agg(x.barcode, ',' order by x.id) from item_barcodes x where x.item_fk = i.item_id) as barcodes,
               i.shortage_alert, i.expire_alert, i.has_expire, i.has_batch_number, i.sale_price_editable, i.is_active_online, i.created_at
          from items i left join categories c on c.category_id = i.category_fk left join brands b on b.brand_id = i.brand_fk
               left join countries m on m.country_id = i.made_in_fk
         where ${where} order by ${order} limit ${PAGE}`);
    const term = "Item 7";
    const words = normalizeSearch(term).split(" ");
    const pages = [
      {
        what: "items, default page (newest first)",
        url: `/api/items?per_page=${PAGE}`,
        raw: () => itemsPage(sql`true`, sql`i.item_id desc`),
      },
      {
        what: `items searched "${term}", sorted by name`,
        url: `/api/items?per_page=${PAGE}&search=${encodeURIComponent(term)}&sortColumn=item_name&sortDir=asc`,
        raw: () =>
          itemsPage(
            sql.join(
              words.map((w) => sql`i.search_name like ${`%${w}%`}`),
              sql` and `,
            ),
            sql`lower(i.item_name), i.item_id`,
          ),
      },
      {
        what: "items filtered by category, sorted by name desc",
        url: `/api/items?per_page=${PAGE}&filter[category_name]=Shelf%207&sortColumn=item_name&sortDir=desc`,
        raw: () => itemsPage(sql`c.category_name ilike '%Shelf 7%'`, sql`lower(i.item_name) desc, i.item_id desc`),
      },
    ];
    const api = async (u: string) => {
      const res = await app.inject({ method: "GET", url: u, headers });
      if (res.statusCode !== 200) throw new Error(`${u} answered ${res.statusCode}`);
      return res.json().data as { data: unknown[]; total: number; total_estimated: boolean };
    };
    console.log(`list pages, ${SAMPLES} requests each side, one at a time (ms):`);
    for (const p of pages) {
      const envelope = await api(p.url);
      const raw = (await p.raw()).rows;
      if (JSON.stringify(asJson(envelope.data)) !== JSON.stringify(asJson(raw)) || raw.length !== PAGE) {
        throw new Error(`${p.what}: the API's page and the raw SQL's rows differ`);
      }
      for (let i = 0; i < size(20, 2); i++) await Promise.all([api(p.url), p.raw()]);
      const l = await latency(() => api(p.url), p.raw);
      console.log(
        `  ${p.what.padEnd(48)} API p50 ${l.api50.toFixed(2).padStart(6)} p99 ${l.api99.toFixed(2).padStart(6)} | raw SQL p50 ${l.raw50.toFixed(2).padStart(6)} p99 ${l.raw99.toFixed(2).padStart(6)} | p99 ratio ${(l.api99 / l.raw99).toFixed(2)}x (goal <= 2x)`,
      );
      console.log(
        `  ${"".padEnd(48)} same ${raw.length} rows on both sides; total ${envelope.total}${envelope.total_estimated ? " (estimate)" : ""}`,
      );
    }

    const code = `62${String(LOOKED_UP).padStart(11, "0")}`;
    const lookup = `/api/items/list?per_page=20&search=${code}`;
    const found = await app.inject({ method: "GET", url: lookup, headers });
    const names = (found.json().message as { item_name: string }[]).map((r) => r.item_name);
    if (found.statusCode !== 200 || names.join() !== `Item ${LOOKED_UP}`)
      throw new Error(`the barcode look-up answered ${found.statusCode} ${names}`);
    const cheapest = "/api/currencies/list";

    await hello.listen({ port: 0, host: "127.0.0.1" });
    await app.listen({ port: 0, host: "127.0.0.1" });
    const base = (s: { server: { address(): unknown } }) => `http://127.0.0.1:${(s.server.address() as AddressInfo).port}`;
    console.log(
      `throughput, ${CONNECTIONS} connections over HTTP, ${ROUNDS} rounds of ${LOAD_SECONDS} s per target taken in turn (requests/s, median):`,
    );
    const targets = [
      { what: "Fastify hello-world", url: `${base(hello)}/`, headers: {}, rps: [] as number[] },
      { what: "barcode look-up (items/list?search=<barcode>)", url: `${base(app)}${lookup}`, headers, rps: [] as number[] },
      { what: "cheapest signed-in route (currencies/list)", url: `${base(app)}${cheapest}`, headers, rps: [] as number[] },
    ];
    // One round unmeasured first (the JIT, the pools, the kept look-ups warm up; not in smoke mode); then rounds in
    // turn, so that a change in the machine's load falls on every target alike.
    if (!smoke) for (const t of targets) await load(t.url, t.headers);
    for (let round = 0; round < ROUNDS; round++) {
      for (const t of targets) {
        const r = await load(t.url, t.headers);
        if (r.non2xx || r.errors) throw new Error(`${t.what}: ${r.non2xx} answers other than 2xx, ${r.errors} errors`);
        t.rps.push(r.rps);
      }
    }
    const [h, b, c] = targets.map((t) => [...t.rps].sort((x, y) => x - y)[Math.floor(ROUNDS / 2)]!) as [number, number, number];
    for (const t of targets) console.log(`  ${t.what.padEnd(48)} ${t.rps.map((x) => x.toFixed(0).padStart(6)).join(" ")}`);
    console.log(`  barcode look-up / hello-world:  ${(b / h).toFixed(3)}x (goal >= 0.25x)`);
    console.log(`  signed-in route / hello-world:  ${(c / h).toFixed(3)}x (goal >= 0.3x)`);

    for (const [what, t] of [
      ["name search", "كرسي 732"],
      ["middle of name", "3217"],
    ] as const) {
      const plan = await db.execute<Record<string, string>>(sql`explain select i.item_id from items i where ${itemSearch(t)}`);
      console.log(`  ${what} plan: ${plan.rows.map((r) => Object.values(r)[0]?.trim()).join(" | ")}`);
    }
    await app.close();
  } finally {
    await hello.close();
    await cleanup();
    rmSync(dir, { recursive: true, force: true });
  }
}
