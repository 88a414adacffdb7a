import pg from "pg";
import { afterAll, describe, expect, inject, it } from "vitest";
import { withDatabase } from "../../test/db-url.js";
import { copyTemplate } from "../../test/harness.js";
import { openDatabase } from "./client.js";
import { migrate } from "./migrate.js";

const name = `tmigrate_${process.pid}_${Date.now()}`;
const url = withDatabase(inject("serverUrl"), name);
const admin = new pg.Client({ connectionString: inject("serverUrl") });

afterAll(async () => {
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.end();
});

describe("migrate", () => {
  it("leaves a database holding the journal's last migration as it is without the lock, and takes the lock otherwise", async () => {
    await admin.connect();
    await copyTemplate(admin, name);
    const database = await openDatabase({ url });
    const other = new pg.Client({ connectionString: url });
    await other.connect();
    try {
      // Another process holds the migrations' lock: an up-to-date database does not wait for it.
      await other.query("select pg_advisory_lock(727274)");
      await migrate(database);
      const last = await other.query<{ id: number }>("select id from drizzle.__drizzle_migrations order by created_at desc limit 1");
      const count = async () =>
        (await other.query<{ n: number }>("select count(*)::int as n from drizzle.__drizzle_migrations")).rows[0]!.n;
      const applied = await count();

      // The last row no longer matches the journal's last file: drizzle's migrator runs, under the lock.
      await other.query("update drizzle.__drizzle_migrations set hash = 'changed' where id = $1", [last.rows[0]!.id]);
      let done = false;
      const running = migrate(database).then(() => {
        done = true;
      });
      await new Promise((r) => setTimeout(r, 300));
      expect(done).toBe(false);
      await other.query("select pg_advisory_unlock(727274)");
      await running;
      expect(await count()).toBe(applied);
    } finally {
      await other.end();
      await database.close();
    }
  });
});
