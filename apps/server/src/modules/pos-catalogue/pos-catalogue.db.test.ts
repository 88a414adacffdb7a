import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/harness.js";

/** The POS catalogue: what a till keeps offline, paged and incremental, figures set by hand. */
let t: TestApp;
let piece = 0;
let box = 0;
let parent = 0;
let child = 0;
let water = 0;
let juice = 0;

const makeItem = async (name: string, pieceBarcode: string, extra: Record<string, unknown> = {}) => {
  const res = await t.api("POST", "/api/items", {
    body: {
      item_name: name,
      item_units: [
        { unit_fk: piece, quantity: "1", price: "250", is_base: true, barcode: pieceBarcode },
        { unit_fk: box, quantity: "12", price: "2750", is_default: true },
      ],
      ...extra,
    },
  });
  if (res.status !== 201) throw new Error(JSON.stringify(res.body));
  return res.body.data.item_id as number;
};
const catalogue = (query = "", token?: string) => t.api("GET", `/api/pos/catalogue${query}`, token ? { token } : {});

beforeAll(async () => {
  t = await createTestApp();
  const units = (await t.api("GET", "/api/units/list")).body.message as { unit_id: number; unit_name: string }[];
  piece = units.find((u) => u.unit_name === "Piece")!.unit_id;
  box = units.find((u) => u.unit_name === "Box")!.unit_id;
  parent = (await t.api("POST", "/api/categories", { body: { category_name: "Drinks" } })).body.data.category_id;
  child = (await t.api("POST", "/api/categories", { body: { category_name: "Water", parent_id: parent } })).body.data.category_id;
  water = await makeItem("Pos Water", "9000111", {
    category_fk: child,
    barcodes: JSON.stringify(["6260001"]),
    has_revenue_tax: true,
    revenue_tax_percent: "5",
  });
  juice = await makeItem("Pos Juicé", "9000222", { sale_price_editable: true });
  const promo = await t.api("POST", "/api/promotions", {
    body: {
      title: "Drinks 10%",
      customer_rule: "all",
      product_rule: "category",
      category_fk: parent,
      amount_rule_type: "none",
      reward_type: "get_discount",
      reward_value: "10",
      start_date: new Date(Date.now() - 86_400_000).toISOString().slice(0, 10),
      end_date: new Date(Date.now() + 86_400_000).toISOString().slice(0, 10),
      is_active: true,
    },
  });
  if (promo.status !== 201) throw new Error(JSON.stringify(promo.body));
});
afterAll(() => t?.close());

describe("GET /api/pos/catalogue", () => {
  it("answers every item with its units, barcodes, prices, tax, category path, promotions and customers", async () => {
    const res = await catalogue();
    expect(res.status).toBe(200);
    expect(res.body.full).toBe(true);
    expect(res.body.next).toBeNull();
    const w = res.body.items.find((i: { item_id: number }) => i.item_id === water);
    expect(w).toMatchObject({
      item_name: "Pos Water",
      search_name: "pos water",
      category_ids: [parent, child].sort((a, b) => a - b),
      tax_percent: "5.00",
      sale_price_editable: false,
      barcodes: ["6260001"],
    });
    expect(w.units).toEqual([
      expect.objectContaining({ unit_id: piece, quantity: "1.0000", price: "250.00", is_base: true, barcodes: ["9000111"] }),
      expect.objectContaining({ unit_id: box, quantity: "12.0000", price: "2750.00", is_default: true, barcodes: [] }),
    ]);
    const j = res.body.items.find((i: { item_id: number }) => i.item_id === juice);
    expect(j).toMatchObject({ sale_price_editable: true, tax_percent: null, category_ids: [] });
    expect(res.body.promotions.map((p: { title: string }) => p.title)).toContain("Drinks 10%");
    expect(res.body.customers.map((c: { consumer_name: string }) => c.consumer_name)).toContain("Walk-in Customer");
  });

  it("pages by item id: every item exactly once", async () => {
    const seen: number[] = [];
    let after: number | null = 0;
    let first = true;
    while (after !== null) {
      const res = await catalogue(first ? "?limit=1" : `?limit=1&after=${after}`);
      expect(res.status).toBe(200);
      expect(res.body.items.length).toBeLessThanOrEqual(1);
      // The small lists come with the first page only.
      expect(res.body.customers === null).toBe(!first);
      seen.push(...res.body.items.map((i: { item_id: number }) => i.item_id));
      after = res.body.next;
      first = false;
    }
    const all = (await catalogue()).body.items.map((i: { item_id: number }) => i.item_id);
    expect(seen).toEqual(all);
    expect(new Set(seen).size).toBe(seen.length);
  });

  it("since: only the items edited, repriced or deleted after it", async () => {
    const { at } = (await catalogue()).body;
    expect((await catalogue(`?since=${encodeURIComponent(at)}`)).body.items).toEqual([]);

    const before = (await t.api("GET", `/api/items/${juice}`)).body.data;
    const edit = await t.api("PATCH", `/api/items/${juice}`, { body: { ...before, item_name: "Pos Juice" } });
    expect(edit.status, JSON.stringify(edit.body)).toBe(200);
    const afterEdit = (await catalogue(`?since=${encodeURIComponent(at)}`)).body;
    expect(afterEdit.full).toBe(false);
    expect(afterEdit.items.map((i: { item_id: number; item_name: string }) => [i.item_id, i.item_name])).toEqual([[juice, "Pos Juice"]]);

    // A bulk price change writes the units only; the till must still hear of it. 50 more a piece:
    // 250 + 50 = 300, and the box of 12: 2,750 + 12 × 50 = 3,350.
    const { at: at2 } = afterEdit;
    const bulk = await t.api("POST", "/api/item_pricings", {
      body: { apply_on: "item", item_fk: water, amount_type: "amount", amount: "50", direction: "up" },
    });
    expect(bulk.status).toBe(201);
    const repriced = (await catalogue(`?since=${encodeURIComponent(at2)}`)).body;
    expect(repriced.items.map((i: { item_id: number }) => i.item_id)).toEqual([water]);
    expect(repriced.items[0].units.map((u: { price: string }) => u.price)).toEqual(["300.00", "3350.00"]);

    const { at: at3 } = repriced;
    expect((await t.api("DELETE", `/api/items/${juice}`)).status).toBe(200);
    const removed = (await catalogue(`?since=${encodeURIComponent(at3)}`)).body;
    expect(removed.items).toEqual([]);
    expect(removed.removed_item_ids).toEqual([juice]);
  });

  it("needs pos_sales/index and a valid since", async () => {
    const other = await t.userWith(["items/index"]);
    expect((await catalogue("", other.token)).status).toBe(403);
    const cashier = await t.userWith(["pos_sales/index"]);
    expect((await catalogue("", cashier.token)).status).toBe(200);
    const bad = await catalogue("?since=yesterday");
    expect(bad.status).toBe(422);
    expect(bad.body.errors.since).toBeDefined();
  });
});
