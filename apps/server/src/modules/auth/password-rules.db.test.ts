import { MSG } from "@app/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, TEST_PASSWORD, type TestApp } from "../../../test/harness.js";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

let n = 0;
const newUser = (password: string, extra: Record<string, unknown> = {}) => {
  n++;
  return t.api("POST", "/api/users", {
    body: {
      user_name: `rules${n}`,
      email: `rules${n}@example.com`,
      new_password: password,
      new_password_confirmation: password,
      // The changes of one's own password below need it (SPEC §6 profile change password).
      permissions: ["profile/change_password"],
      ...extra,
    },
  });
};
const ARABIC_PASSPHRASE = "قهوة الصباح في أربيل";

describe("new passwords", () => {
  it("refuses password, 12345678, aaaaaaaa and one shorter than the minimum, in the catalogue's words", async () => {
    for (const [password, message] of [
      ["password", MSG.passwordTooCommon],
      ["12345678", MSG.passwordTooCommon],
      ["aaaaaaaa", MSG.passwordTooWeak],
      ["1234", "The new password must be at least 8 characters."],
      ["rules-user-name", MSG.passwordTooWeak],
    ] as const) {
      const res = await newUser(password, { user_name: "rules-user-name" });
      expect(res.status, password).toBe(422);
      expect(res.body.errors.new_password, password).toEqual([message]);
    }
    expect((await t.api("GET", "/api/users?search=rules-user-name")).body.data.total).toBe(0);
  });

  it("accepts a strong Arabic passphrase, which then signs in", async () => {
    const res = await newUser(ARABIC_PASSPHRASE);
    expect(res.status).toBe(201);
    expect(await t.login(`rules${n}@example.com`, ARABIC_PASSPHRASE)).toBeTypeOf("string");
  });

  it("takes its minimum length from the system setting, never below 4", async () => {
    const show = await t.api("GET", "/api/system_settings/show/1");
    expect(show.body.data.password_min_length).toBe(8);
    const { default_inventory_fk, default_account_fk } = show.body.data;
    const set = (v: unknown) =>
      t.api("PATCH", "/api/system_settings_update/1", { body: { default_inventory_fk, default_account_fk, password_min_length: v } });
    const low = await set(3);
    expect(low.status).toBe(422);
    expect(low.body.errors.password_min_length).toBeDefined();
    expect((await set(24)).status).toBe(200);
    expect((await t.api("GET", "/api/system_config")).body.data.password_min_length).toBe(24);
    const short = await newUser(TEST_PASSWORD);
    expect(short.body.errors.new_password).toEqual(["The new password must be at least 24 characters."]);
    expect((await newUser(`${TEST_PASSWORD}-copper-dune`)).status).toBe(201);
    expect((await set(8)).status).toBe(200);
  });

  it("an admin's reset is checked too, and may not give back a recent password", async () => {
    const created = await newUser(TEST_PASSWORD);
    const id = created.body.data.user_id as number;
    const who = { user_name: `rules${n}`, email: `rules${n}@example.com` };
    const reset = (password: string) =>
      t.api("PATCH", `/api/users/${id}`, { body: { ...who, new_password: password, new_password_confirmation: password } });
    expect((await reset("aaaaaaaa")).body.errors.new_password).toEqual([MSG.passwordTooWeak]);
    expect((await reset("silver-lagoon-tundra-5")).status).toBe(200);
    expect((await reset(TEST_PASSWORD)).body.errors.new_password).toEqual([MSG.passwordUsedBefore]);
  });
});

describe("password history", () => {
  it("refuses the current password and the last five, allows the sixth one back", async () => {
    const created = await newUser(TEST_PASSWORD);
    const email = `rules${n}@example.com`;
    let token = await t.login(email, TEST_PASSWORD);
    const passwords = [TEST_PASSWORD, ...["one", "two", "three", "four", "five", "six"].map((w) => `maple-${w}-orbit-harbour`)];
    const change = (from: string, to: string) =>
      t.api("POST", "/api/auth/change_password", {
        token,
        body: { old_password: from, new_password: to, new_password_confirmation: to },
      });
    for (let i = 1; i < passwords.length; i++) {
      const res = await change(passwords[i - 1]!, passwords[i]!);
      expect(res.status, passwords[i]).toBe(200);
      token = res.body.access_token;
      // The current one and the five before it are refused.
      for (const old of passwords.slice(Math.max(0, i - 5), i + 1)) {
        const again = await change(passwords[i]!, old);
        expect(again.status, old).toBe(422);
        expect(again.body.errors.new_password).toEqual([MSG.passwordUsedBefore]);
      }
    }
    // Six changes on, the first password is out of the history.
    expect((await change(passwords.at(-1)!, TEST_PASSWORD)).status).toBe(200);
    expect(created.status).toBe(201);
  });

  it("refuses a common new password on change too", async () => {
    await newUser(TEST_PASSWORD);
    const token = await t.login(`rules${n}@example.com`, TEST_PASSWORD);
    const res = await t.api("POST", "/api/auth/change_password", {
      token,
      body: { old_password: TEST_PASSWORD, new_password: "password", new_password_confirmation: "password" },
    });
    expect(res.status).toBe(422);
    expect(res.body.errors.new_password).toEqual([MSG.passwordTooCommon]);
  });
});
