import { COUNTRIES_COUNT, CURRENCY_IQD, CURRENCY_USD } from "@app/contracts";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN_EMAIL, createTestApp, type TestApp } from "../../test/harness.js";
import { BASIC_UNITS, CHART, seed } from "./seed.js";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const q = async <R extends Record<string, unknown>>(query: ReturnType<typeof sql>) => (await t.database.db.execute<R>(query)).rows;

async function counts() {
  const tables = await q<{ name: string }>(
    sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
  );
  const out: Record<string, number> = {};
  for (const { name } of tables) out[name] = (await q<{ n: number }>(sql`select count(*)::int as n from ${sql.identifier(name)}`))[0]!.n;
  return out;
}

describe("first-start data", () => {
  it("holds the super user, currencies, configuration, outlet, inventory, units, countries and the chart", async () => {
    expect(await q(sql`select user_id, email, status from users`)).toEqual([{ user_id: 1, email: ADMIN_EMAIL, status: "active" }]);
    expect(await q(sql`select currency_id, currency_name from currencies order by 1`)).toEqual([
      { currency_id: CURRENCY_IQD, currency_name: "IQD" },
      { currency_id: CURRENCY_USD, currency_name: "USD" },
    ]);
    expect(await q(sql`select id, currency_fk from system_config`)).toEqual([{ id: 1, currency_fk: CURRENCY_IQD }]);
    expect((await q<{ n: number }>(sql`select count(*)::int as n from countries`))[0]!.n).toBe(COUNTRIES_COUNT);
    expect((await q<{ n: number }>(sql`select count(distinct country_name)::int as n from countries`))[0]!.n).toBe(224);
    expect((await q<{ n: number }>(sql`select count(*)::int as n from outlets`))[0]!.n).toBe(1);
    expect((await q<{ n: number }>(sql`select count(*)::int as n from inventories`))[0]!.n).toBe(1);
    expect((await q<{ unit_name: string }>(sql`select unit_name from units order by unit_id`)).map((r) => r.unit_name)).toEqual(
      expect.arrayContaining(BASIC_UNITS),
    );
    const keys = (await q<{ system_key: string }>(sql`select system_key from accounts where system_key is not null`)).map(
      (r) => r.system_key,
    );
    expect(keys).toEqual(expect.arrayContaining(CHART.map((a) => a.key)));
    const cfg = await t.api("GET", "/api/system_config");
    expect(cfg.body.data).toMatchObject({ currency_fk: 1, currency: { currency_id: 1, currency_name: "IQD" } });
    const hash = (await q<{ password_hash: string }>(sql`select password_hash from users where user_id = 1`))[0]!.password_hash;
    expect(hash.startsWith("$argon2id$")).toBe(true);
  });

  it("changes nothing when it runs again", async () => {
    const before = await counts();
    const again = await seed(t.database.db, { adminEmail: "other@example.com", adminPassword: "another-pass" });
    const twice = await seed(t.database.db, {});
    expect(again.generatedPassword).toBeUndefined();
    expect(twice.generatedPassword).toBeUndefined();
    expect(await counts()).toEqual(before);
    expect(await q(sql`select email from users where user_id = 1`)).toEqual([{ email: ADMIN_EMAIL }]);
  });

  it("puts back what is missing, although the rest is there", async () => {
    const unit = BASIC_UNITS[BASIC_UNITS.length - 1]!;
    await t.database.db.execute(sql`delete from units where unit_name = ${unit}`);
    await seed(t.database.db, {});
    expect(await q(sql`select unit_name from units where unit_name = ${unit}`)).toEqual([{ unit_name: unit }]);
  });

  it("makes and answers a password when ADMIN_PASSWORD is unset, and the new super user signs in with it", async () => {
    await t.database.db.execute(sql`delete from users where user_id = 1`);
    const res = await seed(t.database.db, {});
    expect(res.generatedPassword).toMatch(/^[A-Za-z0-9_-]{16,}$/);
    expect(await q(sql`select user_id, email from users where user_id = 1`)).toEqual([{ user_id: 1, email: "admin@example.com" }]);
    const token = await t.login("admin@example.com", res.generatedPassword!);
    const me = await t.api("POST", "/api/auth/me", { token });
    expect(me.body.data.user_id).toBe(1);
    // The sequence moved past the super user: the next member is not id 1.
    const u = await t.userWith([]);
    expect(u.user_id).toBeGreaterThan(1);
  });
});
