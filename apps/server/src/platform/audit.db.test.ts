import { MSG } from "@app/contracts";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, TEST_PASSWORD, type TestApp } from "../../test/harness.js";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

interface Row {
  user_id: number | null;
  module: string;
  action: string;
  record_id: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  ip: string | null;
  created_at: Date;
}
const rows = async (module: string, recordId: number) =>
  (
    await t.database.db.execute<Row & Record<string, unknown>>(
      sql`select user_id, module, action, record_id, before, after, host(ip) as ip, created_at from audit_logs
          where module = ${module} and record_id = ${String(recordId)} order by id`,
    )
  ).rows;

describe("audit log", () => {
  it("records who, when, where, before and after of every create, update and delete, without secrets", async () => {
    const started = Date.now() - 1000;
    const add = await t.api("POST", "/api/users", {
      body: { user_name: "audited", email: "audited@example.com", new_password: TEST_PASSWORD, new_password_confirmation: TEST_PASSWORD },
    });
    const id = add.body.data.user_id as number;
    await t.api("PATCH", `/api/users/${id}`, {
      body: {
        user_name: "audited2",
        email: "audited@example.com",
        new_password: "cedar-harbour-lantern-19",
        new_password_confirmation: "cedar-harbour-lantern-19",
      },
    });
    await t.api("DELETE", `/api/users/${id}`);
    const log = await rows("users", id);
    expect(log.map((r) => r.action)).toEqual(["create", "update", "delete"]);
    for (const r of log) {
      expect(r.user_id).toBe(1);
      expect(r.ip).toBe("127.0.0.1");
      expect(new Date(r.created_at).getTime()).toBeGreaterThan(started);
      const text = JSON.stringify(r);
      expect(text).not.toContain("secret-");
      expect(text).not.toContain("argon2");
    }
    expect(log[0]!.before).toBeNull();
    expect(log[0]!.after).toMatchObject({ user_id: id, user_name: "audited" });
    expect(log[1]!.before).toMatchObject({ user_name: "audited" });
    expect(log[1]!.after).toMatchObject({ user_name: "audited2" });
    expect(log[2]!.before).toMatchObject({ user_name: "audited2" });
    expect(log[2]!.after).toBeNull();

    const pin = await t.api("POST", "/api/user_pins", { body: { name: "audit pin", pin: "8642" } });
    const pinLog = await rows("user_pins", pin.body.data.id);
    expect(pinLog[0]!.after).toMatchObject({ name: "audit pin", pin: "***" });
    const outlet = await t.api("POST", "/api/outlets_store", { body: { outlet_name: "Audit Outlet" } });
    expect((await rows("outlets", outlet.body.data.outlet_id))[0]).toMatchObject({ action: "create", user_id: 1 });
    const role = await t.api("POST", "/api/roles", { body: { role_name: "Audit Role", permissions: ["units/index"] } });
    expect((await rows("roles", role.body.data.role_id))[0]).toMatchObject({ action: "create", after: { role_name: "Audit Role" } });
  });

  it("writes nothing when the change fails", async () => {
    const before = await t.database.db.execute<{ n: number }>(sql`select count(*)::int as n from audit_logs where module = 'users'`);
    const res = await t.api("POST", "/api/users", {
      body: { user_name: "admin", email: "dup@example.com", new_password: TEST_PASSWORD, new_password_confirmation: TEST_PASSWORD },
    });
    expect(res.status).toBe(422);
    const after = await t.database.db.execute<{ n: number }>(sql`select count(*)::int as n from audit_logs where module = 'users'`);
    expect(after.rows[0]!.n).toBe(before.rows[0]!.n);
  });

  it("is readable through model_loges only with model_loges/{module}_log, and only those modules", async () => {
    const none = await t.userWith(["users/index"]);
    const denied = await t.api("GET", "/api/model_loges", { token: none.token });
    expect(denied.status).toBe(403);
    expect(denied.body.message).toBe(MSG.forbidden);
    const reader = await t.userWith(["model_loges/outlets_log", "model_loges/roles_log"]);
    const res = await t.api("GET", "/api/model_loges?is_paginated=0", { token: reader.token });
    expect(res.status).toBe(200);
    const modules = new Set(res.body.data.data.map((r: { module: string }) => r.module));
    expect([...modules].sort()).toEqual(["outlets", "roles"]);
    const asked = await t.api("GET", "/api/model_loges?filter[module]=users", { token: reader.token });
    expect(asked.body.data.total).toBe(0);
    const admin = await t.api("GET", "/api/model_loges?filter[module]=users&sortColumn=id&sortDir=asc");
    expect(admin.body.data.data.map((r: { action: string }) => r.action).slice(0, 3)).toEqual(["create", "update", "delete"]);
    expect(admin.body.data.data[0]).toMatchObject({ module: "users", user_name: "admin", ip: "127.0.0.1" });
  });
});
