import { MSG } from "@app/contracts";
import { sql } from "drizzle-orm";
import { Secret, TOTP } from "otpauth";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { createTestApp, TEST_PASSWORD, type TestApp } from "../../../test/harness.js";

let t: TestApp;
let strict: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  strict = await createTestApp({ LOGIN_ATTEMPTS: "3" });
});
afterAll(async () => {
  await t.close();
  await strict.close();
});

// A fixed clock: every code below is made for, and checked at, a known instant (the start of a
// 30-second step near the real time, so the tokens the harness signed stay valid).
const T0 = Math.floor(Date.now() / 30_000) * 30_000;
beforeEach(() => {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(T0);
});
afterEach(() => vi.useRealTimers());

const codeAt = (secret: string, ms: number) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate({ timestamp: ms });

async function enrolled(app: TestApp) {
  const u = await app.userWith([]);
  const enable = await app.api("POST", "/api/auth/two_factor/enable", { token: u.token, body: { password: TEST_PASSWORD } });
  expect(enable.status).toBe(200);
  const secret = enable.body.data.secret as string;
  const confirm = await app.api("POST", "/api/auth/two_factor/confirm", { token: u.token, body: { code: codeAt(secret, T0) } });
  expect(confirm.status).toBe(200);
  return { ...u, secret, recovery: confirm.body.data.recovery_codes as string[] };
}

const login = (app: TestApp, email: string, code?: string, password = TEST_PASSWORD) =>
  app.api("POST", "/api/auth/login", { token: null, body: { email, password, ...(code !== undefined ? { code } : {}) } });

const auditActions = async (app: TestApp, userId: number) =>
  (
    await app.database.db.execute<{ action: string }>(
      sql`select action from audit_logs where module = 'auth' and record_id = ${userId} order by id`,
    )
  ).rows.map((r) => r.action);

describe("two-factor sign-in (TOTP)", () => {
  it("enables with the password, shows the otpauth URI, confirms with the first code and gives ten recovery codes", async () => {
    const u = await t.userWith([]);
    const wrongPassword = await t.api("POST", "/api/auth/two_factor/enable", { token: u.token, body: { password: "not-mine-at-all" } });
    expect(wrongPassword.status).toBe(422);
    expect(wrongPassword.body.errors.password).toEqual([MSG.passwordMismatch]);
    expect((await t.api("POST", "/api/auth/two_factor/confirm", { token: u.token, body: { code: "123456" } })).body.message).toBe(
      MSG.twoFactorNotStarted,
    );

    const enable = await t.api("POST", "/api/auth/two_factor/enable", { token: u.token, body: { password: TEST_PASSWORD } });
    const { secret, otpauth_uri } = enable.body.data;
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(otpauth_uri).toBe(
      `otpauth://totp/Souq:${encodeURIComponent(u.email)}?issuer=Souq&secret=${secret}&algorithm=SHA1&digits=6&period=30`,
    );
    // Not on until confirmed: the password alone still signs in.
    expect((await login(t, u.email)).body.access_token).toBeTypeOf("string");

    const wrong = await t.api("POST", "/api/auth/two_factor/confirm", { token: u.token, body: { code: codeAt(secret, T0 + 120_000) } });
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors.code).toEqual([MSG.twoFactorCodeInvalid]);
    const ok = await t.api("POST", "/api/auth/two_factor/confirm", { token: u.token, body: { code: codeAt(secret, T0) } });
    expect(ok.status).toBe(200);
    expect(ok.body.data.recovery_codes).toHaveLength(10);
    expect(new Set(ok.body.data.recovery_codes).size).toBe(10);
    const stored = await t.database.db.execute<{ code_hash: string }>(
      sql`select code_hash from two_factor_recovery_codes where user_id = ${u.user_id}`,
    );
    expect(stored.rows).toHaveLength(10);
    for (const r of stored.rows) expect(ok.body.data.recovery_codes).not.toContain(r.code_hash);

    const status = await t.api("GET", "/api/auth/two_factor", { token: u.token });
    expect(status.body.data).toMatchObject({ enabled: true, recovery_codes_left: 10 });
    expect((await t.api("POST", "/api/auth/two_factor/enable", { token: u.token, body: { password: TEST_PASSWORD } })).body.message).toBe(
      MSG.twoFactorAlreadyOn,
    );
    expect(await auditActions(t, u.user_id)).toContain("two_factor_enabled");
  });

  it("sign-in: without a code it asks for one, with the code it signs in, a used code is refused within its window", async () => {
    const u = await enrolled(t);
    vi.setSystemTime(T0 + 60_000);
    const first = await login(t, u.email);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ two_factor_required: true, message: MSG.twoFactorCodeNeeded });
    expect(first.body.access_token).toBeUndefined();

    const wrongPassword = await login(t, u.email, codeAt(u.secret, T0 + 60_000), "not-the-password");
    expect(wrongPassword.status).toBe(401);

    const code = codeAt(u.secret, T0 + 60_000);
    const ok = await login(t, u.email, code);
    expect(ok.status).toBe(200);
    expect(ok.body.access_token).toBeTypeOf("string");
    // The same code again, 10 seconds later (same 30-second step): refused.
    vi.setSystemTime(T0 + 70_000);
    const replay = await login(t, u.email, code);
    expect(replay.status).toBe(401);
    expect(replay.body.errors.code).toEqual([MSG.twoFactorCodeInvalid]);
    // An older code of the window (the step before) is refused too, since a later one was used.
    expect((await login(t, u.email, codeAt(u.secret, T0 + 30_000))).status).toBe(401);
    // A code from far off is refused; the next step's code works.
    expect((await login(t, u.email, codeAt(u.secret, T0 + 600_000))).status).toBe(401);
    vi.setSystemTime(T0 + 95_000);
    expect((await login(t, u.email, codeAt(u.secret, T0 + 95_000))).status).toBe(200);
    expect(await auditActions(t, u.user_id)).toEqual(expect.arrayContaining(["login_code_required", "two_factor_failed", "login"]));
  });

  it("a recovery code signs in once", async () => {
    const u = await enrolled(t);
    const [code] = u.recovery;
    const once = await login(t, u.email, code!.toUpperCase());
    expect(once.status).toBe(200);
    expect(once.body.access_token).toBeTypeOf("string");
    const twice = await login(t, u.email, code);
    expect(twice.status).toBe(401);
    const status = await t.api("GET", "/api/auth/two_factor", { token: once.body.access_token });
    expect(status.body.data.recovery_codes_left).toBe(9);
    expect(await auditActions(t, u.user_id)).toContain("two_factor_recovery_used");
  });

  it("disable needs the password and a code; afterwards the password alone signs in", async () => {
    const u = await enrolled(t);
    vi.setSystemTime(T0 + 60_000);
    const code = codeAt(u.secret, T0 + 60_000);
    const badPassword = await t.api("POST", "/api/auth/two_factor/disable", { token: u.token, body: { password: "wrong-one-here", code } });
    expect(badPassword.status).toBe(422);
    const badCode = await t.api("POST", "/api/auth/two_factor/disable", {
      token: u.token,
      body: { password: TEST_PASSWORD, code: codeAt(u.secret, T0 + 900_000) },
    });
    expect(badCode.status).toBe(422);
    expect(badCode.body.errors.code).toEqual([MSG.twoFactorCodeInvalid]);
    const missing = await t.api("POST", "/api/auth/two_factor/disable", { token: u.token, body: { password: TEST_PASSWORD } });
    expect(missing.status).toBe(422);
    const off = await t.api("POST", "/api/auth/two_factor/disable", { token: u.token, body: { password: TEST_PASSWORD, code } });
    expect(off.status).toBe(200);
    expect((await login(t, u.email)).body.access_token).toBeTypeOf("string");
    const left = await t.database.db.execute(sql`select 1 from two_factor_recovery_codes where user_id = ${u.user_id}`);
    expect(left.rows).toHaveLength(0);
    expect(await auditActions(t, u.user_id)).toContain("two_factor_disabled");
  });

  it("guessing codes is limited like passwords: after the allowance even the right code waits", async () => {
    const u = await enrolled(strict);
    vi.setSystemTime(T0 + 60_000);
    for (const guess of ["000000", "111111", "222222"]) expect((await login(strict, u.email, guess)).status).toBe(401);
    const blocked = await login(strict, u.email, codeAt(u.secret, T0 + 60_000));
    expect(blocked.status).toBe(429);
    expect(blocked.body.message).toBe(MSG.tooManyAttempts);
    expect(await auditActions(strict, u.user_id)).toContain("two_factor_failed");
  });

  it("the cashier's PIN sign-in is unchanged for a user with two-factor sign-in", async () => {
    const u = await enrolled(t);
    await t.api("PATCH", `/api/users/${u.user_id}`, {
      body: { user_name: `cashier-2fa-${u.user_id}`, email: u.email, is_cashier: true, outlet_fk: 1 },
    });
    expect((await t.api("POST", "/api/user_pins", { body: { name: `pin ${u.user_id}`, pin: "2580", user_id: u.user_id } })).status).toBe(
      201,
    );
    const res = await t.api("POST", "/api/auth/cashier_login", { token: null, body: { outlet_id: 1, user_id: u.user_id, pin: "2580" } });
    expect(res.status).toBe(200);
    expect(res.body.access_token).toBeTypeOf("string");
  });
});
