import { type ChildProcess, spawn } from "node:child_process";
import { chmod, mkdtemp, readFile, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { isAlive } from "../src/db/embedded.js";
import { freePort } from "../src/platform/free-port.js";
import { answersOk, keepOutput, productEnv, waitForAnswer } from "./product-start.js";

// The whole product as a user runs it, on the embedded default, killed with SIGKILL under write
// load: every write it acknowledged must be there after the next start.
const main = path.resolve(import.meta.dirname, "../src/main.ts");
const root = await mkdtemp(path.join(os.tmpdir(), "souq-crash-"));
// Under root the embedded server runs as the postgres user, which must enter it.
await chmod(root, 0o755);
const dataDir = path.join(root, "data");
const EMAIL = "admin@example.com";
const PASSWORD = "crash-test-pass";
const WRITERS = 8;
let server: ChildProcess | null = null;

afterAll(async () => {
  if (server && server.exitCode === null) server.kill("SIGKILL");
  // Whatever happened above, the postmaster must not outlive the test.
  const pid = await readFile(path.join(dataDir, "pg", "postmaster.pid"), "utf8").then(
    (t) => Number(t.split("\n")[0]),
    () => 0,
  );
  if (pid > 0 && (await isAlive(pid))) process.kill(pid, "SIGINT");
  for (let i = 0; i < 100 && pid > 0 && (await isAlive(pid)); i++) await new Promise((r) => setTimeout(r, 100));
  await rm(root, { recursive: true, force: true });
});

async function start(port: number): Promise<{ child: ChildProcess; output: () => string }> {
  const child = spawn(process.execPath, ["--import", "tsx", main], {
    env: productEnv(port, {
      DATABASE_URL: "",
      DATA_DIR: dataDir,
      ADMIN_EMAIL: EMAIL,
      ADMIN_PASSWORD: PASSWORD,
      JWT_SECRET: "crash-test-secret-crash-test-secret",
      LOGIN_ATTEMPTS: "1000",
    }),
    stdio: ["ignore", "pipe", "pipe"],
  });
  const output = keepOutput(child);
  await waitForAnswer(child, {
    answers: answersOk(`http://127.0.0.1:${port}/api/login_options`),
    every: 200,
    within: 240_000,
    name: "the server",
    output,
  });
  return { child, output };
}

async function call(port: number, token: string | null, method: string, url: string, body?: unknown) {
  const res = await fetch(`http://127.0.0.1:${port}${url}`, {
    method,
    headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: await res.json() };
}

async function login(port: number) {
  const res = await call(port, null, "POST", "/api/auth/login", { email: EMAIL, password: PASSWORD });
  if (res.status !== 200) throw new Error(`login: ${res.status}`);
  return res.body.access_token as string;
}

const socketUrl = () => `postgresql://postgres@localhost/souq?host=${encodeURIComponent(path.join(dataDir, "pg"))}`;

describe("the embedded default killed under write load", () => {
  it("keeps every acknowledged write across three SIGKILLs, taking over the orphaned postmaster", async () => {
    const port = await freePort();
    let run = await start(port);
    server = run.child;
    let token = await login(port);
    const cash = (await call(port, token, "POST", "/api/cashes", { account_name: "Till", cash_type: 1, currency_id: 1 })).body.data
      .account_id;
    const type = (await call(port, token, "POST", "/api/income_types", { type_name: "Sales" })).body.data.type_id;
    const acknowledged: number[] = [];

    for (let round = 1; round <= 3; round++) {
      const postmaster = Number((await readFile(path.join(dataDir, "pg", "postmaster.pid"), "utf8")).split("\n")[0]);
      let stop = false;
      let failure: unknown = null;
      const writer = async () => {
        while (!stop) {
          try {
            const res = await call(port, token, "POST", "/api/incomes", {
              type_id: type,
              account_id: cash,
              currency_id: 1,
              amount: "1000",
              payment_time: "10:00",
            });
            if (res.status === 201) acknowledged.push(res.body.data.id);
            else throw new Error(`income: ${res.status} ${JSON.stringify(res.body)}`);
          } catch (e) {
            if (!stop) {
              failure ??= e;
              throw e;
            }
          }
        }
      };
      const before = acknowledged.length;
      const writers = Array.from({ length: WRITERS }, writer);
      // A writer that fails ends the wait at once (with its error) rather than at the test's timeout.
      while (acknowledged.length < before + 40) {
        if (failure) throw new Error(`round ${round}: a write failed before the kill: ${failure}\n${run.output()}`);
        await new Promise((r) => setTimeout(r, 20));
      }
      // Listened for before the kill: the exit may come while the writers are still settling.
      const exited = new Promise((r) => run.child.once("exit", r));
      // Killed in the middle of the load: requests are in flight.
      run.child.kill("SIGKILL");
      stop = true;
      await Promise.all(writers);
      await exited;
      expect(await isAlive(postmaster)).toBe(true);

      run = await start(port);
      server = run.child;
      expect(run.output()).toMatch(/Took over the PostgreSQL server left running|Stopping the PostgreSQL server left running/);
      token = await login(port);

      const db = new pg.Client({ connectionString: socketUrl() });
      await db.connect();
      try {
        const found = await db.query<{ n: number }>("select count(*)::int as n from incomes where id = any($1)", [acknowledged]);
        expect(found.rows[0]!.n).toBe(acknowledged.length);
        const posted = await db.query<{ n: number }>(
          "select count(distinct source_id)::int as n from journal_entries where source_id = any($1) and source_type = 'incomes'",
          [acknowledged],
        );
        expect(posted.rows[0]!.n).toBe(acknowledged.length);
        const sums = await db.query<{ d: string; c: string }>(
          "select sum(sys_debit)::text as d, sum(sys_credit)::text as c from journal_lines",
        );
        expect(sums.rows[0]!.d).toBe(sums.rows[0]!.c);
      } finally {
        await db.end();
      }
      const balance = await call(port, token, "GET", `/api/cash_balance_show?account_id=${cash}`);
      expect(Number(balance.body.data.balance)).toBeGreaterThanOrEqual(acknowledged.length * 1000);
    }
    expect(acknowledged.length).toBeGreaterThanOrEqual(120);

    // A clean stop ends the postmaster too.
    const postmaster = Number((await readFile(path.join(dataDir, "pg", "postmaster.pid"), "utf8")).split("\n")[0]);
    run.child.kill("SIGTERM");
    const code = await new Promise((r) => run.child.once("exit", r));
    expect(code).toBe(0);
    expect(await isAlive(postmaster)).toBe(false);
  }, 900_000);
});
