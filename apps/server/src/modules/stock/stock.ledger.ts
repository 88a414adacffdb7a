import type Decimal from "decimal.js";
import type { RuleLine } from "../ledger/journal.js";
import { D, round4 } from "../ledger/money.js";

/**
 * Pure posting rules of stock, amounts in the system currency (the inventory, gains, losses and
 * cost-of-goods-sold accounts are in it). A zero amount gives no line; no line at all means no entry.
 */
export interface StockAccounts {
  inventory: number;
  stock_gains: number;
  stock_losses: number;
  cogs: number;
}

const pair = (debit: number, credit: number, amount: Decimal.Value): RuleLine[] => {
  const a = round4(amount);
  if (a.isZero()) return [];
  if (a.isNeg()) return pair(credit, debit, a.neg());
  return [
    { account_id: debit, debit: a },
    { account_id: credit, credit: a },
  ];
};

/** Goods in against an account (supplier, cash, opening-balance equity): Dr inventory / Cr that account. */
export const stockInLines = (acc: StockAccounts, value: Decimal.Value, creditAccount: number): RuleLine[] =>
  pair(acc.inventory, creditAccount, value);

/** Goods out at their cost to an account (cost of goods sold, a supplier): Dr that account / Cr inventory. */
export const stockOutLines = (acc: StockAccounts, value: Decimal.Value, debitAccount: number): RuleLine[] =>
  pair(debitAccount, acc.inventory, value);

/** A count or write-off: gains Dr inventory / Cr stock gains; losses Dr stock losses / Cr inventory. */
export const adjustmentLines = (acc: StockAccounts, gain: Decimal.Value, loss: Decimal.Value): RuleLine[] => [
  ...pair(acc.inventory, acc.stock_gains, gain),
  ...pair(acc.stock_losses, acc.inventory, loss),
];

/**
 * A purchase return: the supplier (or cash) is debited at the purchase price, inventory credited at
 * the cost the goods leave with; what differs goes to stock losses (price below cost) or gains.
 */
export function purchaseReturnLines(acc: StockAccounts, price: Decimal.Value, cost: Decimal.Value, debitAccount: number): RuleLine[] {
  const p = round4(price);
  const c = round4(cost);
  const lines: RuleLine[] = [];
  if (!p.isZero()) lines.push({ account_id: debitAccount, debit: p });
  if (!c.isZero()) lines.push({ account_id: acc.inventory, credit: c });
  const diff = p.minus(c);
  if (diff.gt(0)) lines.push({ account_id: acc.stock_gains, credit: diff });
  if (diff.lt(0)) lines.push({ account_id: acc.stock_losses, debit: diff.neg() });
  return lines;
}

/** Apply cost: charges on goods still on hand Dr inventory, on goods gone Dr cost of goods sold / Cr the charges' account. */
export function revaluationLines(acc: StockAccounts, toStock: Decimal.Value, toCogs: Decimal.Value, creditAccount: number): RuleLine[] {
  const s = round4(toStock);
  const g = round4(toCogs);
  const lines: RuleLine[] = [];
  if (!s.isZero()) lines.push({ account_id: acc.inventory, debit: s });
  if (!g.isZero()) lines.push({ account_id: acc.cogs, debit: g });
  const sum = D(s).plus(g);
  if (!sum.isZero()) lines.push({ account_id: creditAccount, credit: sum });
  return lines;
}
