// Expense posting throughput with 16 concurrent clients through the HTTP layer (app.inject over
// the server's connection pool), as a ratio to pgbench's TPC-B on the same database in the same
// run, on the server DATABASE_URL names or on an embedded PostgreSQL. Needs pgbench (PATH,
// `pg_config --bindir`, or Debian's /usr/lib/postgresql/<version>/bin) for the ratios. Every answer
// must be 201. (Smoke size: 4 clients, 1 s per measurement.)
import { execFileSync } from "node:child_process";
import { rmSync } from "node:fs";
import { performance } from "node:perf_hooks";
import { migrate } from "@app/server/src/db/migrate.js";
import { seed } from "@app/server/src/db/seed.js";
import { benchDatabase } from "./database.js";
import { signedInApp } from "./in-process.js";
import { pgbenchOrSkip } from "./pgbench.js";
import { scratchDir } from "./scratch.js";
import { sizeFromEnv } from "./size.js";

const CLIENTS = sizeFromEnv("BENCH_CLIENTS", 16, 4);
const SECONDS = sizeFromEnv("BENCH_SECONDS", 10, 1);

/** Runs `job` from `clients` loops for `seconds`; answers completed jobs per second and the answers' status counts. */
async function drive(clients: number, seconds: number, job: (client: number) => Promise<number>) {
  const statuses = new Map<number, number>();
  const end = performance.now() + seconds * 1000;
  const t0 = performance.now();
  let done = 0;
  await Promise.all(
    Array.from({ length: clients }, async (_, c) => {
      while (performance.now() < end) {
        const status = await job(c);
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
        done++;
      }
    }),
  );
  return { tps: done / ((performance.now() - t0) / 1000), statuses: Object.fromEntries(statuses) };
}

export default async function postingBench() {
  const pgbench = pgbenchOrSkip();
  const { database, url: dbUrl, cleanup } = await benchDatabase("posting");
  const dir = scratchDir("souq-bench-");
  try {
    await migrate(database);
    await seed(database.db, { adminPassword: "bench-password" });
    const { app, headers, send: post } = await signedInApp(database, dir);
    const incomeType = (await post("/api/income_types", { type_name: "Float" })).type_id;
    const tills: number[] = [];
    const types: number[] = [];
    const clerks: { authorization: string }[] = [];
    for (let i = 0; i < CLIENTS; i++) {
      const id = (await post("/api/cashes", { account_name: `Till ${i}`, cash_type: 1, currency_id: 1 })).account_id;
      await post("/api/incomes", { type_id: incomeType, account_id: id, currency_id: 1, amount: "1000000000", payment_time: "08:00" });
      tills.push(id);
      types.push((await post("/api/expense_types", { type_name: `Bench expense ${i}` })).type_id);
      // A clerk in an outlet of their own: their expenses take that outlet's number series.
      const outlet = (await post("/api/outlets_store", { outlet_name: `Branch ${i}` })).outlet_id;
      const email = `clerk${i}@example.com`;
      await post("/api/users", {
        user_name: `clerk${i}`,
        email,
        new_password: "Till-clerk-7f3a-souq",
        new_password_confirmation: "Till-clerk-7f3a-souq",
        permissions: ["expenses/store", "expenses/show"],
        outlet_fk: outlet,
      });
      const res = await app.inject({ method: "POST", url: "/api/auth/login", payload: { email, password: "Till-clerk-7f3a-souq" } });
      clerks.push({ authorization: `Bearer ${res.json().access_token}` });
    }
    const expense =
      (till: number, type: number, as = headers) =>
      async () =>
        (
          await app.inject({
            method: "POST",
            url: "/api/expenses",
            headers: as,
            payload: { type_id: type, account_id: till, currency_id: 1, amount: "250", payment_time: "09:00" },
          })
        ).statusCode;

    let tpcb: number | undefined;
    if (pgbench) {
      execFileSync(pgbench, ["-i", "-s", "1", "-q", dbUrl], { stdio: "ignore" });
      const out = execFileSync(pgbench, ["-n", "-c", String(CLIENTS), "-j", "2", "-T", String(SECONDS), dbUrl], { encoding: "utf8" });
      tpcb = Number(/tps = ([0-9.]+)/.exec(out)?.[1]);
      console.log(`pgbench TPC-B (scale 1: one branch row all clients update), ${CLIENTS} clients, ${SECONDS} s: ${tpcb.toFixed(0)} tps`);
    }
    const ratio = (tps: number) => (tpcb ? ` = ${(tps / tpcb).toFixed(3)} x TPC-B` : "");
    const report = (what: string, r: Awaited<ReturnType<typeof drive>>) => {
      console.log(`${what}: ${r.tps.toFixed(0)} expenses/s${ratio(r.tps)}  answers ${JSON.stringify(r.statuses)}`);
      const refused = Object.entries(r.statuses).filter(([status]) => status !== "201");
      if (refused.length || !r.statuses[201]) throw new Error(`${what}: answers other than 201: ${JSON.stringify(r.statuses)}`);
    };
    const one = await drive(CLIENTS, SECONDS, () => expense(tills[0]!, types[0]!)());
    report(`${CLIENTS} clients, ONE till and type (every posting waits for the accounts)`, one);
    const shared = await drive(CLIENTS, SECONDS, (c) => expense(tills[c]!, types[c]!)());
    report(`${CLIENTS} clients, a till and type each, ONE outlet (every save waits for the gapless number counter)`, shared);
    const own = await drive(CLIENTS, SECONDS, (c) => expense(tills[c]!, types[c]!, clerks[c])());
    report(`${CLIENTS} clients, a till and type each, an outlet each (${CLIENTS} counters: nothing shared)`, own);
    console.log(
      `cost of gapless numbering per outlet: ${((1 - shared.tps / own.tps) * 100).toFixed(0)}% of the throughput when all ${CLIENTS} clients share one series`,
    );
    await app.close();
  } finally {
    rmSync(dir, { recursive: true, force: true });
    await cleanup();
  }
}
