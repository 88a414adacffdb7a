import {
  CURRENCY_IQD,
  CURRENCY_USD,
  type ModifySalePriceInput,
  MSG,
  PURCHASE_MSG,
  type PurchaseChargeInput,
  type PurchaseInput,
  type PurchaseLineInput,
} from "@app/contracts";
import type Decimal from "decimal.js";
import { asc, eq, inArray, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.js";
import { sqlBusinessDateTime, withBusinessDate } from "../../platform/business-time.js";
import type { Ctx } from "../../platform/context.js";
import { HttpError, notFound } from "../../platform/errors.js";
import type { ListModel } from "../../platform/list.js";
import { assertYearOpen } from "../../platform/periods.js";
import { assertCashCovers, cashAccount } from "../cash/cashes.js";
import { itemUnits } from "../catalogue/catalogue.tables.js";
import { assertInventoryAccess, inventoryScope } from "../catalogue/inventories.js";
import { itemsWithUnits } from "../catalogue/item-units.js";
import { markUnitsChanged } from "../catalogue/items.js";
import { docDate } from "../ledger/dates.js";
import { documentRate } from "../ledger/document-rate.js";
import type { AccountInfo, RuleLine } from "../ledger/journal.js";
import { accountByKey, lockForPosting, post, reverse, systemCurrency } from "../ledger/ledger.js";
import { assertFiguresFit, assertLinesFit } from "../ledger/limits.js";
import { convert, D, round4 } from "../ledger/money.js";
import { nextNumber } from "../numbering/numbering.js";
import { consumerAccounts } from "../parties/consumers.js";
import { stockIn } from "../stock/stock.in.js";
import { revalueStock } from "../stock/stock.revalue.js";
import { assertNotProtected, liveMovements, reverseStock } from "../stock/stock.reverse.js";
import {
  appliedCosts,
  chargeLines,
  chargeValue,
  paymentStatus,
  purchaseFigures,
  purchaseLines as purchasePostingLines,
} from "./purchase.ledger.js";
import { purchaseCharges, purchaseLines, purchases } from "./purchases.tables.js";

export const purchaseSource = (id: number) => ({ type: "purchase", id });

const money = (col: string) => ({
  [col]: { expr: sql.raw(`p.${col}`) },
  [`${col}_iqd`]: { expr: sql.raw(`case when p.currency_id = ${CURRENCY_IQD} then p.${col} else 0 end`), sum: true, sortable: false },
  [`${col}_usd`]: { expr: sql.raw(`case when p.currency_id = ${CURRENCY_USD} then p.${col} else 0 end`), sum: true, sortable: false },
});

export const purchasesList: ListModel = {
  model: "purchases",
  from: sql`from purchases p join consumers c on c.consumer_id = p.consumer_fk join inventories i on i.inventory_id = p.inventory_fk
            join currencies cu on cu.currency_id = p.currency_id left join users cb on cb.user_id = p.created_by`,
  scope: (ctx) => inventoryScope(ctx, sql`p.inventory_fk`),
  idColumn: "id",
  defaultSort: "date",
  dateColumn: sql`p.date`,
  amountColumn: sql`p.total`,
  columns: {
    id: { expr: sql`p.id`, filter: "eq" },
    number: { expr: sql`p.number`, search: true, filter: "eq" },
    date: { expr: sqlBusinessDateTime(sql`p.date`), sortExpr: sql`p.date`, notNull: true },
    consumer_id: { expr: sql`p.consumer_fk`, filter: "eq" },
    consumer_name: { expr: sql`c.consumer_name`, search: true, filter: "like" },
    reference_no: { expr: sql`p.reference_no`, search: true, filter: "like" },
    inventory_id: { expr: sql`p.inventory_fk`, filter: "eq" },
    inventory_name: { expr: sql`i.inventory_name` },
    currency_id: { expr: sql`p.currency_id`, filter: "eq" },
    currency_name: { expr: sql`cu.currency_name` },
    rate: { expr: sql`p.rate` },
    ...money("total"),
    ...money("paid_amount"),
    payment_type: { expr: sql`p.payment_type`, filter: "eq" },
    payment_status: { expr: sql`p.payment_status`, filter: "eq" },
    status: { expr: sql`p.status`, filter: "eq" },
    is_closed: { expr: sql`p.is_closed`, filter: "bool" },
    costs_applied: { expr: sql`p.costs_applied`, filter: "bool" },
    note: { expr: sql`p.note`, search: true },
    created_by_name: { expr: sql`cb.user_name` },
    created_at: { expr: sql`p.created_at` },
  },
};

/** Checks the lines against the catalogue: each item exists, its unit is one of the item's, an expiring item has its expiry. */
export async function checkLines(
  tx: DbOrTx,
  lines: { item_id: number; unit_id: number; expire_date?: string | null }[],
  field = "lines",
  requireExpiry = true,
) {
  const items = await itemsWithUnits(
    tx,
    lines.map((l) => l.item_id),
  );
  const errors: Record<string, string[]> = {};
  const bases: string[] = [];
  lines.forEach((l, i) => {
    const it = items.get(l.item_id);
    if (!it) {
      errors[`${field}.${i}.item_id`] = [PURCHASE_MSG.itemInvalid];
      bases.push("1");
      return;
    }
    const u = it.units.get(l.unit_id);
    if (!u) errors[`${field}.${i}.unit_id`] = [PURCHASE_MSG.unitInvalid];
    if (requireExpiry && it.has_expire && !l.expire_date) errors[`${field}.${i}.expire_date`] = [PURCHASE_MSG.expiryRequired];
    bases.push(u?.quantity ?? "1");
  });
  if (Object.keys(errors).length) throw new HttpError(422, Object.values(errors)[0]![0]!, errors);
  return { items, bases };
}

async function prepareCharge(ctx: Ctx, c: PurchaseChargeInput, i: number, date: Date, confirmed: boolean | undefined) {
  // A charge paid in cash needs no supplier; one named is still checked.
  const accountsOf = c.consumer_id
    ? await consumerAccounts(ctx.tx, "supplier", c.consumer_id).catch((err) => {
        if (err instanceof HttpError) throw new HttpError(422, err.message, { [`charges.${i}.consumer_id`]: [err.message] });
        throw err;
      })
    : null;
  const cash = c.payment_type === "Cash" && c.account_id ? await cashAccount(ctx.tx, c.account_id, `charges.${i}.account_id`) : null;
  if (!cash && !accountsOf) throw new HttpError(422, MSG.chooseFromList, { [`charges.${i}.consumer_id`]: [MSG.chooseFromList] });
  // A charge in the system currency paid from a till of the other currency: at the day's out-rate, not at rate 1.
  const rate = await documentRate(ctx.tx, {
    currency_id: c.currency_id,
    rate: cash && cash.currency_id !== c.currency_id && c.currency_id === (await systemCurrency(ctx.tx)) ? null : c.rate,
    date,
    kind: "out",
    confirmed,
    field: `charges.${i}.rate`,
  });
  const creditor: AccountInfo = cash ?? { account_id: accountsOf![c.currency_id]!, currency_id: c.currency_id };
  return {
    row: {
      kind: c.kind,
      consumer_fk: c.consumer_id ?? null,
      payment_type: c.payment_type,
      account_fk: cash?.account_id ?? null,
      currency_id: c.currency_id,
      rate,
      amount: D(c.amount).toFixed(),
      note: c.note ?? null,
    },
    creditor,
    cash,
  };
}

/**
 * The cash the charges paid in cash take out of their accounts, each in its account's currency,
 * checked against what the accounts hold now: refused at save, naming the account and what it
 * holds, rather than at apply cost with a bare "No Enough Balance".
 */
async function assertChargesCovered(ctx: Ctx, charges: Awaited<ReturnType<typeof prepareCharge>>[]) {
  await assertCashCovers(
    ctx.tx,
    charges.flatMap((c, i) =>
      c.cash
        ? [
            {
              account: c.cash,
              amount: convert(c.row.amount, c.row.currency_id, c.cash.currency_id, c.row.rate),
              field: `charges.${i}.account_id`,
            },
          ]
        : [],
    ),
  );
}

/** Reads and checks a purchase as sent: supplier, inventory, rate, lines, charges and figures. */
async function prepare(ctx: Ctx, input: PurchaseInput) {
  const sys = await systemCurrency(ctx.tx);
  const supplierAccounts = await consumerAccounts(ctx.tx, "supplier", input.consumer_id);
  await assertInventoryAccess(ctx, input.inventory_id);
  const date = docDate(input.date, ctx.now);
  // A draft too is dated inside an open financial year: it would not complete otherwise.
  await assertYearOpen(ctx.tx, date);
  const rate = await documentRate(ctx.tx, {
    currency_id: input.currency_id,
    rate: input.rate,
    date,
    kind: "out",
    confirmed: input.confirmed,
  });
  const { bases } = await checkLines(ctx.tx, input.lines);
  const figures = purchaseFigures(
    {
      currency_id: input.currency_id,
      rate,
      discount_type: input.discount_type,
      discount: input.discount ?? "0",
      lines: input.lines.map((l, i) => ({
        quantity: l.quantity,
        bonus: l.bonus ?? "0",
        unit_price: l.unit_price,
        unit_base_qty: bases[i]!,
      })),
    },
    sys,
  );
  assertLinesFit(
    input.lines.map((l, i) => ({
      baseQuantity: D(l.quantity)
        .plus(l.bonus ?? 0)
        .mul(bases[i]!),
      amounts: [convert(figures.lines[i]!.line_total, input.currency_id, sys, rate)],
    })),
    { field: "total", amounts: [convert(figures.subtotal, input.currency_id, sys, rate)] },
  );
  if (figures.total.isNeg())
    throw new HttpError(422, "The discount may not be greater than the total.", {
      discount: ["The discount may not be greater than the total."],
    });
  const paid = D(input.paid_amount ?? (input.payment_type === "Cash" ? figures.total : 0));
  if (paid.gt(figures.total)) throw new HttpError(422, PURCHASE_MSG.paidTooMuch, { paid_amount: [PURCHASE_MSG.paidTooMuch] });
  const cash = input.account_id && (paid.gt(0) || input.payment_type === "Cash") ? await cashAccount(ctx.tx, input.account_id) : null;
  // Paid from a till of the other currency for a purchase in the system currency (whose figures
  // need no rate): the money leaves the till at the day's out-rate, not at rate 1.
  const docRate =
    cash && cash.currency_id !== input.currency_id && input.currency_id === sys
      ? await documentRate(ctx.tx, { currency_id: cash.currency_id, rate: null, date, kind: "out", confirmed: undefined })
      : rate;
  const charges = [];
  for (const [i, c] of input.charges.entries()) charges.push(await prepareCharge(ctx, c, i, date, input.confirmed));
  const chargeValues = charges.map((c) => convert(c.row.amount, c.row.currency_id, sys, c.row.rate));
  assertFiguresFit([
    ...chargeValues.map((value, i) => ({ field: `charges.${i}.amount`, value, kind: "amount" as const })),
    { field: "charges", value: chargeValues.reduce((s, v) => s.plus(v), D(0)), kind: "amount" },
  ]);
  return {
    sys,
    row: {
      consumer_fk: input.consumer_id,
      reference_no: input.reference_no ?? null,
      date,
      inventory_fk: input.inventory_id,
      currency_id: input.currency_id,
      rate: docRate,
      payment_type: input.payment_type,
      account_fk: cash?.account_id ?? null,
      discount_type: input.discount_type,
      discount: D(input.discount ?? 0).toFixed(),
      discount_amount: figures.discount_amount.toFixed(),
      subtotal: figures.subtotal.toFixed(),
      total: figures.total.toFixed(),
      paid_amount: paid.toFixed(),
      payment_status: paymentStatus(figures.total, paid),
      note: input.note ?? null,
    },
    lines: input.lines.map((l: PurchaseLineInput, i) => ({
      item_fk: l.item_id,
      unit_fk: l.unit_id,
      unit_base_qty: bases[i]!,
      quantity: l.quantity,
      bonus: l.bonus ?? "0",
      unit_price: l.unit_price,
      line_total: figures.lines[i]!.line_total.toFixed(),
      batch_no: l.batch_no || null,
      expire_date: l.expire_date || null,
      description: l.description ?? null,
      unit_cost: figures.lines[i]!.unit_cost.toFixed(),
      position: i,
    })),
    charges,
    supplier: { account_id: supplierAccounts[input.currency_id]!, currency_id: input.currency_id },
    cash,
  };
}

interface StoredPurchase {
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
}

async function stored(ctx: Ctx, id: number): Promise<StoredPurchase> {
  const [p] = await ctx.tx.select().from(purchases).where(eq(purchases.id, id));
  if (!p) throw notFound();
  await assertInventoryAccess(ctx, p.inventory_fk);
  return p;
}

/** Locks the purchase row after the accounts (ARCHITECTURE "Locking": accounts, documents, stock, counter). */
async function lockPurchase(ctx: Ctx, id: number): Promise<StoredPurchase> {
  await ctx.tx.execute(sql`select 1 from purchases where id = ${id} for no key update`);
  const [p] = await ctx.tx.select().from(purchases).where(eq(purchases.id, id));
  if (!p) throw notFound();
  return p;
}

const assertOpen = (p: { is_closed: boolean }) => {
  if (p.is_closed) throw new HttpError(422, PURCHASE_MSG.closed);
};
/** Complete and Return To Draft are refused in the other state, in words (a second click, another user's first). */
const assertDraft = (p: { status: string }) => {
  if (p.status !== "draft") throw new HttpError(422, MSG.alreadyDone, { status: [MSG.alreadyDone] });
};
const assertComplete = (p: { status: string }) => {
  if (p.status !== "complete") throw new HttpError(422, PURCHASE_MSG.notComplete, { status: [PURCHASE_MSG.notComplete] });
};

async function linesOf(tx: DbOrTx, id: number) {
  return tx
    .select()
    .from(purchaseLines)
    .where(eq(purchaseLines.purchase_fk, id))
    .orderBy(asc(purchaseLines.position), asc(purchaseLines.line_id));
}

/** The posting of a complete purchase from its stored lines and figures. */
async function postingOf(ctx: Ctx, p: StoredPurchase) {
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
  const journal = purchasePostingLines({
    inventory: { account_id: inventory.account_id, currency_id: inventory.currency_id },
    supplier: { account_id: supplierAccounts[p.currency_id]!, currency_id: p.currency_id },
    cash,
    currency_id: p.currency_id,
    rate: p.rate,
    stock_value: value,
    total: p.total,
    paid: p.paid_amount,
  });
  return { stockLines, journal };
}

const descriptionOf = async (tx: DbOrTx, p: { consumer_fk: number; number: string | null }) => {
  const r = await tx.execute<{ name: string }>(sql`select consumer_name as name from consumers where consumer_id = ${p.consumer_fk}`);
  return `Purchase ${p.number ?? ""} from ${r.rows[0]?.name ?? ""}`.replace(/\s+/g, " ").trim();
};

/** Stock in and journal entry of a complete purchase (locks: accounts, then stock rows inside stockIn). */
async function bringIn(ctx: Ctx, p: StoredPurchase, alreadyLocked = false) {
  const { stockLines, journal } = await postingOf(ctx, p);
  if (!alreadyLocked) await lockForPosting(ctx, { lines: journal });
  await stockIn(ctx, purchaseSource(p.id), stockLines, { date: p.date });
  await post(ctx, { date: p.date, source: purchaseSource(p.id), description: await descriptionOf(ctx.tx, p), lines: journal });
}

/** Undoes a complete purchase's stock and entries (the purchase's and its applied costs'). */
async function takeBack(ctx: Ctx, p: StoredPurchase) {
  await assertNotProtected(ctx, purchaseSource(p.id));
  await reverseStock(ctx, purchaseSource(p.id), { date: p.date });
  await reverse(ctx, purchaseSource(p.id));
}

async function writeChildren(ctx: Ctx, id: number, prepared: Awaited<ReturnType<typeof prepare>>) {
  await ctx.tx.delete(purchaseLines).where(eq(purchaseLines.purchase_fk, id));
  await ctx.tx.delete(purchaseCharges).where(eq(purchaseCharges.purchase_fk, id));
  if (prepared.lines.length) await ctx.tx.insert(purchaseLines).values(prepared.lines.map((l) => ({ ...l, purchase_fk: id })));
  if (prepared.charges.length) await ctx.tx.insert(purchaseCharges).values(prepared.charges.map((c) => ({ ...c.row, purchase_fk: id })));
}

/** A new purchase is a draft: nothing moves until it is completed. */
export async function createPurchase(ctx: Ctx, input: PurchaseInput) {
  const p = await prepare(ctx, input);
  await assertChargesCovered(ctx, p.charges);
  const [row] = await ctx.tx
    .insert(purchases)
    .values({ ...p.row, status: "draft", created_by: ctx.user?.user_id ?? null })
    .returning({ id: purchases.id });
  const id = row!.id;
  await writeChildren(ctx, id, p);
  await ctx.tx
    .update(purchases)
    .set({ number: await nextNumber(ctx, "purchases", "PUR") })
    .where(eq(purchases.id, id));
  return { id };
}

/**
 * Edits a purchase. A draft is simply rewritten; a complete one (unless its goods have left
 * since) has its stock and entries reversed and is brought in again as saved; its charges must
 * then be applied again.
 */
export async function updatePurchase(ctx: Ctx, id: number, input: PurchaseInput) {
  const before = await stored(ctx, id);
  assertOpen(before);
  const p = await prepare(ctx, input);
  if (before.status === "complete") {
    // Lock the accounts of the new entry and of the entries reversed, before anything else.
    const preview = purchasePostingLines({
      inventory: await accountByKey(ctx.tx, "inventory"),
      supplier: p.supplier,
      cash: p.cash,
      currency_id: p.row.currency_id,
      rate: p.row.rate,
      stock_value: "1",
      total: p.row.total,
      paid: p.row.paid_amount,
    });
    await lockForPosting(ctx, { lines: preview, reversing: purchaseSource(id) });
    const locked = await lockPurchase(ctx, id);
    assertOpen(locked);
    await takeBack(ctx, locked);
  }
  // After the charges applied before are taken back: their cash is in the accounts again.
  await assertChargesCovered(ctx, p.charges);
  await ctx.tx
    .update(purchases)
    .set({ ...p.row, costs_applied: false, updated_by: ctx.user?.user_id ?? null, updated_at: ctx.now })
    .where(eq(purchases.id, id));
  await writeChildren(ctx, id, p);
  if (before.status === "complete") await bringIn(ctx, await stored(ctx, id), true);
}

export async function deletePurchase(ctx: Ctx, id: number) {
  const p = await stored(ctx, id);
  assertOpen(p);
  if (p.status === "complete") {
    await lockForPosting(ctx, { reversing: purchaseSource(id) });
    await takeBack(ctx, await lockPurchase(ctx, id));
  }
  await ctx.tx.delete(purchases).where(eq(purchases.id, id));
}

/** Complete: the goods come into stock and the purchase posts, together. */
export async function completePurchase(ctx: Ctx, id: number) {
  const p = await stored(ctx, id);
  assertOpen(p);
  assertDraft(p);
  const { journal } = await postingOf(ctx, p);
  await lockForPosting(ctx, { lines: journal });
  const locked = await lockPurchase(ctx, id);
  assertDraft(locked);
  await ctx.tx
    .update(purchases)
    .set({ status: "complete", updated_by: ctx.user?.user_id ?? null, updated_at: ctx.now })
    .where(eq(purchases.id, id));
  await bringIn(ctx, locked, true);
}

/** Return To Draft: stock and entries reversed, unless goods have left since. */
export async function returnToDraft(ctx: Ctx, id: number) {
  const p = await stored(ctx, id);
  assertOpen(p);
  assertComplete(p);
  await lockForPosting(ctx, { reversing: purchaseSource(id) });
  const locked = await lockPurchase(ctx, id);
  assertComplete(locked);
  await takeBack(ctx, locked);
  // The lines' costs lose the charges again.
  const prepared = await recomputeCosts(ctx, locked);
  for (const l of prepared) await ctx.tx.update(purchaseLines).set({ unit_cost: l.unit_cost }).where(eq(purchaseLines.line_id, l.line_id));
  await ctx.tx
    .update(purchases)
    .set({ status: "draft", costs_applied: false, updated_by: ctx.user?.user_id ?? null, updated_at: ctx.now })
    .where(eq(purchases.id, id));
}

/** The lines' unit costs from the purchase's own figures (no charges). */
async function recomputeCosts(ctx: Ctx, p: StoredPurchase & { discount_type?: string; discount?: string }) {
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

export async function setClosed(ctx: Ctx, id: number, closed: boolean) {
  await stored(ctx, id);
  await ctx.tx
    .update(purchases)
    .set({ is_closed: closed, updated_by: ctx.user?.user_id ?? null, updated_at: ctx.now })
    .where(eq(purchases.id, id));
}

/** A purchase with its lines (item, unit, returned so far), charges and names, as the screens show it. */
export async function showPurchase(ctx: Ctx, id: number) {
  const res = await ctx.tx.execute(sql`
    select p.*, c.consumer_name, i.inventory_name, cu.currency_name, a.account_name, a.system_key as account_system_key,
           cb.user_name as created_by_name
      from purchases p join consumers c on c.consumer_id = p.consumer_fk join inventories i on i.inventory_id = p.inventory_fk
      join currencies cu on cu.currency_id = p.currency_id left join accounts a on a.account_id = p.account_fk
      left join users cb on cb.user_id = p.created_by
     where p.id = ${id}`);
  const p = res.rows[0] as (Record<string, unknown> & { date: Date; inventory_fk: number }) | undefined;
  if (!p) return undefined;
  const scope = inventoryScope(ctx, sql`${p.inventory_fk}::int`);
  if (scope && !(await ctx.tx.execute(sql`select 1 where ${scope}`)).rows.length) return undefined;
  const lines = await ctx.tx.execute(sql`
    select l.*, it.item_name, it.item_code, it.has_expire, u.unit_name,
           coalesce((select sum(rl.quantity) from purchase_return_lines rl join purchase_returns r on r.id = rl.return_fk
                      where rl.purchase_line_fk = l.line_id and r.status = 'complete'), 0) as returned_quantity,
           coalesce((select sum(rl.bonus) from purchase_return_lines rl join purchase_returns r on r.id = rl.return_fk
                      where rl.purchase_line_fk = l.line_id and r.status = 'complete'), 0) as returned_bonus
      from purchase_lines l join items it on it.item_id = l.item_fk join units u on u.unit_id = l.unit_fk
     where l.purchase_fk = ${id} order by l.position, l.line_id`);
  const charges = await ctx.tx.execute(sql`
    select ch.*, c.consumer_name, a.account_name, a.system_key as account_system_key, cu.currency_name
      from purchase_charges ch left join consumers c on c.consumer_id = ch.consumer_fk join currencies cu on cu.currency_id = ch.currency_id
      left join accounts a on a.account_id = ch.account_fk
     where ch.purchase_fk = ${id} order by ch.charge_id`);
  return withBusinessDate({ ...p, lines: lines.rows, charges: charges.rows } as Record<string, unknown> & { date: Date });
}

/** The charges spread over the lines by value: each line's value and base-unit cost before and after. */
async function costPlan(ctx: Ctx, p: StoredPurchase) {
  const sys = await systemCurrency(ctx.tx);
  const charges = await ctx.tx
    .select()
    .from(purchaseCharges)
    .where(eq(purchaseCharges.purchase_fk, p.id))
    .orderBy(asc(purchaseCharges.charge_id));
  const chargesValue = charges.reduce<Decimal>((s, c) => s.plus(chargeValue(c, sys)), D(0));
  const base = await recomputeCosts(ctx, p);
  const lines = await linesOf(ctx.tx, p.id);
  const baseQty = lines.map((l) => D(l.quantity).plus(l.bonus).mul(l.unit_base_qty));
  const applied = appliedCosts(
    base.map((b, i) => ({ value: b.value, base_qty: baseQty[i]! })),
    chargesValue,
  );
  return { sys, charges, chargesValue, base, lines, applied };
}

/** Apply cost, previewed: each line's unit cost (of the line's unit) now and with the charges spread over the lines by value. */
export async function applyCostPreview(ctx: Ctx, id: number) {
  const p = await stored(ctx, id);
  const plan = await costPlan(ctx, p);
  const named = await itemsWithUnits(
    ctx.tx,
    plan.lines.map((l) => l.item_fk),
  );
  return {
    id,
    number: p.number,
    status: p.status,
    costs_applied: p.costs_applied,
    currency_id: plan.sys,
    charges_value: plan.chargesValue.toFixed(),
    lines: plan.lines.map((l, i) => {
      const per = D(l.unit_base_qty);
      return {
        line_id: l.line_id,
        item_id: l.item_fk,
        item_name: named.get(l.item_fk)?.item_name ?? "",
        unit_name: named.get(l.item_fk)?.units.get(l.unit_fk)?.unit_name ?? "",
        quantity: l.quantity,
        bonus: l.bonus,
        value: plan.base[i]!.value.toFixed(),
        share: plan.applied[i]!.share.toFixed(),
        unit_cost: round4(D(plan.base[i]!.unit_cost).mul(per)).toFixed(),
        new_unit_cost: round4(plan.applied[i]!.unit_cost.mul(per)).toFixed(),
      };
    }),
  };
}

/**
 * Apply cost: the charges spread over the lines by value, the goods still on hand re-valued (and
 * the average cost with them), the rest to cost of goods sold, and the charges posted: Dr
 * Inventory / Cost of goods sold, Cr each charge's supplier or cash account.
 */
export async function applyCost(ctx: Ctx, id: number) {
  const p = await stored(ctx, id);
  assertOpen(p);
  if (p.status !== "complete") throw new HttpError(422, PURCHASE_MSG.notComplete);
  if (p.costs_applied) throw new HttpError(422, PURCHASE_MSG.costsApplied);
  const plan = await costPlan(ctx, p);
  if (!plan.charges.length) throw new HttpError(422, PURCHASE_MSG.noCharges);
  const inventory = await accountByKey(ctx.tx, "inventory");
  const cogs = await accountByKey(ctx.tx, "cogs");
  const postings = [];
  const paidInCash = [];
  for (const [i, c] of plan.charges.entries()) {
    let creditor: AccountInfo;
    if (c.payment_type === "Cash" && c.account_fk) {
      const cash = await cashAccount(ctx.tx, c.account_fk, `charges.${i}.account_id`);
      creditor = cash;
      paidInCash.push({
        account: cash,
        amount: convert(c.amount, c.currency_id, cash.currency_id, c.rate),
        field: `charges.${i}.account_id`,
      });
    } else if (c.consumer_fk) {
      creditor = { account_id: (await consumerAccounts(ctx.tx, "supplier", c.consumer_fk))[c.currency_id]!, currency_id: c.currency_id };
    } else throw new HttpError(422, MSG.chooseFromList, { [`charges.${i}.consumer_id`]: [MSG.chooseFromList] });
    postings.push({ creditor, currency_id: c.currency_id, rate: c.rate, amount: c.amount });
  }
  const credits = chargeLines(inventory, postings, plan.sys).filter((l) => l.credit !== undefined);
  await lockForPosting(ctx, { lines: [...credits, { account_id: inventory.account_id }, { account_id: cogs.account_id }] });
  const locked = await lockPurchase(ctx, id);
  assertOpen(locked);
  if (locked.costs_applied) throw new HttpError(422, PURCHASE_MSG.costsApplied);
  // Under the accounts' locks: what the cash accounts hold cannot change before the entry posts.
  await assertCashCovers(ctx.tx, paidInCash);
  const result = await revalueStock(
    ctx,
    purchaseSource(id),
    plan.lines.map((l, i) => ({ line_id: l.line_id, amount: plan.applied[i]!.share })),
    { date: p.date },
  );
  // What went onto the goods on hand is Inventory; the share of goods already gone, cost of goods sold.
  const journal: RuleLine[] = [
    ...(D(result.inventory).gt(0) ? [{ account_id: inventory.account_id, debit: result.inventory }] : []),
    ...(D(result.cogs).gt(0) ? [{ account_id: cogs.account_id, debit: result.cogs }] : []),
    ...credits,
  ];
  for (const [i, l] of plan.lines.entries())
    await ctx.tx.update(purchaseLines).set({ unit_cost: plan.applied[i]!.unit_cost.toFixed() }).where(eq(purchaseLines.line_id, l.line_id));
  await ctx.tx
    .update(purchases)
    .set({ costs_applied: true, updated_by: ctx.user?.user_id ?? null, updated_at: ctx.now })
    .where(eq(purchases.id, id));
  await post(ctx, {
    date: p.date,
    source: purchaseSource(id),
    description: `Apply cost: ${await descriptionOf(ctx.tx, p)}`,
    lines: journal,
  });
  return applyCostPreview(ctx, id);
}

/** Modify sale price: per line the cost and net price, and every unit of the item with its sale price. */
export async function salePrices(ctx: Ctx, id: number) {
  const p = await stored(ctx, id);
  const [doc] = await ctx.tx.select({ subtotal: purchases.subtotal, total: purchases.total }).from(purchases).where(eq(purchases.id, id));
  const share = D(doc!.subtotal).isZero() ? D(1) : D(doc!.total).div(doc!.subtotal);
  const lines = await linesOf(ctx.tx, id);
  const items = await itemsWithUnits(
    ctx.tx,
    lines.map((l) => l.item_fk),
  );
  const prices = new Map(
    (
      await ctx.tx
        .select({ id: itemUnits.item_unit_id, price: itemUnits.price, is_default: itemUnits.is_default, is_base: itemUnits.is_base })
        .from(itemUnits)
        .where(
          inArray(
            itemUnits.item_fk,
            lines.map((l) => l.item_fk),
          ),
        )
    ).map((r) => [r.id, r]),
  );
  return {
    id,
    number: p.number,
    currency_id: await systemCurrency(ctx.tx),
    lines: lines.map((l) => {
      const it = items.get(l.item_fk)!;
      const lineUnit = it.units.get(l.unit_fk);
      const qty = D(l.quantity);
      return {
        line_id: l.line_id,
        item_id: l.item_fk,
        item_name: it.item_name,
        unit_name: lineUnit?.unit_name ?? "",
        /** Cost of one base unit, system currency. */
        unit_cost: D(l.unit_cost).toFixed(),
        /** Cost of one of the line's unit, system currency. */
        line_unit_cost: round4(D(l.unit_cost).mul(l.unit_base_qty)).toFixed(),
        /** Net price of one of the line's unit in the purchase's currency: its share of the total after the discount, bonus units free. */
        net_price: qty.plus(l.bonus).isZero() ? "0" : round4(D(l.line_total).mul(share).div(qty.plus(l.bonus))).toFixed(),
        last_sale_price: prices.get(lineUnit?.item_unit_id ?? 0)?.price ?? "0",
        units: [...it.units.entries()]
          .map(([unit_id, u]) => ({
            item_unit_id: u.item_unit_id,
            unit_id,
            unit_name: u.unit_name,
            quantity: u.quantity,
            price: prices.get(u.item_unit_id)?.price ?? "0",
            is_base: prices.get(u.item_unit_id)?.is_base ?? false,
            is_default: prices.get(u.item_unit_id)?.is_default ?? false,
          }))
          .sort((a, b) => D(a.quantity).cmp(b.quantity)),
      };
    }),
  };
}

/** Writes new sale prices of the purchase's items' units; answers the prices before and after for the audit. */
export async function modifySalePrices(ctx: Ctx, id: number, input: ModifySalePriceInput) {
  await stored(ctx, id);
  const lines = await linesOf(ctx.tx, id);
  const itemIds = new Set(lines.map((l) => l.item_fk));
  const ids = input.prices.map((p) => p.item_unit_id);
  const units = await ctx.tx
    .select({ id: itemUnits.item_unit_id, item_fk: itemUnits.item_fk, price: itemUnits.price })
    .from(itemUnits)
    .where(inArray(itemUnits.item_unit_id, ids));
  const byId = new Map(units.map((u) => [u.id, u]));
  const errors: Record<string, string[]> = {};
  input.prices.forEach((p, i) => {
    const u = byId.get(p.item_unit_id);
    if (!u || !itemIds.has(u.item_fk)) errors[`prices.${i}.item_unit_id`] = [PURCHASE_MSG.unitInvalid];
  });
  if (Object.keys(errors).length) throw new HttpError(422, PURCHASE_MSG.unitInvalid, errors);
  const before: Record<string, string> = {};
  const after: Record<string, string> = {};
  for (const p of [...input.prices].sort((a, b) => a.item_unit_id - b.item_unit_id)) {
    before[p.item_unit_id] = byId.get(p.item_unit_id)!.price;
    after[p.item_unit_id] = D(p.price).toFixed(2);
    await ctx.tx.update(itemUnits).set({ price: after[p.item_unit_id] }).where(eq(itemUnits.item_unit_id, p.item_unit_id));
  }
  await markUnitsChanged(
    ctx,
    input.prices.map((p) => p.item_unit_id),
  );
  return { before, after };
}

/** Live movements of the purchase per line: the batch each line's goods came into. */
export async function batchesOfPurchase(ctx: Ctx, id: number) {
  const live = await liveMovements(ctx, purchaseSource(id));
  const out = new Map<number, number>();
  for (const m of live) if (m.qty.gt(0) && m.source_line !== null) out.set(Number(m.source_line), m.batch_id);
  return out;
}
