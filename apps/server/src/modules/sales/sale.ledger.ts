import type Decimal from "decimal.js";
import type { AccountInfo, RuleLine } from "../ledger/journal.js";
import { convert, D, round4, ZERO } from "../ledger/money.js";

/** Money received for a sale into one account, in the payment's currency at its rate. */
export interface PaymentPosting {
  account: AccountInfo;
  currency_id: number;
  rate: Decimal.Value;
  amount: Decimal.Value;
}

export interface SalePosting {
  system_currency: number;
  currency_id: number;
  /** The in-rate of the sale. */
  rate: Decimal.Value;
  /** The customer's receivable account in the sale's currency. */
  receivable: AccountInfo;
  payments: PaymentPosting[];
  /** What the payments come to in the sale's currency (the rest is owed). */
  paid: Decimal.Value;
  /** The lines at their unit sale prices (sale's currency). */
  gross: Decimal.Value;
  /** Every reduction: profile, promotion, line and invoice discounts and the rounded discount (sale's currency). */
  discount: Decimal.Value;
  tax: Decimal.Value;
  /** gross − discount + tax (sale's currency). */
  total: Decimal.Value;
  /** The goods' cost as they left the stock, system currency. */
  cost: Decimal.Value;
  accounts: { sales: number; discounts: number; tax: number; cogs: number; inventory: number };
  /** The salesman's commission, system currency, with his payable account. */
  commission?: { amount: Decimal.Value; expense: number; payable: number } | null;
}

/**
 * Pure: the entry of a complete sale (DESIGN §4). Dr each payment's account with what came in
 * (in that account's currency) and the customer's receivable with what is owed; Dr Sales
 * Discounts with every reduction; Cr Sales with the lines at their sale prices; Cr Sales Tax.
 * Dr Cost of Goods Sold / Cr Inventory with the goods' cost; Dr Salesman Commissions / Cr the
 * salesman's payable. A price above the sale price (a profile on cost) is more sales, not a
 * negative discount. The conversions' rounding goes to exchange differences when posted.
 */
export function saleLines(doc: SalePosting): RuleLine[] {
  const sys = (v: Decimal.Value) => convert(v, doc.currency_id, doc.system_currency, doc.rate);
  const out: RuleLine[] = [];
  for (const p of doc.payments) {
    if (!D(p.amount).gt(0)) continue;
    out.push({ account_id: p.account.account_id, debit: convert(p.amount, p.currency_id, p.account.currency_id, p.rate), rate: p.rate });
  }
  const owed = D(doc.total).minus(doc.paid);
  if (owed.gt(0)) out.push({ account_id: doc.receivable.account_id, debit: owed, rate: doc.rate });
  const discount = D(doc.discount);
  const sales = discount.isNeg() ? D(doc.gross).minus(discount) : D(doc.gross);
  if (discount.gt(0)) out.push({ account_id: doc.accounts.discounts, debit: sys(discount), rate: doc.rate });
  out.push({ account_id: doc.accounts.sales, credit: sys(sales), rate: doc.rate });
  if (D(doc.tax).gt(0)) out.push({ account_id: doc.accounts.tax, credit: sys(doc.tax), rate: doc.rate });
  const cost = round4(doc.cost);
  if (cost.gt(0)) {
    out.push({ account_id: doc.accounts.cogs, debit: cost, rate: doc.rate });
    out.push({ account_id: doc.accounts.inventory, credit: cost, rate: doc.rate });
  } else if (cost.lt(0)) {
    // Goods whose average cost had fallen below zero (stock let below zero, then bought back
    // cheaper): their leaving raised the stock's value, and the books follow it.
    out.push({ account_id: doc.accounts.inventory, debit: cost.neg(), rate: doc.rate });
    out.push({ account_id: doc.accounts.cogs, credit: cost.neg(), rate: doc.rate });
  }
  const c = doc.commission;
  if (c && D(c.amount).gt(0)) {
    out.push({ account_id: c.expense, debit: round4(c.amount), rate: doc.rate });
    out.push({ account_id: c.payable, credit: round4(c.amount), rate: doc.rate });
  }
  return out;
}

export const paymentStatus = (total: Decimal.Value, paid: Decimal.Value) =>
  D(paid).isZero() ? (D(total).isZero() ? "paid" : "unpaid") : D(paid).gte(total) ? "paid" : "partially_paid";

/** A salesman's commission terms (SPEC §3 user fields). */
export interface CommissionTerms {
  commission_type: string | null;
  /** Below the first quota (or on everything when no quota is set). */
  percentage: Decimal.Value | null;
  percentages: (Decimal.Value | null)[];
  quotas: (Decimal.Value | null)[];
}

/**
 * The tiers of a salesman: the base percentage from 0, then percentage i from quota i (quotas
 * without an amount are skipped; a quota without its percentage keeps the one before).
 */
export function commissionTiers(t: CommissionTerms): { from: Decimal; percent: Decimal }[] {
  const tiers = [{ from: ZERO, percent: D(t.percentage ?? 0) }];
  t.quotas.forEach((q, i) => {
    if (q === null || q === undefined || D(q).lte(0)) return;
    const p = t.percentages[i];
    tiers.push({ from: D(q), percent: p === null || p === undefined ? tiers[tiers.length - 1]!.percent : D(p) });
  });
  return tiers.sort((a, b) => a.from.cmp(b.from));
}

/** Commission on a cumulative base: each tier's percentage on the part of the base within it. */
function commissionUpTo(tiers: { from: Decimal; percent: Decimal }[], base: Decimal): Decimal {
  let sum = ZERO;
  tiers.forEach((tier, i) => {
    const to = tiers[i + 1]?.from;
    const top = to && base.gt(to) ? to : base;
    if (top.gt(tier.from)) sum = sum.plus(top.minus(tier.from).mul(tier.percent).div(100));
  });
  return sum;
}

/**
 * Pure: the commission of one sale. The base is the sale's revenue (before tax) or its gross
 * profit (revenue less cost), system currency; the quotas are tiers of the salesman's base in
 * the sale's month, so the sale earns what the month's commission grows by with it: `before` is
 * the month's base of his other complete sales. No commission, or a base of 0 or less: nothing.
 */
export function saleCommission(
  terms: CommissionTerms,
  sale: { revenue: Decimal.Value; cost: Decimal.Value },
  before: Decimal.Value = 0,
): { base: Decimal; amount: Decimal } {
  const type = terms.commission_type;
  if (type !== "revenue_commission" && type !== "gross_profit_commission") return { base: ZERO, amount: ZERO };
  const base = round4(type === "revenue_commission" ? D(sale.revenue) : D(sale.revenue).minus(sale.cost));
  if (!base.gt(0)) return { base, amount: ZERO };
  const tiers = commissionTiers(terms);
  const start = D(before).gt(0) ? D(before) : ZERO;
  return { base, amount: round4(commissionUpTo(tiers, start.plus(base)).minus(commissionUpTo(tiers, start))) };
}
