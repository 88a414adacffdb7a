import {
  COUNTRIES_COUNT,
  CURRENCY_IQD,
  CURRENCY_USD,
  isKnownPermission,
  STARTER_CITIES,
  STARTER_EXPENSE_TYPES,
  STARTER_INCOME_TYPES,
  STARTER_ROLES,
  type StarterName,
  starterLabel,
} from "@app/contracts";
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

  it("starts a shop in Iraq with roles, the governorates' cities and common expense and income types, named in en, ar and ckb", async () => {
    const names = (rows: { name: string }[]) => rows.map((r) => r.name).sort();
    const sorted = (list: readonly StarterName[]) => list.map((x) => x.name).sort();
    const roles = await q<{ name: string; permissions: string[] }>(sql`select role_name as name, permissions from roles`);
    expect(names(roles)).toEqual(sorted(STARTER_ROLES));
    expect(names(roles)).toEqual(["Accountant", "Cashier", "Manager", "Salesman", "Storekeeper"]);
    for (const r of roles) {
      expect(r.permissions.length).toBeGreaterThan(0);
      expect(r.permissions.filter((k) => !isKnownPermission(k))).toEqual([]);
    }
    const held = (role: string) => roles.find((r) => r.name === role)!.permissions;
    expect(held("Cashier")).toEqual(expect.arrayContaining(["pos_sales/store", "pos_sales/index"]));
    expect(held("Cashier")).not.toContain("users/store");
    expect(held("Accountant")).toEqual(expect.arrayContaining(["expenses/store", "financial_reports/trial_balance"]));
    expect(held("Storekeeper")).toEqual(expect.arrayContaining(["inventory_adjustments/store", "stock_transfers/store"]));
    expect(held("Salesman")).toEqual(expect.arrayContaining(["salesman_sales/store", "quotations/store"]));
    expect(held("Manager")).toEqual(expect.arrayContaining(["users/store", "user_pins/store", "sales/store", "pos_admin_sales/index"]));
    expect(held("Manager")).not.toContain("backups/restore");

    const cities = await q<{ name: string }>(sql`select city_name as name from cities`);
    expect(names(cities)).toEqual(sorted(STARTER_CITIES));
    for (const city of ["Baghdad", "Basra", "Mosul", "Erbil", "Sulaymaniyah", "Duhok", "Kirkuk", "Najaf", "Karbala", "Halabja"])
      expect(names(cities)).toContain(city);

    // Each type with its own account, under Operating Expenses or Other Incomes, at zero.
    for (const [table, parent, list] of [
      ["expense_types", "expenses", STARTER_EXPENSE_TYPES],
      ["income_types", "incomes", STARTER_INCOME_TYPES],
    ] as const) {
      const rows = await q<{ name: string; account_name: string; parent: string; debit: string }>(sql`
        select t.type_name as name, a.account_name, p.system_key as parent,
               coalesce((select sum(b.debit - b.credit) from account_month_balances b where b.account_id = a.account_id), 0)::text as debit
          from ${sql.identifier(table)} t join accounts a on a.account_id = t.account_fk join accounts p on p.account_id = a.parent_id`);
      expect(names(rows)).toEqual(sorted(list));
      expect(list.length).toBeGreaterThanOrEqual(5);
      for (const r of rows) expect(r).toMatchObject({ account_name: r.name, parent, debit: "0" });
    }

    // Shown in the three languages: Arabic and Kurdish names of their own, in their scripts.
    for (const x of [...STARTER_ROLES, ...STARTER_CITIES, ...STARTER_EXPENSE_TYPES, ...STARTER_INCOME_TYPES]) {
      expect(x.ar).toMatch(/^[\u0600-\u06FF ]+$/);
      expect(x.ckb).toMatch(/^[\u0600-\u06FF\u0750-\u077F ]+$/);
    }
    for (const kind of [STARTER_ROLES, STARTER_CITIES, STARTER_EXPENSE_TYPES, STARTER_INCOME_TYPES])
      for (const lang of ["ar", "ckb"] as const) expect(new Set(kind.map((x) => x[lang])).size).toBe(kind.length);
    expect(starterLabel("city", "ar", "Erbil")).toBe("أربيل");
    expect(starterLabel("city", "ckb", "Erbil")).toBe("هەولێر");
    expect(starterLabel("city", "en", "Erbil")).toBe("Erbil");
    expect(starterLabel("role", "ckb", "Cashier")).toBe("کاشێر");
    expect(starterLabel("expenseType", "ar", "Shop Rent")).toBe("إيجار المحل");
    expect(starterLabel("incomeType", "ar", "Delivery Fees")).toBe("أجور التوصيل");
    // A renamed record shows the name it was given.
    expect(starterLabel("city", "ar", "Hewler")).toBe("Hewler");
    // The trial balance stays at zero.
    const tb = await q<{ d: string; c: string }>(
      sql`select coalesce(sum(debit),0)::text as d, coalesce(sum(credit),0)::text as c from journal_lines`,
    );
    expect(tb[0]!.d).toBe(tb[0]!.c);
  });

  it("writes the starter data on the first start only: a deleted city or role does not come back", async () => {
    await t.database.db.execute(sql`delete from cities where city_name = 'Halabja'`);
    await t.database.db.execute(sql`delete from roles where role_name = 'Storekeeper'`);
    await seed(t.database.db, {});
    expect(await q(sql`select city_name from cities where city_name = 'Halabja'`)).toEqual([]);
    expect(await q(sql`select role_name from roles where role_name = 'Storekeeper'`)).toEqual([]);
  });

  it("gives an install made before the starter data existed the starter data once, only where it has none of its own", async () => {
    // As such an install stands after the migration: its own roles, no cities, the flag unset.
    await t.database.db.execute(sql`delete from cities`);
    await t.database.db.execute(sql`delete from roles where role_name <> 'Cashier'`);
    await t.database.db.execute(sql`update system_config set starter_data_given = false where id = 1`);
    await seed(t.database.db, {});
    const cities = await q<{ city_name: string }>(sql`select city_name from cities`);
    expect(cities.map((c) => c.city_name).sort()).toEqual(STARTER_CITIES.map((c) => c.name).sort());
    // Its roles were its own: none added beside them.
    expect(await q(sql`select role_name from roles`)).toEqual([{ role_name: "Cashier" }]);
    expect(await q(sql`select starter_data_given from system_config where id = 1`)).toEqual([{ starter_data_given: true }]);
    // Once: a city deleted afterwards stays deleted.
    await t.database.db.execute(sql`delete from cities where city_name = 'Erbil'`);
    await seed(t.database.db, {});
    expect(await q(sql`select city_name from cities where city_name = 'Erbil'`)).toEqual([]);
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
