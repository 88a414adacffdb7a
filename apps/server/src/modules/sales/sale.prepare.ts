import { CURRENCY_USD, can, MSG, SALE_MSG, type SaleInput, type SaleKind } from "@app/contracts";
import { asc, eq, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.js";
import { businessDay } from "../../platform/business-time.js";
import type { Ctx } from "../../platform/context.js";
import { assertOpenFor } from "../../platform/doc-closing.js";
import { HttpError, notFound } from "../../platform/errors.js";
import { assertYearOpen } from "../../platform/periods.js";
import { cashAccount } from "../cash/cashes.js";
import { assertInventoryAccess } from "../catalogue/inventories.js";
import { itemsWithUnits } from "../catalogue/item-units.js";
import { docDate } from "../ledger/dates.js";
import { documentRate } from "../ledger/document-rate.js";
import { systemCurrency } from "../ledger/ledger.js";
import { D, Dec } from "../ledger/money.js";
import { quotePrices } from "../pricing/quote.js";
import { type CommissionTerms, paymentStatus } from "./sale.ledger.js";
import { SALE_SECTIONS } from "./sales.list.js";
import { saleLines, sales } from "./sales.tables.js";

/** A sale as sent, read, checked and priced; a stored sale read and locked. */

// ------------------------------------------------------------------ reading and checking

export async function walkInCustomer(tx: DbOrTx): Promise<number> {
  const r = await tx.execute<{ id: number }>(
    sql`select consumer_id as id from consumers where kind = 'customer' and is_default order by consumer_id limit 1`,
  );
  if (!r.rows[0]) throw new HttpError(422, SALE_MSG.customerInvalid, { consumer_fk: [SALE_MSG.customerInvalid] });
  return Number(r.rows[0].id);
}

export async function customerRow(tx: DbOrTx, id: number) {
  const r = await tx.execute<{
    consumer_id: number;
    mobile: string | null;
    address: string | null;
    is_active: boolean;
    is_default: boolean;
  }>(sql`select consumer_id, mobile, address, is_active, is_default from consumers where consumer_id = ${id} and kind = 'customer'`);
  const row = r.rows[0];
  if (!row) throw new HttpError(422, SALE_MSG.customerInvalid, { consumer_fk: [SALE_MSG.customerInvalid] });
  return row;
}

/** A dollar amount paid in more than cents (the schema's own words for a scale). */
export const USD_CENTS = "must be a number with at most 2 decimals";

export const walkInOwing = (field: string) => new HttpError(422, SALE_MSG.walkInPaysAll, { [field]: [SALE_MSG.walkInPaysAll] });

export async function salesmanTerms(tx: DbOrTx, id: number): Promise<CommissionTerms & { name: string }> {
  const r = await tx.execute<{
    name: string;
    is_salesman: boolean;
    commission_type: string | null;
    p: string | null;
    p1: string | null;
    p2: string | null;
    p3: string | null;
    q1: string | null;
    q2: string | null;
    q3: string | null;
  }>(sql`
    select coalesce(sale_man_name, user_name) as name, is_salesman, commission_type, sale_man_commission_percentage as p,
           sale_man_commission_percentage_1 as p1, sale_man_commission_percentage_2 as p2, sale_man_commission_percentage_3 as p3,
           sale_man_quota_1 as q1, sale_man_quota_2 as q2, sale_man_quota_3 as q3
      from users where user_id = ${id}`);
  const u = r.rows[0];
  if (!u?.is_salesman) throw new HttpError(422, SALE_MSG.salesmanInvalid, { salesman_fk: [SALE_MSG.salesmanInvalid] });
  return {
    name: u.name,
    commission_type: u.commission_type,
    percentage: u.p,
    percentages: [u.p1, u.p2, u.p3],
    quotas: [u.q1, u.q2, u.q3],
  };
}

/** The batch a line names by its number, in the sale's inventory. */
export async function batchOf(tx: DbOrTx, itemId: number, batchNo: string, field: string): Promise<number> {
  const r = await tx.execute<{ batch_id: number }>(
    sql`select batch_id from stock_batches where item_fk = ${itemId} and batch_no = ${batchNo} order by batch_id limit 1`,
  );
  if (!r.rows[0]) throw new HttpError(422, SALE_MSG.batchInvalid, { [field]: [SALE_MSG.batchInvalid] });
  return Number(r.rows[0].batch_id);
}

/** Reads, checks and prices a sale as sent: customer, salesman, inventory, in-rate, lines through the price function, payment. */
export async function prepare(ctx: Ctx, input: SaleInput, kind: SaleKind) {
  const tx = ctx.tx;
  const sys = await systemCurrency(tx);
  const consumer = input.consumer_fk ?? (await walkInCustomer(tx));
  const customer = await customerRow(tx, consumer);
  if (kind === "salesman" && !input.salesman_fk)
    throw new HttpError(422, SALE_MSG.salesmanRequired, { salesman_fk: [SALE_MSG.salesmanRequired] });
  if (input.salesman_fk) await salesmanTerms(tx, input.salesman_fk);
  await assertInventoryAccess(ctx, input.inventory_fk);
  const date = docDate(input.date, ctx.now, input.time);
  await assertYearOpen(tx, date);
  const rate =
    input.currency_id === sys
      ? "1"
      : await documentRate(tx, { currency_id: input.currency_id, rate: input.rate, date, kind: "in", confirmed: input.confirmed });

  const items = await itemsWithUnits(
    tx,
    input.lines.map((l) => l.item_fk),
  );
  const errors: Record<string, string[]> = {};
  const unitIds = input.lines.map((l, i) => {
    const it = items.get(l.item_fk);
    if (!it) errors[`lines.${i}.item_fk`] = [SALE_MSG.itemInvalid];
    const u = it?.units.get(l.unit_fk);
    if (it && !u) errors[`lines.${i}.unit_fk`] = [SALE_MSG.unitInvalid];
    return u;
  });
  if (Object.keys(errors).length) throw new HttpError(422, Object.values(errors)[0]![0]!, errors);

  const byItem = input.discount_type === "item";
  const mayDiscount = can(ctx.user, `${SALE_SECTIONS[kind]}/discount`);
  // SPEC §6 Discount: a discount on a line or on the invoice is given only by a user holding it.
  if (!mayDiscount) {
    const given = byItem
      ? input.lines.flatMap((l, i) => (l.discount && D(l.discount).gt(0) ? [`lines.${i}.discount`] : []))
      : input.invoice_discount && D(input.invoice_discount).gt(0)
        ? ["invoice_discount"]
        : [];
    if (given.length) throw new HttpError(403, MSG.forbidden, Object.fromEntries(given.map((f) => [f, [MSG.forbidden]])));
  }
  const quote = await quotePrices(
    ctx,
    {
      customer_id: consumer,
      currency_id: input.currency_id,
      rate,
      date: businessDay(date),
      lines: input.lines.map((l, i) => ({
        item_unit_id: unitIds[i]!.item_unit_id,
        quantity: l.quantity,
        unit_price: l.unit_price ?? null,
        discount: byItem && l.discount && D(l.discount).gt(0) ? { type: l.discount_type ?? "amount", value: l.discount } : null,
      })),
      invoice_discount:
        !byItem && input.invoice_discount && D(input.invoice_discount).gt(0)
          ? { type: input.invoice_discount_type, value: input.invoice_discount }
          : null,
    },
    { mayDiscount, confirmed: input.confirmed },
  );
  const typedRounding = D(input.rounded_discount ?? 0);
  const beforeRounding = D(quote.total);
  if (typedRounding.gt(beforeRounding)) throw new HttpError(422, SALE_MSG.roundedTooMuch, { rounded_discount: [SALE_MSG.roundedTooMuch] });
  // Dollars change hands in cents: what a USD total holds below the cent is part of its rounding discount.
  const usd = input.currency_id === CURRENCY_USD;
  const due = beforeRounding.minus(typedRounding);
  const total = usd ? due.toDecimalPlaces(2, Dec.ROUND_DOWN) : due;
  const rounded = typedRounding.plus(due.minus(total));
  if (usd && input.paid_amount != null && !D(input.paid_amount).eq(D(input.paid_amount).toDecimalPlaces(2)))
    throw new HttpError(422, USD_CENTS, { paid_amount: [USD_CENTS] });
  const paid = D(input.paid_amount ?? (input.payment_type === "Cash" ? total : 0));
  if (paid.gt(total)) throw new HttpError(422, SALE_MSG.paidTooMuch, { paid_amount: [SALE_MSG.paidTooMuch] });
  // The walk-in customer is anybody: nothing may be left on his account. (A POS ticket is settled
  // after it is saved; its payments are checked when it goes out.)
  if (kind !== "pos" && customer.is_default && !paid.eq(total))
    throw walkInOwing(input.payment_type === "Cash" ? "paid_amount" : "payment_type");
  if (paid.gt(0) && !input.account_fk)
    throw new HttpError(422, SALE_MSG.cashAccountRequired, { account_fk: [SALE_MSG.cashAccountRequired] });
  // Back-office money goes through the shop's tills and banks, not a cashier's drawer (counted at its closing).
  const cash = input.account_fk && paid.gt(0) ? await cashAccount(tx, input.account_fk, "account_fk", { drawers: kind === "pos" }) : null;
  // Money taken into a till of the other currency for a sale in the system currency (booked at rate 1): at the day's in-rate.
  const payRate =
    cash && cash.currency_id !== input.currency_id && input.currency_id === sys
      ? await documentRate(tx, { currency_id: cash.currency_id, rate: null, date, kind: "in", confirmed: undefined })
      : rate;

  return {
    sys,
    row: {
      kind,
      outlet_fk: ctx.user?.outlet_fk ?? null,
      consumer_fk: consumer,
      salesman_fk: input.salesman_fk ?? null,
      date,
      inventory_fk: input.inventory_fk,
      currency_id: input.currency_id,
      rate,
      discount_type: input.discount_type,
      invoice_discount_type: input.invoice_discount_type,
      invoice_discount: byItem ? "0" : D(input.invoice_discount ?? 0).toFixed(),
      discount_amount: D(quote.discount).toFixed(),
      rounded_discount: rounded.toFixed(),
      tax_amount: D(quote.tax).toFixed(),
      gross: D(quote.gross).toFixed(),
      subtotal: D(quote.net).toFixed(),
      total: total.toFixed(),
      paid_amount: paid.toFixed(),
      received_amount: input.received_amount ?? null,
      remaining: total.minus(paid).toFixed(),
      payment_type: input.payment_type,
      account_fk: cash?.account_id ?? null,
      payment_status: paymentStatus(total, paid),
      customer_mobile: input.customer_mobile ?? customer.mobile,
      customer_address: input.customer_address ?? customer.address,
      note: input.note ?? null,
    },
    lines: input.lines.map((l, i) => saleLineRow(l, quote.lines[i]!, unitIds[i]!.quantity, byItem, i)),
    payments: cash
      ? [{ account_fk: cash.account_id, method: "cash", currency_id: input.currency_id, rate: payRate, amount: paid.toFixed() }]
      : [],
  };
}

/** A sale line as saved, from the line sent and its price (POS sales booked together save theirs so too). */
export function saleLineRow(
  l: SaleInput["lines"][number],
  q: Awaited<ReturnType<typeof quotePrices>>["lines"][number],
  unitBaseQty: string,
  byItem: boolean,
  position: number,
) {
  return {
    item_fk: l.item_fk,
    unit_fk: l.unit_fk,
    unit_base_qty: unitBaseQty,
    quantity: l.quantity,
    free_quantity: q.free_quantity,
    sale_price: q.sale_price,
    unit_price: q.unit_price,
    discount_type: byItem && l.discount && D(l.discount).gt(0) ? (l.discount_type ?? "amount") : null,
    discount: byItem ? D(l.discount ?? 0).toFixed() : "0",
    discount_amount: q.discount,
    promotion_fk: q.promotion_id,
    tax_amount: q.tax,
    line_total: q.net,
    batch_no: l.batch_no || null,
    description: l.description ?? null,
    steps: q.steps,
    position,
  };
}

export type Prepared = Awaited<ReturnType<typeof prepare>>;
export type StoredSale = typeof sales.$inferSelect;

export async function stored(ctx: Ctx, id: number, kind?: SaleKind): Promise<StoredSale> {
  const [s] = await ctx.tx.select().from(sales).where(eq(sales.id, id));
  if (!s || (kind && s.kind !== kind)) throw notFound();
  await assertInventoryAccess(ctx, s.inventory_fk);
  return s;
}

/** Locks the sale row after the accounts (docs/architecture/ledger.md, "Locking": accounts, documents, stock, counter). */
export async function lockSale(ctx: Ctx, id: number): Promise<StoredSale> {
  await ctx.tx.execute(sql`select 1 from sales where id = ${id} for no key update`);
  const [s] = await ctx.tx.select().from(sales).where(eq(sales.id, id));
  if (!s) throw notFound();
  return s;
}

/** A closed sale is changed only by a user holding its section's `unclose` (platform/doc-closing.ts). */
export const assertOpen = (ctx: Ctx, s: { is_closed: boolean; kind: string }) =>
  assertOpenFor(ctx, s, SALE_SECTIONS[s.kind as SaleKind], SALE_MSG.closed);

export async function linesOf(tx: DbOrTx, id: number) {
  return tx.select().from(saleLines).where(eq(saleLines.sale_fk, id)).orderBy(asc(saleLines.position), asc(saleLines.line_id));
}
