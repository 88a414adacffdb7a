import { readFile } from "node:fs/promises";
import path from "node:path";
import { gunzipSync } from "node:zlib";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/harness.js";
import { runScheduledBackup } from "./backups.module.js";

let t: TestApp;
const count = async (table: string) =>
  Number((await t.database.db.execute<{ n: number }>(sql`select count(*)::int n from ${sql.identifier(table)}`)).rows[0]!.n);

beforeAll(async () => {
  t = await createTestApp({ TIME_ZONE: "Asia/Baghdad" });
});
afterAll(() => t?.close());

describe("backups over HTTP", () => {
  it("each route asks for its backups permission", async () => {
    const none = await t.userWith(["units/index"]);
    const reader = await t.userWith(["backups/index"]);
    expect((await t.api("GET", "/api/backups", { token: none.token })).status).toBe(403);
    expect((await t.api("GET", "/api/backups", { token: reader.token })).status).toBe(200);
    expect((await t.api("POST", "/api/backups", { token: reader.token })).status).toBe(403);
    expect((await t.api("POST", "/api/backup_settings_update", { token: reader.token, body: {} })).status).toBe(403);
    expect(
      (
        await t.api("POST", "/api/backups/restore_upload", {
          token: reader.token,
          body: Buffer.from("x"),
          headers: { "content-type": "application/octet-stream" },
        })
      ).status,
    ).toBe(403);
  });

  let file: string;
  const backupAge = async () => {
    const metrics = (await t.app.inject({ method: "GET", url: "/metrics" })).body;
    return /^souq_backup_age_seconds (\S+)$/m.exec(metrics)?.[1];
  };
  it("back up now answers the verified backup, which the list shows and the browser downloads", async () => {
    expect(await backupAge()).toBe("+Inf");
    const made = await t.api("POST", "/api/backups");
    expect(made.status).toBe(201);
    expect(made.body.data).toMatchObject({ verified: true, reason: "manual", problems: [] });
    file = made.body.data.file;
    const list = await t.api("GET", "/api/backups");
    expect(list.body.data.map((b: { file: string }) => b.file)).toEqual([file]);
    expect(list.body.folder).toBe(path.join(t.app.config.dataDir, "backups"));
    const down = await t.api("GET", `/api/backups/${file}/download`);
    expect(down.status).toBe(200);
    expect(down.headers["content-disposition"]).toBe(`attachment; filename="${file}"`);
    expect(down.raw.equals(await readFile(path.join(t.app.config.dataDir, "backups", file)))).toBe(true);
    expect(gunzipSync(down.raw).subarray(0, 13).toString()).toBe("manifest.json");
    expect((await t.api("GET", "/api/backups/..%2Fpg%2Fsouq-embedded.json/download")).status).toBe(404);
    expect((await t.api("GET", "/api/backups/alert")).body).toEqual({ data: null });
    // The metrics' backup age counts from this verified backup.
    expect(Number(await backupAge())).toBeLessThan(120);
  });

  it("an uploaded file that is not a backup is refused by its content, with nothing changed", async () => {
    const users = await count("users");
    const res = await t.api("POST", "/api/backups/restore_upload", {
      body: Buffer.from("PK\u0003\u0004 a zip file named .tar.gz"),
      headers: { "content-type": "application/octet-stream" },
    });
    expect(res.status).toBe(422);
    expect(res.body.errors.file[0]).toMatch(/not a backup of this product.*Nothing was changed/);
    const cut = (await readFile(path.join(t.app.config.dataDir, "backups", file))).subarray(0, 3000);
    const res2 = await t.api("POST", "/api/backups/restore_upload", { body: cut, headers: { "content-type": "application/octet-stream" } });
    expect(res2.status).toBe(422);
    expect(res2.body.errors.file[0]).toMatch(/The backup file is damaged/);
    expect(await count("users")).toBe(users);
    // The upload is not left in the folder.
    expect((await t.api("GET", "/api/backups")).body.data).toHaveLength(1);
  });

  it("an uploaded backup is restored: a unit added after it is gone", async () => {
    const units = await count("units");
    expect((await t.api("POST", "/api/units", { body: { unit_name: "BK crate" } })).status).toBe(201);
    expect(await count("units")).toBe(units + 1);
    const body = await readFile(path.join(t.app.config.dataDir, "backups", file));
    const res = await t.api("POST", "/api/backups/restore_upload", { body, headers: { "content-type": "application/octet-stream" } });
    expect(res.status).toBe(200);
    expect(res.body.data.before).toMatchObject({ reason: "before_restore", verified: true });
    expect(await count("units")).toBe(units);
    const list = (await t.api("GET", "/api/backups")).body.data as { file: string; reason: string }[];
    expect(list.map((b) => b.reason).sort()).toEqual(["before_restore", "manual"]);
    // And the data before it can be brought back from the list.
    const back = await t.api("POST", `/api/backups/${res.body.data.before.file}/restore`);
    expect(back.status).toBe(200);
    expect(await count("units")).toBe(units + 1);
  });

  it("settings are checked and kept; the schedule backs up once a day, in one process of several", async () => {
    const bad = await t.api("POST", "/api/backup_settings_update", {
      body: { schedule_enabled: true, schedule_time: "25:00", keep_days: 0, folder: "relative/dir" },
    });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors).sort()).toEqual(["folder", "keep_days", "schedule_time"]);
    const ok = await t.api("POST", "/api/backup_settings_update", {
      body: { schedule_enabled: true, schedule_time: "02:30", keep_days: 7, folder: "" },
    });
    expect(ok.status).toBe(200);
    expect(ok.body.data).toMatchObject({
      schedule_enabled: true,
      schedule_time: "02:30",
      keep_days: 7,
      folder: null,
      time_zone: "Asia/Baghdad",
    });

    const before = (await t.api("GET", "/api/backups")).body.data.length;
    // 02:29 in Baghdad (UTC+3) is 23:29 UTC the day before: not yet.
    expect(await runScheduledBackup(t.app, new Date("2026-03-09T23:29:00Z"))).toBe(false);
    // 02:31: three processes look at once; one backs up.
    const at = new Date("2026-03-09T23:31:00Z");
    const runs = await Promise.all([runScheduledBackup(t.app, at), runScheduledBackup(t.app, at), runScheduledBackup(t.app, at)]);
    expect(runs.filter(Boolean)).toHaveLength(1);
    expect(await runScheduledBackup(t.app, new Date("2026-03-10T10:00:00Z"))).toBe(false);
    const list = (await t.api("GET", "/api/backups")).body.data as { reason: string; created_at: string }[];
    expect(list.length).toBe(before + 1);
    expect((await t.api("GET", "/api/backup_settings")).body.data.last_scheduled_on).toBe("2026-03-10");
  });
});
