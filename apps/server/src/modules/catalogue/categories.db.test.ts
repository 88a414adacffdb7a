import { MSG } from "@app/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/harness.js";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const add = async (body: Record<string, unknown>) => {
  const r = await t.api("POST", "/api/categories", { body });
  expect(r.status).toBe(201);
  return r.body.data.category_id as number;
};

describe("categories", () => {
  it("builds a tree with codes, dropdowns per level and the tree view", async () => {
    const food = await add({ category_name: "Food", category_code: "F" });
    const drinks = await add({ category_name: "Drinks", category_code: "D", is_active_online: false });
    const dairy = await add({ category_name: "Dairy", parent_id: food });
    const juice = await add({ category_name: "Juice", parent_id: drinks });
    const cheese = await add({ category_name: "Cheese", parent_id: dairy });

    const roots = await t.api("GET", "/api/categories/category_list");
    expect(roots.body.message.map((c: { category_name: string }) => c.category_name)).toEqual(["Drinks", "Food"]);
    const subs = await t.api("GET", `/api/categories/sub_category_list?parent_id=${food}`);
    expect(subs.body.message.map((c: { category_id: number }) => c.category_id)).toEqual([dairy]);
    const allSubs = await t.api("GET", "/api/categories/sub_category_list");
    expect(allSubs.body.message.map((c: { category_id: number }) => c.category_id)).toEqual([dairy, juice]);
    const types = await t.api("GET", `/api/categories/product_type_list?parent_id=${dairy}`);
    expect(types.body.message.map((c: { category_id: number }) => c.category_id)).toEqual([cheese]);
    expect((await t.api("GET", "/api/categories/product_type_list")).body.message).toHaveLength(1);

    const tree = await t.api("GET", "/api/categories/tree");
    expect(tree.body.data).toEqual([
      {
        category_id: drinks,
        category_name: "Drinks",
        category_code: "D",
        parent_id: null,
        is_active_online: false,
        children: [
          { category_id: juice, category_name: "Juice", category_code: null, parent_id: drinks, is_active_online: true, children: [] },
        ],
      },
      {
        category_id: food,
        category_name: "Food",
        category_code: "F",
        parent_id: null,
        is_active_online: true,
        children: [
          {
            category_id: dairy,
            category_name: "Dairy",
            category_code: null,
            parent_id: food,
            is_active_online: true,
            children: [
              { category_id: cheese, category_name: "Cheese", category_code: null, parent_id: dairy, is_active_online: true, children: [] },
            ],
          },
        ],
      },
    ]);

    const show = await t.api("GET", `/api/categories/${food}`);
    expect(show.body.data.children.map((c: { category_name: string }) => c.category_name)).toEqual(["Dairy"]);
    const grid = await t.api("GET", "/api/categories?filter[root]=1&sortColumn=category_name&sortDir=asc");
    expect(grid.body.data.data.map((c: { category_name: string; children_count: number }) => [c.category_name, c.children_count])).toEqual([
      ["Drinks", 1],
      ["Food", 1],
    ]);
    const byParent = await t.api("GET", `/api/categories?filter[parent_id]=${dairy}`);
    expect(byParent.body.data.data[0]).toMatchObject({ category_name: "Cheese", parent_name: "Dairy" });
  });

  it("refuses cycles, duplicate names under one parent and duplicate codes", async () => {
    const a = await add({ category_name: "A" });
    const b = await add({ category_name: "B", parent_id: a });
    const c = await add({ category_name: "C", parent_id: b });
    const self = await t.api("PATCH", `/api/categories/${a}`, { body: { category_name: "A", parent_id: a } });
    expect(self.status).toBe(422);
    expect(self.body.errors.parent_id).toEqual(["A category cannot be its own parent."]);
    const loop = await t.api("PATCH", `/api/categories/${a}`, { body: { category_name: "A", parent_id: c } });
    expect(loop.body.errors.parent_id).toEqual(["A category cannot be placed under one of its own sub-categories."]);
    const move = await t.api("PATCH", `/api/categories/${c}`, { body: { category_name: "C", parent_id: a } });
    expect(move.body.data.parent_id).toBe(a);
    const twin = await t.api("POST", "/api/categories", { body: { category_name: "b", parent_id: a } });
    expect(twin.body.errors.category_name).toEqual(["The category name has already been taken."]);
    expect((await t.api("POST", "/api/categories", { body: { category_name: "B" } })).status).toBe(201);
    await add({ category_name: "Coded", category_code: "X1" });
    const code = await t.api("POST", "/api/categories", { body: { category_name: "Coded 2", category_code: "X1" } });
    expect(code.body.errors.category_code).toEqual(["The category code has already been taken."]);
    const missing = await t.api("POST", "/api/categories", { body: { category_name: "Orphan", parent_id: 99999 } });
    expect(missing.body.errors.parent_id).toEqual(["The selected parent id is invalid."]);
    const inUse = await t.api("DELETE", `/api/categories/${a}`);
    expect(inUse.status).toBe(422);
    expect((await t.api("DELETE", `/api/categories/${b}`)).body.message).toBe(MSG.deleted);
  });

  it("activates online and checks permissions", async () => {
    const id = await add({ category_name: "Online" });
    const off = await t.api("POST", `/api/categories/${id}/activate`, { body: { is_active_online: "0" } });
    expect(off.body.data.is_active_online).toBe(false);
    const editor = await t.userWith(["items/store"]);
    expect((await t.api("GET", "/api/categories/category_list", { token: editor.token })).status).toBe(200);
    expect((await t.api("POST", "/api/categories", { token: editor.token, body: { category_name: "No" } })).status).toBe(403);
    expect((await t.api("POST", `/api/categories/${id}/activate`, { token: editor.token, body: { is_active_online: true } })).status).toBe(
      403,
    );
  });
});
