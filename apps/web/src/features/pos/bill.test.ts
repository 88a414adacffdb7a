import { normalizeSearch, type PosItem } from "@app/contracts";
import { describe, expect, it } from "vitest";
import { addToBill, priceBill } from "./bill";
import { buildIndex, findBarcode, searchItems } from "./catalogue";

const unit = (id: number, name: string, qty: string, price: string, barcodes: string[] = [], extra = {}) => ({
  item_unit_id: id,
  unit_id: id * 10,
  unit_name: name,
  quantity: qty,
  price,
  is_base: qty === "1",
  is_default: false,
  barcodes,
  ...extra,
});
const items: PosItem[] = [
  {
    item_id: 1,
    item_name: "كيك شوكولاتة",
    item_code: "CK1",
    search_name: normalizeSearch("كيك شوكولاتة"),
    category_ids: [5, 9],
    brand_id: null,
    tax_percent: null,
    sale_price_editable: false,
    barcodes: ["111"],
    units: [unit(11, "Piece", "1", "1000", ["1110"]), unit(12, "Box", "12", "11000", ["1112"], { is_default: true })],
  },
  {
    item_id: 2,
    item_name: "Water",
    item_code: "W2",
    search_name: "water",
    category_ids: [],
    brand_id: 3,
    tax_percent: "5",
    sale_price_editable: false,
    barcodes: [],
    units: [unit(21, "Piece", "1", "500", ["٢٢٢"])],
  },
];
const index = buildIndex(items, {
  at: null,
  profiles: [],
  customers: [],
  promotions: [
    {
      promotion_id: 7,
      title: "Cakes 10%",
      customer_rule: "all",
      customer_fk: null,
      profile_fk: null,
      product_rule: "category",
      category_fk: 9,
      brand_fk: null,
      item_fk: null,
      amount_rule_type: "none",
      rule_value: "0",
      reward_type: "get_discount",
      reward_value: "10",
      start_date: "2026-01-01",
      end_date: "2026-12-31",
    },
  ],
});

describe("the till's catalogue and bill", () => {
  it("finds a unit's barcode, and an item's own barcode as its default unit", () => {
    expect(findBarcode(index, "1110")?.unit.unit_name).toBe("Piece");
    expect(findBarcode(index, "111")?.unit.unit_name).toBe("Box");
    expect(findBarcode(index, "nope")).toBeNull();
  });

  it("searches names with Arabic letters folded (ك finds ک, ة finds ه), and codes by their start", () => {
    expect(searchItems(index, "شوكولاته").map((i) => i.item_id)).toEqual([1]);
    expect(searchItems(index, "کیک").map((i) => i.item_id)).toEqual([1]);
    expect(searchItems(index, "WAT").map((i) => i.item_id)).toEqual([2]);
    expect(searchItems(index, "ck").map((i) => i.item_id)).toEqual([1]);
  });

  it("prices with the shared price function: the promotion on a parent category, the tax, the USD total", () => {
    let lines = addToBill([], items[0]!, items[0]!.units[0]!, "2");
    lines = addToBill(lines, items[1]!, items[1]!.units[0]!);
    lines = addToBill(lines, items[1]!, items[1]!.units[0]!);
    expect(lines.map((l) => l.quantity)).toEqual(["2", "2"]);
    const bill = priceBill(index, lines, { customer: null, system_currency_id: 1, rate: "1310", now: new Date("2026-06-01T10:00:00") });
    // Cake: 2 × 1,000 = 2,000 less 10% = 1,800. Water: 2 × 500 = 1,000 + 5% tax = 1,050. 2,850 IQD = $2.1756…:
    // $2.18 asked of a customer paying in dollars ($2.17 would not cover it).
    expect(bill.lines.map((l) => [l.priced.total, l.promotion_title])).toEqual([
      ["1800", "Cakes 10%"],
      ["1050", null],
    ]);
    expect(bill.doc.total).toBe("2850");
    expect(bill.total_usd).toBe("2.18");
  });

  it("a promotion outside its dates does not apply", () => {
    const lines = addToBill([], items[0]!, items[0]!.units[0]!);
    const bill = priceBill(index, lines, { customer: null, system_currency_id: 1, rate: "1310", now: new Date("2027-01-02T10:00:00") });
    expect(bill.doc.total).toBe("1000");
  });

  it("a line's discount is an amount or a percent of the line, as the sale screen allows", () => {
    const now = new Date("2027-01-02T10:00:00");
    const [line] = addToBill([], items[1]!, items[1]!.units[0]!, "4");
    const priced = (discount: { type: "amount" | "percent"; value: string }) =>
      priceBill(index, [{ ...line!, discount }], { customer: null, system_currency_id: 1, rate: "1310", now }).doc.total;
    // 4 × 500 = 2,000, then the tax of 5% on what is left.
    expect(priced({ type: "amount", value: "250" })).toBe("1837.5");
    expect(priced({ type: "percent", value: "25" })).toBe("1575");
    expect(priced({ type: "percent", value: "100" })).toBe("0");
    // A discounted line is not merged with a new scan of the same unit.
    expect(addToBill([{ ...line!, discount: { type: "percent", value: "10" } }], items[1]!, items[1]!.units[0]!)).toHaveLength(2);
  });
});
