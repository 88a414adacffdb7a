import { randomBytes } from "node:crypto";
import { CURRENCY_IQD, CURRENCY_USD, SUPER_USER_ID } from "@app/contracts";
import { eq, sql } from "drizzle-orm";
import { accounts } from "../modules/ledger/accounts.tables.js";
import { businessDay, yearBounds } from "../platform/business-time.js";
import { hashSecret } from "../platform/passwords.js";
import type { Db } from "./client.js";
import { COUNTRIES } from "./countries.js";
import * as t from "./schema.js";

export const BASIC_UNITS = ["Piece", "Box", "Packet", "Carton", "Dozen", "Kg", "Gram", "Liter", "Meter", "Bottle", "Strip", "Tablet"];

interface AccountSeed {
  code: string;
  name: string;
  type: "asset" | "liability" | "equity" | "income" | "expense";
  key: string;
  parent?: string;
  group?: boolean;
}

/** The chart-of-accounts skeleton (DESIGN §4); documents find their accounts by `system_key`. */
export const CHART: AccountSeed[] = [
  { code: "1", name: "Assets", type: "asset", key: "assets", group: true },
  { code: "11", name: "Cash and Banks", type: "asset", key: "cash_and_banks", parent: "assets", group: true },
  { code: "1101", name: "Main Cash", type: "asset", key: "main_cash", parent: "cash_and_banks" },
  { code: "12", name: "Accounts Receivable", type: "asset", key: "receivables", parent: "assets", group: true },
  { code: "13", name: "Inventory", type: "asset", key: "inventory", parent: "assets" },
  { code: "2", name: "Liabilities", type: "liability", key: "liabilities", group: true },
  { code: "21", name: "Accounts Payable", type: "liability", key: "payables", parent: "liabilities", group: true },
  { code: "3", name: "Equity", type: "equity", key: "equity", group: true },
  { code: "31", name: "Opening Balance Equity", type: "equity", key: "opening_equity", parent: "equity" },
  { code: "4", name: "Income", type: "income", key: "income", group: true },
  { code: "41", name: "Sales", type: "income", key: "sales", parent: "income" },
  { code: "42", name: "Sales Returns", type: "income", key: "sales_returns", parent: "income" },
  { code: "43", name: "Sales Discounts", type: "income", key: "discounts", parent: "income" },
  { code: "44", name: "Other Incomes", type: "income", key: "incomes", parent: "income", group: true },
  { code: "45", name: "Exchange Differences", type: "income", key: "exchange_diff", parent: "income" },
  { code: "5", name: "Expenses", type: "expense", key: "expenses_root", group: true },
  { code: "51", name: "Cost of Goods Sold", type: "expense", key: "cogs", parent: "expenses_root" },
  { code: "52", name: "Operating Expenses", type: "expense", key: "expenses", parent: "expenses_root", group: true },
  { code: "53", name: "Stock Losses", type: "expense", key: "stock_losses", parent: "expenses_root" },
];

export interface SeedResult {
  /** The generated super-user password, when one was made (printed once by the caller). */
  generatedPassword?: string;
}

/** Idempotent first-start data: running it again changes nothing. */
export async function seed(db: Db, opts: { adminEmail?: string; adminPassword?: string; now?: Date }): Promise<SeedResult> {
  const result: SeedResult = {};
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
    if (!outlet) [outlet] = await tx.insert(t.outlets).values({ outlet_name: "Main Outlet" }).returning();
    let [inventory] = await tx.select().from(t.inventories).limit(1);
    if (!inventory)
      [inventory] = await tx.insert(t.inventories).values({ inventory_name: "Main Inventory", outlet_fk: outlet!.outlet_id }).returning();

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

    await tx
      .insert(t.systemConfig)
      .values({
        id: 1,
        currency_fk: CURRENCY_IQD,
        default_inventory_fk: inventory!.inventory_id,
        default_account_fk: ids.get("main_cash") ?? null,
      })
      .onConflictDoNothing();

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
