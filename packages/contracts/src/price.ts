import Decimal from "decimal.js";
import { convert, D, type DecimalValue, floorWhole, round3, str, ZERO } from "./money.js";

/**
 * THE price function: what a customer pays for a line, and why. Sales, quotations, POS and online
 * orders all price through `priceDocument`; it is pure (everything it needs is passed in), so a
 * screen can show the steps and a test can check them by hand. The rules run in this order:
 *
 * 1. `unit_price`: the item unit's sale price, turned into the document's currency at its rate;
 * 2. `profile`: the customer's pricing profile, when the line's amount is within its start and
 *    end amounts: the sale price less its percentage, or the cost plus its percentage;
 * 3. `promotion`: the best active promotion whose customer, product and amount rules the line meets
 *    (get free: units given on top; get discount: a percentage off; get amount: an amount off);
 * 4. `line_discount`: the line's own discount, an amount or a percentage;
 * 5. `invoice_discount`: the document's discount, a percentage of every line or an amount spread
 *    over the lines by their value;
 * 6. `tax`: the item's revenue tax on what is left.
 *
 * Amounts are in the document's currency, each step rounded to 3 decimals half up (SPEC §9).
 */

export type DiscountKind = "amount" | "percent";
export interface Discount {
  type: DiscountKind;
  /** An amount in the document's currency, or a percentage 0-100. */
  value: string;
}

export interface PricingProfileRule {
  profile_id: number;
  profile_name: string;
  discount_percentage: string;
  apply_on: "sale_price" | "cost";
  /** The profile applies from this line amount (system currency); none: from zero. */
  discount_start_amount: string | null;
  /** ... up to this line amount (system currency); none: without limit. */
  discount_end_amount: string | null;
}

export const CUSTOMER_RULES = ["all", "customer", "profile"] as const;
export const PRODUCT_RULES = ["all", "category", "brand", "item"] as const;
export const AMOUNT_RULE_TYPES = ["none", "quantity", "amount"] as const;
export const REWARD_TYPES = ["get_free", "get_discount", "get_amount"] as const;

export interface PromotionRule {
  promotion_id: number;
  title: string;
  /** all customers, one customer, or every customer of one pricing profile. */
  customer_rule: (typeof CUSTOMER_RULES)[number];
  customer_fk: number | null;
  profile_fk: number | null;
  /** all items, a category (with its sub-categories), a brand or one item. */
  product_rule: (typeof PRODUCT_RULES)[number];
  category_fk: number | null;
  brand_fk: number | null;
  item_fk: number | null;
  /**
   * none, at least `rule_value` units counted in the item's base unit (a line of 2 boxes of 12 is
   * 24), or a line amount of at least `rule_value` (system currency).
   */
  amount_rule_type: (typeof AMOUNT_RULE_TYPES)[number];
  rule_value: string;
  /**
   * get_free: `reward_value` base units free for every `rule_value` base units bought (quantity
   * rule), else once; given on the line in its own unit; get_discount: `reward_value` percent off
   * the line; get_amount: `reward_value` (system currency) off the line, at most the line's amount.
   */
  reward_type: (typeof REWARD_TYPES)[number];
  reward_value: string;
}

export interface PriceLineInput {
  item_id: number;
  /** The item's category and every category above it. */
  category_ids: number[];
  brand_id: number | null;
  quantity: string;
  /** Base units in one of the line's unit (a box of 12: 12); none: 1. A promotion's quantity rule counts base units. */
  unit_qty?: string | null;
  /** The unit's sale price, in the system currency. */
  sale_price: string;
  /** The unit's average cost (system currency); needed only by a profile that applies on cost. */
  unit_cost: string | null;
  /** The item's revenue tax percentage, or none. */
  tax_percent: string | null;
  discount?: Discount | null;
  /**
   * A unit price set by hand, in the document's currency: replaces the sale price in step 1
   * (the caller decides whether the user may: an editable item or the Discount permission).
   */
  manual_price?: string | null;
}

export interface PriceDocumentInput {
  currency_id: number;
  system_currency_id: number;
  /** The in-rate: IQD per 1 USD. */
  rate: string;
  customer_id: number | null;
  profile: PricingProfileRule | null;
  promotions: PromotionRule[];
  lines: PriceLineInput[];
  invoice_discount?: Discount | null;
}

export type StepKind = "unit_price" | "profile" | "promotion" | "line_discount" | "invoice_discount" | "tax";
export interface PriceStep {
  step: StepKind;
  /** The line's amount after this step (before tax: what the customer pays without tax). */
  amount: string;
  /** What this step changed the amount by (negative: a reduction). */
  change: string;
  /** The unit price after this step, when the step sets one. */
  unit_price?: string;
  percent?: string;
  profile_id?: number;
  profile_name?: string;
  apply_on?: PricingProfileRule["apply_on"];
  promotion_id?: number;
  title?: string;
  reward_type?: PromotionRule["reward_type"];
  free_quantity?: string;
  discount_type?: DiscountKind;
  /** A profile whose start and end amounts the line is outside of is shown but not applied. */
  skipped?: "outside_amounts" | "no_cost";
  /** Step 1 took a price set by hand. */
  manual?: boolean;
}

export interface PricedLine {
  quantity: string;
  free_quantity: string;
  /** The unit sale price in the document's currency. */
  sale_price: string;
  /** The unit price after the profile and promotion. */
  unit_price: string;
  /** sale_price × quantity. */
  gross: string;
  /** gross less net: every reduction of the profile, promotion and discounts. */
  discount: string;
  /** What the line comes to before tax. */
  net: string;
  tax: string;
  total: string;
  promotion_id: number | null;
  steps: PriceStep[];
}

export interface PricedDocument {
  lines: PricedLine[];
  gross: string;
  discount: string;
  invoice_discount: string;
  net: string;
  tax: string;
  total: string;
}

const HUNDRED = D(100);
const ONE = D(1);
const pct = (amount: Decimal, percent: DecimalValue) => round3(amount.mul(D(percent)).div(HUNDRED));
const clampZero = (v: Decimal) => (v.isNegative() ? ZERO : v);

/** What a promotion takes off a line (or gives on top of it), or null when its rules are not met. */
function promotionEffect(
  promo: PromotionRule,
  ctx: {
    customer_id: number | null;
    profile_id: number | null;
    line: PriceLineInput;
    qty: Decimal;
    amount: Decimal;
    toDoc: (v: string) => Decimal;
  },
): { reduction: Decimal; free: Decimal } | null {
  const { line } = ctx;
  if (promo.customer_rule === "customer" && (ctx.customer_id === null || promo.customer_fk !== ctx.customer_id)) return null;
  if (promo.customer_rule === "profile" && (ctx.profile_id === null || promo.profile_fk !== ctx.profile_id)) return null;
  if (promo.product_rule === "item" && promo.item_fk !== line.item_id) return null;
  if (promo.product_rule === "brand" && (line.brand_id === null || promo.brand_fk !== line.brand_id)) return null;
  if (promo.product_rule === "category" && (promo.category_fk === null || !line.category_ids.includes(promo.category_fk))) return null;
  const ruleValue = D(promo.rule_value);
  const perUnit = line.unit_qty != null && D(line.unit_qty).gt(0) ? D(line.unit_qty) : ONE;
  const baseQty = ctx.qty.mul(perUnit);
  if (promo.amount_rule_type === "quantity" && baseQty.lt(ruleValue)) return null;
  if (promo.amount_rule_type === "amount" && ctx.amount.lt(ctx.toDoc(promo.rule_value))) return null;
  const reward = D(promo.reward_value);
  switch (promo.reward_type) {
    case "get_free": {
      const times = promo.amount_rule_type === "quantity" && ruleValue.gt(0) ? floorWhole(baseQty.div(ruleValue)) : ONE;
      // The free base units in the line's unit, never more than the promotion gives (4 decimals, as quantities are kept).
      const free = times.mul(reward).div(perUnit).toDecimalPlaces(4, Decimal.ROUND_FLOOR);
      return { reduction: ZERO, free };
    }
    case "get_discount":
      return { reduction: pct(ctx.amount, Math.min(reward.toNumber(), 100)), free: ZERO };
    case "get_amount": {
      const off = ctx.toDoc(promo.reward_value);
      return { reduction: off.gt(ctx.amount) ? ctx.amount : off, free: ZERO };
    }
  }
}

/** Steps 1-4 of one line: everything but the invoice discount and the tax. */
function priceLineBeforeInvoice(doc: PriceDocumentInput, line: PriceLineInput) {
  const toDoc = (v: string) => convert(v, doc.system_currency_id, doc.currency_id, doc.rate);
  const qty = D(line.quantity);
  const steps: PriceStep[] = [];
  const manual = line.manual_price !== undefined && line.manual_price !== null;
  const salePrice = round3(manual ? D(line.manual_price) : toDoc(line.sale_price));
  const gross = round3(salePrice.mul(qty));
  let unit = salePrice;
  let amount = gross;
  steps.push({ step: "unit_price", unit_price: str(unit), amount: str(amount), change: str(amount), ...(manual ? { manual: true } : {}) });

  const profile = doc.profile;
  if (profile) {
    const within =
      (profile.discount_start_amount === null || amount.gte(toDoc(profile.discount_start_amount))) &&
      (profile.discount_end_amount === null || amount.lte(toDoc(profile.discount_end_amount)));
    const base = {
      step: "profile" as const,
      percent: str(profile.discount_percentage),
      profile_id: profile.profile_id,
      profile_name: profile.profile_name,
      apply_on: profile.apply_on,
    };
    const skipped = !within ? "outside_amounts" : profile.apply_on === "cost" && line.unit_cost === null ? "no_cost" : null;
    if (skipped) {
      steps.push({ ...base, unit_price: str(unit), amount: str(amount), change: "0", skipped });
    } else {
      unit =
        profile.apply_on === "sale_price"
          ? unit.minus(pct(unit, profile.discount_percentage))
          : ((c) => c.plus(pct(c, profile.discount_percentage)))(round3(toDoc(line.unit_cost as string)));
      const next = round3(unit.mul(qty));
      steps.push({ ...base, unit_price: str(unit), amount: str(next), change: str(next.minus(amount)) });
      amount = next;
    }
  }

  let best: { promo: PromotionRule; reduction: Decimal; free: Decimal; worth: Decimal } | null = null;
  for (const promo of doc.promotions) {
    const effect = promotionEffect(promo, {
      customer_id: doc.customer_id,
      profile_id: profile?.profile_id ?? null,
      line,
      qty,
      amount,
      toDoc,
    });
    if (!effect) continue;
    // Free units are worth what they would have cost at the price reached so far.
    const worth = effect.reduction.plus(effect.free.mul(unit));
    if (!worth.gt(0)) continue;
    if (!best || worth.gt(best.worth) || (worth.eq(best.worth) && promo.promotion_id < best.promo.promotion_id)) {
      best = { promo, ...effect, worth };
    }
  }
  let free = ZERO;
  if (best) {
    const next = amount.minus(best.reduction);
    free = best.free;
    steps.push({
      step: "promotion",
      promotion_id: best.promo.promotion_id,
      title: best.promo.title,
      reward_type: best.promo.reward_type,
      ...(best.promo.reward_type === "get_discount" ? { percent: str(best.promo.reward_value) } : {}),
      free_quantity: str(free),
      unit_price: str(qty.isZero() ? unit : round3(next.div(qty))),
      amount: str(next),
      change: str(best.reduction.neg()),
    });
    amount = next;
    if (!qty.isZero()) unit = round3(amount.div(qty));
  }

  if (line.discount && !D(line.discount.value).isZero()) {
    const off = line.discount.type === "percent" ? pct(amount, line.discount.value) : D(line.discount.value);
    const next = clampZero(amount.minus(off));
    steps.push({
      step: "line_discount",
      discount_type: line.discount.type,
      ...(line.discount.type === "percent" ? { percent: str(line.discount.value) } : {}),
      amount: str(next),
      change: str(next.minus(amount)),
    });
    amount = next;
  }
  return { qty, free, salePrice, gross, unit, amount, steps, promotion_id: best ? best.promo.promotion_id : null };
}

/** Prices every line of a document, then its invoice discount and tax, keeping every step. */
export function priceDocument(doc: PriceDocumentInput): PricedDocument {
  const lines = doc.lines.map((line) => ({ line, ...priceLineBeforeInvoice(doc, line) }));
  const before = lines.reduce((s, l) => s.plus(l.amount), ZERO);

  // The invoice discount: a percentage of every line, or an amount shared by value with the last
  // line taking the rounding, so the shares add up to the discount exactly.
  const inv = doc.invoice_discount && !D(doc.invoice_discount.value).isZero() ? doc.invoice_discount : null;
  const shares = lines.map(() => ZERO);
  if (inv && before.gt(0)) {
    if (inv.type === "percent") {
      lines.forEach((l, i) => {
        shares[i] = pct(l.amount, inv.value);
      });
    } else {
      const total = D(inv.value).gt(before) ? before : D(inv.value);
      let left = total;
      const lastPriced = lines.map((l) => l.amount.gt(0)).lastIndexOf(true);
      lines.forEach((l, i) => {
        if (!l.amount.gt(0)) return;
        const share = i === lastPriced ? left : round3(total.mul(l.amount).div(before));
        shares[i] = share.gt(l.amount) ? l.amount : share;
        left = left.minus(shares[i] as Decimal);
      });
    }
  }

  const priced: PricedLine[] = lines.map((l, i) => {
    const steps = [...l.steps];
    let amount = l.amount;
    const share = shares[i] as Decimal;
    if (inv && share.gt(0)) {
      const next = amount.minus(share);
      steps.push({
        step: "invoice_discount",
        discount_type: inv.type,
        ...(inv.type === "percent" ? { percent: str(inv.value) } : {}),
        amount: str(next),
        change: str(share.neg()),
      });
      amount = next;
    }
    let tax = ZERO;
    if (l.line.tax_percent !== null && !D(l.line.tax_percent).isZero()) {
      tax = pct(amount, l.line.tax_percent);
      steps.push({ step: "tax", percent: str(l.line.tax_percent), amount: str(amount), change: str(tax) });
    }
    return {
      quantity: str(l.qty),
      free_quantity: str(l.free),
      sale_price: str(l.salePrice),
      unit_price: str(l.unit),
      gross: str(l.gross),
      discount: str(l.gross.minus(amount)),
      net: str(amount),
      tax: str(tax),
      total: str(amount.plus(tax)),
      promotion_id: l.promotion_id,
      steps,
    };
  });
  const sum = (k: "gross" | "discount" | "net" | "tax" | "total") => str(priced.reduce((s, l) => s.plus(l[k]), ZERO));
  return {
    lines: priced,
    gross: sum("gross"),
    discount: sum("discount"),
    invoice_discount: str(shares.reduce((s, v) => s.plus(v), ZERO)),
    net: sum("net"),
    tax: sum("tax"),
    total: sum("total"),
  };
}
