import { MSG } from "@app/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/harness.js";
import { addDays, businessDay } from "../../platform/business-time.js";
import { unitIds } from "../sales/sales.fixture.js";
import { mustCreate } from "./pricing.fixture.js";

let t: TestApp;
let piece: number;
let box: number;
const today = businessDay(new Date());
beforeAll(async () => {
  t = await createTestApp();
  ({ piece, box } = await unitIds(t));
});
afterAll(() => t.close());

const created = mustCreate(() => t);
const promo = (over: Record<string, unknown> = {}) => ({
  title: "Spring",
  customer_rule: "all",
  product_rule: "all",
  amount_rule_type: "none",
  reward_type: "get_discount",
  reward_value: "5",
  start_date: today,
  end_date: addDays(today, 30),
  ...over,
});

describe("promotions", () => {
  it("adds, shows, lists, updates and deletes a promotion", async () => {
    const cat = await created("/api/categories", { category_name: "Vitamins" });
    const p = await created("/api/promotions", promo({ product_rule: "category", category_fk: cat.category_id, brand_fk: 99 }));
    expect(p).toMatchObject({
      title: "Spring",
      product_rule: "category",
      category_fk: cat.category_id,
      category_name: "Vitamins",
      brand_fk: null, // only the target the rule names is kept
      rule_value: "0.00",
      reward_value: "5.00",
      start_date: today,
      is_active: true,
    });
    const list = await t.api("GET", "/api/promotions?search=spring");
    expect(list.body.data.data.map((r: { promotion_id: number }) => r.promotion_id)).toEqual([p.promotion_id]);
    expect(list.body.data.data[0]).toMatchObject({ category_name: "Vitamins", end_date: addDays(today, 30) });
    const upd = await t.api("PATCH", `/api/promotions/${p.promotion_id}`, { body: promo({ title: "Summer", is_active: false }) });
    expect(upd.status).toBe(200);
    expect(upd.body.data).toMatchObject({ title: "Summer", product_rule: "all", category_fk: null, is_active: false });
    const dd = await t.api("GET", "/api/promotions/list");
    expect(dd.body.message.map((r: { section_id: number }) => r.section_id)).not.toContain(p.promotion_id);
    expect((await t.api("DELETE", `/api/promotions/${p.promotion_id}`)).body.message).toBe(MSG.deleted);
    expect((await t.api("GET", `/api/promotions/${p.promotion_id}`)).status).toBe(404);
  });

  it("answers 422 with SPEC's texts", async () => {
    const empty = await t.api("POST", "/api/promotions", { body: {} });
    expect(empty.status).toBe(422);
    expect(empty.body.errors).toMatchObject({
      title: ["The title field is required."],
      customer_rule: ["The customer rule field is required."],
      product_rule: ["The product rule field is required."],
      amount_rule_type: ["The amount rule type field is required."],
      reward_type: ["The reward type field is required."],
      reward_value: ["The reward value field is required."],
      start_date: ["The start date field is required."],
      end_date: ["The end date field is required."],
    });
    const bad = (over: Record<string, unknown>) => t.api("POST", "/api/promotions", { body: promo(over) });
    expect((await bad({ reward_value: "1.234" })).body.errors.reward_value).toEqual(["must be a number with at most 2 decimals"]);
    expect((await bad({ reward_value: "-1" })).body.errors.reward_value).toEqual(["must be at least 0"]);
    expect((await bad({ reward_value: "100.5" })).body.errors.reward_value).toEqual(["must be between 0 and 100"]);
    expect((await bad({ amount_rule_type: "quantity", rule_value: "" })).body.errors.rule_value).toEqual(["must be greater than 0"]);
    expect((await bad({ rule_value: "abc" })).body.errors.rule_value).toEqual(["must be a number with at most 2 decimals"]);
    expect((await bad({ reward_type: "get_rich" })).body.errors.reward_type).toEqual(["The selected reward type is invalid."]);
    expect((await bad({ customer_rule: "customer" })).body.errors.customer_fk).toEqual(["The customer field is required."]);
    expect((await bad({ customer_rule: "profile" })).body.errors.profile_fk).toEqual(["The pricing list field is required."]);
    expect((await bad({ product_rule: "item" })).body.errors.item_fk).toEqual(["The item field is required."]);
    expect((await bad({ product_rule: "brand", brand_fk: 999999 })).body.errors.brand_fk).toEqual(["The selected brand is invalid."]);
    const supplier = await created("/api/suppliers", { consumer_name: "Not a customer" });
    expect((await bad({ customer_rule: "customer", customer_fk: supplier.consumer_id })).body.errors.customer_fk).toEqual([
      "The selected customer is invalid.",
    ]);
    expect((await bad({ end_date: addDays(today, -1) })).body.errors.end_date).toEqual([MSG.endDateAfterStart]);
    expect((await bad({ start_date: "2026-02-30" })).body.errors.start_date).toEqual(["must be a valid date"]);
    expect((await bad({ start_date: "01/02/2026" })).body.errors.start_date).toEqual(["must be a date in the format YYYY-MM-DD"]);
    // Typed on an Arabic keyboard: ٢٫٥ is 2.5.
    const arabic = await created("/api/promotions", promo({ title: "Arabic digits", reward_value: "٢٫٥" }));
    expect(arabic.reward_value).toBe("2.50");
    await t.api("DELETE", `/api/promotions/${arabic.promotion_id}`);
  });

  it("checks the promotions permissions", async () => {
    const clerk = await t.userWith(["promotions/index"]);
    expect((await t.api("GET", "/api/promotions", { token: clerk.token })).status).toBe(200);
    expect((await t.api("POST", "/api/promotions", { token: clerk.token, body: promo() })).status).toBe(403);
    const seller = await t.userWith(["sales/store"]);
    expect((await t.api("GET", "/api/promotions/list", { token: seller.token })).status).toBe(200);
    expect((await t.api("GET", "/api/promotions", { token: seller.token })).status).toBe(403);
  });
});

describe("the price of a line", () => {
  it("loads the unit, the customer's profile and the promotions of the day, with every step", async () => {
    const parent = await created("/api/categories", { category_name: "Medicine" });
    const child = await created("/api/categories", { category_name: "Syrups", parent_id: parent.category_id });
    const item = await created("/api/items", {
      item_name: "Cough Syrup",
      category_fk: child.category_id,
      has_revenue_tax: true,
      revenue_tax_percent: "15",
      item_units: [
        { unit_fk: piece, quantity: "1", price: "1500", is_base: true, is_default: true },
        { unit_fk: box, quantity: "12", price: "17000" },
      ],
    });
    const [pieceUnit, boxUnit] = item.item_units.map((u: { item_unit_id: number }) => u.item_unit_id);
    const profile = await created("/api/pricing_profiles", {
      profile_name: "Pharmacies",
      discount_percentage: "10",
      apply_on: "sale_price",
    });
    const customer = await created("/api/customers", { consumer_name: "Al-Shifa", pricing_profile_fk: profile.profile_id });
    const walkIn = await created("/api/customers", { consumer_name: "Walk-in buyer" });
    const p = await created(
      "/api/promotions",
      promo({ title: "Medicine week", product_rule: "category", category_fk: parent.category_id }),
    );
    // Not yet begun, and inactive: neither counts.
    await created("/api/promotions", promo({ title: "Later", reward_value: "50", start_date: addDays(today, 1) }));
    await created("/api/promotions", promo({ title: "Off", reward_value: "60", is_active: false }));

    const q = await t.api("POST", "/api/pricing/quote", {
      body: {
        customer_id: customer.consumer_id,
        lines: [
          { item_unit_id: pieceUnit, quantity: "4" },
          { item_unit_id: boxUnit, quantity: "1" },
        ],
      },
    });
    expect(q.status, JSON.stringify(q.body)).toBe(200);
    // Piece: 6000; profile 10% → 5400; promotion 5% → 5130; tax 15% → 769.5; total 5899.5
    expect(q.body.data.lines[0]).toMatchObject({
      item_name: "Cough Syrup",
      unit_name: "Piece",
      gross: "6000",
      net: "5130",
      tax: "769.5",
      total: "5899.5",
      promotion_id: p.promotion_id,
      promotion_title: "Medicine week",
    });
    expect(q.body.data.lines[0].steps.map((s: { step: string; amount: string }) => [s.step, s.amount])).toEqual([
      ["unit_price", "6000"],
      ["profile", "5400"],
      ["promotion", "5130"],
      ["tax", "5130"],
    ]);
    // Box: 17000 → 15300 → 14535; tax 2180.25
    expect(q.body.data.lines[1]).toMatchObject({ unit_name: "Box", net: "14535", tax: "2180.25" });
    expect(q.body.data).toMatchObject({ currency_id: 1, rate: "1", net: "19665", tax: "2949.75", total: "22614.75" });

    // In dollars at the in-rate: 1500 / 1500 = 1 a piece; the walk-in buyer has no profile.
    await created("/api/currency_rates", { rate: "1480", in_rate: "1500" });
    const usd = await t.api("POST", "/api/pricing/quote", {
      body: {
        customer_id: walkIn.consumer_id,
        currency_id: 2,
        lines: [{ item_unit_id: pieceUnit, quantity: "10", discount: { type: "amount", value: "0.5" } }],
        invoice_discount: { type: "percent", value: "10" },
      },
    });
    // 10 → promotion 5% 9.5 → line discount 0.5 → 9 → invoice 10% → 8.1 → tax 1.215
    expect(usd.body.data).toMatchObject({ currency_id: 2, rate: "1500", net: "8.1", tax: "1.215", total: "9.315" });
    expect(usd.body.data.lines[0].steps.map((s: { step: string }) => s.step)).toEqual([
      "unit_price",
      "promotion",
      "line_discount",
      "invoice_discount",
      "tax",
    ]);

    const unknown = await t.api("POST", "/api/pricing/quote", { body: { lines: [{ item_unit_id: 999999, quantity: "1" }] } });
    expect(unknown.status).toBe(422);
    expect(unknown.body.errors["lines.0.item_unit_id"]).toEqual(["The selected unit is invalid."]);
    const noLines = await t.api("POST", "/api/pricing/quote", { body: { lines: [] } });
    expect(noLines.status).toBe(422);
    const notCustomer = await t.api("POST", "/api/pricing/quote", {
      body: { customer_id: 999999, lines: [{ item_unit_id: pieceUnit, quantity: "1" }] },
    });
    expect(notCustomer.body.errors.customer_id).toEqual(["The selected customer is invalid."]);

    const seller = await t.userWith(["pos_sales/store"]);
    const asSeller = await t.api("POST", "/api/pricing/quote", {
      token: seller.token,
      body: { lines: [{ item_unit_id: pieceUnit, quantity: "1" }] },
    });
    expect(asSeller.status).toBe(200);
    const other = await t.userWith(["customers/index"]);
    expect((await t.api("POST", "/api/pricing/quote", { token: other.token, body: { lines: [] } })).status).toBe(403);
  });

  it("counts a promotion's quantity in base units: two boxes of 12 meet 'at least 24'", async () => {
    const item = await created("/api/items", {
      item_name: "Baby Wipes",
      item_units: [
        { unit_fk: piece, quantity: "1", price: "650", is_base: true },
        { unit_fk: box, quantity: "12", price: "7250", is_default: true },
      ],
    });
    const [pieceUnit, boxUnit] = item.item_units.map((u: { item_unit_id: number }) => u.item_unit_id);
    const p = await created(
      "/api/promotions",
      promo({
        title: "24 and more",
        product_rule: "item",
        item_fk: item.item_id,
        amount_rule_type: "quantity",
        rule_value: "24",
        reward_value: "10",
      }),
    );
    const quote = async (lines: { item_unit_id: number; quantity: string }[]) =>
      (await t.api("POST", "/api/pricing/quote", { body: { lines } })).body.data.lines;
    const [twoBoxes, oneBox, pieces] = await quote([
      { item_unit_id: boxUnit, quantity: "2" },
      { item_unit_id: boxUnit, quantity: "1" },
      { item_unit_id: pieceUnit, quantity: "23" },
    ]);
    // 2 × 7,250 = 14,500, 10% off: 13,050; one box (12) and 23 pieces stay under 24.
    expect(twoBoxes).toMatchObject({ gross: "14500", net: "13050", promotion_id: p.promotion_id });
    expect(oneBox).toMatchObject({ net: "7250", promotion_id: null });
    expect(pieces).toMatchObject({ net: "14950", promotion_id: null });
  });
});
