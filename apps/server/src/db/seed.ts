import { randomBytes } from "node:crypto";
import {
  CURRENCY_IQD,
  CURRENCY_USD,
  SEEDED_INVENTORY_NAME,
  SEEDED_OUTLET_NAME,
  BASIC_UNITS as SEEDED_UNITS,
  STARTER_CITIES,
  STARTER_EXPENSE_TYPES,
  STARTER_INCOME_TYPES,
  STARTER_ROLES,
  SUPER_USER_ID,
  SYSTEM_ACCOUNTS,
  type SystemAccount,
} from "@app/contracts";
import { eq, sql } from "drizzle-orm";
import { accounts } from "../modules/ledger/accounts.tables.js";
import { createAccount } from "../modules/ledger/ledger.js";
import { businessDay, yearBounds } from "../platform/business-time.js";
import { hashSecret } from "../platform/passwords.js";
import type { Db } from "./client.js";
import { COUNTRIES } from "./countries.js";
import * as t from "./schema.js";

/** The basic units and the chart-of-accounts skeleton live in the contracts, so the web knows their seeded names. */
export const BASIC_UNITS: string[] = [...SEEDED_UNITS];
export const CHART: readonly SystemAccount[] = SYSTEM_ACCOUNTS;

export interface SeedResult {
  /** The generated super-user password, when one was made (printed once by the caller). */
  generatedPassword?: string;
}

const list = (values: readonly (string | number)[]) =>
  sql`(${sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  )})`;

/**
 * Whether everything the seed writes is there already (the start on existing data): one query
 * instead of the seed's thirty, which would change nothing.
 */
async function seeded(db: Db): Promise<boolean> {
  const res = await db.execute<{ done: boolean }>(sql`
    select (select count(*) from currencies where currency_id in ${list([CURRENCY_IQD, CURRENCY_USD])}) = 2
       and exists(select 1 from outlets) and exists(select 1 from inventories)
       and (select count(distinct unit_name) from units where unit_name in ${list(BASIC_UNITS)}) = ${new Set(BASIC_UNITS).size}
       and (select count(distinct country_name) from countries where country_name in ${list(COUNTRIES)}) = ${new Set(COUNTRIES).size}
       and (select count(distinct system_key) from accounts where system_key in ${list(CHART.map((a) => a.key))}) = ${new Set(CHART.map((a) => a.key)).size}
       and exists(select 1 from system_config where id = 1 and starter_data_given)
       and exists(select 1 from currency_rates) and exists(select 1 from financial_years)
       and exists(select 1 from users where user_id = ${SUPER_USER_ID}) as done`);
  return res.rows[0]?.done === true;
}

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/**
 * Roles, cities, and expense and income types (each type with its ledger account) a new shop starts
 * with. `emptyOnly`: an install made before the starter data existed gets each of them only where
 * it has none of its own (a shop with its own roles keeps exactly those).
 */
async function starterData(tx: Tx, emptyOnly = false) {
  const empty = async (table: typeof t.roles | typeof t.cities | typeof t.expenseTypes | typeof t.incomeTypes) =>
    !emptyOnly || !(await tx.select({ one: sql`1` }).from(table).limit(1)).length;
  if (await empty(t.roles))
    await tx
      .insert(t.roles)
      .values(STARTER_ROLES.map((r) => ({ role_name: r.name, permissions: [...r.permissions] })))
      .onConflictDoNothing();
  if (await empty(t.cities))
    await tx
      .insert(t.cities)
      .values(STARTER_CITIES.map((c) => ({ city_name: c.name })))
      .onConflictDoNothing();
  const kinds = [
    { table: t.expenseTypes, parentKey: "expenses", names: STARTER_EXPENSE_TYPES },
    { table: t.incomeTypes, parentKey: "incomes", names: STARTER_INCOME_TYPES },
  ] as const;
  for (const kind of kinds) {
    if (!(await empty(kind.table))) continue;
    const taken = new Set((await tx.select({ name: kind.table.type_name }).from(kind.table)).map((r) => r.name.toLowerCase()));
    for (const { name } of kind.names) {
      if (taken.has(name.toLowerCase())) continue;
      const account = await createAccount(tx, { parentKey: kind.parentKey, name, currency_id: CURRENCY_IQD });
      await tx.insert(kind.table).values({ type_name: name, account_fk: account });
    }
  }
}

/** Idempotent first-start data: running it again changes nothing. */
export async function seed(db: Db, opts: { adminEmail?: string; adminPassword?: string; now?: Date }): Promise<SeedResult> {
  const result: SeedResult = {};
  if (await seeded(db)) return result;
  await db.transaction(async (tx) => {
    // One seeder at a time when several processes start together.
    await tx.execute(sql`select pg_advisory_xact_lock(727275)`);
    await tx
      .insert(t.currencies)
      .values([
        { currency_id: CURRENCY_IQD, currency_name: "IQD", symbol: "IQD" },
        { currency_id: CURRENCY_USD, currency_name: "USD", symbol: "$" },
      ])
      .onConflictDoNothing();

    let [outlet] = await tx.select().from(t.outlets).limit(1);
    if (!outlet) [outlet] = await tx.insert(t.outlets).values({ outlet_name: SEEDED_OUTLET_NAME }).returning();
    let [inventory] = await tx.select().from(t.inventories).limit(1);
    if (!inventory)
      [inventory] = await tx
        .insert(t.inventories)
        .values({ inventory_name: SEEDED_INVENTORY_NAME, outlet_fk: outlet!.outlet_id })
        .returning();

    await tx
      .insert(t.units)
      .values(BASIC_UNITS.map((unit_name) => ({ unit_name })))
      .onConflictDoNothing();
    await tx
      .insert(t.countries)
      .values(COUNTRIES.map((country_name) => ({ country_name })))
      .onConflictDoNothing();

    const ids = new Map<string, number>();
    for (const a of CHART) {
      const [existing] = await tx.select().from(accounts).where(eq(accounts.system_key, a.key));
      if (existing) {
        ids.set(a.key, existing.account_id);
        continue;
      }
      const [row] = await tx
        .insert(accounts)
        .values({
          code: a.code,
          account_name: a.name,
          type: a.type,
          system_key: a.key,
          parent_id: a.parent ? (ids.get(a.parent) ?? null) : null,
          currency_id: CURRENCY_IQD,
          is_group: a.group ?? false,
        })
        .returning();
      ids.set(a.key, row!.account_id);
    }

    // The system configuration is written once, by the very first start: the starter data comes
    // with it then, and never again (a shop that deletes a role or a city does not get it back).
    // An install made before the starter data existed gets it once, where it has none of its own.
    const [config] = await tx
      .select({ id: t.systemConfig.id, given: t.systemConfig.starter_data_given })
      .from(t.systemConfig)
      .where(eq(t.systemConfig.id, 1));
    if (!config) await starterData(tx);
    else if (!config.given) await starterData(tx, true);

    await tx
      .insert(t.systemConfig)
      .values({
        id: 1,
        currency_fk: CURRENCY_IQD,
        default_inventory_fk: inventory!.inventory_id,
        default_account_fk: ids.get("main_cash") ?? null,
      })
      .onConflictDoNothing();
    await tx.update(t.systemConfig).set({ starter_data_given: true }).where(eq(t.systemConfig.id, 1));

    const [rate] = await tx.select().from(t.currencyRates).limit(1);
    if (!rate) await tx.insert(t.currencyRates).values({ rate: "1310", in_rate: "1310", date: opts.now ?? new Date() });

    const year = Number(businessDay(opts.now ?? new Date()).slice(0, 4));
    const [fy] = await tx.select().from(t.financialYears).limit(1);
    if (!fy) {
      // From the business's local midnight (TIME_ZONE) of 1 January to that of the next.
      const { start, end } = yearBounds(`${year}-01-01`, `${year}-12-31`);
      await tx.insert(t.financialYears).values({
        name: String(year),
        start_date: start,
        end_date: end,
        is_active: true,
      });
    }

    const [admin] = await tx.select({ id: t.users.user_id }).from(t.users).where(eq(t.users.user_id, SUPER_USER_ID));
    if (!admin) {
      const password = opts.adminPassword ?? randomBytes(12).toString("base64url");
      if (!opts.adminPassword) result.generatedPassword = password;
      await tx.insert(t.users).values({
        user_id: SUPER_USER_ID,
        user_name: "admin",
        user_full_name: "Administrator",
        email: opts.adminEmail ?? "admin@example.com",
        password_hash: await hashSecret(password),
        outlet_fk: outlet!.outlet_id,
        status: "active",
      });
      await tx.execute(sql`select setval(pg_get_serial_sequence('users', 'user_id'), greatest((select max(user_id) from users), 1))`);
      await tx.insert(t.userInventories).values({ user_id: SUPER_USER_ID, inventory_id: inventory!.inventory_id }).onConflictDoNothing();
    }
  });
  return result;
}
