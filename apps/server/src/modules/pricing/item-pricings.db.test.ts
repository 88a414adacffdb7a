import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/harness.js";
import { unitIds } from "../sales/sales.fixture.js";
import { BELOW_ZERO } from "./item-pricings.js";
import { mustCreate } from "./pricing.fixture.js";

let t: TestApp;
let piece: number;
let box: number;
beforeAll(async () => {
  t = await createTestApp();
  ({ piece, box } = await unitIds(t));
});
afterAll(() => t.close());

const created = mustCreate(() => t);
const makeItem = (item_name: string, extra: Record<string, unknown>, piecePrice: string, boxPrice: string) =>
  created("/api/items", {
    item_name,
    ...extra,
    item_units: [
      { unit_fk: piece, quantity: "1", price: piecePrice, is_base: true, is_default: true },
      { unit_fk: box, quantity: "10", price: boxPrice },
    ],
  });
const prices = async (itemId: number) =>
  (await t.api("GET", `/api/items/${itemId}`)).body.data.item_units.map((u: { price: string }) => u.price);

describe("items pricing", () => {
  it("previews and saves a percentage rise over a category and its sub-categories, audited", async () => {
    const food = await created("/api/categories", { category_name: "Food" });
    const rice = await created("/api/categories", { category_name: "Rice", parent_id: food.category_id });
    const other = await created("/api/categories", { category_name: "Toys" });
    const a = await makeItem("Basmati", { category_fk: rice.category_id }, "1250", "12000");
    const b = await makeItem("Apple juice", { category_fk: food.category_id }, "999.99", "9000");
    const c = await makeItem("Ball", { category_fk: other.category_id }, "500", "4500");

    const body = { apply_on: "category", category_fk: food.category_id, amount_type: "percent", amount: "10", direction: "up" };
    const pre = await t.api("POST", "/api/item_pricings/preview", { body });
    expect(pre.status, JSON.stringify(pre.body)).toBe(200);
    // 999.99 × 1.1 = 1099.989 → 1099.99; 1250 → 1375; 9000 → 9900; 12000 → 13200 (by item name, then unit)
    expect(
      pre.body.data.rows.map((r: { item_name: string; unit_name: string; old_price: string; new_price: string }) => [
        r.item_name,
        r.unit_name,
        r.old_price,
        r.new_price,
      ]),
    ).toEqual([
      ["Apple juice", "Piece", "999.99", "1099.99"],
      ["Apple juice", "Box", "9000.00", "9900.00"],
      ["Basmati", "Piece", "1250.00", "1375.00"],
      ["Basmati", "Box", "12000.00", "13200.00"],
    ]);
    // A preview changes nothing.
    expect(await prices(a.item_id)).toEqual(["1250.00", "12000.00"]);

    const save = await t.api("POST", "/api/item_pricings", { body });
    expect(save.status).toBe(201);
    expect(save.body.data.count).toBe(4);
    expect(await prices(a.item_id)).toEqual(["1375.00", "13200.00"]);
    expect(await prices(b.item_id)).toEqual(["1099.99", "9900.00"]);
    expect(await prices(c.item_id)).toEqual(["500.00", "4500.00"]);

    const hist = await t.api("GET", "/api/item_pricings");
    expect(hist.body.data.data[0]).toMatchObject({
      item_pricing_id: save.body.data.item_pricing_id,
      apply_on: "category",
      target_name: "Food",
      amount_type: "percent",
      amount: "10.00",
      direction: "up",
      changed_count: 4,
      recalculated_by_name: expect.any(String),
    });
    const audit = await t.database.db.execute<{ user_id: number; before: { prices: unknown[] }; after: { prices: { price: string }[] } }>(
      sql`select user_id, before, after from audit_logs where module = 'item_pricings' and action = 'recalculate'
          and record_id = ${String(save.body.data.item_pricing_id)}`,
    );
    expect(audit.rows).toHaveLength(1);
    expect(audit.rows[0]!.user_id).toBe(1);
    expect(audit.rows[0]!.before.prices).toHaveLength(4);
    expect(audit.rows[0]!.after.prices.map((p) => p.price).sort()).toEqual(["1099.99", "13200.00", "1375.00", "9900.00"]);
  });

  it("lowers by an amount per base unit, by brand, made in or one item, never below zero", async () => {
    const brand = await created("/api/brands", { brand_name: "Pioneer" });
    const x = await makeItem("Soap", { brand_fk: brand.brand_id, made_in_fk: 5 }, "300", "2900");
    const y = await makeItem("Shampoo", { made_in_fk: 5 }, "2000", "19000");
    // 250 less a piece: the box of 10 goes 2500 down.
    const byBrand = { apply_on: "brand", brand_fk: brand.brand_id, amount_type: "amount", amount: "250", direction: "down" };
    const pre = await t.api("POST", "/api/item_pricings/preview", { body: byBrand });
    expect(pre.body.data.rows.map((r: { new_price: string }) => r.new_price)).toEqual(["50.00", "400.00"]);
    expect(pre.body.data.below_zero).toBe(false);
    const tooMuch = { ...byBrand, amount: "١٠٠٠" }; // 1000 typed in Arabic-Indic digits
    const refusedPreview = await t.api("POST", "/api/item_pricings/preview", { body: tooMuch });
    expect(refusedPreview.body.data.below_zero).toBe(true);
    const refused = await t.api("POST", "/api/item_pricings", { body: tooMuch });
    expect(refused.status).toBe(422);
    expect(refused.body.errors.amount).toEqual([BELOW_ZERO]);
    expect(await prices(x.item_id)).toEqual(["300.00", "2900.00"]);

    await t.api("POST", "/api/item_pricings", {
      body: { apply_on: "made_in", made_in_fk: 5, amount_type: "percent", amount: "50", direction: "down" },
    });
    expect(await prices(x.item_id)).toEqual(["150.00", "1450.00"]);
    expect(await prices(y.item_id)).toEqual(["1000.00", "9500.00"]);
    await t.api("POST", "/api/item_pricings", {
      body: { apply_on: "item", item_fk: y.item_id, amount_type: "amount", amount: "0.5", direction: "up" },
    });
    expect(await prices(y.item_id)).toEqual(["1000.50", "9505.00"]);
    expect(await prices(x.item_id)).toEqual(["150.00", "1450.00"]);
  });

  it("answers 422 with SPEC's texts and checks the permission", async () => {
    const empty = await t.api("POST", "/api/item_pricings/preview", { body: {} });
    expect(empty.status).toBe(422);
    expect(empty.body.errors).toMatchObject({
      apply_on: ["The apply on field is required."],
      amount_type: ["The amount type field is required."],
      amount: ["The amount field is required."],
      direction: ["The up or down field is required."],
    });
    const bad = (over: Record<string, unknown>) =>
      t.api("POST", "/api/item_pricings/preview", {
        body: { apply_on: "all", amount_type: "percent", amount: "5", direction: "up", ...over },
      });
    expect((await bad({ apply_on: "category" })).body.errors.category_fk).toEqual(["The category field is required."]);
    expect((await bad({ apply_on: "made_in" })).body.errors.made_in_fk).toEqual(["The made in field is required."]);
    expect((await bad({ apply_on: "brand", brand_fk: 999999 })).body.errors.brand_fk).toEqual(["The selected brand is invalid."]);
    expect((await bad({ amount: "0" })).body.errors.amount).toEqual(["must be greater than 0"]);
    expect((await bad({ amount: "1.005" })).body.errors.amount).toEqual(["must be a number with at most 2 decimals"]);
    expect((await bad({ amount: "101", direction: "down" })).body.errors.amount).toEqual(["must be between 0 and 100"]);
    expect((await bad({ direction: "sideways" })).body.errors.direction).toEqual(["The selected up or down is invalid."]);

    const viewer = await t.userWith(["item_pricings/index"]);
    expect((await t.api("GET", "/api/item_pricings", { token: viewer.token })).status).toBe(200);
    expect((await t.api("POST", "/api/item_pricings/preview", { token: viewer.token, body: {} })).status).toBe(403);
    expect((await t.api("POST", "/api/item_pricings", { token: viewer.token, body: {} })).status).toBe(403);
  });

  it("two changes at once both count: no price is lost", async () => {
    const item = await makeItem("Race item", {}, "1000", "10000");
    const body = { apply_on: "item", item_fk: item.item_id, amount_type: "amount", amount: "10", direction: "up" };
    const answers = await Promise.all(Array.from({ length: 8 }, () => t.api("POST", "/api/item_pricings", { body })));
    expect(answers.map((a) => a.status)).toEqual(Array(8).fill(201));
    expect(await prices(item.item_id)).toEqual(["1080.00", "10800.00"]);
    const lines = await t.database.db.execute<{ old_price: string; new_price: string }>(
      sql`select l.old_price, l.new_price from item_pricing_lines l join item_units iu on iu.item_unit_id = l.item_unit_fk
          where iu.item_fk = ${item.item_id} and iu.quantity = 1 order by l.line_id`,
    );
    // Each change started from the price the one before it left.
    expect(lines.rows.map((r) => r.old_price)).toEqual([
      "1000.00",
      "1010.00",
      "1020.00",
      "1030.00",
      "1040.00",
      "1050.00",
      "1060.00",
      "1070.00",
    ]);
  });
});
