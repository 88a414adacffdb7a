import { MSG } from "@app/contracts";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/harness.js";

/** SPEC §6 activate/inactivate on items and categories: shown online or hidden only with `activate`. */
let t: TestApp;
let piece = 0;
const online = async (table: "items" | "categories", id: number) => {
  const col = table === "items" ? sql`item_id` : sql`category_id`;
  const r = await t.database.db.execute<{ o: boolean }>(sql`select is_active_online o from ${sql.identifier(table)} where ${col} = ${id}`);
  return r.rows[0]!.o;
};

beforeAll(async () => {
  t = await createTestApp();
  const units = (await t.api("GET", "/api/units/list")).body.message as { unit_id: number; unit_name: string }[];
  piece = units.find((u) => u.unit_name === "Piece")!.unit_id;
});
afterAll(() => t.close());

describe("shown online or hidden", () => {
  it("refuses an item's flag changed by the form without items/activate, keeps it when left out, and changes it with the key", async () => {
    const item = (item_name: string, extra: Record<string, unknown> = {}) => ({
      item_name,
      item_units: [{ unit_fk: piece, quantity: "1", price: "1000", is_base: true }],
      ...extra,
    });
    const clerk = await t.userWith(["items/store", "items/update", "items/show"]);
    const hidden = await t.api("POST", "/api/items", { token: clerk.token, body: item("Cough syrup", { is_active_online: false }) });
    expect(hidden.status).toBe(403);
    expect(hidden.body.errors).toEqual({ is_active_online: [MSG.forbidden] });

    const made = await t.api("POST", "/api/items", { token: clerk.token, body: item("Cough syrup") });
    expect(made.status).toBe(201);
    const id = made.body.data.item_id;
    const units = made.body.data.item_units.map((u: { item_unit_id: number }) => ({
      item_unit_id: u.item_unit_id,
      unit_fk: piece,
      quantity: "1",
      price: "1000",
      is_base: true,
    }));
    const off = await t.api("PATCH", `/api/items/${id}`, {
      token: clerk.token,
      body: { ...item("Cough syrup"), item_units: units, is_active_online: false },
    });
    expect(off.status).toBe(403);
    expect(await online("items", id)).toBe(true);

    // Hidden by a holder of the key through its own route; the clerk's edit that leaves the flag out keeps it hidden.
    expect((await t.api("POST", `/api/items/${id}/activate`, { body: { is_active_online: false } })).status).toBe(200);
    const renamed = await t.api("PATCH", `/api/items/${id}`, {
      token: clerk.token,
      body: { ...item("Cough syrup 100 ml"), item_units: units },
    });
    expect(renamed.status).toBe(200);
    expect(await online("items", id)).toBe(false);

    const manager = await t.userWith(["items/update", "items/show", "items/activate"]);
    const on = await t.api("PATCH", `/api/items/${id}`, {
      token: manager.token,
      body: { ...item("Cough syrup 100 ml"), item_units: units, is_active_online: true },
    });
    expect(on.status).toBe(200);
    expect(await online("items", id)).toBe(true);
  });

  it("refuses a category hidden by its form without categories/activate", async () => {
    const clerk = await t.userWith(["categories/store", "categories/update", "categories/show"]);
    const made = await t.api("POST", "/api/categories", { token: clerk.token, body: { category_name: "Syrups" } });
    expect(made.status).toBe(201);
    const id = made.body.data.category_id;
    const off = await t.api("PATCH", `/api/categories/${id}`, {
      token: clerk.token,
      body: { category_name: "Syrups", is_active_online: false },
    });
    expect(off.status).toBe(403);
    expect(await online("categories", id)).toBe(true);
    const manager = await t.userWith(["categories/update", "categories/show", "categories/activate"]);
    const ok = await t.api("PATCH", `/api/categories/${id}`, {
      token: manager.token,
      body: { category_name: "Syrups", is_active_online: false },
    });
    expect(ok.status).toBe(200);
    expect(await online("categories", id)).toBe(false);
  });
});
