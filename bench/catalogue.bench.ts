// 100,000 items: barcode look-up and name search through the HTTP layer (app.inject) against the
// raw SQL query on the same data, in the same run, as ratios. The middle-of-name search is compared
// with a plain sequential `ilike '%term%'`, what the search would cost without the trigram index.
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { normalizeSearch } from "@app/contracts";
import { buildApp } from "@app/server/src/app.js";
import { loadConfig } from "@app/server/src/config.js";
import { openDatabase } from "@app/server/src/db/client.js";
import { migrate } from "@app/server/src/db/migrate.js";
import { seed } from "@app/server/src/db/seed.js";
import { itemSearch } from "@app/server/src/modules/catalogue/barcodes.js";
import { sql } from "drizzle-orm";
import pg from "pg";

const ITEMS = 100_000;
const RUNS = 50;

async function median(fn: () => Promise<unknown>, n = RUNS) {
  const times: number[] = [];
  for (let i = 0; i < n; i++) {
    const t0 = performance.now();
    await fn();
    times.push(performance.now() - t0);
  }
  return times.sort((a, b) => a - b)[Math.floor(n / 2)]!;
}

export default async function catalogueBench() {
  const url = process.env.DATABASE_URL;
  const dir = mkdtempSync(path.join(os.tmpdir(), "souq-bench-catalogue-"));
  let database: Awaited<ReturnType<typeof openDatabase>>;
  let dropDb = async () => {};
  if (url) {
    const name = `bench_catalogue_${process.pid}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create database ${name}`);
    const u = new URL(url);
    u.pathname = `/${name}`;
    database = await openDatabase({ databaseUrl: u.toString() });
    dropDb = async () => {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    };
  } else {
    database = await openDatabase({ dataDir: path.join(dir, "db") });
  }
  try {
    const db = database.db;
    await migrate(database);
    await seed(db, { adminPassword: "bench-password" });
    console.log(`database: ${database.kind}; generating ${ITEMS.toLocaleString("en")} items...`);
    const g0 = performance.now();
    await db.transaction(async (tx) => {
      // Every fifth item has a Kurdish name with Kurdish kaf and ya; the rest Latin names.
      await tx.execute(sql`insert into items (item_name, item_code)
        select case when g % 5 = 0 then 'کرسی ' || g else 'Item ' || g end, 'C' || g from generate_series(1, ${ITEMS}) g`);
      await tx.execute(sql`insert into item_units (item_fk, unit_fk, quantity, price, is_base, is_default)
        select item_id, (select unit_id from units where unit_name = 'Piece'), 1, (item_id % 1000) + 0.25, true, true from items`);
      await tx.execute(sql`insert into item_barcodes (barcode, item_fk, item_unit_fk)
        select '62' || lpad(u.item_fk::text, 11, '0'), u.item_fk, u.item_unit_id from item_units u`);
    });
    await db.execute(sql`analyze`);
    console.log(`generated in ${((performance.now() - g0) / 1000).toFixed(1)} s`);

    const config = loadConfig({ LOG_LEVEL: "silent", JWT_SECRET: "bench-secret-bench-secret-bench-secret", DATA_DIR: dir });
    const { app } = await buildApp({ database, config });
    const login = await app.inject({
      method: "POST",
      url: "/api/auth/login",
      payload: { email: "admin@example.com", password: "bench-password" },
    });
    const headers = { authorization: `Bearer ${login.json().access_token}` };

    const code = "62" + String(73_217).padStart(11, "0");
    const term = "كرسي 732"; // Arabic kaf and ya: finds the Kurdish-spelled names
    const middle = "3217"; // inside "Item 13217", "Item 32174", ...: 20 names
    const http = async (search: string, expect: number) => {
      const res = await app.inject({ method: "GET", url: `/api/items/list?per_page=20&search=${encodeURIComponent(search)}`, headers });
      const n = res.json().message.length;
      if (res.statusCode !== 200 || n !== expect) throw new Error(`unexpected answer for ${search}: ${res.statusCode} ${n}`);
    };
    const rawBarcode = () =>
      db.execute(sql`select i.item_id, i.item_name from items i join item_barcodes b on b.item_fk = i.item_id where b.barcode = ${code}`);
    // The query the app runs for a two-word term, written out: both words anywhere, prefix matches first.
    const [w1, w2] = normalizeSearch(term).split(" ");
    const rawName = () =>
      db.execute(
        sql`select item_id, item_name from items where search_name like ${`%${w1}%`} and search_name like ${`%${w2}%`}
             order by search_name like ${`${normalizeSearch(term)}%`} desc, lower(item_name), item_id limit 21`,
      );
    const rawMiddle = () =>
      db.transaction(async (tx) => {
        await tx.execute(sql`set local enable_bitmapscan = off`);
        await tx.execute(sql`set local enable_indexscan = off`);
        return tx.execute(
          sql`select item_id, item_name from items where item_name ilike ${`%${middle}%`} order by lower(item_name), item_id limit 21`,
        );
      });

    // Warm up: plans, caches, JIT.
    for (let i = 0; i < 5; i++) {
      await http(code, 1);
      await http(term, 20);
      await http(middle, 20);
      await rawBarcode();
      await rawName();
      await rawMiddle();
    }
    const rows = [
      ["barcode look-up", await median(() => http(code, 1)), await median(rawBarcode)],
      ["name search (Arabic letters, Kurdish names)", await median(() => http(term, 20)), await median(rawName)],
      ["middle of name (vs sequential ilike)", await median(() => http(middle, 20)), await median(rawMiddle)],
    ] as const;
    // What any signed-in request costs here (token check, user load, routing), for scale.
    const floor = await median(() => app.inject({ method: "GET", url: "/api/currencies/list", headers }));
    console.log(`median of ${RUNS} runs over ${ITEMS.toLocaleString("en")} items:`);
    for (const [what, api, raw] of rows) {
      console.log(
        `  ${what.padEnd(44)} API ${api.toFixed(2).padStart(7)} ms   raw SQL ${raw.toFixed(2).padStart(7)} ms   ratio ${(api / raw).toFixed(api < raw ? 2 : 1)}x`,
      );
    }
    console.log(`  (a signed-in request that reads two currency rows takes ${floor.toFixed(2)} ms through the API)`);
    for (const [what, t] of [
      ["name search", term],
      ["middle of name", middle],
    ] as const) {
      const plan = await db.execute<{ "QUERY PLAN": string }>(sql`explain select i.item_id from items i where ${itemSearch(t)}`);
      console.log(`  ${what} plan: ${plan.rows.map((r) => r["QUERY PLAN"].trim()).join(" | ")}`);
    }
    await app.close();
  } finally {
    await database.close();
    await dropDb();
    rmSync(dir, { recursive: true, force: true });
  }
}
