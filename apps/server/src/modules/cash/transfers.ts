import { type CashTransactionInput, CURRENCY_IQD } from "@app/contracts";
import { eq, sql } from "drizzle-orm";
import { sqlBusinessDateTime } from "../../platform/business-time.js";
import type { Ctx } from "../../platform/context.js";
import { notFound } from "../../platform/errors.js";
import type { ListModel } from "../../platform/list.js";
import { docDate } from "../ledger/dates.js";
import { assertRatesPlausible } from "../ledger/document-rate.js";
import { lockForPosting, post, ratesAt, repost, reverse } from "../ledger/ledger.js";
import { convert, round3 } from "../ledger/money.js";
import { nextNumber } from "../numbering/numbering.js";
import { cashTransactions } from "./cash.tables.js";
import { cashAccount } from "./cashes.js";
import { transferLines } from "./transfer.ledger.js";

export const SOURCE_TRANSFER = "cash_transaction";

export const transfersList: ListModel = {
  model: "cash_transactions",
  from: sql`from cash_transactions t join accounts fa on fa.account_id = t.from_account_fk join accounts ta on ta.account_id = t.to_account_fk
            left join users u on u.user_id = t.created_by`,
  idColumn: "transaction_id",
  defaultSort: "date",
  dateColumn: sql`t.date`,
  amountColumn: sql`t.amount`,
  columns: {
    transaction_id: { expr: sql`t.transaction_id`, filter: "eq" },
    transaction_no: { expr: sql`t.transaction_no`, search: true },
    date: { expr: sqlBusinessDateTime(sql`t.date`), sortExpr: sql`t.date`, notNull: true },
    from_account_fk: { expr: sql`t.from_account_fk`, filter: "eq" },
    from_account_name: { expr: sql`fa.account_name`, search: true },
    from_account_system_key: { expr: sql`fa.system_key`, sortable: false },
    from_currency_id: { expr: sql`fa.currency_id`, filter: "eq" },
    to_account_fk: { expr: sql`t.to_account_fk`, filter: "eq" },
    to_account_name: { expr: sql`ta.account_name`, search: true },
    to_account_system_key: { expr: sql`ta.system_key`, sortable: false },
    to_currency_id: { expr: sql`ta.currency_id`, filter: "eq" },
    amount: { expr: sql`t.amount` },
    foreign_amount: { expr: sql`t.foreign_amount` },
    rate: { expr: sql`t.rate` },
    rate_in: { expr: sql`t.rate_in` },
    rate_out: { expr: sql`t.rate_out` },
    last_rate_in: { expr: sql`t.last_rate_in` },
    last_rate_out: { expr: sql`t.last_rate_out` },
    note: { expr: sql`t.note`, search: true },
    created_by_name: { expr: sql`u.user_name` },
    created_at: { expr: sql`t.created_at` },
  },
};

export async function showTransfer(ctx: Ctx, id: number) {
  const [row] = await ctx.tx.select().from(cashTransactions).where(eq(cashTransactions.transaction_id, id));
  return row;
}

/** Resolves the accounts, the rates (last ones unless given) and the converted amount; answers the row and its rule input. */
async function prepare(ctx: Ctx, input: CashTransactionInput) {
  const from = await cashAccount(ctx.tx, input.from_account_id, "from_account_id");
  const to = await cashAccount(ctx.tx, input.to_account_id, "to_account_id");
  const date = docDate(input.date, ctx.now);
  await assertRatesPlausible(
    ctx.tx,
    [
      { field: "rate_in", rate: input.rate_in, kind: "in" },
      { field: "rate_out", rate: input.rate_out, kind: "out" },
    ],
    date,
    input.confirmed,
  );
  const last = await ratesAt(ctx.tx, date);
  const rate_in = input.rate_in ?? last.in_rate;
  const rate_out = input.rate_out ?? last.rate;
  // Paying IQD for USD buys dollars (out-rate); paying USD for IQD sells them (in-rate).
  const rate = from.currency_id === to.currency_id ? "1" : from.currency_id === CURRENCY_IQD ? rate_out : rate_in;
  const amount = round3(input.amount).toFixed();
  const foreign_amount =
    from.currency_id === to.currency_id
      ? amount
      : round3(input.foreign_amount ?? convert(amount, from.currency_id, to.currency_id, rate)).toFixed();
  const row = {
    from_account_fk: from.account_id,
    to_account_fk: to.account_id,
    amount,
    foreign_amount,
    rate,
    rate_in,
    rate_out,
    last_rate_in: last.in_rate,
    last_rate_out: last.rate,
    date,
    note: input.note ?? null,
  };
  const lines = transferLines({ from, to, amount, foreign_amount, rate });
  return { row, lines, description: `Transfer ${from.account_name} → ${to.account_name}` };
}

export async function createTransfer(ctx: Ctx, input: CashTransactionInput) {
  const p = await prepare(ctx, input);
  await lockForPosting(ctx, { lines: p.lines });
  const [r] = await ctx.tx
    .insert(cashTransactions)
    .values({ ...p.row, created_by: ctx.user?.user_id ?? null })
    .returning({ id: cashTransactions.transaction_id });
  const id = r!.id;
  await post(ctx, { date: p.row.date, source: { type: SOURCE_TRANSFER, id }, description: p.description, lines: p.lines });
  await ctx.tx
    .update(cashTransactions)
    .set({ transaction_no: await nextNumber(ctx, "cash_transactions", "TR") })
    .where(eq(cashTransactions.transaction_id, id));
  return { id };
}

export async function updateTransfer(ctx: Ctx, id: number, input: CashTransactionInput) {
  const p = await prepare(ctx, input);
  await lockForPosting(ctx, { lines: p.lines, reversing: { type: SOURCE_TRANSFER, id } });
  await ctx.tx
    .update(cashTransactions)
    .set({ ...p.row, updated_by: ctx.user?.user_id ?? null, updated_at: ctx.now })
    .where(eq(cashTransactions.transaction_id, id));
  await repost(ctx, { date: p.row.date, source: { type: SOURCE_TRANSFER, id }, description: p.description, lines: p.lines });
}

export async function deleteTransfer(ctx: Ctx, id: number) {
  const row = await showTransfer(ctx, id);
  if (!row) throw notFound();
  await lockForPosting(ctx, { reversing: { type: SOURCE_TRANSFER, id } });
  await reverse(ctx, { type: SOURCE_TRANSFER, id });
  await ctx.tx.delete(cashTransactions).where(eq(cashTransactions.transaction_id, id));
}
