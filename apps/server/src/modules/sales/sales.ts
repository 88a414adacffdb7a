import {
  CURRENCY_IQD,
  CURRENCY_USD,
  can,
  creditLimitMessage,
  MSG,
  overdueMessage,
  SALE_MSG,
  type SaleInput,
  type SaleKind,
} from "@app/contracts";
import type Decimal from "decimal.js";
import { asc, eq, type SQL, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.js";
import { businessDay, sqlBusinessDateTime, startOfBusinessDay, withBusinessDate } from "../../platform/business-time.js";
import type { Ctx } from "../../platform/context.js";
import { HttpError, notFound } from "../../platform/errors.js";
import type { ListModel } from "../../platform/list.js";
import { assertYearOpen } from "../../platform/periods.js";
import { cashAccount } from "../cash/cashes.js";
import { assertInventoryAccess, inventoryScope } from "../catalogue/inventories.js";
import { docDate } from "../ledger/dates.js";
import { documentRate } from "../ledger/document-rate.js";
import { accountByKey, createAccount, lockForPosting, post, reverse, systemCurrency } from "../ledger/ledger.js";
import { convert, D, Dec, round4, ZERO } from "../ledger/money.js";
import { nextNumber } from "../numbering/numbering.js";
import { consumerAccounts, isWalkIn } from "../parties/consumers.js";
import { quotePrices } from "../pricing/quote.js";
import { itemsWithUnits } from "../purchases/purchases.js";
import { assertNotProtected, reverseStock, stockOut } from "../stock/stock.js";
import { type CommissionTerms, paymentStatus, type SalePosting, saleCommission, saleLines as salePostingLines } from "./sale.ledger.js";
import { saleLines, salePayments, sales, salesmanAccounts } from "./sales.tables.js";

/**
 * The sales core (ARCHITECTURE.md "Sales"): invoice sales, salesman sales and POS tickets are
 * rows of `sales`. A sale is saved as a draft priced by THE price function; completing it takes
 * the goods out through the one stock-out function and posts its entry, its cost of goods sold
 * and its salesman's commission in the same transaction.
 */

export const saleSource = (id: number) => ({ type: "sale", id });

/** The permission section of each kind (sale returns and reports use them too). */
export const SALE_SECTIONS: Record<SaleKind, string> = { sale: "sales", salesman: "salesman_sales", pos: "pos_sales" };
const PREFIX: Record<SaleKind, string> = { sale: "SAL", salesman: "SMS", pos: "POS" };

/**
 * Checks that refuse editing or deleting a complete sale (sale returns add theirs: a sale with
 * goods returned is protected). Each throws; the built-in one asks the returns table when it exists.
 */
export const saleGuards: ((ctx: Ctx, saleId: number) => Promise<void>)[] = [
  async (ctx, saleId) => {
    const exists = await ctx.tx.execute<{ t: string | null }>(sql`select to_regclass('sale_return_lines')::text as t`);
    if (!exists.rows[0]?.t) return;
    const r = await ctx.tx.execute(sql`
      select 1 from sale_return_lines rl join sale_lines l on l.line_id = rl.sale_line_fk where l.sale_fk = ${saleId} limit 1`);
    if (r.rows.length) throw new HttpError(422, MSG.protectedDocument);
  },
];

const money = (col: string) => ({
  [col]: { expr: sql.raw(`s.${col}`) },
  [`${col}_iqd`]: { expr: sql.raw(`case when s.currency_id = ${CURRENCY_IQD} then s.${col} else 0 end`), sum: true, sortable: false },
  [`${col}_usd`]: { expr: sql.raw(`case when s.currency_id = ${CURRENCY_USD} then s.${col} else 0 end`), sum: true, sortable: false },
});

/** The list of one kind of sale: a user without `view_all` sees the sales he made. */
export function salesList(kind: SaleKind): ListModel {
  const section = SALE_SECTIONS[kind];
  return {
    model: section,
    from: sql`from sales s join consumers c on c.consumer_id = s.consumer_fk join inventories i on i.inventory_id = s.inventory_fk
              join currencies cu on cu.currency_id = s.currency_id left join users cb on cb.user_id = s.created_by
              left join users sm on sm.user_id = s.salesman_fk`,
    scope: (ctx) => {
      const parts = [sql`s.kind = ${kind}`];
      const inv = inventoryScope(ctx, sql`s.inventory_fk`);
      if (inv) parts.push(inv);
      if (kind === "sale" && ctx.user && !can(ctx.user, `${section}/view_all`)) parts.push(sql`s.created_by = ${ctx.user.user_id}`);
      return sql.join(parts, sql` and `);
    },
    idColumn: "id",
    defaultSort: "date",
    dateColumn: sql`s.date`,
    amountColumn: sql`s.total`,
    columns: {
      id: { expr: sql`s.id`, filter: "eq" },
      number: { expr: sql`s.number`, search: true, filter: "eq" },
      date: { expr: sqlBusinessDateTime(sql`s.date`), sortExpr: sql`s.date`, notNull: true },
      consumer_id: { expr: sql`s.consumer_fk`, filter: "eq" },
      consumer_name: { expr: sql`c.consumer_name`, search: true, filter: "like" },
      customer_mobile: { expr: sql`s.customer_mobile`, search: true },
      salesman_id: { expr: sql`s.salesman_fk`, filter: "eq" },
      salesman_name: { expr: sql`coalesce(sm.sale_man_name, sm.user_name)`, filter: "like" },
      inventory_id: { expr: sql`s.inventory_fk`, filter: "eq" },
      inventory_name: { expr: sql`i.inventory_name` },
      currency_id: { expr: sql`s.currency_id`, filter: "eq" },
      currency_name: { expr: sql`cu.currency_name` },
      rate: { expr: sql`s.rate` },
      ...money("total"),
      ...money("paid_amount"),
      ...money("remaining"),
      ...money("discount_amount"),
      ...money("tax_amount"),
      discount_type: { expr: sql`s.discount_type`, filter: "eq" },
      payment_type: { expr: sql`s.payment_type`, filter: "eq" },
      payment_status: { expr: sql`s.payment_status`, filter: "eq" },
      status: { expr: sql`s.status`, filter: "eq" },
      is_closed: { expr: sql`s.is_closed`, filter: "bool" },
      commission: { expr: sql`s.commission`, sum: true },
      note: { expr: sql`s.note`, search: true },
      created_by_name: { expr: sql`cb.user_name` },
      created_at: { expr: sql`s.created_at` },
    },
  };
}

/**
 * The salesmen's commissions: one row per complete salesman sale, system currency: what the sale
 * earned, what its returns took back (read from their entries on the commissions account, so an
 * edited or deleted return counts as the books do) and what is left.
 */
export const commissionsList: ListModel = {
  model: "salesman_commissions",
  from: sql`from sales s join users sm on sm.user_id = s.salesman_fk join consumers c on c.consumer_id = s.consumer_fk
    left join lateral (
      select coalesce(sum(l.sys_credit - l.sys_debit), 0) as returned
        from sale_returns r
        join journal_entries e on e.source_type = 'sale_return' and e.source_id = r.id
        join journal_lines l on l.entry_id = e.entry_id
       where r.sale_fk = s.id and l.account_id = (select account_id from accounts where system_key = 'commissions')
    ) rc on true`,
  scope: (ctx) => {
    const parts = [sql`s.salesman_fk is not null and s.status = 'complete'`];
    const inv = inventoryScope(ctx, sql`s.inventory_fk`);
    if (inv) parts.push(inv);
    return sql.join(parts, sql` and `);
  },
  idColumn: "id",
  defaultSort: "date",
  dateColumn: sql`s.date`,
  amountColumn: sql`s.commission`,
  columns: {
    id: { expr: sql`s.id`, filter: "eq" },
    number: { expr: sql`s.number`, search: true, filter: "eq" },
    date: { expr: sqlBusinessDateTime(sql`s.date`), sortExpr: sql`s.date`, notNull: true },
    salesman_id: { expr: sql`s.salesman_fk`, filter: "eq" },
    salesman_name: { expr: sql`coalesce(sm.sale_man_name, sm.user_name)`, search: true, filter: "like" },
    commission_type: { expr: sql`sm.commission_type`, filter: "eq" },
    consumer_name: { expr: sql`c.consumer_name`, search: true },
    currency_id: { expr: sql`s.currency_id`, filter: "eq" },
    total: { expr: sql`s.total` },
    commission_base: { expr: sql`s.commission_base`, sum: true },
    cost_total: { expr: sql`s.cost_total`, sum: true },
    commission: { expr: sql`s.commission`, sum: true },
    commission_returned: { expr: sql`rc.returned`, sum: true },
    commission_net: { expr: sql`s.commission - rc.returned`, sum: true },
  },
};

// ------------------------------------------------------------------ reading and checking

async function walkInCustomer(tx: DbOrTx): Promise<number> {
  const r = await tx.execute<{ id: number }>(
    sql`select consumer_id as id from consumers where kind = 'customer' and is_default order by consumer_id limit 1`,
  );
  if (!r.rows[0]) throw new HttpError(422, SALE_MSG.customerInvalid, { consumer_fk: [SALE_MSG.customerInvalid] });
  return Number(r.rows[0].id);
}

async function customerRow(tx: DbOrTx, id: number) {
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
const USD_CENTS = "must be a number with at most 2 decimals";

const walkInOwing = (field: string) => new HttpError(422, SALE_MSG.walkInPaysAll, { [field]: [SALE_MSG.walkInPaysAll] });

async function salesmanTerms(tx: DbOrTx, id: number): Promise<CommissionTerms & { name: string }> {
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
async function batchOf(tx: DbOrTx, itemId: number, batchNo: string, field: string): Promise<number> {
  const r = await tx.execute<{ batch_id: number }>(
    sql`select batch_id from stock_batches where item_fk = ${itemId} and batch_no = ${batchNo} order by batch_id limit 1`,
  );
  if (!r.rows[0]) throw new HttpError(422, SALE_MSG.batchInvalid, { [field]: [SALE_MSG.batchInvalid] });
  return Number(r.rows[0].batch_id);
}

/** Reads, checks and prices a sale as sent: customer, salesman, inventory, in-rate, lines through the price function, payment. */
async function prepare(ctx: Ctx, input: SaleInput, kind: SaleKind) {
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

type Prepared = Awaited<ReturnType<typeof prepare>>;
type StoredSale = typeof sales.$inferSelect;

async function stored(ctx: Ctx, id: number, kind?: SaleKind): Promise<StoredSale> {
  const [s] = await ctx.tx.select().from(sales).where(eq(sales.id, id));
  if (!s || (kind && s.kind !== kind)) throw notFound();
  await assertInventoryAccess(ctx, s.inventory_fk);
  return s;
}

/** Locks the sale row after the accounts (ARCHITECTURE "Locking": accounts, documents, stock, counter). */
async function lockSale(ctx: Ctx, id: number): Promise<StoredSale> {
  await ctx.tx.execute(sql`select 1 from sales where id = ${id} for no key update`);
  const [s] = await ctx.tx.select().from(sales).where(eq(sales.id, id));
  if (!s) throw notFound();
  return s;
}

const assertOpen = (s: { is_closed: boolean }) => {
  if (s.is_closed) throw new HttpError(422, SALE_MSG.closed);
};

async function linesOf(tx: DbOrTx, id: number) {
  return tx.select().from(saleLines).where(eq(saleLines.sale_fk, id)).orderBy(asc(saleLines.position), asc(saleLines.line_id));
}

// ------------------------------------------------------------------ credit and overdue

/** The customer's balance (what he owes, both currencies, system currency) and allowed debit amount. */
export async function customerCredit(tx: DbOrTx, consumerId: number) {
  const r = await tx.execute<CreditRow>(customerCreditSql(sql`c.consumer_id = ${consumerId}`));
  return creditFrom(r.rows[0]);
}

type CreditRow = { consumer_id: number; limit: string | null; balance: string };

/** The customers' allowed debit amount and balance (system currency), as `customerCredit` reads them. */
export const customerCreditSql = (where: SQL) => sql`
    select c.consumer_id, c.allowed_debit_amount::text as limit,
           coalesce((select sum(b.sys_debit - b.sys_credit) from account_balances b where b.account_id in (c.account_fk, c.account_usd_fk)), 0)::text as balance
      from consumers c where ${where}`;

export const creditFrom = (row: Partial<CreditRow> | undefined) => ({
  limit: row?.limit == null ? null : D(row.limit).toFixed(),
  balance: D(row?.balance ?? 0).toFixed(),
});

/**
 * Refuses (422, with the limit and the balance) what would take the customer past his allowed
 * debit amount; `added` is the receivable the sale adds, system currency. No amount set: no limit.
 * Called with the customer's accounts locked (after `lockForPosting`), so the balance is current.
 */
export async function assertCustomerCredit(ctx: Ctx, consumerId: number, added: Decimal.Value): Promise<void> {
  if (!D(added).gt(0)) return;
  const credit = await customerCredit(ctx.tx, consumerId);
  if (credit.limit === null) return;
  const after = D(credit.balance).plus(added);
  if (after.gt(credit.limit)) {
    const msg = creditLimitMessage(D(credit.limit).toFixed(), D(credit.balance).toFixed(), after.toFixed());
    throw new HttpError(422, msg, { consumer_fk: [msg] });
  }
}

/**
 * The customer's overdue invoices (complete sales with something remaining): "all" counts every
 * one that is owed, "custom" those older than the customer's overdue days. None set: none. What
 * his complete returns on account gave back counts against the sale they return (an invoice
 * returned in full is no longer owed), and the amount is never more than he owes in all (returns
 * on account of no sale, receipts). The amount is in the system currency, to the smallest unit
 * that changes hands (whole dinars, cents).
 */
export async function customerOverdue(tx: DbOrTx, consumerId: number, now: Date, exceptSale?: number) {
  const owed = await overdueOwed(tx, consumerId, now, exceptSale);
  if (!owed) return null;
  return overdueFrom(owed, [], D((await customerCredit(tx, consumerId)).balance), now);
}

/** What `customerOverdue` reads of a customer with overdue terms: his overdue invoices as stored (null: no terms). */
export async function overdueOwed(tx: DbOrTx, consumerId: number, now: Date, exceptSale?: number) {
  const r = await tx.execute<{ type: string | null; days: number | null }>(
    sql`select overdue_type as type, overdue_days as days from consumers where consumer_id = ${consumerId}`,
  );
  const c = r.rows[0];
  if (!c?.type || (c.type === "custom" && !c.days)) return null;
  const threshold = c.type === "custom" ? Number(c.days) : 0;
  const cutoff = startOfBusinessDay(businessDay(new Date(now.getTime() - threshold * 86_400_000)));
  const returns = (await tx.execute<{ t: string | null }>(sql`select to_regclass('sale_returns')::text as t`)).rows[0]?.t
    ? sql`(select sum(r.total) from sale_returns r where r.sale_fk = s.id and r.status = 'complete' and r.received_type = 'On Account')`
    : sql`0`;
  const o = await tx.execute<{ n: number; amount: string | null; oldest: Date | string | null; sys: number }>(sql`
    with owed as (
      select s.date, s.currency_id, s.rate, s.remaining - coalesce(${returns}, 0) as left_owed
        from sales s
       where s.consumer_fk = ${consumerId} and s.status = 'complete' and s.remaining > 0
         and ${c.type === "custom" ? sql`s.date < ${cutoff}` : sql`true`}
         and s.id <> ${exceptSale ?? 0}
    ), sys as (select currency_fk as id from system_config where id = 1)
    select count(*)::int as n, (select id from sys) as sys,
           sum(o.left_owed * case when o.currency_id = (select id from sys) then 1
                                  when o.currency_id = ${CURRENCY_IQD} then 1 / o.rate else o.rate end)::text as amount,
           min(o.date) as oldest
      from owed o where o.left_owed > 0`);
  const row = o.rows[0]!;
  return {
    /** Only a custom term counts invoices by their age: from before the cutoff. */
    cutoff: c.type === "custom" ? cutoff : null,
    n: Number(row.n),
    amount: D(row.amount ?? 0),
    oldest: row.oldest == null ? null : new Date(row.oldest),
    sys: Number(row.sys),
  };
}

/**
 * The warning of `customerOverdue` from his overdue invoices as stored and others not yet stored
 * (`more`: their date and what is owed of each, system currency; those from before the cutoff
 * count), against his balance (system currency).
 */
export function overdueFrom(
  owed: NonNullable<Awaited<ReturnType<typeof overdueOwed>>>,
  more: { date: Date; owed: Decimal }[],
  balance: Decimal,
  now: Date,
) {
  const counted = more.filter((m) => m.owed.gt(0) && (owed.cutoff === null || m.date.getTime() < owed.cutoff.getTime()));
  const n = owed.n + counted.length;
  if (!n || !balance.gt(0)) return null;
  const overdue = counted.reduce((sum, m) => sum.plus(m.owed), owed.amount);
  const oldest = Math.min(owed.oldest?.getTime() ?? Number.POSITIVE_INFINITY, ...counted.map((m) => m.date.getTime()));
  const amount = (overdue.gt(balance) ? balance : overdue).toDecimalPlaces(owed.sys === CURRENCY_USD ? 2 : 0);
  const days = Math.max(0, Math.floor((now.getTime() - oldest) / 86_400_000));
  return { count: n, amount: amount.toFixed(), days };
}

// ------------------------------------------------------------------ posting

async function salesmanPayable(ctx: Ctx, salesmanId: number, name: string): Promise<number> {
  const [found] = await ctx.tx.select().from(salesmanAccounts).where(eq(salesmanAccounts.user_fk, salesmanId));
  if (found) return found.account_fk;
  // One maker at a time per salesman.
  await ctx.tx.execute(sql`select 1 from users where user_id = ${salesmanId} for no key update`);
  const [again] = await ctx.tx.select().from(salesmanAccounts).where(eq(salesmanAccounts.user_fk, salesmanId));
  if (again) return again.account_fk;
  const account = await createAccount(ctx.tx, { parentKey: "salesmen_payable", name, currency_id: await systemCurrency(ctx.tx) });
  await ctx.tx.insert(salesmanAccounts).values({ user_fk: salesmanId, account_fk: account });
  return account;
}

type PaymentRow = { account_fk: number; currency_id: number; rate: string; amount: string };
type SaleFigures = Pick<
  StoredSale,
  | "consumer_fk"
  | "salesman_fk"
  | "currency_id"
  | "rate"
  | "paid_amount"
  | "gross"
  | "subtotal"
  | "rounded_discount"
  | "tax_amount"
  | "total"
>;

/** The accounts and figures of a sale's entry; `cost` and commission are filled in once the goods have left. */
async function postingOf(ctx: Ctx, s: SaleFigures, payments: PaymentRow[]) {
  const tx = ctx.tx;
  const sys = await systemCurrency(tx);
  const receivable = (await consumerAccounts(tx, "customer", s.consumer_fk))[s.currency_id]!;
  const payAccounts = [];
  for (const p of payments) payAccounts.push({ ...p, account: await cashAccount(tx, p.account_fk, "account_fk") });
  const key = async (k: string) => (await accountByKey(tx, k)).account_id;
  const accounts = {
    sales: await key("sales"),
    discounts: await key("discounts"),
    tax: await key("sales_tax"),
    cogs: await key("cogs"),
    inventory: await key("inventory"),
  };
  const terms = s.salesman_fk ? await salesmanTerms(tx, s.salesman_fk) : null;
  const commission =
    terms && s.salesman_fk && terms.commission_type && terms.commission_type !== "no_commission"
      ? { expense: await key("commissions"), payable: await salesmanPayable(ctx, s.salesman_fk, `${terms.name} (commission)`) }
      : null;
  const doc: SalePosting = {
    system_currency: sys,
    currency_id: s.currency_id,
    rate: s.rate,
    receivable: { account_id: receivable, currency_id: s.currency_id },
    payments: payAccounts.map((p) => ({ account: p.account, currency_id: p.currency_id, rate: p.rate, amount: p.amount })),
    paid: s.paid_amount,
    gross: s.gross,
    discount: D(s.gross).minus(s.subtotal).plus(s.rounded_discount),
    tax: s.tax_amount,
    total: s.total,
    cost: "0",
    accounts,
    commission: commission ? { ...commission, amount: "1" } : null,
  };
  return { sys, doc, terms };
}

const descriptionOf = async (tx: DbOrTx, s: { consumer_fk: number; number: string | null }) => {
  const r = await tx.execute<{ name: string }>(sql`select consumer_name as name from consumers where consumer_id = ${s.consumer_fk}`);
  return `Sale ${s.number ?? ""} to ${r.rows[0]?.name ?? ""}`.replace(/\s+/g, " ").trim();
};

/**
 * The month's commission base of the salesman's other complete sales (the tiers' starting point),
 * net of their complete returns: each sale's base counts in the share of its net revenue (after
 * discounts, before tax) that was not returned, as its commission comes back in that share.
 */
async function monthBase(tx: DbOrTx, s: StoredSale): Promise<string> {
  const day = businessDay(s.date);
  const from = startOfBusinessDay(`${day.slice(0, 7)}-01`);
  const [y, m] = day.slice(0, 7).split("-").map(Number) as [number, number];
  const next = m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, "0")}-01`;
  const r = await tx.execute<{ b: string }>(sql`
    select coalesce(sum(round(o.commission_base * case when o.subtotal - o.rounded_discount > 0
             then greatest(0, 1 - coalesce(rt.net, 0) / (o.subtotal - o.rounded_discount)) else 1 end, 4)), 0)::text as b
      from sales o
      left join lateral (select sum(r.subtotal - r.discount_amount) as net from sale_returns r
                          where r.sale_fk = o.id and r.status = 'complete') rt on true
     where o.salesman_fk = ${s.salesman_fk} and o.status = 'complete' and o.id <> ${s.id}
       and o.date >= ${from} and o.date < ${startOfBusinessDay(next)}`);
  return r.rows[0]!.b;
}

/**
 * The goods leave (FEFO at average cost, expired batches refused) and the sale posts: receivable
 * or cash, sales, discounts, tax, cost of goods sold and commission. The accounts are locked
 * first (the customer's receivable among them, so the credit check reads a balance nobody else
 * can move), then the stock rows inside `stockOut`.
 */
const paymentsOf = (tx: DbOrTx, id: number) =>
  tx.select().from(salePayments).where(eq(salePayments.sale_fk, id)).orderBy(asc(salePayments.payment_id));

/** The sale's number in its kind's series of the outlet (after the accounts and the stock, as everywhere). */
async function numberSale(ctx: Ctx, id: number, kind: SaleKind): Promise<string> {
  const number = await nextNumber(ctx, SALE_SECTIONS[kind], PREFIX[kind]);
  await ctx.tx.update(sales).set({ number }).where(eq(sales.id, id));
  return number;
}

async function bringOut(ctx: Ctx, s: StoredSale) {
  const { sys, doc, terms } = await postingOf(ctx, s, await paymentsOf(ctx.tx, s.id));
  if (!D(s.remaining).isZero() && (await isWalkIn(ctx.tx, s.consumer_fk))) throw walkInOwing("paid_amount");
  const remainingSys = convert(s.remaining, s.currency_id, sys, s.rate);
  await assertCustomerCredit(ctx, s.consumer_fk, remainingSys);
  const lines = await linesOf(ctx.tx, s.id);
  const stockLines = [];
  for (const [i, l] of lines.entries())
    stockLines.push({
      line_id: l.line_id,
      item_id: l.item_fk,
      inventory_id: s.inventory_fk,
      unit_id: l.unit_fk,
      quantity: D(l.quantity).plus(l.free_quantity).toFixed(),
      batch_id: l.batch_no ? await batchOf(ctx.tx, l.item_fk, l.batch_no, `lines.${i}.batch_no`) : null,
    });
  const out = await stockOut(ctx, saleSource(s.id), stockLines, { purpose: "sale", date: s.date });
  // Each line's cost, and the batch it came from when it is one.
  const byLine = new Map<number, { value: Decimal; batches: Map<string, string | null> }>();
  for (const m of out.movements) {
    const e = byLine.get(Number(m.line_id)) ?? { value: ZERO, batches: new Map() };
    e.value = e.value.plus(D(m.value).neg());
    e.batches.set(m.batch_no ?? "", m.expire_date);
    byLine.set(Number(m.line_id), e);
  }
  for (const l of lines) {
    const e = byLine.get(l.line_id);
    const baseQty = D(l.quantity).plus(l.free_quantity).mul(l.unit_base_qty);
    const one = e && e.batches.size === 1 ? [...e.batches.entries()][0]! : null;
    await ctx.tx
      .update(saleLines)
      .set({
        unit_cost: e && baseQty.gt(0) ? e.value.div(baseQty).toDecimalPlaces(6).toFixed() : "0",
        ...(one?.[0] ? { batch_no: one[0], expire_date: one[1] } : {}),
      })
      .where(eq(saleLines.line_id, l.line_id));
  }
  const cost = round4(out.value);
  const revenue = convert(s.subtotal, s.currency_id, sys, s.rate).minus(convert(s.rounded_discount, s.currency_id, sys, s.rate));
  const commission = terms && doc.commission ? saleCommission(terms, { revenue, cost }, await monthBase(ctx.tx, s)) : null;
  // Not numbered yet (saved and completed at once): numbered now, its entry named with it.
  const number = s.number ?? (await numberSale(ctx, s.id, s.kind as SaleKind));
  await post(ctx, {
    date: s.date,
    source: saleSource(s.id),
    description: await descriptionOf(ctx.tx, { ...s, number }),
    lines: salePostingLines({
      ...doc,
      cost,
      commission: doc.commission && commission ? { ...doc.commission, amount: commission.amount } : null,
    }),
  });
  await ctx.tx
    .update(sales)
    .set({
      status: "complete",
      cost_total: cost.toFixed(),
      commission_base: commission ? commission.base.toFixed() : "0",
      commission: commission ? commission.amount.toFixed() : "0",
    })
    .where(eq(sales.id, s.id));
}

/** The accounts a sale's entry touches (amounts aside), to lock them first. */
async function accountLines(ctx: Ctx, s: SaleFigures, payments: PaymentRow[]) {
  const { doc } = await postingOf(ctx, s, payments);
  return salePostingLines({ ...doc, cost: "1", paid: "0", total: D(doc.total).plus(1) });
}

/** Undoes a complete sale's stock and entry (unless goods were returned since). */
async function takeBack(ctx: Ctx, s: StoredSale) {
  for (const guard of saleGuards) await guard(ctx, s.id);
  await assertNotProtected(ctx, saleSource(s.id));
  await reverseStock(ctx, saleSource(s.id), { date: s.date });
  await reverse(ctx, saleSource(s.id));
}

async function writeChildren(ctx: Ctx, id: number, p: Prepared) {
  await ctx.tx.delete(saleLines).where(eq(saleLines.sale_fk, id));
  await ctx.tx.delete(salePayments).where(eq(salePayments.sale_fk, id));
  if (p.lines.length) await ctx.tx.insert(saleLines).values(p.lines.map((l) => ({ ...l, sale_fk: id })));
  if (p.payments.length) await ctx.tx.insert(salePayments).values(p.payments.map((x) => ({ ...x, sale_fk: id })));
}

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
  assertOpen(before);
  const p = await prepare(ctx, input, before.kind as SaleKind);
  if (before.status === "complete") {
    // The accounts of the entry reversed and of the new one, in one ordered lock.
    const lines = [...(await accountLines(ctx, before, await paymentsOf(ctx.tx, id))), ...(await accountLines(ctx, p.row, p.payments))];
    await lockForPosting(ctx, { lines, reversing: saleSource(id) });
    const locked = await lockSale(ctx, id);
    assertOpen(locked);
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
  assertOpen(s);
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
  assertOpen(s);
  assertDraft(s);
  await lockForPosting(ctx, { lines: await accountLines(ctx, s, await paymentsOf(ctx.tx, id)) });
  const locked = await lockSale(ctx, id);
  assertDraft(locked);
  await bringOut(ctx, locked);
  await ctx.tx
    .update(sales)
    .set({ updated_by: ctx.user?.user_id ?? null, updated_at: ctx.now })
    .where(eq(sales.id, id));
}

/** Return To Draft: stock and entry reversed, unless goods were returned since. */
export async function returnToDraft(ctx: Ctx, id: number, kind?: SaleKind) {
  const s = await stored(ctx, id, kind);
  assertOpen(s);
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
export const saleShownSql = (where: SQL) => sql`
    select s.*, c.consumer_name, i.inventory_name, cu.currency_name, a.account_name,
           coalesce(sm.sale_man_name, sm.user_name) as salesman_name, cb.user_name as created_by_name
      from sales s join consumers c on c.consumer_id = s.consumer_fk join inventories i on i.inventory_id = s.inventory_fk
      join currencies cu on cu.currency_id = s.currency_id left join accounts a on a.account_id = s.account_fk
      left join users sm on sm.user_id = s.salesman_fk left join users cb on cb.user_id = s.created_by
     where ${where}`;

/** Their lines, each sale's in order; `returned` is what each line had back. */
export const saleLinesShownSql = (where: SQL, returned: SQL) => sql`
    select l.*, to_char(l.expire_date, 'YYYY-MM-DD') as expire_date, it.item_name, it.item_code, u.unit_name,
           pr.title as promotion_title, ${returned} as returned_quantity,
           (select iu.item_unit_id from item_units iu where iu.item_fk = l.item_fk and iu.unit_fk = l.unit_fk) as item_unit_id
      from sale_lines l join items it on it.item_id = l.item_fk join units u on u.unit_id = l.unit_fk
      left join promotions pr on pr.promotion_id = l.promotion_fk
     where ${where} order by l.sale_fk, l.position, l.line_id`;

/** Their payments with the account's name. */
export const salePaymentsShownSql = (where: SQL) => sql`
    select p.*, a.account_name from sale_payments p join accounts a on a.account_id = p.account_fk
     where ${where} order by p.payment_id`;

/** What each line had back: the returns' quantities (the returns table is there from the sale returns module on). */
export const returnedQuantitySql = sql`coalesce((select sum(rl.quantity) from sale_return_lines rl where rl.sale_line_fk = l.line_id), 0)::text`;

/** A sale with its lines (item, unit, price steps, returned so far), payments, names, the customer's credit and warnings. */
export async function showSale(ctx: Ctx, id: number, kind?: SaleKind) {
  const res = await ctx.tx.execute(saleShownSql(sql`s.id = ${id}`));
  const s = res.rows[0] as
    | (Record<string, unknown> & { date: Date; inventory_fk: number; consumer_fk: number; kind: string; created_by: number | null })
    | undefined;
  if (!s || (kind && s.kind !== kind)) return undefined;
  // As in the list: without `view_all` a user reads, changes and prints only the invoice sales he made.
  if (kind === "sale" && ctx.user && !can(ctx.user, `${SALE_SECTIONS.sale}/view_all`) && Number(s.created_by) !== ctx.user.user_id)
    return undefined;
  const scope = inventoryScope(ctx, sql`${s.inventory_fk}::int`);
  if (scope && !(await ctx.tx.execute(sql`select 1 where ${scope}`)).rows.length) return undefined;
  const returned = (await ctx.tx.execute<{ t: string | null }>(sql`select to_regclass('sale_return_lines')::text as t`)).rows[0]?.t
    ? returnedQuantitySql
    : sql`'0'`;
  const lines = await ctx.tx.execute(saleLinesShownSql(sql`l.sale_fk = ${id}`, returned));
  const payments = await ctx.tx.execute(salePaymentsShownSql(sql`p.sale_fk = ${id}`));
  const credit = await customerCredit(ctx.tx, s.consumer_fk);
  const overdue = await customerOverdue(ctx.tx, s.consumer_fk, ctx.now, id);
  return withBusinessDate({
    ...s,
    lines: lines.rows,
    payments: payments.rows,
    customer_credit: credit,
    warnings: overdue ? [overdueMessage(overdue.count, overdue.amount, overdue.days)] : [],
  } as Record<string, unknown> & { date: Date });
}

/** The customer as the sale form shows him: mobile, address, credit and overdue warnings. */
export async function customerInfo(ctx: Ctx, id: number) {
  const r = await ctx.tx.execute<{ consumer_id: number; consumer_name: string; mobile: string | null; address: string | null }>(
    sql`select consumer_id, consumer_name, mobile, address from consumers where consumer_id = ${id} and kind = 'customer'`,
  );
  const c = r.rows[0];
  if (!c) return undefined;
  const overdue = await customerOverdue(ctx.tx, id, ctx.now);
  return {
    ...c,
    customer_credit: await customerCredit(ctx.tx, id),
    warnings: overdue ? [overdueMessage(overdue.count, overdue.amount, overdue.days)] : [],
  };
}

/** The active salesmen, for the salesman sale's picker. */
export async function salesmen(ctx: Ctx) {
  const r = await ctx.tx.execute<{ user_id: number; name: string; commission_type: string | null }>(sql`
    select user_id, coalesce(sale_man_name, user_name) as name, commission_type from users
     where is_salesman and status = 'active' order by lower(coalesce(sale_man_name, user_name)), user_id`);
  return r.rows;
}
