import { chmod, mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase } from "./client.js";
import { EMBEDDED_MAJOR, isAlive, startEmbeddedPostgres } from "./embedded.js";
import { migrate } from "./migrate.js";

const root = await mkdtemp(path.join(os.tmpdir(), "souq-embedded-"));
// Under root the server runs as the postgres user, which must enter it.
await chmod(root, 0o755);
afterAll(() => rm(root, { recursive: true, force: true }));

async function query<R extends pg.QueryResultRow>(url: string, text: string) {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return (await c.query<R>(text)).rows;
  } finally {
    await c.end();
  }
}

describe("the embedded PostgreSQL", () => {
  it("syncs to disk and listens on nothing but its own socket or 127.0.0.1", async () => {
    const server = await startEmbeddedPostgres(path.join(root, "durable", "pg"), () => {});
    try {
      const [s] = await query<Record<string, string>>(
        server.url,
        `select current_setting('fsync') as fsync, current_setting('full_page_writes') as fpw,
           current_setting('synchronous_commit') as sync, current_setting('listen_addresses') as listen,
           current_setting('unix_socket_directories') as sockets, current_setting('data_directory') as data,
           current_setting('server_version_num') as version`,
      );
      expect(s).toMatchObject({ fsync: "on", fpw: "on", sync: "on" });
      expect(s!.version!.slice(0, 2)).toBe(EMBEDDED_MAJOR);
      expect(path.resolve(s!.data!)).toBe(server.dir);
      if (process.platform === "win32") expect(s!.listen).toBe("127.0.0.1");
      else if (s!.listen === "") expect(path.resolve(s!.sockets!)).toBe(server.dir);
      else expect(s!.listen).toBe("127.0.0.1");
    } finally {
      await server.stop();
    }
  });

  it("keeps its data, pg_trgm included, across a clean stop and start", async () => {
    const dir = path.join(root, "again", "pg");
    const first = await startEmbeddedPostgres(dir, () => {});
    expect(first.created).toBe(true);
    const db = await openDatabase({ url: first.url });
    await migrate(db);
    await db.db.execute(sql`insert into items (item_name) values ('Amoxicillin 500 mg caps')`);
    await db.close();
    await first.stop();

    const again = await startEmbeddedPostgres(dir, () => {});
    expect(again).toMatchObject({ created: false, reused: false });
    try {
      const rows = await query(
        again.url,
        "select item_name, similarity(search_name, 'amox') > 0 as similar from items where search_name like '%cillin%'",
      );
      expect(rows).toEqual([{ item_name: "Amoxicillin 500 mg caps", similar: true }]);
    } finally {
      await again.stop();
    }
  });

  it("takes over a postmaster left running on its directory, and stops it the clean way", async () => {
    const dir = path.join(root, "orphan", "pg");
    const first = await startEmbeddedPostgres(dir, () => {});
    await query(first.url, "create table kept (n int); insert into kept values (1)");
    const pid = Number((await readFile(path.join(dir, "postmaster.pid"), "utf8")).split("\n")[0]);
    // The server process died without stopping it: the next start finds the postmaster alive.
    const messages: string[] = [];
    const second = await startEmbeddedPostgres(dir, (m) => messages.push(m));
    expect(second.reused).toBe(true);
    expect(messages.join("\n")).toContain(`pid ${pid}`);
    expect(await query(second.url, "select n from kept")).toEqual([{ n: 1 }]);
    await second.stop();
    expect(await isAlive(pid)).toBe(false);
    await expect(readFile(path.join(dir, "postmaster.pid"))).rejects.toThrow();
  });

  it("refuses a directory of another PostgreSQL version, or one it did not make", async () => {
    const dir = path.join(root, "foreign", "pg");
    const made = await startEmbeddedPostgres(dir, () => {});
    await made.stop();
    await writeFile(path.join(dir, "PG_VERSION"), "15\n");
    await expect(startEmbeddedPostgres(dir, () => {})).rejects.toThrow(
      `holds a PostgreSQL 15 database; this version of the product runs PostgreSQL ${EMBEDDED_MAJOR}`,
    );
    await writeFile(path.join(dir, "PG_VERSION"), `${EMBEDDED_MAJOR}\n`);
    await rm(path.join(dir, "souq-embedded.json"));
    await expect(startEmbeddedPostgres(dir, () => {})).rejects.toThrow("holds a PostgreSQL database that this product did not create");

    const other = path.join(root, "other", "pg");
    await rm(other, { recursive: true, force: true });
    await mkdir(other, { recursive: true });
    await writeFile(path.join(other, "notes.txt"), "someone else's files\n");
    await expect(startEmbeddedPostgres(other, () => {})).rejects.toThrow("holds files but no PostgreSQL database");
    expect(await readFile(path.join(other, "notes.txt"), "utf8")).toBe("someone else's files\n");
  });
});
