// SIGTERM under write load: the postings in flight finish and are answered, new requests are
// refused, then the process ends; past SHUTDOWN_SECONDS the rest is cut and rolled back whole.
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort } from "../src/platform/free-port.js";
import { createTestDatabase } from "./harness.js";
import { type Answer, type ProductProcess, request, signIn, startProduct } from "./processes.js";

let db: Awaited<ReturnType<typeof createTestDatabase>>;
let sql: pg.Client;
const running: ProductProcess[] = [];

beforeAll(async () => {
  db = await createTestDatabase();
  sql = new pg.Client({ connectionString: db.url });
  await sql.connect();
});
afterAll(async () => {
  for (const p of running) if (p.child.exitCode === null) p.child.kill("SIGKILL");
  await sql.end();
  await db.drop();
});

/** A started product with a till and an income type to post incomes on. */
async function product(env: Record<string, string>) {
  const p = await startProduct(db.url, await freePort(), env);
  running.push(p);
  const token = await signIn(p.port);
  const till = await request(p.port, token, "POST", "/api/cashes", {
    account_name: `Till ${running.length}`,
    cash_type: 1,
    currency_id: 1,
  });
  const type = await request(p.port, token, "POST", "/api/income_types", { type_name: `Sales ${running.length}` });
  const income = () =>
    request(p.port, token, "POST", "/api/incomes", {
      type_id: type.body.data.type_id,
      account_id: till.body.data.account_id,
      currency_id: 1,
      amount: "1000",
      payment_time: "10:00",
    });
  return { p, income };
}

/** Holds every new income back (their transactions wait on the lock) until `release`. */
async function holdIncomes() {
  const locker = new pg.Client({ connectionString: db.url });
  await locker.connect();
  await locker.query("begin");
  await locker.query("lock table incomes in exclusive mode");
  return {
    /** Resolves once `n` transactions wait on the lock. */
    async waiting(n: number) {
      for (let i = 0; i < 300; i++) {
        const r = await sql.query<{ n: number }>(
          "select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'",
        );
        if (r.rows[0]!.n >= n) return;
        await new Promise((res) => setTimeout(res, 50));
      }
      throw new Error(`${n} postings never waited on the lock`);
    },
    async release() {
      await locker.query("commit");
      await locker.end();
    },
  };
}

const incomesPosted = async () => {
  const r = await sql.query<{ incomes: number; entries: number; unposted: number; debit: string; credit: string }>(`
    select (select count(*)::int from incomes) as incomes,
           (select count(distinct source_id)::int from journal_entries where source_type = 'incomes') as entries,
           (select count(*)::int from incomes i where not exists
              (select 1 from journal_entries e where e.source_type = 'incomes' and e.source_id = i.id)) as unposted,
           (select coalesce(sum(sys_debit), 0)::text from journal_lines) as debit,
           (select coalesce(sum(sys_credit), 0)::text from journal_lines) as credit`);
  return r.rows[0]!;
};

describe("a stop (SIGTERM)", () => {
  it("finishes and answers the postings in flight, refuses new requests, then closes the pool and ends", async () => {
    const { p, income } = await product({ SHUTDOWN_SECONDS: "30" });
    for (let i = 0; i < 3; i++) expect((await income()).status).toBe(201);
    const before = await incomesPosted();

    const hold = await holdIncomes();
    const inFlight = Array.from({ length: 6 }, () => income());
    await hold.waiting(6);
    p.child.kill("SIGTERM");
    // The listening socket closes at once: a new request is refused (or answered 503), never taken.
    await new Promise((r) => setTimeout(r, 500));
    const late = await income().then(
      (a: Answer) => a.status,
      (e: NodeJS.ErrnoException) => e.code,
    );
    expect(["ECONNREFUSED", 503]).toContain(late);
    expect(p.child.exitCode).toBeNull();
    await hold.release();

    const answers = await Promise.all(inFlight);
    expect(answers.map((a) => a.status)).toEqual([201, 201, 201, 201, 201, 201]);
    expect(await p.exited).toBe(0);
    expect(p.output()).not.toMatch(/cut/);
    const after = await incomesPosted();
    expect(after.incomes).toBe(before.incomes + 6);
    expect(after.entries).toBe(after.incomes);
    expect(after.unposted).toBe(0);
    expect(after.debit).toBe(after.credit);
    const ids = answers.map((a) => a.body.data.id as number);
    const found = await sql.query<{ n: number }>("select count(*)::int as n from incomes where id = any($1)", [ids]);
    expect(found.rows[0]!.n).toBe(6);
  }, 60_000);

  it("cuts what still runs after SHUTDOWN_SECONDS, leaving no half document", async () => {
    const { p, income } = await product({ SHUTDOWN_SECONDS: "1" });
    expect((await income()).status).toBe(201);
    const before = await incomesPosted();

    const hold = await holdIncomes();
    const inFlight = Array.from({ length: 4 }, () =>
      income().then(
        (a) => a.status,
        (e: NodeJS.ErrnoException) => e.code,
      ),
    );
    await hold.waiting(4);
    const stopped = Date.now();
    p.child.kill("SIGTERM");
    expect(await p.exited).toBe(1);
    expect(Date.now() - stopped).toBeLessThan(15_000);
    expect(p.output()).toMatch(/still running after 1 s were cut/);
    // None of them was acknowledged.
    for (const outcome of await Promise.all(inFlight)) expect(outcome).not.toBe(201);
    await hold.release();
    // The cut transactions are rolled back whole once their sessions notice the client is gone.
    await new Promise((r) => setTimeout(r, 500));
    const after = await incomesPosted();
    expect(after).toEqual(before);
  }, 60_000);
});
