import { MSG, PURCHASE_MSG } from "@app/contracts";
import type Decimal from "decimal.js";
import { asc, eq, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.js";
import type { Ctx } from "../../platform/context.js";
import { assertOpenFor } from "../../platform/doc-closing.js";
import { HttpError, notFound } from "../../platform/errors.js";
import { cashAccount } from "../cash/cashes.js";
import { assertInventoryAccess } from "../catalogue/inventories.js";
import { assertNoLaterPayments } from "../doc-payments/doc-payment-guard.js";
import { accountByKey, lockForPosting, post, reverse, systemCurrency } from "../ledger/ledger.js";
import { D, round4 } from "../ledger/money.js";
import { consumerAccounts } from "../parties/consumers.js";
import { stockIn } from "../stock/stock.in.js";
import { assertNotProtected, reverseStock } from "../stock/stock.reverse.js";
import { purchaseCashLines, purchaseFigures, purchaseLines as purchasePostingLines } from "./purchase.ledger.js";
import { purchaseSource } from "./purchases.list.js";
import { purchaseLines, purchases } from "./purchases.tables.js";

/**
 * What the purchase use cases share: the stored purchase read and locked, the state checks, and the
 * stock and entries of a complete purchase brought in and taken back.
 */

export interface StoredPurchase {
  id: number;
  status: string;
  is_closed: boolean;
  costs_applied: boolean;
  consumer_fk: number;
  inventory_fk: number;
  currency_id: number;
  rate: string;
  total: string;
  paid_amount: string;
  account_fk: number | null;
  number: string | null;
  date: Date;
  /** The purchase order this purchase receives against, if any. */
  order_fk: number | null;
}

export async function stored(ctx: Ctx, id: number): Promise<StoredPurchase> {
  const [p] = await ctx.tx.select().from(purchases).where(eq(purchases.id, id));
  if (!p) throw notFound();
  await assertInventoryAccess(ctx, p.inventory_fk);
  return p;
}

/** Locks the purchase row after the accounts (docs/architecture/ledger.md, "Locking": accounts, documents, stock, counter). */
export async function lockPurchase(ctx: Ctx, id: number): Promise<StoredPurchase> {
  await ctx.tx.execute(sql`select 1 from purchases where id = ${id} for no key update`);
  const [p] = await ctx.tx.select().from(purchases).where(eq(purchases.id, id));
  if (!p) throw notFound();
  return p;
}

/** A closed purchase is changed only by a user holding `purchases/unclose` (platform/doc-closing.ts). */
export const assertOpen = (ctx: Ctx, p: { is_closed: boolean }) => assertOpenFor(ctx, p, "purchases", PURCHASE_MSG.closed);
/** Complete and Return To Draft are refused in the other state, in words (a second click, another user's first). */
export const assertDraft = (p: { status: string }) => {
  if (p.status !== "draft") throw new HttpError(422, MSG.alreadyDone, { status: [MSG.alreadyDone] });
};
export const assertComplete = (p: { status: string }) => {
  if (p.status !== "complete") throw new HttpError(422, PURCHASE_MSG.notComplete, { status: [PURCHASE_MSG.notComplete] });
};

export async function linesOf(tx: DbOrTx, id: number) {
  return tx
    .select()
    .from(purchaseLines)
    .where(eq(purchaseLines.purchase_fk, id))
    .orderBy(asc(purchaseLines.position), asc(purchaseLines.line_id));
}

/** The posting of a complete purchase from its stored lines and figures. */
export async function postingOf(ctx: Ctx, p: StoredPurchase) {
  const lines = await linesOf(ctx.tx, p.id);
  const inventory = await accountByKey(ctx.tx, "inventory");
  const supplierAccounts = await consumerAccounts(ctx.tx, "supplier", p.consumer_fk);
  const cash = p.account_fk && D(p.paid_amount).gt(0) ? await cashAccount(ctx.tx, p.account_fk) : null;
  const stockLines = lines.map((l) => ({
    line_id: l.line_id,
    item_id: l.item_fk,
    inventory_id: p.inventory_fk,
    unit_id: l.unit_fk,
    quantity: D(l.quantity).plus(l.bonus).toFixed(),
    batch_no: l.batch_no,
    expire_date: l.expire_date,
    value: round4(D(l.unit_cost).mul(D(l.quantity).plus(l.bonus)).mul(l.unit_base_qty)).toFixed(),
  }));
  const value = stockLines.reduce<Decimal>((s, l) => s.plus(l.value), D(0));
  const posting = {
    inventory: { account_id: inventory.account_id, currency_id: inventory.currency_id },
    supplier: { account_id: supplierAccounts[p.currency_id]!, currency_id: p.currency_id },
    cash,
    currency_id: p.currency_id,
    rate: p.rate,
    stock_value: value,
    total: p.total,
    paid: p.paid_amount,
  };
  const goods = purchasePostingLines(posting);
  const paid = purchaseCashLines(posting);
  /** `journal`: every line of both entries, the accounts to lock first. */
  return { stockLines, goods, paid, journal: [...goods, ...paid] };
}

export const descriptionOf = async (tx: DbOrTx, p: { consumer_fk: number; number: string | null }) => {
  const r = await tx.execute<{ name: string }>(sql`select consumer_name as name from consumers where consumer_id = ${p.consumer_fk}`);
  return `Purchase ${p.number ?? ""} from ${r.rows[0]?.name ?? ""}`.replace(/\s+/g, " ").trim();
};

/** Stock in and journal entry of a complete purchase (locks: accounts, then stock rows inside stockIn). */
export async function bringIn(ctx: Ctx, p: StoredPurchase, alreadyLocked = false) {
  const { stockLines, journal, goods, paid } = await postingOf(ctx, p);
  if (!alreadyLocked) await lockForPosting(ctx, { lines: journal });
  await stockIn(ctx, purchaseSource(p.id), stockLines, { date: p.date });
  const description = await descriptionOf(ctx.tx, p);
  await post(ctx, { date: p.date, source: purchaseSource(p.id), description, lines: goods });
  // The cash part: the same source (reversed with the purchase), worded as a payment on it.
  if (paid.length)
    await post(ctx, {
      date: p.date,
      source: purchaseSource(p.id),
      description: description.replace(/^Purchase (\S+) from /, "Purchase payment $1 to "),
      lines: paid,
    });
}

/** Undoes a complete purchase's stock and entries (the purchase's and its applied costs'). */
export async function takeBack(ctx: Ctx, p: StoredPurchase) {
  await assertNoLaterPayments(ctx, "purchase", p.id);
  await assertNotProtected(ctx, purchaseSource(p.id));
  await reverseStock(ctx, purchaseSource(p.id), { date: p.date });
  await reverse(ctx, purchaseSource(p.id));
}

/** The lines' unit costs from the purchase's own figures (no charges). */
export async function recomputeCosts(ctx: Ctx, p: StoredPurchase & { discount_type?: string; discount?: string }) {
  const [full] = await ctx.tx.select().from(purchases).where(eq(purchases.id, p.id));
  const lines = await linesOf(ctx.tx, p.id);
  const figures = purchaseFigures(
    {
      currency_id: full!.currency_id,
      rate: full!.rate,
      discount_type: full!.discount_type as "amount" | "percent",
      discount: full!.discount,
      lines: lines.map((l) => ({ quantity: l.quantity, bonus: l.bonus, unit_price: l.unit_price, unit_base_qty: l.unit_base_qty })),
    },
    await systemCurrency(ctx.tx),
  );
  return lines.map((l, i) => ({ line_id: l.line_id, unit_cost: figures.lines[i]!.unit_cost.toFixed(), value: figures.lines[i]!.value }));
}
