import { randomUUID } from "node:crypto";
import { MSG } from "@app/contracts";
import { sql } from "drizzle-orm";
import { createSigner } from "fast-jwt";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN_EMAIL, ADMIN_PASSWORD, createTestApp, TEST_PASSWORD, type TestApp } from "../../../test/harness.js";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe("back-office login", () => {
  it("answers a bearer token for the right pair", async () => {
    const res = await t.api("POST", "/api/auth/login", { token: null, body: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD } });
    expect(res.status).toBe(200);
    expect(res.body.token_type).toBe("bearer");
    expect(res.body.expires_in).toBe(3600);
    expect(res.body.access_token.split(".")).toHaveLength(3);
  });

  it("refuses a wrong pair with SPEC's text", async () => {
    const res = await t.api("POST", "/api/auth/login", { token: null, body: { email: ADMIN_EMAIL, password: "wrong-pass" } });
    expect(res.status).toBe(401);
    expect(res.body.message).toBe(MSG.wrongCredentials);
  });

  it("validates e-mail and password length", async () => {
    const res = await t.api("POST", "/api/auth/login", { token: null, body: { email: "not-an-email", password: "abc" } });
    expect(res.status).toBe(422);
    expect(res.body.errors.email).toEqual(["The email must be a valid email address."]);
    expect(res.body.errors.password).toEqual(["The password must be at least 4 characters."]);
  });

  it("answers me with permissions, inventories and the profile", async () => {
    const res = await t.api("POST", "/api/auth/me");
    expect(res.status).toBe(200);
    expect(res.body.data.user_id).toBe(1);
    expect(res.body.data.permissions).toContain("users/index");
    expect(res.body.data.inventories).toEqual([{ inventory_id: 1, inventory_name: "Main Inventory", is_active: true }]);
    expect(res.body.data.pagination_options).toBe("10,50,100,200");
  });

  it("lists the system's default inventory first, so a new document starts there, then the rest by name", async () => {
    const branch = await t.api("POST", "/api/inventories", { body: { inventory_name: "Akre Branch" } });
    expect(branch.status).toBe(201);
    const names = async () =>
      ((await t.api("POST", "/api/auth/me")).body.data.inventories as { inventory_name: string }[]).map((i) => i.inventory_name);
    expect(await names()).toEqual(["Main Inventory", "Akre Branch"]);
    await t.database.db.execute(sql`update system_config set default_inventory_fk = ${branch.body.data.inventory_id} where id = 1`);
    expect(await names()).toEqual(["Akre Branch", "Main Inventory"]);
    await t.database.db.execute(sql`update system_config set default_inventory_fk = 1 where id = 1`);
  });
});

async function auditRows(action: string, userId: number | null = null) {
  const res = await t.database.db.execute<{ action: string; user_id: number | null; ip: string | null; after: Record<string, unknown> }>(
    sql`select action, user_id, host(ip) as ip, after from audit_logs where module = 'auth' and action = ${action}
        and (${userId}::int is null or user_id = ${userId}::int) order by id`,
  );
  return res.rows;
}

describe("audit of authentication", () => {
  it("records every login attempt with who, what and the address", async () => {
    const ok = await auditRows("login", 1);
    expect(ok.length).toBeGreaterThanOrEqual(2);
    expect(ok[0]!.ip).toBe("127.0.0.1");
    const failed = await auditRows("login_failed", 1);
    expect(failed).toHaveLength(1);
    expect(failed[0]!.after).toEqual({ email: ADMIN_EMAIL, reason: "credentials" });
  });
});

describe("cashier login", () => {
  let cashier: { user_id: number; email: string };
  let plain: { user_id: number };
  beforeAll(async () => {
    await t.api("POST", "/api/outlets_store", { body: { outlet_name: "Empty Outlet" } });
    cashier = await t.userWith([], { is_cashier: true, outlet_fk: 1, user_name: "zed cashier", user_code: "A-01" });
    await t.userWith([], { is_cashier: true, outlet_fk: 1, user_name: "amy cashier", user_code: "Z-99" });
    plain = await t.userWith([], { outlet_fk: 1, user_name: "not a cashier" });
    for (const [user_id, pin] of [
      [cashier.user_id, "2580"],
      [plain.user_id, "5087"],
    ] as const) {
      const res = await t.api("POST", "/api/user_pins", { body: { name: `pin of ${user_id}`, pin, user_id } });
      expect(res.status).toBe(201);
    }
  });

  it("lists the outlet's cashiers by name or by code", async () => {
    const byName = await t.api("GET", "/api/login_cashiers_list/1?cashier_login_option=Name", { token: null });
    expect(byName.status).toBe(200);
    expect(byName.body.message.map((c: { label: string }) => c.label)).toEqual(["amy cashier", "zed cashier"]);
    const byCode = await t.api("GET", "/api/login_cashiers_list/1?cashier_login_option=Code", { token: null });
    expect(byCode.body.message.map((c: { label: string }) => c.label)).toEqual(["A-01", "Z-99"]);
    expect(byCode.body.message[0]).toMatchObject({ user_id: cashier.user_id, user_name: "zed cashier", user_code: "A-01" });
    const byEmail = await t.api("GET", `/api/login_cashiers_list/1?email=${encodeURIComponent(cashier.email)}`, { token: null });
    expect(byEmail.body.message.map((c: { user_id: number }) => c.user_id)).toEqual([cashier.user_id]);
  });

  it('answers "No cashiers found for this outlet" for an outlet without cashiers', async () => {
    const res = await t.api("GET", "/api/login_cashiers_list/2", { token: null });
    expect(res.status).toBe(404);
    expect(res.body.message).toBe(MSG.noCashiers);
    const bad = await t.api("GET", "/api/login_cashiers_list/1?cashier_login_option=Nickname", { token: null });
    expect(bad.status).toBe(422);
  });

  it("signs a cashier in with outlet, user and PIN", async () => {
    const res = await t.api("POST", "/api/auth/cashier_login", {
      token: null,
      body: { outlet_id: 1, user_id: cashier.user_id, pin: "2580" },
    });
    expect(res.status).toBe(200);
    expect(res.body.token_type).toBe("bearer");
    const me = await t.api("POST", "/api/auth/me", { token: res.body.access_token });
    expect(me.body.data.user_id).toBe(cashier.user_id);
    expect(me.body.data.is_cashier).toBe(true);
    expect((await auditRows("cashier_login", cashier.user_id)).length).toBe(1);
  });

  it("takes the PIN typed in Arabic-Indic or Persian digits", async () => {
    for (const pin of ["٢٥٨٠", "۲۵۸۰"]) {
      const res = await t.api("POST", "/api/auth/cashier_login", { token: null, body: { outlet_id: 1, user_id: cashier.user_id, pin } });
      expect(res.status).toBe(200);
    }
    const letters = await t.api("POST", "/api/auth/cashier_login", {
      token: null,
      body: { outlet_id: 1, user_id: cashier.user_id, pin: "12ab" },
    });
    expect(letters.status).toBe(422);
    expect(letters.body.errors.pin).toEqual(["The pin must contain digits only."]);
  });

  it("refuses a wrong PIN", async () => {
    const res = await t.api("POST", "/api/auth/cashier_login", {
      token: null,
      body: { outlet_id: 1, user_id: cashier.user_id, pin: "0000" },
    });
    expect(res.status).toBe(422);
    expect(res.body.message).toBe(MSG.pinWrong);
    expect(res.body.errors.pin).toEqual([MSG.pinWrong]);
    expect(res.body.access_token).toBeUndefined();
    expect((await auditRows("cashier_login_failed", cashier.user_id)).map((r) => r.after.reason)).toContain("pin");
  });

  it('answers "you must have cashier permissions" to a user without the main-cashier assignment', async () => {
    const res = await t.api("POST", "/api/auth/cashier_login", {
      token: null,
      body: { outlet_id: 1, user_id: plain.user_id, pin: "5087" },
    });
    expect(res.status).toBe(403);
    expect(res.body.message).toBe(MSG.mustHaveCashier);
    expect(res.body.access_token).toBeUndefined();
  });

  it("refuses a cashier of another outlet", async () => {
    const res = await t.api("POST", "/api/auth/cashier_login", {
      token: null,
      body: { outlet_id: 2, user_id: cashier.user_id, pin: "2580" },
    });
    expect(res.status).toBe(401);
    expect(res.body.access_token).toBeUndefined();
  });
});

describe("tokens", () => {
  const secret = "test-secret-test-secret-test-secret";

  it("refresh answers a new token that works and revokes the old one", async () => {
    const old = await t.login(ADMIN_EMAIL, ADMIN_PASSWORD);
    const res = await t.api("POST", "/api/auth/refresh", { token: old });
    expect(res.status).toBe(200);
    expect(res.body.access_token).not.toBe(old);
    const fresh = await t.api("POST", "/api/auth/me", { token: res.body.access_token });
    expect(fresh.status).toBe(200);
    expect(fresh.body.data.user_id).toBe(1);
    const stale = await t.api("POST", "/api/auth/me", { token: old });
    expect(stale.status).toBe(400);
    expect(stale.body.message).toBe(MSG.tokenInvalid);
    const again = await t.api("POST", "/api/auth/refresh", { token: old });
    expect(again.status).toBe(400);
    expect(again.body.message).toBe(MSG.tokenInvalid);
    expect((await auditRows("refresh", 1)).length).toBeGreaterThanOrEqual(1);
  });

  it("logout revokes the token", async () => {
    const token = await t.login(ADMIN_EMAIL, ADMIN_PASSWORD);
    expect((await t.api("POST", "/api/auth/me", { token })).status).toBe(200);
    const out = await t.api("POST", "/api/auth/logout", { token });
    expect(out.status).toBe(200);
    const after = await t.api("GET", "/api/users", { token });
    expect(after.status).toBe(400);
    expect(after.body.message).toBe(MSG.tokenInvalid);
    const revoked = await t.database.db.execute<{ n: number }>(sql`select count(*)::int as n from revoked_tokens`);
    expect(revoked.rows[0]!.n).toBeGreaterThanOrEqual(2);
    expect((await auditRows("logout", 1)).length).toBe(1);
  });

  it('answers 400 "Token is Expired." to an expired token', async () => {
    const sign = createSigner({ key: secret, algorithm: "HS256", expiresIn: 60_000, clockTimestamp: Date.now() - 120_000 });
    const token = sign({ sub: 1, jti: randomUUID(), ver: 0 });
    const res = await t.api("POST", "/api/auth/me", { token });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(MSG.tokenExpired);
  });

  it('answers 400 "Token is Invalid." to a tampered signature, alg none, HS512 and another key', async () => {
    const good = t.adminToken;
    const [h, p, s] = good.split(".") as [string, string, string];
    const flipped = `${h}.${p}.${s.slice(0, -2)}${s.endsWith("AA") ? "BB" : "AA"}`;
    const claims = JSON.parse(Buffer.from(p, "base64url").toString());
    const forgedPayload = Buffer.from(JSON.stringify({ ...claims, sub: 2 })).toString("base64url");
    const none = `${Buffer.from(JSON.stringify({ alg: "none", typ: "JWT" })).toString("base64url")}.${p}.`;
    const hs512 = createSigner({ key: secret, algorithm: "HS512", expiresIn: 60_000 })({ sub: 1, jti: randomUUID(), ver: 0 });
    const otherKey = createSigner({ key: "another-secret-another-secret-xx", algorithm: "HS256", expiresIn: 60_000 })({
      sub: 1,
      jti: randomUUID(),
      ver: 0,
    });
    const noJti = createSigner({ key: secret, algorithm: "HS256", expiresIn: 60_000 })({ sub: 1, ver: 0 });
    for (const token of [flipped, `${h}.${forgedPayload}.${s}`, none, hs512, otherKey, noJti, "garbage", "a.b.c"]) {
      const res = await t.api("POST", "/api/auth/me", { token });
      expect(res.status, token).toBe(400);
      expect(res.body.message).toBe(MSG.tokenInvalid);
    }
  });

  it('answers 401 "Unauthorized" without a token or with another scheme', async () => {
    const res = await t.api("POST", "/api/auth/me", { token: null });
    expect(res.status).toBe(401);
    expect(res.body.message).toBe(MSG.unauthorized);
    const basic = await t.api("GET", "/api/users", { token: null, headers: { authorization: "Basic YWRtaW46YWRtaW4=" } });
    expect(basic.status).toBe(401);
    expect(basic.body.message).toBe(MSG.unauthorized);
  });
});

describe("inactive and blocked staff", () => {
  for (const status of ["inactive", "blocked"] as const) {
    it(`a ${status} user cannot log in and their token stops at once`, async () => {
      const u = await t.userWith(["users/index"]);
      expect((await t.api("GET", "/api/users", { token: u.token })).status).toBe(200);
      const upd = await t.api("PATCH", `/api/users/${u.user_id}`, {
        body: { user_name: `${status}-${u.user_id}`, email: u.email, status },
      });
      expect(upd.status).toBe(200);
      const res = await t.api("GET", "/api/users", { token: u.token });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(MSG.tokenInvalid);
      // A wrong password learns nothing about the account.
      const wrong = await t.api("POST", "/api/auth/login", { token: null, body: { email: u.email, password: "nope12345" } });
      expect(wrong.status).toBe(401);
      expect(wrong.body.message).toBe(MSG.wrongCredentials);
      // The right one is told plainly why it cannot sign in.
      const login = await t.api("POST", "/api/auth/login", { token: null, body: { email: u.email, password: TEST_PASSWORD } });
      expect(login.status).toBe(403);
      expect(login.body.message).toBe(status === "blocked" ? MSG.accountBlocked : MSG.accountInactive);
      expect(login.body.access_token).toBeUndefined();
      expect((await auditRows("login_failed", u.user_id)).map((r) => r.after.reason)).toContain(status);
    });
  }
});

describe("change password", () => {
  it("is refused without profile/change_password, and the password stays", async () => {
    const u = await t.userWith(["users/index"]);
    const res = await t.api("POST", "/api/auth/change_password", {
      token: u.token,
      body: {
        old_password: TEST_PASSWORD,
        new_password: "cedar-harbour-lantern-19",
        new_password_confirmation: "cedar-harbour-lantern-19",
      },
    });
    expect(res.status).toBe(403);
    expect(res.body.message).toBe(MSG.forbidden);
    expect((await t.api("POST", "/api/auth/login", { body: { email: u.email, password: TEST_PASSWORD } })).status).toBe(200);
  });

  it("checks the old password, the length, the confirmation and the history, and stores argon2id", async () => {
    const u = await t.userWith(["profile/change_password"]);
    const post = (body: Record<string, string>, token = u.token) => t.api("POST", "/api/auth/change_password", { token, body });
    const wrongOld = await post({
      old_password: "nope1234",
      new_password: "cedar-harbour-lantern-19",
      new_password_confirmation: "cedar-harbour-lantern-19",
    });
    expect(wrongOld.status).toBe(422);
    expect(wrongOld.body.message).toBe(MSG.passwordMismatch);
    expect(wrongOld.body.errors.old_password).toEqual([MSG.passwordMismatch]);
    const short = await post({ old_password: TEST_PASSWORD, new_password: "short", new_password_confirmation: "short" });
    expect(short.status).toBe(422);
    expect(short.body.errors.new_password).toEqual(["The new password must be at least 6 characters."]);
    const unconfirmed = await post({
      old_password: TEST_PASSWORD,
      new_password: "cedar-harbour-lantern-19",
      new_password_confirmation: "newpass2",
    });
    expect(unconfirmed.status).toBe(422);
    expect(unconfirmed.body.errors.new_password_confirmation).toEqual(["The new password confirmation does not match."]);
    const same = await post({ old_password: TEST_PASSWORD, new_password: TEST_PASSWORD, new_password_confirmation: TEST_PASSWORD });
    expect(same.status).toBe(422);
    expect(same.body.message).toBe(MSG.passwordUsedBefore);

    const ok = await post({
      old_password: TEST_PASSWORD,
      new_password: "cedar-harbour-lantern-19",
      new_password_confirmation: "cedar-harbour-lantern-19",
    });
    expect(ok.status).toBe(200);
    // The old token ended with the change; the answer carries a fresh one.
    expect((await t.api("POST", "/api/auth/me", { token: u.token })).status).toBe(400);
    const token2 = ok.body.access_token as string;
    expect(typeof token2).toBe("string");
    const me2 = await t.api("POST", "/api/auth/me", { token: token2 });
    expect(me2.status).toBe(200);
    expect(me2.body.data.user_id).toBe(u.user_id);
    await expect(t.login(u.email, TEST_PASSWORD)).rejects.toThrow();
    const token3 = await t.login(u.email, "cedar-harbour-lantern-19");

    const back = await post(
      { old_password: "cedar-harbour-lantern-19", new_password: TEST_PASSWORD, new_password_confirmation: TEST_PASSWORD },
      token3,
    );
    expect(back.status).toBe(422);
    expect(back.body.message).toBe(MSG.passwordUsedBefore);
    expect(back.body.errors.new_password).toEqual([MSG.passwordUsedBefore]);

    const rows = await t.database.db.execute<{ password_hash: string }>(
      sql`select password_hash from users where user_id = ${u.user_id} union all select password_hash from password_history where user_id = ${u.user_id}`,
    );
    expect(rows.rows.length).toBe(2);
    for (const r of rows.rows) expect(r.password_hash.startsWith("$argon2id$")).toBe(true);
    expect((await auditRows("change_password", u.user_id)).length).toBe(1);
  });

  it("stores PINs as argon2id too", async () => {
    const res = await t.database.db.execute<{ pin_hash: string }>(sql`select pin_hash from user_pins`);
    expect(res.rows.length).toBeGreaterThan(0);
    for (const r of res.rows) expect(r.pin_hash.startsWith("$argon2id$")).toBe(true);
  });
});
