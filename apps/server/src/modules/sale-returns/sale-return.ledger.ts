import type Decimal from "decimal.js";
import type { AccountInfo, RuleLine } from "../ledger/journal.js";
import { convert, D, round3, round4, ZERO } from "../ledger/money.js";

/**
 * What one sale line came to, in the sale's currency: `revenue` credited to Sales (the units at
 * their sale price), `discount` debited to Sales Discounts (every reduction of the line and its
 * share of the rounded discount; below zero when the price was above the sale price), `tax`
 * credited to tax; revenue − discount + tax is what the customer was charged for it.
 */
export interface SoldFigures {
  quantity: Decimal.Value;
  revenue: Decimal.Value;
  discount: Decimal.Value;
  tax: Decimal.Value;
}

export interface ReturnedFigures {
  revenue: Decimal;
  discount: Decimal;
  tax: Decimal;
  total: Decimal;
}

/** `part` of `whole` units of an amount, 3 decimals; all of it when every unit is counted. */
const shareOf = (amount: Decimal.Value, part: Decimal.Value, whole: Decimal.Value) =>
  D(part).gte(whole) ? D(amount) : round3(D(amount).mul(part).div(whole));

/**
 * Pure: the figures of returning `quantity` units of a sold line of which `returnedBefore` units
 * came back already. Each amount is the line's amount in proportion to the units, taken as the
 * difference of two cumulative shares, so however a line is returned in parts, the parts add up
 * to exactly what was sold and the last part takes what rounding left.
 */
export function returnedShare(sold: SoldFigures, returnedBefore: Decimal.Value, quantity: Decimal.Value): ReturnedFigures {
  const before = D(returnedBefore);
  const after = before.plus(quantity);
  const part = (amount: Decimal.Value) => shareOf(amount, after, sold.quantity).minus(shareOf(amount, before, sold.quantity));
  const revenue = part(sold.revenue);
  const discount = part(sold.discount);
  const tax = part(sold.tax);
  return { revenue, discount, tax, total: revenue.minus(discount).plus(tax) };
}

/** A batch a sale line took goods from, in base units, and the value (system currency) they left with. */
export interface SoldBatch {
  batch_id: number;
  qty: Decimal.Value;
  value: Decimal.Value;
}

/**
 * Pure: where `baseQty` returned units of a sold line go back, and at what value: into the
 * batches the sale took them from, in the order it took them, each up to what left it less what
 * came back already (`returnedBefore` by batch), at the cost they left with; a batch's last unit
 * takes the value still outstanding. Answers nothing past what was sold.
 */
export function returnBatches(
  sold: SoldBatch[],
  returnedBefore: Map<number, { qty: Decimal.Value; value: Decimal.Value }>,
  baseQty: Decimal.Value,
): { batch_id: number; qty: Decimal; value: Decimal }[] {
  let need = D(baseQty);
  const out: { batch_id: number; qty: Decimal; value: Decimal }[] = [];
  for (const b of sold) {
    if (need.lte(0)) break;
    const back = returnedBefore.get(b.batch_id);
    const leftQty = D(b.qty).minus(back?.qty ?? 0);
    if (leftQty.lte(0)) continue;
    const q = need.lt(leftQty) ? need : leftQty;
    const leftValue = D(b.value).minus(back?.value ?? 0);
    const value = q.eq(leftQty) ? leftValue : round4(D(b.value).mul(q).div(b.qty));
    out.push({ batch_id: b.batch_id, qty: q, value });
    need = need.minus(q);
  }
  return out;
}

/**
 * Pure: the salesman's commission a return takes back, in proportion to the sale's net revenue
 * (revenue − discount, before tax) it returns: `sale.commission` (system currency) over
 * `sale.net`, of which other returns took `before` already. Taken as the difference of two
 * cumulative shares, so returns in parts add up to exactly the commission once all is back.
 */
export function returnedCommission(sale: { commission: Decimal.Value; net: Decimal.Value }, before: Decimal.Value, net: Decimal.Value) {
  if (!D(sale.commission).gt(0) || !D(sale.net).gt(0)) return ZERO;
  const share = (v: Decimal) => (v.lte(0) ? ZERO : v.gte(sale.net) ? D(sale.commission) : round4(D(sale.commission).mul(v).div(sale.net)));
  const b = D(before);
  return share(b.plus(net)).minus(share(b));
}

export interface SaleReturnAccounts {
  /** Contra-income: the revenue given back. */
  sales_returns: AccountInfo;
  discounts: AccountInfo;
  /** Where the sale credited its tax; needed only when tax is returned. */
  tax: AccountInfo | null;
  inventory: AccountInfo;
  cogs: AccountInfo;
}

export interface SaleReturnPosting {
  accounts: SaleReturnAccounts;
  /** The cash account the money is paid back from (Cash) or the customer's receivable (On Account). */
  creditor: AccountInfo;
  currency_id: number;
  rate: Decimal.Value;
  /**
   * IQD per USD for the money paid back when the creditor's currency is not the return's (a sale
   * in the system currency paid back from a USD till): the in-rate of the return's day. Else the
   * return's rate is used.
   */
  creditor_rate?: Decimal.Value;
  /** In the return's (the sale's) currency. */
  revenue: Decimal.Value;
  discount: Decimal.Value;
  tax: Decimal.Value;
  /** What the customer gets back: revenue − discount + tax. */
  total: Decimal.Value;
  /** The goods' value as they came back into stock, system currency. */
  cost: Decimal.Value;
  /** The salesman's commission taken back (system currency), with the accounts the sale posted it to. */
  commission?: { amount: Decimal.Value; expense: AccountInfo; payable: AccountInfo } | null;
}

/**
 * Pure: a sale return reverses the sale's lines in proportion. Dr Sales Returns with the revenue,
 * Cr Sales Discounts with the discount, Dr tax with the tax, Cr the till paying the money back or
 * the customer's account with the total; the goods come back Dr Inventory / Cr Cost of Goods Sold
 * at the cost they left with; a salesman's commission comes back Dr his payable / Cr Salesman
 * Commissions (`returnedCommission`). Amounts convert at the sale's rate (the money paid back from a till
 * in the other currency at `creditor_rate`); a conversion's rounding goes to exchange differences
 * when posted.
 */
export function saleReturnLines(doc: SaleReturnPosting): RuleLine[] {
  const { accounts: a } = doc;
  const to = (amount: Decimal.Value, account: AccountInfo) => convert(amount, doc.currency_id, account.currency_id, doc.rate);
  const out: RuleLine[] = [];
  const add = (account: AccountInfo, side: "debit" | "credit", amount: Decimal) => {
    if (amount.gt(0)) out.push({ account_id: account.account_id, [side]: amount, rate: doc.rate });
  };
  // As the sale did: a price above the sale price (a profile on cost) was more sales, not a negative discount.
  const discount = D(doc.discount);
  add(a.sales_returns, "debit", to(discount.isNeg() ? D(doc.revenue).minus(discount) : doc.revenue, a.sales_returns));
  add(a.discounts, "credit", to(discount, a.discounts));
  if (D(doc.tax).gt(0)) {
    if (!a.tax) throw new Error("a tax account is needed to return tax");
    add(a.tax, "debit", to(doc.tax, a.tax));
  }
  const creditorRate = doc.creditor.currency_id === doc.currency_id ? doc.rate : (doc.creditor_rate ?? doc.rate);
  const paidBack = convert(doc.total, doc.currency_id, doc.creditor.currency_id, creditorRate);
  if (paidBack.gt(0)) out.push({ account_id: doc.creditor.account_id, credit: paidBack, rate: creditorRate });
  const cost = round4(doc.cost);
  add(a.inventory, "debit", cost);
  add(a.cogs, "credit", cost);
  const c = doc.commission;
  if (c) {
    add(c.payable, "debit", round4(c.amount));
    add(c.expense, "credit", round4(c.amount));
  }
  return out;
}

/** The sum of some figures. */
export const sumOf = <T>(xs: T[], f: (x: T) => Decimal.Value) => xs.reduce<Decimal>((s, x) => s.plus(f(x)), ZERO);
