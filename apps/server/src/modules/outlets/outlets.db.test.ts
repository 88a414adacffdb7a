import { MSG } from "@app/contracts";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, TEST_PASSWORD, type TestApp } from "../../../test/harness.js";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe("outlets", () => {
  let id: number;

  it("stores, shows, lists and refuses a taken name", async () => {
    const add = await t.api("POST", "/api/outlets_store", {
      body: { outlet_name: "Erbil Branch", outlet_email: "erbil@example.com", outlet_phone: "0750", outlet_address: "100m street" },
    });
    expect(add.status).toBe(201);
    expect(add.body.message).toBe(MSG.added);
    id = add.body.data.outlet_id;
    const show = await t.api("GET", `/api/outlets_show/${id}`);
    expect(show.body.data).toMatchObject({ outlet_id: id, outlet_name: "Erbil Branch", outlet_email: "erbil@example.com" });
    const taken = await t.api("POST", "/api/outlets_store", { body: { outlet_name: "erbil branch" } });
    expect(taken.status).toBe(422);
    expect(taken.body.errors).toEqual({ outlet_name: ["The outlet name has already been taken."] });
    const list = await t.api("GET", "/api/outlets_list");
    expect(list.body.message).toEqual([
      { outlet_id: id, outlet_name: "Erbil Branch" },
      { outlet_id: 1, outlet_name: "Main Outlet" },
    ]);
    const idx = await t.api("GET", "/api/outlets_index?search=erbil");
    expect(idx.body.data).toMatchObject({ total: 1, model: "outlets", data: [{ outlet_id: id, users_count: 0 }] });
    const bad = await t.api("POST", "/api/outlets_store", { body: { outlet_name: "", outlet_email: "nope" } });
    expect(bad.body.errors).toEqual({
      outlet_name: ["The outlet name field is required."],
      outlet_email: ["The outlet email must be a valid email address."],
    });
  });

  it("updates by POST and by PATCH", async () => {
    const post = await t.api("POST", `/api/outlets_update/${id}`, { body: { _method: "PATCH", outlet_name: "Erbil" } });
    expect(post.body).toMatchObject({ message: MSG.updated, data: { outlet_name: "Erbil", outlet_email: null } });
    const patch = await t.api("PATCH", `/api/outlets_update/${id}`, { body: { outlet_name: "Erbil 2" } });
    expect(patch.body.data.outlet_name).toBe("Erbil 2");
  });

  it("answers 404 and SPEC's id text", async () => {
    expect((await t.api("GET", "/api/outlets_show/424242")).status).toBe(404);
    expect((await t.api("PATCH", "/api/outlets_update/424242", { body: { outlet_name: "x" } })).status).toBe(404);
    expect((await t.api("DELETE", "/api/outlets_destroy/424242")).status).toBe(404);
    for (const bad of ["0", "-1", "abc", "1.5", "99999999999"]) {
      const res = await t.api("GET", `/api/outlets_show/${bad}`);
      expect(res.status).toBe(422);
      expect(res.body.message).toBe(MSG.idInvalid);
    }
  });

  it("refuses to delete an outlet in use, deletes a free one", async () => {
    const inUse = await t.api("POST", "/api/outlets_destroy/1");
    expect(inUse.status).toBe(422);
    expect(inUse.body).toEqual({
      message: "This record is in use by other records and cannot be changed or deleted.",
      errors: { id: ["is in use by other records"] },
    });
    const res = await t.api("DELETE", `/api/outlets_destroy/${id}`);
    expect(res.body.message).toBe(MSG.deleted);
    expect((await t.api("GET", `/api/outlets_show/${id}`)).status).toBe(404);
    const last = await t.api("DELETE", "/api/outlets_destroy/1");
    expect(last.status).toBe(422);
  });

  it("names a reference to a missing record on its field", async () => {
    const res = await t.api("POST", "/api/users", {
      body: {
        user_name: "ghost",
        email: "ghost@example.com",
        new_password: TEST_PASSWORD,
        new_password_confirmation: TEST_PASSWORD,
        outlet_fk: 777,
      },
    });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({ outlet_fk: ["The selected outlet fk is invalid."] });
  });

  it('answers "Database Error [code]" without SQL for other database errors', async () => {
    await t.database.db.execute(sql`alter table outlets add constraint outlets_forced_check check (outlet_name <> 'Forced Failure')`);
    const check = await t.api("POST", "/api/outlets_store", { body: { outlet_name: "Forced Failure" } });
    expect(check.status).toBe(422);
    expect(check.body).toEqual({ message: "Database Error [23514]" });
    await t.database.db.execute(sql`alter table outlets rename column outlet_phone to outlet_phone_gone`);
    const broken = await t.api("GET", "/api/outlets_index");
    expect(broken.status).toBe(500);
    expect(broken.body).toEqual({ message: "Database Error [42703]" });
    await t.database.db.execute(sql`alter table outlets rename column outlet_phone_gone to outlet_phone`);
    expect((await t.api("GET", "/api/outlets_index")).status).toBe(200);
  });
});
