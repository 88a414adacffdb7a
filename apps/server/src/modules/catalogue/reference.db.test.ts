import { COUNTRIES_COUNT, MSG, STARTER_CITIES } from "@app/contracts";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, TEST_PASSWORD, type TestApp } from "../../../test/harness.js";
import { assertInventoryAccess } from "./inventories.js";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe("units, cities and brands", () => {
  it("units: CRUD, list, dropdown and unique names", async () => {
    const add = await t.api("POST", "/api/units", { body: { unit_name: "Sachet" } });
    expect(add.status).toBe(201);
    expect(add.body.message).toBe(MSG.added);
    const id = add.body.data.unit_id;
    const dup = await t.api("POST", "/api/units", { body: { unit_name: "sachet" } });
    expect(dup.status).toBe(422);
    expect(dup.body.errors.unit_name).toEqual(["The unit name has already been taken."]);
    const upd = await t.api("POST", `/api/units/${id}`, { body: { _method: "PATCH", unit_name: "Sachets" } });
    expect(upd.body).toMatchObject({ message: MSG.updated, data: { unit_name: "Sachets" } });
    const list = await t.api("GET", "/api/units?search=sachet");
    expect(list.body.data.data.map((r: { unit_name: string }) => r.unit_name)).toEqual(["Sachets"]);
    const dd = await t.api("GET", "/api/units/list");
    expect(dd.body.message.some((u: { unit_name: string }) => u.unit_name === "Piece")).toBe(true);
    expect((await t.api("DELETE", `/api/units/${id}`)).body.message).toBe(MSG.deleted);
    expect((await t.api("GET", `/api/units/${id}`)).status).toBe(404);
    expect((await t.api("GET", "/api/units/0")).body.message).toBe(MSG.idInvalid);
    const empty = await t.api("POST", "/api/units", { body: {} });
    expect(empty.body.errors.unit_name).toEqual(["The unit name field is required."]);
  });

  it("cities: CRUD and the dropdown, beside the governorates' cities a new shop starts with", async () => {
    const seeded = STARTER_CITIES.map((c) => c.name);
    const taken = await t.api("POST", "/api/cities", { body: { city_name: "erbil" } });
    expect(taken.status).toBe(422);
    const add = await t.api("POST", "/api/cities", { body: { city_name: "Zakho" } });
    expect(add.status).toBe(201);
    await t.api("POST", "/api/cities", { body: { city_name: "Soran" } });
    const dd = await t.api("GET", "/api/cities/list");
    const names = dd.body.message.map((c: { city_name: string }) => c.city_name);
    expect(names).toEqual([...seeded, "Soran", "Zakho"].sort((a, b) => a.localeCompare(b)));
    const upd = await t.api("PATCH", `/api/cities/${add.body.data.city_id}`, { body: { city_name: "Zaxo" } });
    expect(upd.body.data.city_name).toBe("Zaxo");
    const list = await t.api("GET", "/api/cities?sortColumn=city_name&sortDir=asc");
    expect(list.body.data.total).toBe(seeded.length + 2);
    expect(list.body.data.model).toBe("cities");
    expect((await t.api("DELETE", `/api/cities/${add.body.data.city_id}`)).status).toBe(200);
  });

  it("brands: made-in country, dropdown, invalid country", async () => {
    const countries = await t.api("GET", "/api/countries/list");
    const turkey = countries.body.message.find((c: { country_name: string }) => c.country_name === "Turkey");
    const add = await t.api("POST", "/api/brands", { body: { brand_name: "Eti", brand_made_in: turkey.country_id } });
    expect(add.status).toBe(201);
    expect(add.body.data).toMatchObject({ brand_name: "Eti", brand_made_in: turkey.country_id, country_name: "Turkey" });
    const list = await t.api("GET", "/api/brands?search=turk");
    expect(list.body.data.data[0]).toMatchObject({ brand_name: "Eti", country_name: "Turkey" });
    const dd = await t.api("GET", "/api/brands/list");
    expect(dd.body.message).toEqual([{ brand_id: add.body.data.brand_id, brand_name: "Eti", brand_made_in: turkey.country_id }]);
    const bad = await t.api("POST", "/api/brands", { body: { brand_name: "X", brand_made_in: 99999 } });
    expect(bad.status).toBe(422);
    expect(bad.body.errors.brand_made_in).toEqual(["The selected brand made in is invalid."]);
  });

  it("dropdown permissions: an item editor reads units, a stranger does not", async () => {
    const editor = await t.userWith(["items/store"]);
    expect((await t.api("GET", "/api/units/list", { token: editor.token })).status).toBe(200);
    expect((await t.api("GET", "/api/brands/list", { token: editor.token })).status).toBe(200);
    expect((await t.api("GET", "/api/units", { token: editor.token })).status).toBe(403);
    const stranger = await t.userWith(["users/index"]);
    expect((await t.api("GET", "/api/units/list", { token: stranger.token })).status).toBe(403);
    expect((await t.api("GET", "/api/units/list", { token: null })).status).toBe(401);
  });
});

describe("inventories and access per user", () => {
  it("CRUD, show and the default inventory rule", async () => {
    const add = await t.api("POST", "/api/inventories", { body: { inventory_name: "Store B", outlet_fk: 1, description: "back store" } });
    expect(add.status).toBe(201);
    expect(add.body.data).toMatchObject({ inventory_name: "Store B", outlet_fk: 1, is_active: true });
    const show = await t.api("GET", `/api/inventories/show/${add.body.data.inventory_id}`);
    expect(show.body.data.inventory_name).toBe("Store B");
    const delDefault = await t.api("DELETE", "/api/inventories/1");
    expect(delDefault.status).toBe(422);
    expect(delDefault.body.message).toBe(MSG.mustHaveDefaultInventory);
    const off = await t.api("PATCH", "/api/inventories/1", { body: { inventory_name: "Main Inventory", is_active: false } });
    expect(off.body.message).toBe(MSG.mustHaveDefaultInventory);
    const list = await t.api("GET", "/api/inventories");
    expect(list.body.data.data.find((r: { inventory_id: number }) => r.inventory_id === 1).is_default).toBe(true);
  });

  it("a user sees and uses only the inventories assigned to them; user 1 sees all", async () => {
    const a = await t.api("POST", "/api/inventories", { body: { inventory_name: "Branch A" } });
    const b = await t.api("POST", "/api/inventories", { body: { inventory_name: "Branch C" } });
    const idA = a.body.data.inventory_id as number;
    const idB = b.body.data.inventory_id as number;
    const clerk = await t.userWith(["inventories/index", "inventories/show", "items/index"], { inventory_ids: [idA] });

    const mine = await t.api("GET", "/api/inventories/list", { token: clerk.token });
    expect(mine.body.message.map((r: { inventory_id: number }) => r.inventory_id)).toEqual([idA]);
    const list = await t.api("GET", "/api/inventories", { token: clerk.token });
    expect(list.body.data.total).toBe(1);
    expect((await t.api("GET", `/api/inventories/show/${idB}`, { token: clerk.token })).status).toBe(404);
    expect((await t.api("GET", `/api/inventories/${idB}`, { token: clerk.token })).status).toBe(404);
    expect((await t.api("GET", `/api/items/list_with_expire/${idB}`, { token: clerk.token })).status).toBe(403);
    expect((await t.api("GET", `/api/items/list_with_expire/${idA}`, { token: clerk.token })).status).toBe(200);

    const all = await t.api("GET", "/api/inventories/list");
    expect(all.body.message.map((r: { inventory_id: number }) => r.inventory_id)).toEqual(expect.arrayContaining([1, idA, idB]));

    const me = await t.api("POST", "/api/auth/me", { token: clerk.token });
    const ctx = {
      tx: t.app.db,
      now: new Date(),
      ip: null,
      user: {
        user_id: clerk.user_id,
        user_name: "c",
        email: clerk.email,
        outlet_fk: null,
        is_cashier: false,
        permissions: new Set<string>(),
        inventory_ids: me.body.data.inventories.map((i: { inventory_id: number }) => i.inventory_id),
        jti: "x",
        token_exp: 0,
      },
    };
    await expect(assertInventoryAccess(ctx, idA)).resolves.toBeUndefined();
    await expect(assertInventoryAccess(ctx, idB)).rejects.toMatchObject({ statusCode: 403 });
    await expect(assertInventoryAccess(ctx, 999999)).rejects.toMatchObject({ statusCode: 404 });
  });

  it("a non-super user who creates an inventory may use it", async () => {
    const keeper = await t.userWith(["inventories/store", "inventories/index"], { inventory_ids: [] });
    const made = await t.api("POST", "/api/inventories", { token: keeper.token, body: { inventory_name: "Kiosk" } });
    expect(made.status).toBe(201);
    const token = await t.login(keeper.email, TEST_PASSWORD);
    const mine = await t.api("GET", "/api/inventories/list", { token });
    expect(mine.body.message.map((r: { inventory_name: string }) => r.inventory_name)).toEqual(["Kiosk"]);
  });
});

describe("countries", () => {
  it("answers 224 entries, and SPEC's text when the list is empty", async () => {
    const res = await t.api("GET", "/api/countries/list");
    expect(res.body.message).toHaveLength(COUNTRIES_COUNT);
    await t.app.db.execute(sql`update brands set brand_made_in = null`);
    await t.app.db.execute(sql`delete from countries`);
    const empty = await t.api("GET", "/api/countries/list");
    expect(empty.status).toBe(404);
    expect(empty.body.message).toBe(MSG.countriesEmpty);
  });
});
