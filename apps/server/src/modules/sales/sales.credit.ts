import { CURRENCY_IQD, CURRENCY_USD, creditLimitMessage } from "@app/contracts";
import type Decimal from "decimal.js";
import { type SQL, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.js";
import { tablePresent } from "../../db/table-present.js";
import { businessDay, startOfBusinessDay } from "../../platform/business-time.js";
import type { Ctx } from "../../platform/context.js";
import { HttpError } from "../../platform/errors.js";
import { D } from "../ledger/money.js";

/** A customer's credit (balance and allowed debit) and his overdue invoices. */

// ------------------------------------------------------------------ credit and overdue

/** The customer's balance (what he owes, both currencies, system currency) and allowed debit amount. */
export async function customerCredit(tx: DbOrTx, consumerId: number) {
  const r = await tx.execute<CreditRow>(customerCreditSql(sql`c.consumer_id = ${consumerId}`));
  return creditFrom(r.rows[0]);
}

export type CreditRow = { consumer_id: number; limit: string | null; balance: string };

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
  const returns = (await tablePresent(tx, "sale_returns"))
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
