import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { ADMIN_EMAIL, ADMIN_PASSWORD, withDatabase } from "../../../test/db-url.js";
import { copyTemplate } from "../../../test/harness.js";
import { answersOk, keepOutput, productEnv, waitForAnswer } from "../../../test/product-start.js";
import { freePort } from "../../platform/free-port.js";
import { stockInconsistencies } from "../stock/stock.fixture.js";

/**
 * 16 tills send POS sales, each retrying its sale under the same Idempotency-Key until it gets an
 * answer, while the server process is killed with SIGKILL and started again twice. Afterwards every
 * key sent is one sale, every acknowledged sale is there, and stock and books agree. The server runs
 * compiled ahead of time, as `npm start` runs it (a copy of its own under dist/, so that a build of
 * dist/bin meanwhile cannot remove it), which makes each restart a matter of seconds.
 */
const serverDir = path.resolve(import.meta.dirname, "../../..");
const outFolder = `crash-test-${process.pid}`;
const main = path.join(serverDir, "dist", outFolder, "main.js");
const CLIENTS = 16;
const PRICE = 5000;
const name = `tcrash_${process.pid}_${Date.now()}`;
const url = withDatabase(inject("serverUrl"), name);
let server: ChildProcess | null = null;
let dataDir = "";

beforeAll(() => {
  const built = spawnSync(process.execPath, [path.join(serverDir, "build.mjs"), outFolder], { encoding: "utf8" });
  if (built.status !== 0) throw new Error(`the server did not compile:\n${built.stderr}`);
});

afterAll(async () => {
  if (server && server.exitCode === null) server.kill("SIGKILL");
  await rm(path.dirname(main), { recursive: true, force: true });
  const admin = new pg.Client({ connectionString: inject("serverUrl") });
  await admin.connect();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.end();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

async function start(port: number): Promise<ChildProcess> {
  const child = spawn(process.execPath, [main], {
    env: productEnv(port, {
      DATABASE_URL: url,
      DATA_DIR: dataDir,
      JWT_SECRET: "pos-crash-secret-pos-crash-secret",
      LOGIN_ATTEMPTS: "1000",
    }),
    stdio: ["ignore", "pipe", "pipe"],
  });
  const output = keepOutput(child);
  await waitForAnswer(child, {
    answers: answersOk(`http://127.0.0.1:${port}/api/login_options`),
    every: 20,
    within: 60_000,
    name: "the server",
    output,
  });
  return child;
}

async function call(
  port: number,
  token: string | null,
  method: string,
  route: string,
  body?: unknown,
  headers: Record<string, string> = {},
) {
  const res = await fetch(`http://127.0.0.1:${port}${route}`, {
    method,
    headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: await res.json() };
}

describe("POS sales while the server is killed", () => {
  it("keeps every key exactly once and every acknowledged sale across two SIGKILLs", async () => {
    const admin = new pg.Client({ connectionString: inject("serverUrl") });
    await admin.connect();
    await copyTemplate(admin, name);
    await admin.end();
    dataDir = await mkdtemp(path.join(os.tmpdir(), "souq-pos-crash-"));
    const port = await freePort();
    server = await start(port);
    const login = await call(port, null, "POST", "/api/auth/login", { email: ADMIN_EMAIL, password: ADMIN_PASSWORD });
    const token = login.body.access_token as string;
    const units = (await call(port, token, "GET", "/api/units/list")).body.message as { unit_id: number; unit_name: string }[];
    const piece = units.find((u) => u.unit_name === "Piece")!.unit_id;
    const item = (
      await call(port, token, "POST", "/api/items", {
        item_name: "Bread",
        item_units: [{ unit_fk: piece, quantity: "1", price: String(PRICE), is_base: true }],
      })
    ).body.data.item_id;
    const supplier = (await call(port, token, "POST", "/api/suppliers", { consumer_name: "Bakery" })).body.data.consumer_id;
    const purchase = await call(port, token, "POST", "/api/purchases", {
      consumer_id: supplier,
      inventory_id: 1,
      currency_id: 1,
      discount_type: "amount",
      payment_type: "On Account",
      lines: [{ item_id: item, unit_id: piece, quantity: "100000", unit_price: "2000" }],
    });
    expect((await call(port, token, "POST", `/api/purchases/${purchase.body.data.id}/complete`, {})).status).toBe(200);

    const sent: string[] = [];
    const acknowledged = new Map<string, number>();
    let stop = false;
    const till = async () => {
      while (!stop) {
        const key = randomUUID();
        sent.push(key);
        const body = {
          client_created_at: new Date().toISOString(),
          lines: [{ item_fk: item, unit_fk: piece, quantity: "1" }],
          payments: [{ method: "cash", currency_id: 1, amount: String(PRICE) }],
        };
        // The same key until an answer comes: a dropped connection or a server starting is retried.
        for (;;) {
          try {
            const res = await call(port, token, "POST", "/api/pos_sales", body, { "idempotency-key": key });
            if (res.status === 201) {
              acknowledged.set(key, res.body.data.id);
              break;
            }
            if (res.status < 500) throw new Error(`sale ${key}: ${res.status} ${JSON.stringify(res.body)}`);
          } catch (err) {
            if (err instanceof Error && err.message.startsWith("sale ")) throw err;
          }
          await new Promise((r) => setTimeout(r, 50));
        }
      }
    };
    const tills = Array.from({ length: CLIENTS }, till);
    const waitFor = async (n: number) => {
      while (acknowledged.size < n) await new Promise((r) => setTimeout(r, 20));
    };
    for (let round = 1; round <= 2; round++) {
      await waitFor(acknowledged.size + 20);
      const exited = new Promise((r) => server!.once("exit", r));
      server!.kill("SIGKILL");
      await exited;
      server = await start(port);
    }
    await waitFor(acknowledged.size + 20);
    stop = true;
    await Promise.all(tills);

    const db = new pg.Client({ connectionString: url });
    await db.connect();
    try {
      const keys = await db.query<{ key: string; n: number }>(
        "select key, count(*)::int as n from idempotency_keys where scope = 'pos_sales' and key = any($1) group by key",
        [sent],
      );
      expect(keys.rows.length).toBe(sent.length);
      expect(keys.rows.every((r) => r.n === 1)).toBe(true);
      const sales = await db.query<{ key: string; n: number }>(
        "select idempotency_key as key, count(*)::int as n from pos_sale_info group by idempotency_key",
      );
      expect(sales.rows.length).toBe(sent.length);
      expect(sales.rows.every((r) => r.n === 1)).toBe(true);
      const found = await db.query<{ n: number }>(
        "select count(*)::int as n from sales where kind = 'pos' and status = 'complete' and id = any($1)",
        [[...acknowledged.values()]],
      );
      expect(found.rows[0]!.n).toBe(acknowledged.size);
      const stock = await db.query<{ q: string }>("select coalesce(sum(qty), 0)::text as q from stock_balances where item_fk = $1", [item]);
      expect(Number(stock.rows[0]!.q)).toBe(100000 - sent.length);
      const tb = await db.query<{ d: string; c: string }>(
        "select sum(sys_debit)::text as d, sum(sys_credit)::text as c from journal_lines",
      );
      expect(tb.rows[0]!.d).toBe(tb.rows[0]!.c);
      const till = await db.query<{ b: string }>(
        "select coalesce(sum(l.debit - l.credit), 0)::text as b from journal_lines l join pos_drawers d on d.account_fk = l.account_id where d.currency_id = 1",
      );
      expect(Number(till.rows[0]!.b)).toBe(sent.length * PRICE);
    } finally {
      await db.end();
    }
    const check = await import("../../db/client.js").then((m) => m.openDatabase({ url, kind: "postgres" }));
    try {
      expect(await stockInconsistencies(check.db)).toEqual([]);
    } finally {
      await check.close();
    }
    server.kill("SIGTERM");
    await new Promise((r) => server!.once("exit", r));
  }, 90_000);
});
