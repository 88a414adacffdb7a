import { existsSync } from "node:fs";
import { chmod, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/pglite";
import { migrate as migratePGlite } from "drizzle-orm/pglite/migrator";
import type { FastifyInstance } from "fastify";
import { afterAll, describe, expect, it } from "vitest";
import { ADMIN_EMAIL, ADMIN_PASSWORD } from "../../test/db-url.js";
import { buildApp } from "../app.js";
import { loadConfig } from "../config.js";
import type { Database, Db } from "./client.js";
import { MIGRATIONS_DIR, migrate } from "./migrate.js";
import { openConfiguredDatabase } from "./open.js";
import * as schema from "./schema.js";
import { seed } from "./seed.js";

const root = await mkdtemp(path.join(os.tmpdir(), "souq-pglite-import-"));
// Under root the embedded server runs as the postgres user, which must enter it.
await chmod(root, 0o755);
afterAll(() => rm(root, { recursive: true, force: true }));

const today = new Date().toISOString().slice(0, 10);
const TABLES = [
  "items",
  "item_units",
  "item_barcodes",
  "users",
  "journal_entries",
  "journal_lines",
  "account_balances",
  "incomes",
  "expenses",
];

/** Table names come from the list above, never from input. */
const count = (table: string) => sql.raw(`select count(*)::int as n from ${table}`);

async function session(app: FastifyInstance) {
  const login = await app.inject({ method: "POST", url: "/api/auth/login", payload: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD } });
  const token = login.json().access_token as string;
  return async (method: "GET" | "POST", url: string, body?: unknown) => {
    const res = await app.inject({ method, url, headers: { authorization: `Bearer ${token}` }, payload: body as object });
    if (res.statusCode >= 300) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
    return res.json();
  };
}

async function snapshot(database: Database, app: FastifyInstance) {
  const api = await session(app);
  const counts: Record<string, number> = {};
  for (const t of TABLES) {
    const r = await database.db.execute<{ n: number }>(count(t));
    counts[t] = Number(r.rows[0]!.n);
  }
  const tb = (await api("GET", "/api/financial_reports/trial_balance?per_page=1000&filter[date_filter]=THIS_YEAR")).data;
  const search = (await api("GET", `/api/items/list?search=${encodeURIComponent("كرسي")}`)).data ?? null;
  return { counts, trial: { rows: tb.data, footer: tb.footer }, search };
}

describe("a data directory of an earlier version (PGlite)", () => {
  it("is copied whole into the embedded PostgreSQL once, and its files are kept aside", async () => {
    const dataDir = path.join(root, "data");
    await mkdir(path.join(dataDir, "images"), { recursive: true });
    await writeFile(path.join(dataDir, "images", "logo.png"), "png");
    const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: "silent", JWT_SECRET: "import-secret-import-secret-import" });

    // The earlier version: PGlite in DATA_DIR itself, with pg_trgm, migrated and seeded.
    const lite = new PGlite({ dataDir, extensions: { pg_trgm } });
    const liteDb = drizzle(lite, { schema });
    await migratePGlite(liteDb, { migrationsFolder: MIGRATIONS_DIR });
    const liteDatabase: Database = {
      db: liteDb as unknown as Db,
      kind: "embedded",
      notices: () => ({ generation: 0, live: false, subscribe: () => () => {}, close: async () => {} }),
      close: () => lite.close(),
    };
    await seed(liteDatabase.db, { adminEmail: ADMIN_EMAIL, adminPassword: ADMIN_PASSWORD });
    const old = await buildApp({ database: liteDatabase, config });
    const api = await session(old.app);
    const units = (await api("GET", "/api/units/list")).message as { unit_id: number; unit_name: string }[];
    const piece = units.find((u) => u.unit_name === "Piece")!.unit_id;
    for (const name of ["Paracetamol 500", "كرسي بلاستيك", "Amoxicillin 250"]) {
      await api("POST", "/api/items", { item_name: name, item_units: [{ unit_fk: piece, quantity: "1", price: "250", is_base: true }] });
    }
    for (const n of [1, 2]) {
      await api("POST", "/api/users", {
        user_name: `cashier${n}`,
        email: `cashier${n}@example.com`,
        new_password: "amber-falcon-river-72",
        new_password_confirmation: "amber-falcon-river-72",
        permissions: [],
      });
    }
    const cash = (await api("POST", "/api/cashes", { account_name: "Safe IQD", cash_type: 1, currency_id: 1 })).data.account_id;
    const incomeType = (await api("POST", "/api/income_types", { type_name: "Commission" })).data.type_id;
    const expenseType = (await api("POST", "/api/expense_types", { type_name: "Rent" })).data.type_id;
    for (const amount of ["150000", "275000.5"]) {
      await api("POST", "/api/incomes", {
        type_id: incomeType,
        account_id: cash,
        currency_id: 1,
        amount,
        date: today,
        payment_time: "09:30",
      });
    }
    await api("POST", "/api/expenses", {
      type_id: expenseType,
      account_id: cash,
      currency_id: 1,
      amount: "42000",
      date: today,
      payment_time: "11:00",
    });
    const before = await snapshot(liteDatabase, old.app);
    await old.app.close();
    await lite.close();
    expect(before.counts.items).toBeGreaterThanOrEqual(3);
    expect(before.counts.journal_lines).toBeGreaterThan(0);

    const messages: string[] = [];
    const opened = await openConfiguredDatabase(config, (m) => messages.push(m));
    try {
      expect(opened.embedded?.dir).toBe(path.join(dataDir, "pg"));
      await migrate(opened.database);
      const now = await buildApp({ database: opened.database, config });
      const after = await snapshot(opened.database, now.app);
      await now.app.close();
      expect(after).toEqual(before);
      expect(Number(after.trial.footer.debit)).toBeGreaterThan(0);
      expect(after.trial.footer.debit).toBe(after.trial.footer.credit);
    } finally {
      await opened.database.close();
      await opened.embedded?.stop();
    }

    // The PGlite files are kept, moved aside; the images stay where they were.
    const kept = (await readdir(dataDir)).filter((n) => n.startsWith("pglite-"));
    expect(kept).toHaveLength(1);
    expect(existsSync(path.join(dataDir, kept[0]!, "PG_VERSION"))).toBe(true);
    expect(existsSync(path.join(dataDir, "PG_VERSION"))).toBe(false);
    expect(existsSync(path.join(dataDir, "base"))).toBe(false);
    expect(await readFile(path.join(dataDir, "images", "logo.png"), "utf8")).toBe("png");
    expect(messages.join("\n")).toContain(`its files are kept in ${path.join(dataDir, kept[0]!)}`);

    // Once only: the next start opens the PostgreSQL copy and copies nothing.
    const again = await openConfiguredDatabase(config, (m) => messages.push(m));
    try {
      expect(again.embedded?.created).toBe(false);
      const r = await again.database.db.execute<{ n: number }>(count("items"));
      expect(Number(r.rows[0]!.n)).toBe(before.counts.items);
    } finally {
      await again.database.close();
      await again.embedded?.stop();
    }
    expect((await readdir(dataDir)).filter((n) => n.startsWith("pglite-"))).toHaveLength(1);
  }, 600_000);
});
