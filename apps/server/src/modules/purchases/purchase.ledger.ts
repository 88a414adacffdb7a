import type Decimal from "decimal.js";
import { spread } from "../../platform/allocation.js";
import type { AccountInfo, RuleLine } from "../ledger/journal.js";
import { convert, D, Dec, round3, round4, ZERO } from "../ledger/money.js";

/** Base-unit costs keep 6 decimals, as the stock ledger does. */
export const round6 = (v: Decimal.Value) => D(v).toDecimalPlaces(6, Dec.ROUND_HALF_UP);

export interface FigureLine {
  quantity: Decimal.Value;
  bonus: Decimal.Value;
  unit_price: Decimal.Value;
  /** Base units in one of the line's unit. */
  unit_base_qty: Decimal.Value;
}

export interface LineFigures {
  line_total: Decimal;
  /** The line's share of the total after the discount, in the document's currency. */
  net: Decimal;
  /** The same in the system currency. */
  value: Decimal;
  /** Base units coming in (bonus included). */
  base_qty: Decimal;
  /** Cost of one base unit in the system currency. */
  unit_cost: Decimal;
}

/**
 * Pure: a purchase's figures. Lines total quantity × unit price; the discount (an amount, or a
 * percent of the subtotal) is spread over the lines by value; each line's share, in the system
 * currency at the document's rate, divided by the base units that came in (bonus is free) is the
 * unit cost.
 */
export function purchaseFigures(
  doc: { currency_id: number; rate: Decimal.Value; discount_type: "amount" | "percent"; discount: Decimal.Value; lines: FigureLine[] },
  systemCurrency: number,
) {
  const totals = doc.lines.map((l) => round3(D(l.quantity).mul(l.unit_price)));
  const subtotal = totals.reduce<Decimal>((s, v) => s.plus(v), ZERO);
  const discount_amount = doc.discount_type === "percent" ? round3(subtotal.mul(doc.discount).div(100)) : round3(doc.discount);
  const total = subtotal.minus(discount_amount);
  const nets = spread(total, totals, 3);
  const sysTotal = convert(total, doc.currency_id, systemCurrency, doc.rate);
  const values = spread(sysTotal, nets, 4);
  const lines: LineFigures[] = doc.lines.map((l, i) => {
    const base_qty = D(l.quantity).plus(l.bonus).mul(l.unit_base_qty);
    const value = values[i]!;
    return { line_total: totals[i]!, net: nets[i]!, value, base_qty, unit_cost: base_qty.isZero() ? ZERO : round6(value.div(base_qty)) };
  });
  return { subtotal, discount_amount, total, sys_total: sysTotal, lines };
}

export const paymentStatus = (total: Decimal.Value, paid: Decimal.Value) =>
  D(paid).isZero() ? "unpaid" : D(paid).gte(total) ? "paid" : "partially_paid";

export interface PurchasePosting {
  inventory: AccountInfo;
  /** The supplier's payable account in the document's currency. */
  supplier: AccountInfo;
  /** The cash account paid from, when anything is paid. */
  cash?: AccountInfo | null;
  currency_id: number;
  rate: Decimal.Value;
  /** Value of the goods in the system currency (Dr Inventory): what the stock ledger records. */
  stock_value: Decimal.Value;
  total: Decimal.Value;
  paid: Decimal.Value;
}

/**
 * Pure: a complete purchase debits Inventory with the goods' value and credits the supplier with
 * its total. Any difference the conversions leave goes to exchange differences when posted.
 */
export function purchaseLines(doc: PurchasePosting): RuleLine[] {
  const out: RuleLine[] = [{ account_id: doc.inventory.account_id, debit: D(doc.stock_value), rate: doc.rate }];
  if (D(doc.total).gt(0)) out.push({ account_id: doc.supplier.account_id, credit: D(doc.total), rate: doc.rate });
  return out;
}

/**
 * Pure: the cash part of a purchase, an entry of its own (so the supplier's statement shows the
 * purchase and its payment, as a payment after the document does): Dr the supplier with what was
 * paid, Cr the cash account with the same in its currency. Nothing when nothing was paid.
 */
export function purchaseCashLines(doc: PurchasePosting): RuleLine[] {
  if (!D(doc.paid).gt(0) || !doc.cash) return [];
  return [
    { account_id: doc.supplier.account_id, debit: D(doc.paid), rate: doc.rate },
    { account_id: doc.cash.account_id, credit: convert(doc.paid, doc.currency_id, doc.cash.currency_id, doc.rate), rate: doc.rate },
  ];
}

export interface ChargePosting {
  /** The charge supplier's payable account in the charge's currency (On Account), or the cash account (Cash). */
  creditor: AccountInfo;
  currency_id: number;
  rate: Decimal.Value;
  amount: Decimal.Value;
}

/** A charge in the system currency at its own rate. */
export const chargeValue = (c: { currency_id: number; rate: Decimal.Value; amount: Decimal.Value }, systemCurrency: number) =>
  convert(c.amount, c.currency_id, systemCurrency, c.rate);

/**
 * Pure: applying the costs debits Inventory with each charge's value (the value the stock gains)
 * and credits each charge's supplier, or the cash account it was paid from.
 */
export function chargeLines(inventory: AccountInfo, charges: ChargePosting[], systemCurrency: number): RuleLine[] {
  const out: RuleLine[] = [];
  for (const c of charges) {
    out.push({ account_id: inventory.account_id, debit: chargeValue(c, systemCurrency), rate: c.rate });
    out.push({ account_id: c.creditor.account_id, credit: convert(c.amount, c.currency_id, c.creditor.currency_id, c.rate), rate: c.rate });
  }
  return out;
}

/**
 * Pure: the new base-unit costs once the charges (in the system currency) are spread over the
 * lines by value.
 */
export function appliedCosts(lines: { value: Decimal.Value; base_qty: Decimal.Value }[], charges: Decimal.Value) {
  const shares = spread(
    charges,
    lines.map((l) => D(l.value)),
    4,
  );
  return lines.map((l, i) => {
    const value = D(l.value).plus(shares[i]!);
    const q = D(l.base_qty);
    return { share: shares[i]!, value, unit_cost: q.isZero() ? ZERO : round6(value.div(q)) };
  });
}

export interface ReturnPosting {
  inventory: AccountInfo;
  /** Supplier's payable account (On Account) or the cash account the money comes into (Cash). */
  debtor: AccountInfo;
  currency_id: number;
  rate: Decimal.Value;
  /** What the supplier owes back, in the document's currency. */
  amount: Decimal.Value;
  /** The goods' value as they left the stock, in the system currency. */
  cost: Decimal.Value;
  gains: AccountInfo;
  losses: AccountInfo;
}

/**
 * Pure: a purchase return debits the supplier (or the cash received) with the amount and credits
 * Inventory with the goods' cost; what the two differ in the system currency is a stock gain or loss.
 */
export function purchaseReturnLines(doc: ReturnPosting, systemCurrency: number): RuleLine[] {
  const amountSys = convert(doc.amount, doc.currency_id, systemCurrency, doc.rate);
  const cost = round4(doc.cost);
  const diff = amountSys.minus(cost);
  const out: RuleLine[] = [
    { account_id: doc.debtor.account_id, debit: convert(doc.amount, doc.currency_id, doc.debtor.currency_id, doc.rate), rate: doc.rate },
    // The goods' value as it left the stock (a value below zero, left by stock let below zero, raised it).
    cost.isNeg()
      ? { account_id: doc.inventory.account_id, debit: cost.neg(), rate: doc.rate }
      : { account_id: doc.inventory.account_id, credit: cost, rate: doc.rate },
  ];
  if (diff.gt(0)) out.push({ account_id: doc.gains.account_id, credit: diff, rate: doc.rate });
  if (diff.lt(0)) out.push({ account_id: doc.losses.account_id, debit: diff.neg(), rate: doc.rate });
  return out;
}
