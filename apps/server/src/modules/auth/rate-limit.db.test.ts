import { MSG } from "@app/contracts";
import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN_EMAIL, ADMIN_PASSWORD, createTestApp, type TestApp } from "../../../test/harness.js";
import { buildApp } from "../../app.js";
import { loadConfig } from "../../config.js";

// Two server processes on one database: the signing key, revocations and counters live in it.
const env = { LOG_LEVEL: "silent", JWT_SECRET: "", LOGIN_ATTEMPTS: "3", LOGIN_WINDOW_SECONDS: "300" };
let t: TestApp;
let second: FastifyInstance;
beforeAll(async () => {
  t = await createTestApp(env);
  second = (await buildApp({ database: t.database, config: loadConfig({ ...env, DATA_DIR: "/tmp/souq-second" }) })).app;
});
afterAll(async () => {
  await second.close();
  await t.close();
});

const login = (app: FastifyInstance, email: string, password: string, ip: string) =>
  app.inject({ method: "POST", url: "/api/auth/login", payload: { email, password }, remoteAddress: ip });

describe("two processes on one database", () => {
  it("share the signing key and the revocations", async () => {
    const res = await login(t.app, ADMIN_EMAIL, ADMIN_PASSWORD, "10.0.9.1");
    expect(res.statusCode).toBe(200);
    const token = res.json().access_token as string;
    const auth = { authorization: `Bearer ${token}` };
    expect((await second.inject({ method: "POST", url: "/api/auth/me", headers: auth })).statusCode).toBe(200);
    expect((await second.inject({ method: "POST", url: "/api/auth/logout", headers: auth })).statusCode).toBe(200);
    const after = await t.app.inject({ method: "POST", url: "/api/auth/me", headers: auth });
    expect(after.statusCode).toBe(400);
    expect(after.json().message).toBe(MSG.tokenInvalid);
  });

  it("count an account's failed attempts together, whichever process and address they reach", async () => {
    const u = await t.userWith([]);
    for (const [i, app] of [t.app, second, t.app].entries()) {
      const res = await login(app, u.email, "wrong-pass", `10.0.1.${i + 1}`);
      expect(res.statusCode).toBe(401);
    }
    const blocked = await login(second, u.email, "pass1234", "10.0.1.9");
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toBe(MSG.tooManyAttempts);
    expect(blocked.json().access_token).toBeUndefined();
    // Another account from another address is not affected.
    expect((await login(t.app, ADMIN_EMAIL, ADMIN_PASSWORD, "10.0.1.10")).statusCode).toBe(200);
    const throttled = await t.database.db.execute<{ after: { email: string }; ip: string }>(
      sql`select after, host(ip) as ip from audit_logs where action = 'login_throttled'`,
    );
    expect(throttled.rows).toEqual([{ after: { email: u.email }, ip: "10.0.1.9" }]);
  });

  it("count an address's failed attempts over every account", async () => {
    for (let i = 0; i < 3; i++) expect((await login(second, `nobody${i}@example.com`, "wrong-pass", "10.0.2.1")).statusCode).toBe(401);
    const res = await login(t.app, ADMIN_EMAIL, ADMIN_PASSWORD, "10.0.2.1");
    expect(res.statusCode).toBe(429);
    expect(res.json().message).toBe(MSG.tooManyAttempts);
  });

  it("do not hold successful sign-ins against a shared address", async () => {
    for (let i = 0; i < 6; i++) {
      const res = await login(i % 2 ? second : t.app, ADMIN_EMAIL, ADMIN_PASSWORD, "10.0.3.1");
      expect(res.statusCode, `login ${i + 1}`).toBe(200);
    }
  });

  it("rate-limit cashier PIN guesses", async () => {
    const u = await t.userWith([], { is_cashier: true, outlet_fk: 1 });
    expect((await t.api("POST", "/api/user_pins", { body: { name: "rl pin", pin: "9876", user_id: u.user_id } })).status).toBe(201);
    const pin = (app: FastifyInstance, p: string, ip: string) =>
      app.inject({
        method: "POST",
        url: "/api/auth/cashier_login",
        payload: { outlet_id: 1, user_id: u.user_id, pin: p },
        remoteAddress: ip,
      });
    for (let i = 0; i < 3; i++) expect((await pin(i % 2 ? second : t.app, "1111", `10.0.4.${i}`)).statusCode).toBe(422);
    const res = await pin(t.app, "9876", "10.0.4.9");
    expect(res.statusCode).toBe(429);
    expect(res.json().message).toBe(MSG.tooManyAttempts);
  });

  it("keep every attempt in the audit log", async () => {
    const res = await t.database.db.execute<{ action: string; n: number }>(
      sql`select action, count(*)::int as n from audit_logs where module = 'auth' group by action order by action`,
    );
    const counts = Object.fromEntries(res.rows.map((r) => [r.action, r.n]));
    expect(counts.login_failed).toBe(6);
    expect(counts.cashier_login_failed).toBe(3);
    expect(counts.login_throttled).toBe(2);
    expect(counts.cashier_login_throttled).toBe(1);
    expect(counts.logout).toBe(1);
  });
});
