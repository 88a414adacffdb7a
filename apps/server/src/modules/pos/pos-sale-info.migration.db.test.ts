import { cp, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { drizzle } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import { afterAll, describe, expect, inject, it } from "vitest";
import { withDatabase } from "../../../test/db-url.js";
import { MIGRATIONS_DIR } from "../../db/migrate.js";

/**
 * Migration 0028 on rows kept before it: a return's row held its sale return's id in `sale_fk`
 * (a sale and a return could share a number), and a return deleted from the sale returns left
 * its row behind.
 */
const name = `tposinfo_${process.pid}_${Date.now()}`;
const url = withDatabase(inject("serverUrl"), name);
const admin = new pg.Client({ connectionString: inject("serverUrl") });
let folder = "";

afterAll(async () => {
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.end();
  if (folder) await rm(folder, { recursive: true, force: true });
});

describe("migration 0028_pos_sale_info_documents", () => {
  it("moves a return's id to sale_return_fk, leaves its sale_fk null and drops rows whose document is gone", async () => {
    await admin.connect();
    await admin.query(`create database ${name}`);
    // The migrations up to the one before: the journal cut after 0027.
    folder = await mkdtemp(path.join(tmpdir(), "migrations-"));
    await cp(MIGRATIONS_DIR, folder, { recursive: true });
    const journalFile = path.join(folder, "meta/_journal.json");
    const journal = JSON.parse(await readFile(journalFile, "utf8")) as { entries: { tag: string }[] };
    const cut = journal.entries.findIndex((e) => e.tag === "0028_pos_sale_info_documents");
    expect(cut).toBeGreaterThan(0);
    await writeFile(journalFile, JSON.stringify({ ...journal, entries: journal.entries.slice(0, cut) }));

    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      await migratePg(drizzle(client), { migrationsFolder: folder });
      // The cashier, a closing and the documents, without the parties and places they name (foreign keys off while they are written).
      await client.query("set session_replication_role = replica");
      await client.query("insert into users (user_id, user_name, email, password_hash) values (1, 'till', 'till@example.com', 'x')");
      await client.query("insert into closing_drawers (id, number, code, user_fk, closed_at) values (3, 'ZC-000003', '1-3', 1, now())");
      await client.query(`
        insert into sales (id, consumer_fk, date, inventory_fk, currency_id, rate, payment_type)
        values (7, 1, now(), 1, 1, 1, 'Cash'), (8, 1, now(), 1, 1, 1, 'Cash')`);
      await client.query(`
        insert into sale_returns (id, sale_fk, consumer_fk, date, inventory_fk, currency_id, rate, received_type)
        values (7, 8, 1, now(), 1, 1, 1, 'Cash')`);
      await client.query(`
        insert into pos_sale_info (sale_fk, kind, user_fk, closing_fk, total_sys) values
          (7, 'sale', 1, null, 5000), (8, 'sale', 1, 3, 3000),
          (7, 'return', 1, null, 1000),
          (9, 'return', 1, null, 500), (10, 'sale', 1, 3, 700)`);
      await client.query("set session_replication_role = origin");

      await migratePg(drizzle(client), { migrationsFolder: MIGRATIONS_DIR });
      const rows = await client.query(
        "select kind, sale_fk, sale_return_fk, closing_fk, total_sys::int as total from pos_sale_info order by kind, total_sys desc",
      );
      expect(rows.rows).toEqual([
        { kind: "return", sale_fk: null, sale_return_fk: 7, closing_fk: null, total: 1000 },
        { kind: "sale", sale_fk: 7, sale_return_fk: null, closing_fk: null, total: 5000 },
        { kind: "sale", sale_fk: 8, sale_return_fk: null, closing_fk: 3, total: 3000 },
      ]);
      const ids = await client.query<{ id: number }>("select id from pos_sale_info");
      expect(new Set(ids.rows.map((r) => r.id)).size).toBe(3);
      // The check holds from now on: a return's id where a sale's goes is refused.
      await expect(client.query("insert into pos_sale_info (sale_fk, kind, user_fk) values (8, 'return', 1)")).rejects.toMatchObject({
        code: "23514",
        constraint: "pos_sale_info_document",
      });
    } finally {
      await client.end();
    }
  });
});
