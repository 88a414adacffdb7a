import { POS_MSG, type PosReturnInput } from "@app/contracts";
import { sql } from "drizzle-orm";
import type { Ctx } from "../../platform/context.js";
import { HttpError, notFound } from "../../platform/errors.js";
import { systemCurrency } from "../ledger/ledger.js";
import { convert } from "../ledger/money.js";
import { createSaleReturn, showSaleReturn } from "../sale-returns/sale-returns.js";
import { posSaleInfo } from "./pos.tables.js";
import { showPosSale } from "./pos-sales.js";
import { assertCashier, cashierPlace, drawerAccounts } from "./pos-session.js";

/**
 * A return of a POS bill at the till, in one transaction: the lines come back through the sale
 * returns' core (no more of a line than was sold less what complete returns took, under the
 * sale's row lock; the goods into the batches they left at the cost they left with; revenue,
 * discount and tax reversed in proportion), the money is paid out of the cashier's own drawer in
 * the currency chosen (the other currency at the day's in-rate) or credited to the named customer's account, and the
 * return is kept for the drawer's closing, whose returns total counts it.
 */
export async function returnPosSale(ctx: Ctx, saleId: number, input: PosReturnInput, key: string | null) {
  const user = assertCashier(ctx.user);
  // The drawer first, shared, as a sale takes it: a closing of this drawer waits for this return, or it for the closing.
  const drawer = await drawerAccounts(ctx, user.user_id, "share");
  const bill = await showPosSale(ctx, saleId);
  if (!bill) throw notFound();
  const sys = await systemCurrency(ctx.tx);
  const receivedType = input.received_type ?? "Cash";
  if (receivedType === "On Account") {
    const walkIn = await ctx.tx.execute(sql`select 1 from consumers where consumer_id = ${bill.consumer_fk} and is_default`);
    if (walkIn.rows.length)
      throw new HttpError(422, POS_MSG.returnOnAccountNeedsCustomer, { received_type: [POS_MSG.returnOnAccountNeedsCustomer] });
  }
  const currency = receivedType === "Cash" ? (input.currency_id ?? sys) : bill.currency_id;
  const { id, paidBack } = await createSaleReturn(ctx, {
    sale_fk: saleId,
    consumer_fk: null,
    date: null,
    inventory_fk: bill.inventory_fk,
    currency_id: null,
    rate: null,
    received_type: receivedType,
    account_fk: receivedType === "Cash" ? drawer.get(currency)! : null,
    note: input.note ?? null,
    lines: input.lines.map((l) => ({ sale_line_fk: l.sale_line_fk, quantity: l.quantity })),
  });
  const head = await ctx.tx.execute<{ total: string; currency_id: number; rate: string }>(
    sql`select total::text, currency_id, rate::text from sale_returns where id = ${id}`,
  );
  const r = head.rows[0]!;
  const place = await cashierPlace(ctx.tx, user);
  await ctx.tx.insert(posSaleInfo).values({
    kind: "return",
    sale_return_fk: id,
    user_fk: user.user_id,
    outlet_fk: place.outlet_id,
    idempotency_key: key,
    client_created_at: ctx.now,
    total_sys: convert(r.total, Number(r.currency_id), sys, r.rate).toFixed(),
    discount_sys: "0",
  });
  return {
    id,
    refund: {
      received_type: receivedType,
      currency_id: paidBack.currency_id,
      amount: paidBack.amount.toFixed(),
      account_fk: receivedType === "Cash" ? paidBack.account_id : null,
    },
  };
}

/** The answer to a POS return: the sale return as saved, what was paid back and from where, and the bill as it stands now. */
export async function shownPosReturn(ctx: Ctx, saleId: number, done: Awaited<ReturnType<typeof returnPosSale>>) {
  const saved = await showSaleReturn(ctx, done.id);
  const bill = await showPosSale(ctx, saleId);
  if (!saved || !bill) throw notFound();
  return { ...saved, refund: done.refund, sale: bill };
}
