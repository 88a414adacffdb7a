import { type ConsumerTransactionInput, CURRENCY_IQD, CURRENCY_USD, type Language, MSG, SALE_MSG } from "@app/contracts";
import { and, eq, sql } from "drizzle-orm";
import { sqlBusinessDateTime } from "../../platform/business-time.js";
import type { Ctx } from "../../platform/context.js";
import { HttpError, notFound } from "../../platform/errors.js";
import type { ListModel, RawQuery } from "../../platform/list.js";
import { cashAccount } from "../cash/cashes.js";
import { docDate } from "../ledger/dates.js";
import { documentRate } from "../ledger/document-rate.js";
import type { DynamicList } from "../ledger/dynamic-list.js";
import { lockForPosting, post, repost, reverse } from "../ledger/ledger.js";
import { round3 } from "../ledger/money.js";
import { nextNumber } from "../numbering/numbering.js";
import { customerReceiptLines, paymentCashAmount, supplierPaymentLines } from "./consumer-transaction.ledger.js";
import { consumerAccounts, isWalkIn, type PartyKind } from "./consumers.js";
import { consumers, consumerTransactions } from "./parties.tables.js";
import { statementDescriptionSql } from "./statement-texts.js";

export const sourceOf = (kind: PartyKind, id: number) => ({ type: `${kind}_transaction`, id });

export function transactionsList(kind: PartyKind): ListModel {
  return {
    model: `${kind}_transactions`,
    from: sql`from consumer_transactions t join consumers c on c.consumer_id = t.consumer_fk join accounts a on a.account_id = t.account_fk
              join currencies cu on cu.currency_id = t.currency_id left join users u on u.user_id = t.created_by`,
    scope: () => sql`t.kind = ${kind}`,
    idColumn: "transaction_id",
    defaultSort: "date",
    dateColumn: sql`t.date`,
    amountColumn: sql`t.amount`,
    columns: {
      transaction_id: { expr: sql`t.transaction_id`, filter: "eq" },
      transaction_no: { expr: sql`t.transaction_no`, search: true },
      date: { expr: sqlBusinessDateTime(sql`t.date`), sortExpr: sql`t.date`, notNull: true },
      consumer_id: { expr: sql`t.consumer_fk`, filter: "eq" },
      consumer_name: { expr: sql`c.consumer_name`, search: true, filter: "like" },
      account_id: { expr: sql`t.account_fk`, filter: "eq" },
      account_name: { expr: sql`a.account_name` },
      account_system_key: { expr: sql`a.system_key`, sortable: false },
      currency_id: { expr: sql`t.currency_id`, filter: "eq" },
      currency_name: { expr: sql`cu.currency_name` },
      rate: { expr: sql`t.rate` },
      // Amounts are in each document's currency: the footer totals each currency apart.
      amount: { expr: sql`t.amount` },
      amount_iqd: { expr: sql`case when t.currency_id = ${CURRENCY_IQD} then t.amount else 0 end`, sum: true, sortable: false },
      amount_usd: { expr: sql`case when t.currency_id = ${CURRENCY_USD} then t.amount else 0 end`, sum: true, sortable: false },
      cash_amount: { expr: sql`t.cash_amount` },
      note: { expr: sql`t.note`, search: true },
      created_by_name: { expr: sql`u.user_name` },
      created_at: { expr: sql`t.created_at` },
    },
  };
}

export async function showTransaction(ctx: Ctx, kind: PartyKind, id: number) {
  const [row] = await ctx.tx
    .select()
    .from(consumerTransactions)
    .where(and(eq(consumerTransactions.transaction_id, id), eq(consumerTransactions.kind, kind)));
  return row;
}

async function prepare(ctx: Ctx, kind: PartyKind, input: ConsumerTransactionInput) {
  const accountsOf = await consumerAccounts(ctx.tx, kind, input.consumer_id);
  // Money received from the walk-in customer (anybody) would leave him owed.
  if (kind === "customer" && (await isWalkIn(ctx.tx, input.consumer_id)))
    throw new HttpError(422, SALE_MSG.walkInNoBalance, { consumer_id: [SALE_MSG.walkInNoBalance] });
  const cash = await cashAccount(ctx.tx, input.account_id);
  const date = docDate(input.date, ctx.now);
  // Customers pay at the in-rate, suppliers are paid at the out-rate.
  const rateKind = kind === "customer" ? "in" : "out";
  const rate = await documentRate(ctx.tx, {
    currency_id: input.currency_id,
    rate: input.rate,
    date,
    kind: rateKind,
    confirmed: input.confirmed,
  });
  const amount = round3(input.amount);
  const doc = { party: { account_id: accountsOf[input.currency_id]!, currency_id: input.currency_id }, cash, amount, rate };
  const [c] = await ctx.tx.select({ name: consumers.consumer_name }).from(consumers).where(eq(consumers.consumer_id, input.consumer_id));
  return {
    row: {
      kind,
      consumer_fk: input.consumer_id,
      account_fk: cash.account_id,
      currency_id: input.currency_id,
      rate,
      amount: amount.toFixed(),
      cash_amount: paymentCashAmount(doc).toFixed(),
      date,
      note: input.note ?? null,
    },
    lines: kind === "customer" ? customerReceiptLines(doc) : supplierPaymentLines(doc),
    description: `${kind === "customer" ? "Receipt from" : "Payment to"} ${c?.name ?? ""}`,
  };
}

export async function createTransaction(ctx: Ctx, kind: PartyKind, input: ConsumerTransactionInput) {
  const p = await prepare(ctx, kind, input);
  await lockForPosting(ctx, { lines: p.lines });
  const [r] = await ctx.tx
    .insert(consumerTransactions)
    .values({ ...p.row, created_by: ctx.user?.user_id ?? null })
    .returning({ id: consumerTransactions.transaction_id });
  const id = r!.id;
  await post(ctx, { date: p.row.date, source: sourceOf(kind, id), description: p.description, lines: p.lines });
  await ctx.tx
    .update(consumerTransactions)
    .set({ transaction_no: await nextNumber(ctx, `${kind}_transactions`, kind === "customer" ? "CR" : "SP") })
    .where(eq(consumerTransactions.transaction_id, id));
  return { id };
}

export async function updateTransaction(ctx: Ctx, kind: PartyKind, id: number, input: ConsumerTransactionInput) {
  const p = await prepare(ctx, kind, input);
  await lockForPosting(ctx, { lines: p.lines, reversing: sourceOf(kind, id) });
  await ctx.tx
    .update(consumerTransactions)
    .set({ ...p.row, updated_by: ctx.user?.user_id ?? null, updated_at: ctx.now })
    .where(eq(consumerTransactions.transaction_id, id));
  await repost(ctx, { date: p.row.date, source: sourceOf(kind, id), description: p.description, lines: p.lines });
}

export async function deleteTransaction(ctx: Ctx, kind: PartyKind, id: number) {
  if (!(await showTransaction(ctx, kind, id))) throw notFound();
  await lockForPosting(ctx, { reversing: sourceOf(kind, id) });
  await reverse(ctx, sourceOf(kind, id));
  await ctx.tx.delete(consumerTransactions).where(eq(consumerTransactions.transaction_id, id));
}

/**
 * The statement of one party from the ledger: every line on its accounts with the running
 * balance per currency (what the customer owes us; what we owe the supplier).
 */
export async function statementList(ctx: Ctx, kind: PartyKind, raw: RawQuery, lang: Language = "en"): Promise<DynamicList> {
  const v = raw.consumer_id ?? raw["filter[consumer_id]"];
  const s = Array.isArray(v) ? v[v.length - 1] : v;
  if (typeof s !== "string" || !/^[1-9]\d{0,9}$/.test(s))
    throw new HttpError(422, MSG.selectItemForTransactions, { consumer_id: [MSG.selectItemForTransactions] });
  const id = Number(s);
  const [c] = await ctx.tx
    .select()
    .from(consumers)
    .where(and(eq(consumers.consumer_id, id), eq(consumers.kind, kind)));
  if (!c) throw new HttpError(422, MSG.chooseFromList, { consumer_id: [MSG.chooseFromList] });
  const sign = kind === "customer" ? sql`l.debit - l.credit` : sql`l.credit - l.debit`;
  const { consumer_id: _a, "filter[consumer_id]": _b, ...rest } = raw;
  return {
    raw: rest,
    model: {
      model: `${kind}_statement`,
      from: sql`from (select l.line_id, l.account_id, e.entry_id, e.date, e.source_type, e.source_id, e.description, e.reversal_of,
                             a.currency_id, cu.currency_name, l.debit, l.credit, l.sys_debit, l.sys_credit,
                             sum(${sign}) over (partition by l.account_id order by e.date, l.line_id) as balance
                        from journal_lines l join journal_entries e on e.entry_id = l.entry_id
                        join accounts a on a.account_id = l.account_id join currencies cu on cu.currency_id = a.currency_id
                       where l.account_id in (${c.account_fk ?? 0}, ${c.account_usd_fk ?? 0})) s`,
      idColumn: "line_id",
      defaultSort: "date",
      defaultDir: "asc",
      dateColumn: sql`s.date`,
      amountColumn: sql`greatest(s.debit, s.credit)`,
      columns: {
        line_id: { expr: sql`s.line_id` },
        /** The party's ledger account of the line's currency: the statement links to its general ledger. */
        account_id: { expr: sql`s.account_id`, sortable: false },
        entry_id: { expr: sql`s.entry_id`, filter: "eq" },
        date: { expr: sqlBusinessDateTime(sql`s.date`) },
        source_type: { expr: sql`s.source_type`, filter: "eq" },
        source_id: { expr: sql`s.source_id`, filter: "eq" },
        // In the reader's language (Accept-Language): "Receipt from ..." reads "قبض من ..." in Arabic.
        description: { expr: statementDescriptionSql(sql`s.description`, lang), search: true, sortable: false },
        is_reversal: { expr: sql`s.reversal_of is not null`, filter: "bool" },
        currency_id: { expr: sql`s.currency_id`, filter: "eq" },
        currency_name: { expr: sql`s.currency_name` },
        debit: { expr: sql`s.debit`, sum: true },
        credit: { expr: sql`s.credit`, sum: true },
        balance: { expr: sql`s.balance` },
      },
    },
  };
}
