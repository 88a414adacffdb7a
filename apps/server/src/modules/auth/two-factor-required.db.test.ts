import { MSG } from "@app/contracts";
import { sql } from "drizzle-orm";
import { Secret, TOTP } from "otpauth";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { ADMIN_EMAIL, ADMIN_PASSWORD, createTestApp, TEST_PASSWORD, type TestApp } from "../../../test/harness.js";

/** A concrete URL for a route: every path parameter becomes 1, a wildcard becomes a name. */
const concrete = (url: string) => url.replace(/:[A-Za-z_][A-Za-z0-9_]*/g, "1").replace(/\*/g, "x");

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

// A fixed clock at the start of a 30-second step, so each code is made for a known instant.
const T0 = Math.floor(Date.now() / 30_000) * 30_000;
beforeEach(() => {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(T0);
});
afterEach(() => vi.useRealTimers());

const codeAt = (secret: string, ms: number) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate({ timestamp: ms });

const login = (email: string, password: string, code?: string) =>
  t.api("POST", "/api/auth/login", { token: null, body: { email, password, ...(code !== undefined ? { code } : {}) } });

async function setSettings(extra: Record<string, unknown>) {
  const cur = (await t.api("GET", "/api/system_settings/show/1")).body.data;
  return t.api("POST", "/api/system_settings_update/1", {
    body: { default_inventory_fk: cur.default_inventory_fk, default_account_fk: cur.default_account_fk, ...extra },
  });
}

/** Walks the setup token through enrolment and answers the secret and recovery codes. */
async function enrolWith(setupToken: string, password: string) {
  const enable = await t.api("POST", "/api/auth/two_factor/enable", { token: setupToken, body: { password } });
  expect(enable.status).toBe(200);
  const secret = enable.body.data.secret as string;
  const confirm = await t.api("POST", "/api/auth/two_factor/confirm", { token: setupToken, body: { code: codeAt(secret, T0) } });
  expect(confirm.status).toBe(200);
  expect(confirm.body.data.recovery_codes).toHaveLength(10);
  return { secret, recovery: confirm.body.data.recovery_codes as string[] };
}

const auditRows = async (userId: number) =>
  (
    await t.database.db.execute<{ action: string; after: Record<string, unknown> | null }>(
      sql`select action, after from audit_logs where module = 'auth' and record_id = ${userId} order by id`,
    )
  ).rows;

describe("two-factor sign-in required by the system settings", () => {
  it("validates the settings: a boolean and a list of existing roles", async () => {
    const shown = (await t.api("GET", "/api/system_settings/show/1")).body.data;
    expect(shown.two_factor_super_user).toBe(false);
    expect(shown.two_factor_role_ids).toEqual([]);
    const unknown = await setSettings({ two_factor_role_ids: [999_999] });
    expect(unknown.status).toBe(422);
    expect(unknown.body.errors.two_factor_role_ids).toEqual([MSG.twoFactorRoleInvalid]);
    const junk = await setSettings({ two_factor_role_ids: ["x"] });
    expect(junk.status).toBe(422);
    const notList = await setSettings({ two_factor_role_ids: 3 });
    expect(notList.status).toBe(422);
    expect((await t.api("GET", "/api/system_settings/show/1")).body.data.two_factor_role_ids).toEqual([]);
  });

  it("with the setting off, the super user signs in with the password alone", async () => {
    expect((await login(ADMIN_EMAIL, ADMIN_PASSWORD)).body.access_token).toBeTypeOf("string");
  });

  it("makes the super user enrol before any working token; the setup token reaches nothing else", async () => {
    expect((await setSettings({ two_factor_super_user: true })).status).toBe(200);
    expect((await t.api("GET", "/api/system_settings/show/1")).body.data.two_factor_super_user).toBe(true);

    const first = await login(ADMIN_EMAIL, ADMIN_PASSWORD);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ two_factor_setup_required: true, message: MSG.twoFactorSetupRequired, expires_in: 600 });
    expect(first.body.access_token).toBeUndefined();
    // A code does not skip the enrolment.
    const withCode = await login(ADMIN_EMAIL, ADMIN_PASSWORD, "123456");
    expect(withCode.body.access_token).toBeUndefined();
    expect(withCode.body.two_factor_setup_required).toBe(true);
    // A wrong password learns nothing.
    expect((await login(ADMIN_EMAIL, "wrong-password-here")).status).toBe(401);

    const setup = first.body.setup_token as string;
    // Every route but enable and confirm refuses it, public ones aside (they ignore tokens).
    const refusedBy: string[] = [];
    const admitted: string[] = [];
    for (const route of t.routes) {
      if (route.permission === "public") continue;
      const method = route.method as "GET";
      const res = await t.app.inject({
        method,
        url: concrete(route.url),
        headers: { authorization: `Bearer ${setup}` },
        payload: method === "GET" ? undefined : {},
      });
      if (route.url === "/api/auth/two_factor/enable" || route.url === "/api/auth/two_factor/confirm") {
        admitted.push(`${method} ${route.url} ${res.statusCode}`);
        continue;
      }
      if (res.statusCode !== 403 || res.json().message !== MSG.twoFactorSetupOnly)
        refusedBy.push(`${method} ${route.url} ${res.statusCode}`);
    }
    expect(refusedBy).toEqual([]);
    // Reached the use case (422: body fields missing), not refused at the door.
    expect(admitted).toEqual(["POST /api/auth/two_factor/enable 422", "POST /api/auth/two_factor/confirm 422"]);
    for (const [method, url] of [
      ["GET", "/api/users"],
      ["POST", "/api/auth/me"],
      ["POST", "/api/auth/refresh"],
      ["GET", "/api/auth/two_factor"],
      ["POST", "/api/auth/two_factor/disable"],
      ["POST", "/api/auth/change_password"],
      ["PATCH", "/api/system_settings_update/1"],
    ] as const) {
      const res = await t.api(method, url, { token: setup, body: {} });
      expect(res.status, `${method} ${url}`).toBe(403);
      expect(res.body.message).toBe(MSG.twoFactorSetupOnly);
    }

    const { secret, recovery } = await enrolWith(setup, ADMIN_PASSWORD);
    // Its one job done, the setup token is spent.
    expect((await t.api("POST", "/api/auth/two_factor/enable", { token: setup, body: { password: ADMIN_PASSWORD } })).status).toBe(400);

    const ask = await login(ADMIN_EMAIL, ADMIN_PASSWORD);
    expect(ask.body).toEqual({ two_factor_required: true, message: MSG.twoFactorCodeNeeded });
    vi.setSystemTime(T0 + 30_000);
    const done = await login(ADMIN_EMAIL, ADMIN_PASSWORD, codeAt(secret, T0 + 30_000));
    expect(done.status).toBe(200);
    const token = done.body.access_token as string;
    expect((await t.api("GET", "/api/users", { token })).status).toBe(200);
    expect((await login(ADMIN_EMAIL, ADMIN_PASSWORD, recovery[0])).body.access_token).toBeTypeOf("string");

    const rows = await auditRows(1);
    const actions = rows.map((r) => r.action);
    expect(actions).toContain("two_factor_setup_required");
    expect(rows.find((r) => r.action === "two_factor_enabled")?.after).toEqual({ required_by_settings: true });

    t.adminToken = token;
    expect((await setSettings({ two_factor_super_user: false })).status).toBe(200);
    expect((await login(ADMIN_EMAIL, ADMIN_PASSWORD)).body.two_factor_required).toBe(true);
  });

  it("requires it of the chosen roles only; other staff sign in as before", async () => {
    const role = await t.api("POST", "/api/roles", { body: { role_name: "Accountants 2FA", permissions: ["users/index"] } });
    expect(role.status).toBe(201);
    const roleId = role.body.data.role_id as number;
    const member = await t.userWith([], { user_role: roleId });
    const other = await t.userWith([]);
    expect((await setSettings({ two_factor_role_ids: [roleId, roleId] })).status).toBe(200);
    expect((await t.api("GET", "/api/system_settings/show/1")).body.data.two_factor_role_ids).toEqual([roleId]);

    const m = await login(member.email, TEST_PASSWORD);
    expect(m.body.two_factor_setup_required).toBe(true);
    expect(m.body.access_token).toBeUndefined();
    expect((await t.api("GET", "/api/users", { token: m.body.setup_token })).status).toBe(403);
    expect((await login(other.email, TEST_PASSWORD)).body.access_token).toBeTypeOf("string");

    const { secret } = await enrolWith(m.body.setup_token, TEST_PASSWORD);
    vi.setSystemTime(T0 + 30_000);
    const done = await login(member.email, TEST_PASSWORD, codeAt(secret, T0 + 30_000));
    expect(done.body.access_token).toBeTypeOf("string");
    expect((await t.api("GET", "/api/users", { token: done.body.access_token })).status).toBe(200);
    // While the settings require it, it cannot be turned off.
    vi.setSystemTime(T0 + 60_000);
    const off = await t.api("POST", "/api/auth/two_factor/disable", {
      token: done.body.access_token,
      body: { password: TEST_PASSWORD, code: codeAt(secret, T0 + 60_000) },
    });
    expect(off.status).toBe(422);
    expect(off.body.message).toBe(MSG.twoFactorRequired);

    // Clearing the list lifts the requirement for those who have not enrolled.
    const second = await t.userWith([], { user_role: roleId });
    expect((await login(second.email, TEST_PASSWORD)).body.two_factor_setup_required).toBe(true);
    expect((await setSettings({ two_factor_role_ids: [] })).status).toBe(200);
    expect((await login(second.email, TEST_PASSWORD)).body.access_token).toBeTypeOf("string");
    const offNow = await t.api("POST", "/api/auth/two_factor/disable", {
      token: done.body.access_token,
      body: { password: TEST_PASSWORD, code: codeAt(secret, T0 + 60_000) },
    });
    expect(offNow.status).toBe(200);
  });
});
