import { MSG } from "@app/contracts";
import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN_EMAIL, ADMIN_PASSWORD, createTestApp, TEST_PASSWORD, type TestApp } from "../../../test/harness.js";
import { buildApp } from "../../app.js";
import { loadConfig } from "../../config.js";

// Two server processes on one database: the signing key, revocations and counters live in it.
const env = { LOG_LEVEL: "silent", JWT_SECRET: "", LOGIN_ATTEMPTS: "3", LOGIN_ACCOUNT_ATTEMPTS: "6", LOGIN_WINDOW_SECONDS: "300" };
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

/** Time passes for an account's growing delay: its next attempt is let through now. */
const delayPassed = (email: string) =>
  t.database.db.execute(sql`update rate_limits set blocked_until = now() - interval '1 second' where key = ${`login:account:${email}`}`);

function expectThrottled(res: Awaited<ReturnType<typeof login>>, maxSeconds: number) {
  expect(res.statusCode).toBe(429);
  expect(res.json().message).toBe(MSG.tooManyAttempts);
  expect(res.json().access_token).toBeUndefined();
  const retry = Number(res.headers["retry-after"]);
  expect(retry).toBeGreaterThanOrEqual(1);
  expect(retry).toBeLessThanOrEqual(maxSeconds);
  return retry;
}

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

  it("refresh one token once, however many refreshes race on both processes", async () => {
    for (let round = 0; round < 10; round++) {
      const token = (await login(t.app, ADMIN_EMAIL, ADMIN_PASSWORD, "10.0.8.1")).json().access_token as string;
      const auth = { authorization: `Bearer ${token}` };
      const answers = await Promise.all(
        [t.app, second, t.app, second].map((app) => app.inject({ method: "POST", url: "/api/auth/refresh", headers: auth })),
      );
      const won = answers.filter((r) => r.statusCode === 200);
      expect(won, `round ${round}`).toHaveLength(1);
      for (const lost of answers.filter((r) => r.statusCode !== 200)) {
        expect(lost.statusCode).toBe(400);
        expect(lost.json().message).toBe(MSG.tokenInvalid);
      }
      const fresh = { authorization: `Bearer ${won[0]!.json().access_token}` };
      expect((await second.inject({ method: "POST", url: "/api/auth/me", headers: fresh })).statusCode).toBe(200);
      expect((await t.app.inject({ method: "POST", url: "/api/auth/me", headers: auth })).statusCode).toBe(400);
    }
  });

  it("stop one address guessing one account, and only that", async () => {
    const u = await t.userWith([]);
    const other = await t.userWith([]);
    for (let i = 0; i < 3; i++) expect((await login(i % 2 ? second : t.app, u.email, "wrong-pass", "10.0.1.1")).statusCode).toBe(401);
    const retry = expectThrottled(await login(second, u.email, TEST_PASSWORD, "10.0.1.1"), 300);
    expect(retry).toBeGreaterThan(250);
    // The owner elsewhere, and another person behind the same address, sign in as usual.
    expect((await login(t.app, u.email, TEST_PASSWORD, "10.0.1.2")).statusCode).toBe(200);
    expect((await login(second, other.email, TEST_PASSWORD, "10.0.1.1")).statusCode).toBe(200);
    const throttled = await t.database.db.execute<{ after: { email: string }; ip: string }>(
      sql`select after, host(ip) as ip from audit_logs where action = 'login_throttled'`,
    );
    expect(throttled.rows).toEqual([{ after: { email: u.email }, ip: "10.0.1.1" }]);
  });

  it("slow down guesses at one account spread over many addresses, with growing delays, then stop them", async () => {
    const u = await t.userWith([]);
    const guess = (n: number) => login(n % 2 ? second : t.app, u.email, "wrong-pass", `10.0.5.${n}`);
    for (let n = 1; n <= 4; n++) expect((await guess(n)).statusCode, `guess ${n}`).toBe(401);
    // From the fourth attempt on, the next one waits 1 s, then 2 s, then 4 s.
    expect(expectThrottled(await guess(5), 1)).toBe(1);
    await delayPassed(u.email);
    expect((await guess(6)).statusCode).toBe(401);
    expect(expectThrottled(await guess(7), 2)).toBe(2);
    // The owner waits like everyone else, but is not locked out.
    expect(expectThrottled(await login(t.app, u.email, TEST_PASSWORD, "10.0.5.99"), 2)).toBe(2);
    await delayPassed(u.email);
    expect((await login(t.app, u.email, TEST_PASSWORD, "10.0.5.99")).statusCode).toBe(200);
    await delayPassed(u.email);
    expect((await guess(8)).statusCode).toBe(401);
    expect(expectThrottled(await guess(9), 4)).toBe(4);
    // Six attempts counted (the owner's success given back): the account's own limit ends the window.
    await delayPassed(u.email);
    expect(expectThrottled(await guess(10), 300)).toBeGreaterThan(250);
  });

  it("stop one address trying many accounts, without blocking the others behind it for long", async () => {
    for (let i = 0; i < 6; i++) expect((await login(second, `nobody${i}@example.com`, "wrong-pass", "10.0.2.1")).statusCode).toBe(401);
    expectThrottled(await login(t.app, ADMIN_EMAIL, ADMIN_PASSWORD, "10.0.2.1"), 300);
    expect((await login(t.app, ADMIN_EMAIL, ADMIN_PASSWORD, "10.0.2.2")).statusCode).toBe(200);
  });

  it("count parallel guesses exactly", async () => {
    const u = await t.userWith([]);
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) => login(i % 2 ? second : t.app, u.email, "wrong-pass", "10.0.6.1")),
    );
    expect(answers.filter((r) => r.statusCode === 401)).toHaveLength(3);
    expect(answers.filter((r) => r.statusCode === 429)).toHaveLength(9);
    const row = await t.database.db.execute<{ count: number }>(
      sql`select count from rate_limits where key = ${`login:pair:${u.email}:10.0.6.1`}`,
    );
    expect(row.rows[0]?.count).toBe(3);
  });

  it("do not hold successful sign-ins against a shared address", async () => {
    for (let i = 0; i < 8; i++) {
      const res = await login(i % 2 ? second : t.app, ADMIN_EMAIL, ADMIN_PASSWORD, "10.0.3.1");
      expect(res.statusCode, `login ${i + 1}`).toBe(200);
    }
  });

  it("rate-limit cashier PIN guesses the same way", async () => {
    const u = await t.userWith([], { is_cashier: true, outlet_fk: 1 });
    expect((await t.api("POST", "/api/user_pins", { body: { name: "rl pin", pin: "9071", user_id: u.user_id } })).status).toBe(201);
    const pin = (app: FastifyInstance, p: string, ip: string) =>
      app.inject({
        method: "POST",
        url: "/api/auth/cashier_login",
        payload: { outlet_id: 1, user_id: u.user_id, pin: p },
        remoteAddress: ip,
      });
    for (let i = 0; i < 3; i++) expect((await pin(i % 2 ? second : t.app, "1111", "10.0.4.1")).statusCode).toBe(422);
    const res = await pin(t.app, "9071", "10.0.4.1");
    expect(res.statusCode).toBe(429);
    expect(Number(res.headers["retry-after"])).toBeGreaterThan(250);
    expect((await pin(second, "9071", "10.0.4.2")).statusCode).toBe(200);
  });

  it("keep every attempt in the audit log", async () => {
    const res = await t.database.db.execute<{ action: string; n: number }>(
      sql`select action, count(*)::int as n from audit_logs where module = 'auth' group by action order by action`,
    );
    const counts = Object.fromEntries(res.rows.map((r) => [r.action, r.n]));
    expect(counts.login_failed).toBe(3 + 6 + 6 + 3);
    expect(counts.cashier_login_failed).toBe(3);
    expect(counts.login_throttled).toBe(1 + 5 + 1 + 9);
    expect(counts.cashier_login_throttled).toBe(1);
    expect(counts.refresh).toBe(10);
    expect(counts.logout).toBe(1);
  });

  it("let the owner's device and address in every time while two addresses take turns guessing", async () => {
    const u = await t.userWith([]);
    // The owner signed in before, from the shop's address, in this browser: it has a device cookie.
    const first = await login(t.app, u.email, TEST_PASSWORD, "10.0.7.50");
    expect(first.statusCode).toBe(200);
    const cookie = String(first.headers["set-cookie"]).split(";")[0]!;
    expect(cookie).toMatch(/^souq_device=[\w-]+\.[\w-]+$/);
    expect(String(first.headers["set-cookie"])).toMatch(/HttpOnly; SameSite=Strict/);
    const owner = (app: FastifyInstance, ip: string, headers: Record<string, string> = { cookie }) =>
      app.inject({
        method: "POST",
        url: "/api/auth/login",
        payload: { email: u.email, password: TEST_PASSWORD },
        remoteAddress: ip,
        headers,
      });
    const answers: { attacker: number[]; owner: number[]; ownerAddress: number[]; ownerElsewhere: number[] } = {
      attacker: [],
      owner: [],
      ownerAddress: [],
      ownerElsewhere: [],
    };
    for (let round = 0; round < 15; round++) {
      for (const ip of ["10.0.7.1", "10.0.7.2", "10.0.7.1", "10.0.7.2"]) {
        const res = await login(round % 2 ? second : t.app, u.email, "wrong-pass", ip);
        answers.attacker.push(res.statusCode);
        if (res.statusCode === 429) expect(res.json().message).toBe(MSG.tooManyAttempts);
      }
      // In the known browser, from a new address (a phone on the move), and from the known address without the cookie.
      const own = await owner(round % 2 ? t.app : second, `10.0.7.${100 + round}`);
      answers.owner.push(own.statusCode);
      expect(own.json().access_token, `round ${round}`).toBeTypeOf("string");
      answers.ownerAddress.push((await owner(t.app, "10.0.7.50", {})).statusCode);
      await delayPassed(u.email);
    }
    expect(answers.owner).toEqual(Array(15).fill(200));
    expect(answers.ownerAddress).toEqual(Array(15).fill(200));
    // Each attacker address is held to LOGIN_ATTEMPTS guesses in the window, and refused after.
    expect(answers.attacker.filter((s) => s === 401)).toHaveLength(6);
    expect(answers.attacker.filter((s) => s === 429)).toHaveLength(54);
    // A stranger (the owner on a new machine and address, without the cookie) is held back with the attackers.
    const stranger = await owner(t.app, "10.0.7.99", {});
    expectThrottled(stranger, 300);
    const audited = await t.database.db.execute<{ n: number }>(
      sql`select count(*)::int as n from audit_logs where action = 'login' and record_id = ${u.user_id} and host(ip) like '10.0.7.%'`,
    );
    expect(audited.rows[0]?.n).toBe(1 + 15 + 15);
  });

  it("count a known device's wrong guesses against that device alone", async () => {
    const u = await t.userWith([]);
    const first = await login(t.app, u.email, TEST_PASSWORD, "10.0.10.1");
    const cookie = String(first.headers["set-cookie"]).split(";")[0]!;
    const withCookie = (password: string, ip: string, c = cookie) =>
      t.app.inject({
        method: "POST",
        url: "/api/auth/login",
        payload: { email: u.email, password },
        remoteAddress: ip,
        headers: { cookie: c },
      });
    for (let i = 0; i < 3; i++) expect((await withCookie("wrong-pass", "10.0.10.2")).statusCode).toBe(401);
    expectThrottled(await withCookie(TEST_PASSWORD, "10.0.10.2"), 300);
    // The address it guessed from, and the account, are untouched: another client there signs in.
    expect((await login(t.app, u.email, TEST_PASSWORD, "10.0.10.2")).statusCode).toBe(200);
    // An altered cookie is a stranger's, and another account's cookie does not vouch for this one.
    const [body, mac] = cookie.slice("souq_device=".length).split(".");
    const altered = `souq_device=${body}x.${mac}`;
    for (let i = 0; i < 3; i++) expect((await withCookie("wrong-pass", "10.0.10.3", altered)).statusCode).toBe(401);
    expectThrottled(await withCookie(TEST_PASSWORD, "10.0.10.3", altered), 300);
    const other = await t.userWith([]);
    const otherCookie = String((await login(t.app, other.email, TEST_PASSWORD, "10.0.10.4")).headers["set-cookie"]).split(";")[0]!;
    for (let i = 0; i < 3; i++) {
      await delayPassed(u.email);
      expect((await withCookie("wrong-pass", "10.0.10.5", otherCookie)).statusCode).toBe(401);
    }
    expectThrottled(await withCookie(TEST_PASSWORD, "10.0.10.5", otherCookie), 300);
  });

  it("let the cashier's own terminal in with the PIN while two addresses take turns guessing it", async () => {
    const u = await t.userWith([], { is_cashier: true, outlet_fk: 1 });
    expect((await t.api("POST", "/api/user_pins", { body: { name: "rl pin 2", pin: "5823", user_id: u.user_id } })).status).toBe(201);
    const pin = (app: FastifyInstance, p: string, ip: string, headers: Record<string, string> = {}) =>
      app.inject({
        method: "POST",
        url: "/api/auth/cashier_login",
        payload: { outlet_id: 1, user_id: u.user_id, pin: p },
        remoteAddress: ip,
        headers,
      });
    const first = await pin(t.app, "5823", "10.0.11.50");
    expect(first.statusCode).toBe(200);
    const cookie = String(first.headers["set-cookie"]).split(";")[0]!;
    const attacker: number[] = [];
    const terminal: number[] = [];
    for (let round = 0; round < 15; round++) {
      for (const ip of ["10.0.11.1", "10.0.11.2", "10.0.11.1", "10.0.11.2"]) {
        const res = await pin(round % 2 ? second : t.app, "0000", ip);
        attacker.push(res.statusCode);
        if (res.statusCode === 429) expect(res.json().message).toBe(MSG.tooManyAttempts);
      }
      terminal.push((await pin(second, "5823", "10.0.11.50")).statusCode);
      terminal.push((await pin(t.app, "5823", `10.0.11.${100 + round}`, { cookie })).statusCode);
      await t.database.db.execute(
        sql`update rate_limits set blocked_until = now() - interval '1 second' where key = ${`cashier:account:${u.user_id}`}`,
      );
    }
    expect(terminal).toEqual(Array(30).fill(200));
    expect(attacker.filter((s) => s === 422)).toHaveLength(6);
    expect(attacker.filter((s) => s === 429)).toHaveLength(54);
    expect((await pin(t.app, "5823", "10.0.11.99")).statusCode).toBe(429);
  });
});
