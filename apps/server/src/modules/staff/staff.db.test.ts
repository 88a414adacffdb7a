import { MSG, STAFF_MSG } from "@app/contracts";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, TEST_PASSWORD, type TestApp } from "../../../test/harness.js";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const fullUser = {
  user_name: "karim",
  user_code: "K-7",
  user_full_name: "Karim Hassan",
  email: "karim@example.com",
  user_dob: "05/06/1990",
  user_joining_date: "01/02/2023",
  outlet_fk: 1,
  gender: "Male",
  marital_status: "Married",
  blood_group: "O-",
  nationality: "Iraqi",
  status: "active",
  is_cashier: "false",
  is_salesman: "true",
  sale_man_name: "Karim S",
  sale_man_mail: "karim.sales@example.com",
  base_salary: "750000.5",
  commission_type: "gross_profit_commission",
  sale_man_commission_percentage: "2.5",
  sale_man_commission_percentage_1: "0",
  sale_man_commission_percentage_2: "50",
  sale_man_commission_percentage_3: "100",
  sale_man_quota_1: "1000",
  sale_man_quota_2: "2000",
  sale_man_quota_3: "3000.125",
  permissions: ["sales/index", "sales/store"],
  inventory_ids: [1],
  new_password: TEST_PASSWORD,
  new_password_confirmation: TEST_PASSWORD,
};

describe("staff", () => {
  let id: number;
  let roleId: number;

  it("adds a member with every SPEC §3 field", async () => {
    const role = await t.api("POST", "/api/roles", {
      body: { role_name: "Front Cashier", permissions: ["pos_sales/index", "pos_sales/store"] },
    });
    expect(role.status).toBe(201);
    roleId = role.body.data.role_id;
    const res = await t.api("POST", "/api/users", { body: { ...fullUser, user_role: roleId } });
    expect(res.status).toBe(201);
    expect(res.body.message).toBe(MSG.added);
    id = res.body.data.user_id;
    expect(res.body.data).toMatchObject({
      user_name: "karim",
      user_code: "K-7",
      user_full_name: "Karim Hassan",
      email: "karim@example.com",
      user_dob: "05/06/1990",
      user_joining_date: "01/02/2023",
      user_role: roleId,
      outlet_fk: 1,
      gender: "Male",
      marital_status: "Married",
      blood_group: "O-",
      nationality: "Iraqi",
      status: "active",
      is_cashier: false,
      is_salesman: true,
      sale_man_name: "Karim S",
      sale_man_mail: "karim.sales@example.com",
      base_salary: "750000.500",
      commission_type: "gross_profit_commission",
      sale_man_commission_percentage: "2.50",
      sale_man_commission_percentage_1: "0.00",
      sale_man_commission_percentage_2: "50.00",
      sale_man_commission_percentage_3: "100.00",
      sale_man_quota_1: "1000.000",
      sale_man_quota_3: "3000.125",
      permissions: ["sales/index", "sales/store"],
      inventory_ids: [1],
    });
    expect(res.body.data.password_hash).toBeUndefined();
    expect(res.body.data.token_version).toBeUndefined();
    const shown = await t.api("GET", `/api/users/${id}`);
    expect(shown.body.data).toEqual(res.body.data);
    // Their role's keys and their own add up.
    const token = await t.login("karim@example.com", TEST_PASSWORD);
    const me = await t.api("POST", "/api/auth/me", { token });
    expect(me.body.data.permissions).toEqual(["_sales", "pos_sales/index", "pos_sales/store", "sales/index", "sales/store"]);
  });

  it("validates dates, commissions, passwords and enums with their field names", async () => {
    const res = await t.api("POST", "/api/users", {
      body: {
        ...fullUser,
        user_name: "x1",
        email: "x1@example.com",
        sale_man_name: null,
        user_dob: "1990-06-05",
        sale_man_commission_percentage_1: "101",
        new_password: "abc",
        new_password_confirmation: "abc",
        gender: "Other",
      },
    });
    expect(res.status).toBe(422);
    expect(res.body.errors.user_dob).toEqual(["must be a date in the format DD/MM/YYYY"]);
    expect(res.body.errors.sale_man_commission_percentage_1).toEqual(["must be between 0 and 100"]);
    expect(res.body.errors.new_password).toEqual(["The new password must be at least 4 characters."]);
    expect(res.body.errors.gender).toHaveLength(1);
    const missing = await t.api("POST", "/api/users", { body: { email: "y@example.com", new_password: "abcd" } });
    expect(missing.body.errors.user_name).toEqual(["The user name field is required."]);
  });

  it('answers "has already been taken" on the field for user name, e-mail and salesman name', async () => {
    for (const [field, value, text] of [
      ["user_name", "KARIM", "The user name has already been taken."],
      ["email", "Karim@Example.com", "The email has already been taken."],
      ["sale_man_name", "karim s", "The sale man name has already been taken."],
      ["user_code", "K-7", "The user code has already been taken."],
    ] as const) {
      const res = await t.api("POST", "/api/users", {
        body: {
          ...fullUser,
          user_name: `other-${field}`,
          email: `other-${field}@example.com`,
          sale_man_name: null,
          user_code: null,
          [field]: value,
        },
      });
      expect(res.status, field).toBe(422);
      expect(res.body.message).toBe(text);
      expect(res.body.errors).toEqual({ [field]: [text] });
    }
  });

  it("updates with real PATCH and with POST _method=PATCH, and sets each status", async () => {
    const patch = await t.api("PATCH", `/api/users/${id}`, {
      body: { user_name: "karim", email: "karim@example.com", user_joining_date: "31/12/2024", status: "inactive" },
    });
    expect(patch.status).toBe(200);
    expect(patch.body.message).toBe(MSG.updated);
    expect(patch.body.data).toMatchObject({ user_joining_date: "31/12/2024", status: "inactive", user_dob: "05/06/1990" });
    const form = await t.api("POST", `/api/users/${id}`, {
      body: { _method: "PATCH", user_name: "karim2", email: "karim@example.com", status: "blocked", user_role: null },
    });
    expect(form.status).toBe(200);
    expect(form.body.data).toMatchObject({ user_name: "karim2", status: "blocked", user_role: null });
    const back = await t.api("PATCH", `/api/users/${id}`, { body: { user_name: "karim2", email: "karim@example.com", status: "active" } });
    expect(back.body.data.status).toBe("active");
    const bad = await t.api("PATCH", `/api/users/${id}`, { body: { user_name: "karim2", email: "karim@example.com", status: "gone" } });
    expect(bad.status).toBe(422);
    const noMethod = await t.api("POST", `/api/users/${id}`, { body: { user_name: "karim3", email: "karim@example.com" } });
    expect(noMethod.status).toBe(405);
  });

  it("drops a salesman's commission terms when he is no longer a salesman", async () => {
    const made = await t.api("POST", "/api/users", {
      body: { ...fullUser, user_name: "samir", user_code: "S-1", email: "samir@example.com", sale_man_name: "Samir S", sale_man_mail: "" },
    });
    expect(made.status).toBe(201);
    const sid = made.body.data.user_id;
    const off = await t.api("PATCH", `/api/users/${sid}`, {
      body: { user_name: "samir", email: "samir@example.com", is_salesman: false },
    });
    expect(off.status).toBe(200);
    expect(off.body.data).toMatchObject({
      is_salesman: false,
      commission_type: null,
      sale_man_commission_percentage: null,
      sale_man_commission_percentage_1: null,
      sale_man_commission_percentage_2: null,
      sale_man_commission_percentage_3: null,
      sale_man_quota_1: null,
      sale_man_quota_2: null,
      sale_man_quota_3: null,
    });
    // Made a salesman again, he starts with the terms he is given, none left over.
    const on = await t.api("PATCH", `/api/users/${sid}`, {
      body: { user_name: "samir", email: "samir@example.com", is_salesman: true, commission_type: "revenue_commission" },
    });
    expect(on.body.data).toMatchObject({ is_salesman: true, commission_type: "revenue_commission", sale_man_commission_percentage: null });
    expect((await t.api("DELETE", `/api/users/${sid}`)).status).toBe(200);
  });

  it("answers 404 for unknown ids and SPEC's text for ids that are not integers > 0", async () => {
    for (const [method, body] of [
      ["GET", undefined],
      ["PATCH", { user_name: "a", email: "a@example.com" }],
      ["DELETE", undefined],
    ] as const) {
      const res = await t.api(method, "/api/users/999999", { body });
      expect(res.status, method).toBe(404);
      expect(res.body.message).toBe(MSG.notFound);
      for (const bad of ["0", "-1", "abc", "1.5", "99999999999"]) {
        const r = await t.api(method, `/api/users/${bad}`, { body });
        expect(r.status).toBe(422);
        expect(r.body.message).toBe(MSG.idInvalid);
        expect(r.body.errors).toEqual({ id: [MSG.idInvalid] });
      }
    }
  });

  it("lists active staff, accountants and exports users_index", async () => {
    const listRes = await t.api("GET", "/api/users/list");
    expect(listRes.body.message.map((u: { user_name: string }) => u.user_name)).toEqual(["admin", "karim2"]);
    const acc = await t.api("GET", "/api/users/accountant");
    expect(acc.body.message).toContainEqual({ user_id: id, user_name: "karim2" });
    const idx = await t.api("GET", "/api/users_index?search=karim");
    expect(idx.body.data.data.map((u: { user_id: number }) => u.user_id)).toEqual([id]);
    const exp = await t.api("GET", "/api/users_index/export?search=karim&headers=user_name");
    expect(exp.status).toBe(200);
    expect(exp.raw.subarray(0, 2).toString()).toBe("PK");
  });

  it("keeps the super user: no deletion, no deactivation, nobody else edits them", async () => {
    const del = await t.api("DELETE", "/api/users/1");
    expect(del.status).toBe(403);
    const off = await t.api("PATCH", "/api/users/1", { body: { user_name: "admin", email: "admin@example.com", status: "blocked" } });
    expect(off.status).toBe(403);
    const editor = await t.userWith(["users/update", "users/index"]);
    const takeover = await t.api("PATCH", "/api/users/1", {
      token: editor.token,
      body: { user_name: "admin", email: "mine@example.com", new_password: TEST_PASSWORD, new_password_confirmation: TEST_PASSWORD },
    });
    expect(takeover.status).toBe(403);
    const grant = await t.api("PATCH", `/api/users/${editor.user_id}`, {
      token: editor.token,
      body: { user_name: "x", email: editor.email, permissions: ["users/update", "roles/destroy"] },
    });
    expect(grant.status).toBe(403);
    const viaRole = await t.api("PATCH", `/api/users/${editor.user_id}`, {
      token: editor.token,
      body: { user_name: "x", email: editor.email, user_role: roleId },
    });
    expect(viaRole.status).toBe(403);
    expect((await t.api("GET", "/api/users/1")).body.data.email).toBe("admin@example.com");
  });

  it("deletes", async () => {
    const res = await t.api("DELETE", `/api/users/${id}`);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(MSG.deleted);
    expect((await t.api("GET", `/api/users/${id}`)).status).toBe(404);
  });
});

describe("roles", () => {
  it('needs a permission: "Permission is required"', async () => {
    const res = await t.api("POST", "/api/roles", { body: { role_name: "Empty", permissions: [] } });
    expect(res.status).toBe(422);
    expect(res.body.message).toBe(MSG.permissionRequired);
    expect(res.body.errors.permissions).toEqual([MSG.permissionRequired]);
    const none = await t.api("POST", "/api/roles", { body: { role_name: "Empty" } });
    expect(none.body.errors.permissions).toEqual([MSG.permissionRequired]);
    const unknown = await t.api("POST", "/api/roles", { body: { role_name: "Odd", permissions: ["users/fly"] } });
    expect(unknown.status).toBe(422);
  });

  it("adds, updates, lists, refuses a taken name and deletes", async () => {
    const add = await t.api("POST", "/api/roles", {
      body: { role_name: "Shift Manager", permissions: ["users/index", "users/index", "roles/index"] },
    });
    expect(add.status).toBe(201);
    expect(add.body.data.permissions).toEqual(["roles/index", "users/index"]);
    const rid = add.body.data.role_id;
    const taken = await t.api("POST", "/api/roles", { body: { role_name: "shift manager", permissions: ["users/index"] } });
    expect(taken.status).toBe(422);
    expect(taken.body.errors).toEqual({ role_name: ["The role name has already been taken."] });
    const upd = await t.api("POST", `/api/roles/${rid}`, {
      body: { _method: "PATCH", role_name: "Job Title", permissions: ["units/index"] },
    });
    expect(upd.body).toMatchObject({ message: MSG.updated, data: { role_name: "Job Title", permissions: ["units/index"] } });
    const l = await t.api("GET", "/api/roles/list");
    expect(l.body.message).toContainEqual({ role_id: rid, role_name: "Job Title", permissions: ["units/index"] });
    const idx = await t.api("GET", "/api/roles?search=job");
    expect(idx.body.data.data).toMatchObject([{ role_id: rid, role_name: "Job Title", permissions_count: 1, users_count: 0 }]);
    const del = await t.api("DELETE", `/api/roles/${rid}`);
    expect(del.body.message).toBe(MSG.deleted);
    expect((await t.api("DELETE", `/api/roles/${rid}`)).status).toBe(404);
  });
});

describe("PINs", () => {
  it("need at least 4 characters and no repeat or run of digits, never show the PIN, refuse a taken name", async () => {
    const short = await t.api("POST", "/api/user_pins", { body: { name: "Till 1", pin: "123" } });
    expect(short.status).toBe(422);
    expect(short.body.errors.pin).toEqual(["The pin must be at least 4 characters."]);
    for (const simple of ["0000", "1234", "4321"]) {
      const refused = await t.api("POST", "/api/user_pins", { body: { name: "Till 1", pin: simple } });
      expect(refused.status, simple).toBe(422);
      expect(refused.body.errors.pin).toEqual([MSG.pinTooSimple]);
    }
    const add = await t.api("POST", "/api/user_pins", { body: { name: "Till 1", pin: "2580" } });
    expect(add.status).toBe(201);
    expect(add.body.data).toMatchObject({ name: "Till 1", pin: "****" });
    const taken = await t.api("POST", "/api/user_pins", { body: { name: "till 1", pin: "7391" } });
    expect(taken.status).toBe(422);
    expect(taken.body.errors).toEqual({ name: ["The name has already been taken."] });
    const upd = await t.api("PATCH", `/api/user_pins/${add.body.data.id}`, { body: { name: "Till One", pin: "4862" } });
    expect(upd.body.data.name).toBe("Till One");
    const l = await t.api("GET", "/api/user_pins/list");
    expect(l.body.message).toEqual([{ id: add.body.data.id, name: "Till One" }]);
    const idx = await t.api("GET", "/api/user_pins");
    expect(JSON.stringify(idx.body)).not.toContain("4862");
    expect(JSON.stringify(idx.body)).not.toContain("argon2");
    expect((await t.api("DELETE", `/api/user_pins/${add.body.data.id}`)).body.message).toBe(MSG.deleted);
  });
});

describe("a user's inventories and outlet", () => {
  const person = (n: string, extra: Record<string, unknown> = {}) => ({
    user_name: `places ${n}`,
    email: `places.${n}@example.com`,
    new_password: TEST_PASSWORD,
    new_password_confirmation: TEST_PASSWORD,
    ...extra,
  });
  const inventory = async (name: string) =>
    (await t.api("POST", "/api/inventories", { body: { inventory_name: name, outlet_fk: 1 } })).body.data.inventory_id as number;
  const saved = async (email: string) =>
    (await t.app.db.execute<{ user_id: number }>(sql`select user_id from users where lower(email) = lower(${email})`)).rows;

  it("refuses an inventory or outlet that does not exist, and saves nothing", async () => {
    const badInventory = await t.api("POST", "/api/users", { body: person("a", { inventory_ids: [1, 99999] }) });
    expect(badInventory.status).toBe(422);
    expect(badInventory.body.errors).toEqual({ inventory_ids: [STAFF_MSG.inventoryInvalid] });
    const badOutlet = await t.api("POST", "/api/users", { body: person("a", { outlet_fk: 99999, inventory_ids: [1] }) });
    expect(badOutlet.status).toBe(422);
    expect(badOutlet.body.errors).toEqual({ outlet_fk: [STAFF_MSG.outletInvalid] });
    expect(await saved("places.a@example.com")).toEqual([]);
    const notNumber = await t.api("POST", "/api/users", { body: person("a", { inventory_ids: ["x"] }) });
    expect(notNumber.status).toBe(422);
    expect(await saved("places.a@example.com")).toEqual([]);
  });

  it("gives only the inventories the giver uses, and lets the user keep those they had", async () => {
    const shop = await inventory("Places Shop");
    const store = await inventory("Places Store");
    const manager = await t.userWith(["users/index", "users/show", "users/store", "users/update"], { inventory_ids: [shop] });
    const refused = await t.api("POST", "/api/users", { token: manager.token, body: person("b", { inventory_ids: [shop, store] }) });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(STAFF_MSG.inventoryNotYours);
    expect(await saved("places.b@example.com")).toEqual([]);
    const made = await t.api("POST", "/api/users", { token: manager.token, body: person("b", { inventory_ids: [shop] }) });
    expect(made.status).toBe(201);
    expect(made.body.data.inventory_ids).toEqual([shop]);
    // The super user gives the store as well; the manager's edit keeps it, but cannot add it anew elsewhere.
    const id = made.body.data.user_id as number;
    await t.api("PATCH", `/api/users/${id}`, { body: { ...person("b"), new_password: "", inventory_ids: [shop, store] } });
    const kept = await t.api("PATCH", `/api/users/${id}`, {
      token: manager.token,
      body: { ...person("b"), new_password: "", user_full_name: "Kept", inventory_ids: [store, shop] },
    });
    expect(kept.status).toBe(200);
    expect([...kept.body.data.inventory_ids].sort()).toEqual([shop, store].sort());
    const other = (await t.api("POST", "/api/users", { body: person("c") })).body.data.user_id as number;
    const added = await t.api("PATCH", `/api/users/${other}`, {
      token: manager.token,
      body: { ...person("c"), new_password: "", inventory_ids: [store] },
    });
    expect(added.status).toBe(403);
    expect((await t.api("GET", `/api/users/${other}`)).body.data.inventory_ids).toEqual([]);
  });

  it("moves a member to other places, gives a role, a status or permissions only with that action", async () => {
    const shop = await inventory("Guarded Shop");
    const outlet2 = (await t.api("POST", "/api/outlets_store", { body: { outlet_name: "Guarded Outlet" } })).body.data.outlet_id as number;
    const role = (await t.api("POST", "/api/roles", { body: { role_name: "Guarded Role", permissions: ["sales/index"] } })).body.data
      .role_id as number;
    const base = ["users/index", "users/show", "users/store", "users/update", "sales/index"];
    const editor = await t.userWith(base, { inventory_ids: [1, shop] });
    const made = await t.api("POST", "/api/users", { body: person("h", { outlet_fk: 1, inventory_ids: [1] }) });
    const id = made.body.data.user_id as number;
    const before = (await t.api("GET", `/api/users/${id}`)).body.data;
    const body = (extra: Record<string, unknown>) => ({ ...person("h"), new_password: "", outlet_fk: 1, inventory_ids: [1], ...extra });
    const changes: [Record<string, unknown>, string][] = [
      [{ outlet_fk: outlet2 }, "users/change_outlets"],
      [{ inventory_ids: [1, shop] }, "users/change_outlets"],
      [{ user_role: role }, "users/set_roles"],
      [{ status: "blocked" }, "users/set_user_status"],
      [{ permissions: ["sales/index"] }, "users/assign_permissions"],
    ];
    for (const [change] of changes) {
      const refused = await t.api("PATCH", `/api/users/${id}`, {
        token: editor.token,
        body: body({ user_full_name: "Not Saved", ...change }),
      });
      expect(refused.status, JSON.stringify(change)).toBe(403);
      expect(refused.body.message).toBe(MSG.forbidden);
      expect((await t.api("GET", `/api/users/${id}`)).body.data).toEqual(before);
    }
    // What is sent unchanged asks for nothing: the editor renames.
    const renamed = await t.api("PATCH", `/api/users/${id}`, { token: editor.token, body: body({ user_full_name: "Renamed" }) });
    expect(renamed.status).toBe(200);
    expect(renamed.body.data).toMatchObject({ user_full_name: "Renamed", outlet_fk: 1, inventory_ids: [1] });
    // Permissions of one's own given with a new member need the assigning action too.
    const withOwn = await t.api("POST", "/api/users", { token: editor.token, body: person("i", { permissions: ["sales/index"] }) });
    expect(withOwn.status).toBe(403);
    expect(await saved("places.i@example.com")).toEqual([]);
    // With each action, each change goes through.
    const manager = await t.userWith([...base, ...new Set(changes.map(([, key]) => key))], { inventory_ids: [1, shop] });
    for (const [change] of changes) {
      const done = await t.api("PATCH", `/api/users/${id}`, { token: manager.token, body: body(change) });
      expect(done.status, JSON.stringify(change)).toBe(200);
      expect(done.body.data).toMatchObject(change);
    }
  });

  it("a new cashier sells from the system's default inventory at the main outlet unless told otherwise, and opens the till", async () => {
    const fallback = await inventory("Places Default");
    const elsewhere = await inventory("Places Elsewhere");
    await t.app.db.execute(sql`update system_config set default_inventory_fk = ${fallback} where id = 1`);
    try {
      const role = await t.api("POST", "/api/roles", {
        body: { role_name: "Places Till", permissions: ["pos_sales/index", "pos_sales/store"] },
      });
      // The role sells at the till: its holder is a cashier, at the default inventory and the first outlet.
      const made = await t.api("POST", "/api/users", { body: person("d", { user_role: role.body.data.role_id }) });
      expect(made.status).toBe(201);
      expect(made.body.data).toMatchObject({ is_cashier: true, outlet_fk: 1, inventory_ids: [fallback] });
      const chosen = await t.api("POST", "/api/users", { body: person("e", { is_cashier: true, inventory_ids: [elsewhere] }) });
      expect(chosen.body.data).toMatchObject({ is_cashier: true, outlet_fk: 1, inventory_ids: [elsewhere] });
      const none = await t.api("POST", "/api/users", { body: person("f", { is_cashier: true, inventory_ids: [] }) });
      expect(none.status).toBe(422);
      expect(none.body.errors).toEqual({ inventory_ids: [STAFF_MSG.cashierNeedsInventory] });
      expect(await saved("places.f@example.com")).toEqual([]);
      // Told on purpose they are no cashier, they are not one.
      const clerk = await t.api("POST", "/api/users", { body: person("g", { user_role: role.body.data.role_id, is_cashier: false }) });
      expect(clerk.body.data).toMatchObject({ is_cashier: false, inventory_ids: [] });
      // Made a cashier later, they get the same places.
      const later = await t.api("PATCH", `/api/users/${clerk.body.data.user_id}`, {
        body: { ...person("g"), new_password: "", is_cashier: true },
      });
      expect(later.body.data).toMatchObject({ is_cashier: true, outlet_fk: 1, inventory_ids: [fallback] });

      const id = made.body.data.user_id as number;
      expect((await t.api("POST", "/api/user_pins", { body: { name: "Places PIN", pin: "7391", user_id: id } })).status).toBe(201);
      const signIn = await t.api("POST", "/api/auth/cashier_login", { token: null, body: { outlet_id: 1, user_id: id, pin: "7391" } });
      expect(signIn.status).toBe(200);
      const session = await t.api("GET", "/api/pos/session", { token: signIn.body.access_token });
      expect(session.status).toBe(200);
      expect(session.body.data.inventory).toEqual({ inventory_id: fallback, inventory_name: "Places Default" });
      expect(session.body.data.drawer.cash.map((c: { currency_id: number }) => c.currency_id)).toEqual([1, 2]);
    } finally {
      await t.app.db.execute(sql`update system_config set default_inventory_fk = 1 where id = 1`);
    }
  });
});
