import { rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { FastifyInstance, InjectOptions } from "fastify";
import pg from "pg";
import { inject } from "vitest";
import { buildApp } from "../src/app.js";
import { loadConfig } from "../src/config.js";
import { type Database, openDatabase } from "../src/db/client.js";
import type { RouteInfo } from "../src/platform/http.js";
import { ADMIN_EMAIL, ADMIN_PASSWORD, withDatabase } from "./db-url.js";

export { ADMIN_EMAIL, ADMIN_PASSWORD };

/** The password of the staff members tests create: long and unusual enough for the password rules. */
export const TEST_PASSWORD = "amber-falcon-river-72";

export interface TestApp {
  app: FastifyInstance;
  routes: RouteInfo[];
  database: Database;
  /** The super user's token. */
  adminToken: string;
  api: (
    method: InjectOptions["method"],
    url: string,
    opts?: { body?: unknown; token?: string | null; headers?: Record<string, string> },
  ) => Promise<{
    status: number;
    // biome-ignore lint/suspicious/noExplicitAny: test bodies are asserted field by field
    body: any;
    headers: Record<string, unknown>;
    raw: Buffer;
  }>;
  login: (email: string, password: string) => Promise<string>;
  /** Creates a staff member holding exactly these permission keys and answers their token. */
  userWith: (permissions: string[], extra?: Record<string, unknown>) => Promise<{ token: string; user_id: number; email: string }>;
  close: () => Promise<void>;
}

let counter = 0;

/**
 * Makes database `name` a copy of the migrated, seeded template, on `admin` (a connection to the
 * server's maintenance database). Tried again for a while: PostgreSQL refuses to copy a database
 * another session is in (an autovacuum worker, or a pool still closing), and the template is
 * shared by every test file of the run.
 */
export async function copyTemplate(admin: pg.Client, name: string): Promise<void> {
  for (let i = 0; ; i++) {
    try {
      await admin.query(`create database ${name} template ${inject("template")}`);
      return;
    } catch (err) {
      // 55006 object_in_use: "source database ... is being accessed by other users".
      if (i > 40 || (err as { code?: string }).code !== "55006") throw err;
      await new Promise((r) => setTimeout(r, 100 + Math.random() * 200));
    }
  }
}

/** A fresh copy of the migrated, seeded template database: its URL, and how to drop it. */
export async function createTestDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const serverUrl = inject("serverUrl");
  const name = `t${counter++}_${process.pid}_${Date.now()}`.replace(/[^a-z0-9_]/g, "");
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await copyTemplate(admin, name);
  await admin.end();
  const drop = async () => {
    const a = new pg.Client({ connectionString: serverUrl });
    await a.connect();
    // pool.end() answers before its connections have gone; let them close before dropping.
    for (let i = 0; i < 50; i++) {
      const r = await a.query("select count(*)::int as n from pg_stat_activity where datname = $1", [name]);
      if (r.rows[0].n === 0) break;
      await new Promise((res) => setTimeout(res, 20));
    }
    await a.query(`drop database if exists ${name} with (force)`);
    await a.end();
  };
  return { url: withDatabase(serverUrl, name), drop };
}

/** A fresh copy of the migrated, seeded template database and an app on it. */
export async function createTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  const { url, drop: dropDb } = await createTestDatabase();
  // The app's files (images, backups) go to a folder of its own, removed with it unless the test named one.
  const dataDir = path.join(os.tmpdir(), `souq-test-data-${process.pid}-${counter++}`);
  const database = await openDatabase({ url, kind: process.env.DATABASE_URL ? "postgres" : "embedded" });
  const config = {
    ...loadConfig({
      LOG_LEVEL: "silent",
      JWT_SECRET: "test-secret-test-secret-test-secret",
      DATA_DIR: dataDir,
      LOGIN_ATTEMPTS: "1000",
      ...env,
    }),
  };
  const { app, routes } = await buildApp({ database, config });

  const api: TestApp["api"] = async (method, url, opts = {}) => {
    const headers: Record<string, string> = { ...(opts.headers ?? {}) };
    const token = opts.token === undefined ? adminToken : opts.token;
    if (token) headers.authorization = `Bearer ${token}`;
    let payload: InjectOptions["payload"];
    if (opts.body !== undefined) {
      if (typeof opts.body === "string" || Buffer.isBuffer(opts.body)) payload = opts.body;
      else {
        payload = JSON.stringify(opts.body);
        headers["content-type"] ??= "application/json";
      }
    }
    const res = await app.inject({ method, url, headers, payload });
    let body: unknown = res.body;
    if (String(res.headers["content-type"] ?? "").includes("json")) body = res.json();
    return { status: res.statusCode, body, headers: res.headers as Record<string, unknown>, raw: res.rawPayload };
  };

  const login = async (email: string, password: string) => {
    const res = await app.inject({ method: "POST", url: "/api/auth/login", payload: { email, password } });
    if (res.statusCode !== 200) throw new Error(`login failed: ${res.body}`);
    return res.json().access_token as string;
  };

  let adminToken = await login(ADMIN_EMAIL, ADMIN_PASSWORD);

  const userWith: TestApp["userWith"] = async (permissions, extra = {}) => {
    const n = ++counter;
    const email = `user${n}_${Date.now()}@example.com`;
    const res = await api("POST", "/api/users", {
      body: {
        user_name: `user${n}_${Date.now()}`,
        email,
        new_password: TEST_PASSWORD,
        new_password_confirmation: TEST_PASSWORD,
        permissions,
        ...extra,
      },
    });
    if (res.status !== 201) throw new Error(`user create failed: ${JSON.stringify(res.body)}`);
    return { token: await login(email, TEST_PASSWORD), user_id: res.body.data.user_id as number, email };
  };

  return {
    app,
    routes,
    database,
    get adminToken() {
      return adminToken;
    },
    set adminToken(t: string) {
      adminToken = t;
    },
    api,
    login,
    userWith,
    close: async () => {
      await app.close();
      await database.close();
      await dropDb();
      if (!env.DATA_DIR) await rm(dataDir, { recursive: true, force: true });
    },
  } as TestApp;
}
