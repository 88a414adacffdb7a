import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { newPGlite, openDatabase } from "./client.js";
import { migrate } from "./migrate.js";

// The embedded database only: a PostgreSQL server brings its own extensions.
describe.skipIf(Boolean(process.env.DATABASE_URL))("embedded database with pg_trgm", () => {
  it("a data directory holding pg_trgm opens again, on disk and from a dump", async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), "souq-pglite-trgm-"));
    try {
      const first = await openDatabase({ dataDir: path.join(dir, "db") });
      await migrate(first);
      await first.db.execute(sql`insert into items (item_name) values ('Amoxicillin 500 mg caps')`);
      await first.close();

      const find = sql`select item_name, similarity(search_name, 'amox') > 0 as similar from items where search_name like '%cillin%'`;
      const again = await openDatabase({ dataDir: path.join(dir, "db") });
      expect((await again.db.execute(find)).rows).toEqual([{ item_name: "Amoxicillin 500 mg caps", similar: true }]);
      await again.close();

      const source = newPGlite({ dataDir: path.join(dir, "db") });
      await source.waitReady; // ask for the dump only once the database is up
      const dump = await source.dumpDataDir("none");
      await source.close();
      const loaded = await openDatabase({ pglite: newPGlite({ loadDataDir: dump }) });
      expect((await loaded.db.execute(find)).rows).toEqual([{ item_name: "Amoxicillin 500 mg caps", similar: true }]);
      await loaded.close();
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
