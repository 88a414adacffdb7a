import { describe, expect, it } from "vitest";
import { type PriceDocumentInput, type PriceLineInput, type PricingProfileRule, type PromotionRule, priceDocument } from "./price.js";

const IQD = 1;
const USD = 2;

const line = (over: Partial<PriceLineInput> = {}): PriceLineInput => ({
  item_id: 10,
  category_ids: [9, 7],
  brand_id: 3,
  quantity: "4",
  sale_price: "1500",
  unit_cost: "1000",
  tax_percent: null,
  ...over,
});
const doc = (over: Partial<PriceDocumentInput> = {}): PriceDocumentInput => ({
  currency_id: IQD,
  system_currency_id: IQD,
  rate: "1310",
  customer_id: 50,
  profile: null,
  promotions: [],
  lines: [line()],
  ...over,
});
const profile = (over: Partial<PricingProfileRule> = {}): PricingProfileRule => ({
  profile_id: 2,
  profile_name: "Pharmacies",
  discount_percentage: "10",
  apply_on: "sale_price",
  discount_start_amount: null,
  discount_end_amount: null,
  ...over,
});
const promo = (over: Partial<PromotionRule> = {}): PromotionRule => ({
  promotion_id: 1,
  title: "Spring",
  customer_rule: "all",
  customer_fk: null,
  profile_fk: null,
  product_rule: "all",
  category_fk: null,
  brand_fk: null,
  item_fk: null,
  amount_rule_type: "none",
  rule_value: "0",
  reward_type: "get_discount",
  reward_value: "5",
  ...over,
});
const steps = (d: PriceDocumentInput, i = 0) => priceDocument(d).lines[i]?.steps.map((s) => [s.step, s.amount, s.change]);

describe("the price function", () => {
  it("starts from the unit's sale price times the quantity", () => {
    const r = priceDocument(doc());
    expect(r.lines[0]).toMatchObject({
      sale_price: "1500",
      unit_price: "1500",
      gross: "6000",
      discount: "0",
      net: "6000",
      tax: "0",
      total: "6000",
    });
    expect(steps(doc())).toEqual([["unit_price", "6000", "6000"]]);
    expect(r.total).toBe("6000");
  });

  it("turns the price into dollars at the in-rate, 3 decimals half up", () => {
    // 1500 / 1310 = 1.1450381... → 1.145; × 4 = 4.58
    const r = priceDocument(doc({ currency_id: USD }));
    expect(r.lines[0]).toMatchObject({ sale_price: "1.145", gross: "4.58", net: "4.58", total: "4.58" });
    // 2500 / 1310 = 1.9083969... → 1.908; × 3 = 5.724 (no float drift: 0.1 + 0.2 style sums stay exact)
    const r2 = priceDocument(doc({ currency_id: USD, lines: [line({ sale_price: "2500", quantity: "3" })] }));
    expect(r2.lines[0]?.gross).toBe("5.724");
  });

  it("applies the customer's profile on the sale price: less its percentage", () => {
    // 1500 - 10% = 1350; × 4 = 5400, 600 less
    const d = doc({ profile: profile() });
    expect(priceDocument(d).lines[0]).toMatchObject({ unit_price: "1350", net: "5400", discount: "600" });
    expect(steps(d)).toEqual([
      ["unit_price", "6000", "6000"],
      ["profile", "5400", "-600"],
    ]);
  });

  it("applies a profile on cost: the cost plus its percentage", () => {
    // 1000 + 20% = 1200; × 4 = 4800
    const d = doc({ profile: profile({ apply_on: "cost", discount_percentage: "20" }) });
    expect(priceDocument(d).lines[0]).toMatchObject({ unit_price: "1200", net: "4800" });
    // No cost known (nothing ever bought): the sale price stands and the step says why.
    const none = priceDocument(doc({ profile: profile({ apply_on: "cost" }), lines: [line({ unit_cost: null })] })).lines[0];
    expect(none?.net).toBe("6000");
    expect(none?.steps[1]).toMatchObject({ step: "profile", skipped: "no_cost", change: "0" });
  });

  it("applies a profile only between its start and end amounts", () => {
    const under = priceDocument(doc({ profile: profile({ discount_start_amount: "10000" }) })).lines[0];
    expect(under?.net).toBe("6000");
    expect(under?.steps[1]).toMatchObject({ skipped: "outside_amounts" });
    expect(priceDocument(doc({ profile: profile({ discount_start_amount: "6000", discount_end_amount: "6000" }) })).lines[0]?.net).toBe(
      "5400",
    );
    expect(priceDocument(doc({ profile: profile({ discount_end_amount: "5999.99" }) })).lines[0]?.net).toBe("6000");
    // Dollars: the start amount (system currency) is turned at the rate too: 6001 IQD = 4.581 USD,
    // above the line's 4.58.
    const usd = doc({ currency_id: USD, profile: profile({ discount_start_amount: "6001" }) });
    expect(priceDocument(usd).lines[0]?.net).toBe("4.58");
    // 1.145 - 10% (0.1145 → 0.115 half up) = 1.03 × 4 = 4.12
    expect(priceDocument({ ...usd, profile: profile({ discount_start_amount: "6000" }) }).lines[0]?.net).toBe("4.12");
  });

  it("gives a promotion's discount after the profile", () => {
    // 5400 - 5% (270) = 5130
    const d = doc({ profile: profile(), promotions: [promo()] });
    expect(steps(d)).toEqual([
      ["unit_price", "6000", "6000"],
      ["profile", "5400", "-600"],
      ["promotion", "5130", "-270"],
    ]);
    expect(priceDocument(d).lines[0]).toMatchObject({ unit_price: "1282.5", promotion_id: 1, discount: "870" });
  });

  it("gives a promotion's amount off, never more than the line", () => {
    const d = doc({ promotions: [promo({ reward_type: "get_amount", reward_value: "750" })] });
    expect(priceDocument(d).lines[0]?.net).toBe("5250");
    const all = doc({ promotions: [promo({ reward_type: "get_amount", reward_value: "99999" })] });
    expect(priceDocument(all).lines[0]?.net).toBe("0");
    // In dollars the amount is turned at the rate: 1310 IQD = 1 USD; 4.58 - 1 = 3.58
    const usd = doc({ currency_id: USD, promotions: [promo({ reward_type: "get_amount", reward_value: "1310" })] });
    expect(priceDocument(usd).lines[0]?.net).toBe("3.58");
  });

  it("gives free units for every full quantity bought", () => {
    // Buy 10 get 1: 25 bought → 2 free, the amount unchanged.
    const d = doc({
      promotions: [promo({ amount_rule_type: "quantity", rule_value: "10", reward_type: "get_free", reward_value: "1" })],
      lines: [line({ quantity: "25" })],
    });
    const l = priceDocument(d).lines[0];
    expect(l).toMatchObject({ free_quantity: "2", net: "37500", promotion_id: 1 });
    expect(l?.steps[1]).toMatchObject({ step: "promotion", reward_type: "get_free", free_quantity: "2", change: "0" });
    // 9 bought: the quantity rule is not met.
    expect(priceDocument({ ...d, lines: [line({ quantity: "9" })] }).lines[0]).toMatchObject({ free_quantity: "0", promotion_id: null });
  });

  it("counts a quantity rule in base units: two boxes of 12 meet 'at least 24'", () => {
    const atLeast24 = promo({ amount_rule_type: "quantity", rule_value: "24", reward_type: "get_discount", reward_value: "10" });
    const boxes = line({ quantity: "2", unit_qty: "12", sale_price: "7250" });
    expect(priceDocument(doc({ promotions: [atLeast24], lines: [boxes] })).lines[0]).toMatchObject({
      promotion_id: 1,
      gross: "14500",
      net: "13050",
    });
    // One box of 12 is 12 pieces: not met; 24 pieces of a unit of 1 are.
    expect(priceDocument(doc({ promotions: [atLeast24], lines: [{ ...boxes, quantity: "1" }] })).lines[0]?.promotion_id).toBeNull();
    expect(priceDocument(doc({ promotions: [atLeast24], lines: [line({ quantity: "24" })] })).lines[0]?.promotion_id).toBe(1);
    // Free units are base units too, given in the line's unit: 12 free for every 24 is half a box per two boxes.
    const free = promo({ amount_rule_type: "quantity", rule_value: "24", reward_type: "get_free", reward_value: "12" });
    expect(priceDocument(doc({ promotions: [free], lines: [{ ...boxes, quantity: "4" }] })).lines[0]).toMatchObject({
      free_quantity: "2",
      net: "29000",
    });
  });

  it("checks the customer, product and amount rules", () => {
    const priced = (p: Partial<PromotionRule>, d: Partial<PriceDocumentInput> = {}) =>
      priceDocument(doc({ promotions: [promo(p)], ...d })).lines[0]?.promotion_id;
    expect(priced({ customer_rule: "customer", customer_fk: 50 })).toBe(1);
    expect(priced({ customer_rule: "customer", customer_fk: 51 })).toBeNull();
    expect(priced({ customer_rule: "customer", customer_fk: 50 }, { customer_id: null })).toBeNull();
    expect(priced({ customer_rule: "profile", profile_fk: 2 }, { profile: profile() })).toBe(1);
    expect(priced({ customer_rule: "profile", profile_fk: 3 }, { profile: profile() })).toBeNull();
    expect(priced({ product_rule: "category", category_fk: 7 })).toBe(1); // the parent category
    expect(priced({ product_rule: "category", category_fk: 8 })).toBeNull();
    expect(priced({ product_rule: "brand", brand_fk: 3 })).toBe(1);
    expect(priced({ product_rule: "brand", brand_fk: 4 })).toBeNull();
    expect(priced({ product_rule: "item", item_fk: 10 })).toBe(1);
    expect(priced({ product_rule: "item", item_fk: 11 })).toBeNull();
    expect(priced({ amount_rule_type: "amount", rule_value: "6000" })).toBe(1);
    expect(priced({ amount_rule_type: "amount", rule_value: "6000.01" })).toBeNull();
    expect(priced({ amount_rule_type: "quantity", rule_value: "4" })).toBe(1);
    expect(priced({ amount_rule_type: "quantity", rule_value: "5" })).toBeNull();
  });

  it("takes the best of several promotions, the older on a tie", () => {
    const five = promo({ promotion_id: 1, reward_value: "5" }); // 300 off 6000
    const amount = promo({ promotion_id: 2, reward_type: "get_amount", reward_value: "400" });
    const free = promo({ promotion_id: 3, reward_type: "get_free", reward_value: "1" }); // 1 unit = 1500
    expect(priceDocument(doc({ promotions: [five, amount] })).lines[0]?.promotion_id).toBe(2);
    expect(priceDocument(doc({ promotions: [five, amount, free] })).lines[0]?.promotion_id).toBe(3);
    const same = promo({ promotion_id: 4, reward_type: "get_amount", reward_value: "300" });
    expect(priceDocument(doc({ promotions: [same, five] })).lines[0]?.promotion_id).toBe(1);
  });

  it("takes the line discount after the promotion: percent or amount", () => {
    // 6000 - 5% = 5700; - 10% (570) = 5130
    const p = doc({ promotions: [promo()], lines: [line({ discount: { type: "percent", value: "10" } })] });
    expect(steps(p)).toEqual([
      ["unit_price", "6000", "6000"],
      ["promotion", "5700", "-300"],
      ["line_discount", "5130", "-570"],
    ]);
    const a = doc({ lines: [line({ discount: { type: "amount", value: "250.5" } })] });
    expect(priceDocument(a).lines[0]?.net).toBe("5749.5");
    const over = doc({ lines: [line({ discount: { type: "amount", value: "7000" } })] });
    expect(priceDocument(over).lines[0]?.net).toBe("0");
  });

  it("spreads an invoice amount discount by line value, the last line taking the rounding", () => {
    // Lines 4617 and 3000 (7617). 1000 × 4617 / 7617 = 606.1441... → 606.144; the last 393.856.
    const d = doc({
      lines: [line({ quantity: "1", sale_price: "4617" }), line({ item_id: 11, quantity: "2", sale_price: "1500" })],
      invoice_discount: { type: "amount", value: "1000" },
    });
    const r = priceDocument(d);
    expect(r.lines.map((l) => l.net)).toEqual(["4010.856", "2606.144"]);
    expect(r).toMatchObject({ gross: "7617", invoice_discount: "1000", net: "6617", total: "6617" });
    // A percentage takes from each line: 10% of 4617 = 461.7, of 3000 = 300.
    const p = priceDocument({ ...d, invoice_discount: { type: "percent", value: "10" } });
    expect(p.lines.map((l) => l.net)).toEqual(["4155.3", "2700"]);
    expect(p.invoice_discount).toBe("761.7");
  });

  it("adds the item's revenue tax last, on what is left after every discount", () => {
    // 6000 - 10% profile = 5400; - invoice 10% = 4860; tax 15% = 729 → 5589
    const d = doc({ profile: profile(), lines: [line({ tax_percent: "15" })], invoice_discount: { type: "percent", value: "10" } });
    const r = priceDocument(d);
    expect(steps(d)).toEqual([
      ["unit_price", "6000", "6000"],
      ["profile", "5400", "-600"],
      ["invoice_discount", "4860", "-540"],
      ["tax", "4860", "729"],
    ]);
    expect(r.lines[0]).toMatchObject({ net: "4860", tax: "729", total: "5589", discount: "1140" });
    expect(r).toMatchObject({ net: "4860", tax: "729", total: "5589" });
  });

  it("runs every rule in order on a dollar invoice", () => {
    // 1500 IQD at 1310 → 1.145 × 10 = 11.45
    // profile 10%: 1.145 - 0.115 (0.1145 half up) = 1.03 × 10 = 10.3
    // promotion 5%: 10.3 - 0.515 = 9.785
    // line discount 0.785 USD: 9
    // invoice discount 10%: 9 - 0.9 = 8.1
    // tax 5%: 0.405 → total 8.505
    const d = doc({
      currency_id: USD,
      profile: profile(),
      promotions: [promo()],
      lines: [line({ quantity: "10", tax_percent: "5", discount: { type: "amount", value: "0.785" } })],
      invoice_discount: { type: "percent", value: "10" },
    });
    expect(steps(d)).toEqual([
      ["unit_price", "11.45", "11.45"],
      ["profile", "10.3", "-1.15"],
      ["promotion", "9.785", "-0.515"],
      ["line_discount", "9", "-0.785"],
      ["invoice_discount", "8.1", "-0.9"],
      ["tax", "8.1", "0.405"],
    ]);
    expect(priceDocument(d)).toMatchObject({ gross: "11.45", discount: "3.35", net: "8.1", tax: "0.405", total: "8.505" });
  });
});
