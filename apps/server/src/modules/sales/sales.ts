import { MSG, SALE_MSG, type SaleInput, type SaleKind } from "@app/contracts";
import { eq } from "drizzle-orm";
import type { Ctx } from "../../platform/context.js";
import { HttpError } from "../../platform/errors.js";
import { lockForPosting } from "../ledger/ledger.js";
import { accountLines, bringOut, numberSale, outgoing, outgoingAccountLines, paymentsOf, takeBack, writeChildren } from "./sale.posting.js";
import { assertOpen, lockSale, prepare, stored } from "./sale.prepare.js";
import { saleSource } from "./sales.list.js";
import { saleLines, sales } from "./sales.tables.js";

/**
 * The sales core (docs/architecture/sales.md): invoice sales, salesman sales and POS tickets are
 * rows of `sales`. A sale is saved as a draft priced by THE price function; completing it takes
 * the goods out through the one stock-out function and posts its entry, its cost of goods sold
 * and its salesman's commission in the same transaction.
 */

// ------------------------------------------------------------------ use cases

/** A new sale is a draft (`opts.complete`: completed in the same transaction, as a POS ticket is). */
export async function createSale(
  ctx: Ctx,
  input: SaleInput,
  /** `numberLater`: completed in the same transaction after this (save and complete), numbered as it goes out. */
  opts: { kind?: SaleKind; complete?: boolean; numberLater?: boolean } = {},
) {
  const kind = opts.kind ?? "sale";
  const p = await prepare(ctx, input, kind);
  // Completing at once: the accounts are locked before any row that refers to them is written.
  if (opts.complete) await lockForPosting(ctx, { lines: await accountLines(ctx, p.row, p.payments) });
  const [row] = await ctx.tx
    .insert(sales)
    .values({ ...p.row, status: "draft", created_by: ctx.user?.user_id ?? null })
    .returning({ id: sales.id });
  const id = row!.id;
  await writeChildren(ctx, id, p);
  // A draft is numbered as it is saved; a sale that goes out in this transaction as it goes out
  // (\`bringOut\`), so that its series' counter, a row every sale of the outlet writes, is held
  // from its entry to the commit only.
  if (opts.complete) await bringOut(ctx, await lockSale(ctx, id));
  else if (!opts.numberLater) await numberSale(ctx, id, kind);
  return { id };
}

/**
 * Edits a sale. A draft is rewritten; a complete one (unless goods were returned since) has its
 * stock and entry reversed and goes out again as saved.
 */
export async function updateSale(ctx: Ctx, id: number, input: SaleInput, kind?: SaleKind) {
  const before = await stored(ctx, id, kind);
  assertOpen(ctx, before);
  const p = await prepare(ctx, input, before.kind as SaleKind);
  if (before.status === "complete") {
    // The accounts of the entry reversed and of the new one, in one ordered lock.
    const lines = [...(await accountLines(ctx, before, await paymentsOf(ctx.tx, id))), ...(await accountLines(ctx, p.row, p.payments))];
    await lockForPosting(ctx, { lines, reversing: saleSource(id) });
    const locked = await lockSale(ctx, id);
    assertOpen(ctx, locked);
    await takeBack(ctx, locked);
  }
  await ctx.tx
    .update(sales)
    .set({
      ...p.row,
      outlet_fk: before.outlet_fk,
      status: "draft",
      cost_total: "0",
      commission_base: "0",
      commission: "0",
      updated_by: ctx.user?.user_id ?? null,
      updated_at: ctx.now,
    })
    .where(eq(sales.id, id));
  await writeChildren(ctx, id, p);
  if (before.status === "complete") await bringOut(ctx, await lockSale(ctx, id));
}

export async function deleteSale(ctx: Ctx, id: number, kind?: SaleKind) {
  const s = await stored(ctx, id, kind);
  assertOpen(ctx, s);
  if (s.status === "complete") {
    await lockForPosting(ctx, { reversing: saleSource(id) });
    await takeBack(ctx, await lockSale(ctx, id));
  }
  await ctx.tx.delete(sales).where(eq(sales.id, id));
}

/** Complete and Return To Draft are refused in the other state, in words (a second click, another user's first). */
const assertDraft = (s: { status: string }) => {
  if (s.status !== "draft") throw new HttpError(422, MSG.alreadyDone, { status: [MSG.alreadyDone] });
};
const assertComplete = (s: { status: string }) => {
  if (s.status !== "complete") throw new HttpError(422, SALE_MSG.notComplete, { status: [SALE_MSG.notComplete] });
};

/** Complete: the goods leave and the sale posts, together. */
export async function completeSale(ctx: Ctx, id: number, kind?: SaleKind) {
  const s = await stored(ctx, id, kind);
  assertOpen(ctx, s);
  assertDraft(s);
  // A draft's own row first: what it goes out with is then read as it stays, before any account
  // is locked (docs/architecture/ledger.md, "Locking": nobody holds accounts and waits for a draft).
  const locked = await lockSale(ctx, id);
  assertOpen(ctx, locked);
  assertDraft(locked);
  const read = await outgoing(ctx, locked);
  await lockForPosting(ctx, { lines: outgoingAccountLines(read) });
  await bringOut(ctx, locked, read, { updated_by: ctx.user?.user_id ?? null, updated_at: ctx.now });
}

/** Return To Draft: stock and entry reversed, unless goods were returned since. */
export async function returnToDraft(ctx: Ctx, id: number, kind?: SaleKind) {
  const s = await stored(ctx, id, kind);
  assertOpen(ctx, s);
  assertComplete(s);
  await lockForPosting(ctx, { reversing: saleSource(id) });
  const locked = await lockSale(ctx, id);
  assertComplete(locked);
  await takeBack(ctx, locked);
  await ctx.tx
    .update(sales)
    .set({
      status: "draft",
      cost_total: "0",
      commission_base: "0",
      commission: "0",
      updated_by: ctx.user?.user_id ?? null,
      updated_at: ctx.now,
    })
    .where(eq(sales.id, id));
  await ctx.tx.update(saleLines).set({ unit_cost: "0" }).where(eq(saleLines.sale_fk, id));
}

export async function setSaleClosed(ctx: Ctx, id: number, closed: boolean, kind?: SaleKind) {
  await stored(ctx, id, kind);
  await ctx.tx
    .update(sales)
    .set({ is_closed: closed, updated_by: ctx.user?.user_id ?? null, updated_at: ctx.now })
    .where(eq(sales.id, id));
}

/** The sales `where` names as `showSale` shows them (POS sales booked together read theirs so too). */
