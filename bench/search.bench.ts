// Folded search on 50,000 customers: the plan PostgreSQL picks for each kind of term (EXPLAIN,
// printed) and the median time of the indexed search against the same query with the trigram
// index switched off, measured in the same run, as ratios; both give the same rows. (Smoke size:
// 1,000 customers, one run each.)
import { performance } from "node:perf_hooks";
import type { Tx } from "@app/server/src/db/client.js";
import { migrate } from "@app/server/src/db/migrate.js";
import { seed } from "@app/server/src/db/seed.js";
import { consumersList } from "@app/server/src/modules/parties/consumers.js";
import { foldedSearch } from "@app/server/src/platform/search.js";
import { sql } from "drizzle-orm";
import { benchDatabase } from "./database.js";
import { size } from "./size.js";

const CUSTOMERS = size(50_000, 1_000);
const RUNS = size(5, 1);

async function median(fn: () => Promise<unknown>) {
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t0 = performance.now();
    await fn();
    times.push(performance.now() - t0);
  }
  return times.sort((a, b) => a - b)[Math.floor(RUNS / 2)]!;
}

export default async function searchBench() {
  const { database, cleanup } = await benchDatabase("search");
  try {
    const db = database.db;
    await migrate(database);
    await seed(db, { adminPassword: "bench-password" });
    // Names stored the way staff type them: hamza, teh marbuta, Kurdish letters, a mobile each.
    await db.execute(sql`insert into consumers (kind, consumer_name, mobile)
      select 'customer',
             (array['أحمد','إبراهيم','فاطمة','منداڵان','شیرەی کۆکە','Café','Cedric'])[1 + g % 7] || ' ' || g,
             '+96475' || lpad(g::text, 8, '0')
        from generate_series(1, ${CUSTOMERS}) g`);
    await db.execute(sql`analyze consumers`);
    const model = consumersList("customer");
    const cols = Object.values(model.columns)
      .filter((c) => c.search)
      .map((c) => sql`(${c.expr})::text`);
    const query = (term: string) =>
      sql`select c.consumer_id ${model.from} where c.kind = 'customer' and ${foldedSearch(cols, term)} limit 20`;
    console.log(`database: ${database.kind}; ${CUSTOMERS.toLocaleString("en")} customers`);
    for (const term of ["احمد 4217", "مندالان 99", "شيره كوكه 123", "سي", "C", "07500004217"]) {
      const plan = await db.execute<{ "QUERY PLAN": string }>(sql`explain ${query(term)}`);
      const lines = plan.rows.map((r) => r["QUERY PLAN"]);
      const index = lines.find((l) => /Index Scan on consumers_search_trgm_idx/.test(l));
      const noIndex = async <T>(run: (tx: Tx) => Promise<T>) =>
        db.transaction(async (tx) => {
          await tx.execute(sql`set local enable_bitmapscan = off`);
          await tx.execute(sql`set local enable_indexscan = off`);
          return run(tx);
        });
      const indexed = await median(() => db.execute(query(term)));
      const scanned = await median(() => noIndex((tx) => tx.execute(query(term))));
      // Every match, in one order: the same customers with the index and without.
      const all = sql`select c.consumer_id ${model.from} where c.kind = 'customer' and ${foldedSearch(cols, term)} order by 1`;
      const found = (await db.execute(all)).rows;
      const without = (await noIndex((tx) => tx.execute(all))).rows;
      if (JSON.stringify(found) !== JSON.stringify(without))
        throw new Error(`${term}: ${found.length} customers found with the index, ${without.length} without, or not the same`);
      console.log(
        `${term.padEnd(16)} ${index ? "uses consumers_search_trgm_idx" : `plan: ${lines[0]}`}; median ${indexed.toFixed(2)} ms vs ${scanned.toFixed(2)} ms without the index (x${(scanned / indexed).toFixed(1)}); ${found.length} matches either way`,
      );
    }
  } finally {
    await cleanup();
  }
}
