import { CURRENCY_IQD, CURRENCY_USD, type MoneyDocInput, type MoneyType, ZMoneyDoc, ZMoneyType } from "@app/contracts";
import { eq, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { DbOrTx } from "../../db/client.js";
import { sqlBusinessDateTime, withBusinessDate } from "../../platform/business-time.js";
import type { Ctx } from "../../platform/context.js";
import { registerCrud, tableDropdown } from "../../platform/crud.js";
import { HttpError, notFound } from "../../platform/errors.js";
import { saveImage } from "../../platform/files.js";
import type { ListModel } from "../../platform/list.js";
import { rowOf } from "../../platform/openapi.js";
import { cashAccount } from "../cash/cashes.js";
import { accounts } from "../ledger/accounts.tables.js";
import { docDate } from "../ledger/dates.js";
import { documentRate, type RateKind } from "../ledger/document-rate.js";
import { createAccount, lockForPosting, post, repost, reverse, systemCurrency } from "../ledger/ledger.js";
import { round3 } from "../ledger/money.js";
import { nextNumber } from "../numbering/numbering.js";
import { expenses, expenseTypes, incomes, incomeTypes } from "./expenses.tables.js";
import { cashAmount, expenseLines, incomeLines, type MoneyDoc } from "./money-doc.ledger.js";

/** What differs between expenses and incomes; everything else is shared. */
interface Kind {
  docs: typeof expenses | typeof incomes;
  types: typeof expenseTypes | typeof incomeTypes;
  docTable: string;
  typeTable: string;
  /** Permission sections and endpoints. */
  section: string;
  typeSection: string;
  parentKey: string;
  prefix: string;
  /** Expenses at the out-rate, incomes at the in-rate (SPEC §3). */
  rateKind: RateKind;
  lines: (doc: MoneyDoc) => ReturnType<typeof expenseLines>;
}

export const EXPENSE: Kind = {
  docs: expenses,
  types: expenseTypes,
  docTable: "expenses",
  typeTable: "expense_types",
  section: "expenses",
  typeSection: "expense_types",
  parentKey: "expenses",
  prefix: "EXP",
  rateKind: "out",
  lines: expenseLines,
};

export const INCOME: Kind = {
  docs: incomes,
  types: incomeTypes,
  docTable: "incomes",
  typeTable: "income_types",
  section: "incomes",
  typeSection: "income_types",
  parentKey: "incomes",
  prefix: "INC",
  rateKind: "in",
  lines: incomeLines,
};

function typesList(k: Kind): ListModel {
  const t = sql.identifier(k.typeTable);
  return {
    model: k.typeTable,
    from: sql`from ${t} t join accounts a on a.account_id = t.account_fk`,
    idColumn: "type_id",
    defaultSort: "type_id",
    dateColumn: sql`t.created_at`,
    columns: {
      type_id: { expr: sql`t.type_id`, filter: "eq" },
      type_name: { expr: sql`t.type_name`, search: true, filter: "like" },
      account_fk: { expr: sql`t.account_fk`, filter: "eq" },
      account_code: { expr: sql`a.code` },
      total: {
        expr: sql`(select coalesce(sum(b.sys_debit - b.sys_credit), 0) from account_balances b where b.account_id = t.account_fk)`,
        sum: true,
      },
      created_at: { expr: sql`t.created_at` },
    },
  };
}

function docsList(k: Kind): ListModel {
  const d = sql.identifier(k.docTable);
  const t = sql.identifier(k.typeTable);
  return {
    model: k.docTable,
    from: sql`from ${d} d join ${t} t on t.type_id = d.type_fk join accounts a on a.account_id = d.account_fk
              join currencies cu on cu.currency_id = d.currency_id
              left join users cb on cb.user_id = d.created_by left join users ub on ub.user_id = d.updated_by`,
    idColumn: "id",
    defaultSort: "date",
    dateColumn: sql`d.date`,
    amountColumn: sql`d.amount`,
    columns: {
      id: { expr: sql`d.id`, filter: "eq" },
      number: { expr: sql`d.number`, search: true, filter: "eq" },
      date: { expr: sqlBusinessDateTime(sql`d.date`), sortExpr: sql`d.date`, notNull: true },
      payment_time: { expr: sql`d.payment_time` },
      type_id: { expr: sql`d.type_fk`, filter: "eq" },
      type_name: { expr: sql`t.type_name`, search: true, filter: "like" },
      account_id: { expr: sql`d.account_fk`, filter: "eq" },
      account_name: { expr: sql`a.account_name`, search: true },
      account_system_key: { expr: sql`a.system_key`, sortable: false },
      currency_id: { expr: sql`d.currency_id`, filter: "eq" },
      currency_name: { expr: sql`cu.currency_name` },
      rate: { expr: sql`d.rate` },
      // Amounts are in each document's currency: the footer totals each currency apart.
      amount: { expr: sql`d.amount` },
      amount_iqd: { expr: sql`case when d.currency_id = ${CURRENCY_IQD} then d.amount else 0 end`, sum: true, sortable: false },
      amount_usd: { expr: sql`case when d.currency_id = ${CURRENCY_USD} then d.amount else 0 end`, sum: true, sortable: false },
      cash_amount: { expr: sql`d.cash_amount` },
      reference_no: { expr: sql`d.reference_no`, search: true, filter: "like" },
      note: { expr: sql`d.note`, search: true },
      attachment: { expr: sql`d.attachment`, sortable: false },
      created_by: { expr: sql`d.created_by`, filter: "eq" },
      created_by_name: { expr: sql`cb.user_name` },
      updated_by_name: { expr: sql`ub.user_name` },
      created_at: { expr: sql`d.created_at` },
      updated_at: { expr: sql`d.updated_at` },
    },
  };
}

async function typeAccount(tx: DbOrTx, k: Kind, typeId: number) {
  const [t] = await tx
    .select({ account_id: accounts.account_id, currency_id: accounts.currency_id, type_name: k.types.type_name })
    .from(k.types)
    .innerJoin(accounts, eq(accounts.account_id, k.types.account_fk))
    .where(eq(k.types.type_id, typeId));
  if (!t) throw new HttpError(422, "The selected type is invalid.", { type_id: ["The selected type is invalid."] });
  return t;
}

/** Expense or income types and documents, on the shared CRUD mechanism, for one kind. */
export function registerMoneyDocs(app: FastifyInstance, k: Kind) {
  const types = k.types;
  const docs = k.docs;

  registerCrud(app, {
    endpoint: k.typeSection,
    dropdown: {
      permission: [`${k.typeSection}/index`, `${k.section}/index`, `${k.section}/store`, `${k.section}/update`],
      ...tableDropdown(app.db, types, ["type_id", "type_name"], types.type_name),
    },
    list: typesList(k),
    row: rowOf(types),
    show: async (ctx, id) => {
      const [row] = await ctx.tx.select().from(types).where(eq(types.type_id, id));
      return row;
    },
    create: {
      schema: ZMoneyType,
      run: async (ctx, input: MoneyType) => {
        const account = await createAccount(ctx.tx, {
          parentKey: k.parentKey,
          name: input.type_name,
          currency_id: await systemCurrency(ctx.tx),
        });
        const [row] = await ctx.tx
          .insert(types)
          .values({ type_name: input.type_name, account_fk: account })
          .returning({ id: types.type_id });
        return { id: row!.id };
      },
    },
    update: {
      schema: ZMoneyType,
      run: async (ctx, id, input: MoneyType) => {
        const [row] = await ctx.tx.update(types).set({ type_name: input.type_name }).where(eq(types.type_id, id)).returning();
        if (row) await ctx.tx.update(accounts).set({ account_name: input.type_name }).where(eq(accounts.account_id, row.account_fk));
      },
    },
    remove: async (ctx, id) => {
      const [row] = await ctx.tx.delete(types).where(eq(types.type_id, id)).returning();
      // An account that took postings stays (the foreign key answers "in use").
      if (row) await ctx.tx.delete(accounts).where(eq(accounts.account_id, row.account_fk));
    },
  });

  const source = (id: number) => ({ type: k.docTable, id });

  async function prepare(ctx: Ctx, input: MoneyDocInput) {
    const type = await typeAccount(ctx.tx, k, input.type_id);
    // Not a cashier's drawer: its money is counted at the drawer's closing.
    const cash = await cashAccount(ctx.tx, input.account_id, "account_id", { drawers: false });
    const date = docDate(input.date, ctx.now, input.payment_time);
    const rate = await documentRate(ctx.tx, {
      currency_id: input.currency_id,
      rate: input.rate,
      date,
      kind: k.rateKind,
      confirmed: input.confirmed,
    });
    const doc: MoneyDoc = { type, cash, currency_id: input.currency_id, amount: round3(input.amount), rate };
    const row = {
      type_fk: input.type_id,
      account_fk: input.account_id,
      currency_id: input.currency_id,
      rate,
      amount: round3(input.amount).toFixed(),
      cash_amount: cashAmount(doc).toFixed(),
      date,
      payment_time: input.payment_time,
      reference_no: input.reference_no ?? null,
      note: input.note ?? null,
    };
    return { row, lines: k.lines(doc), description: `${type.type_name}${input.note ? `: ${input.note}` : ""}` };
  }

  async function attachment(value: unknown): Promise<string | null | undefined> {
    if (value === undefined || value === null) return undefined;
    if (value === "") return null;
    return saveImage(app.config.uploadDir, value, "attachment");
  }

  registerCrud(app, {
    endpoint: k.section,
    section: k.section,
    list: docsList(k),
    row: rowOf(docs),
    show: async (ctx, id) => {
      const [row] = await ctx.tx.select().from(docs).where(eq(docs.id, id));
      return withBusinessDate(row);
    },
    create: {
      schema: ZMoneyDoc,
      run: async (ctx, input: MoneyDocInput) => {
        const p = await prepare(ctx, input);
        await lockForPosting(ctx, { lines: p.lines });
        const file = await attachment(input.attachment);
        const [row] = await ctx.tx
          .insert(docs)
          .values({ ...p.row, attachment: file ?? null, created_by: ctx.user?.user_id ?? null })
          .returning({ id: docs.id });
        const id = row!.id;
        await post(ctx, { date: p.row.date, source: source(id), description: p.description, lines: p.lines });
        await ctx.tx
          .update(docs)
          .set({ number: await nextNumber(ctx, k.docTable, k.prefix) })
          .where(eq(docs.id, id));
        return { id };
      },
    },
    update: {
      schema: ZMoneyDoc,
      run: async (ctx, id, input: MoneyDocInput) => {
        const p = await prepare(ctx, input);
        await lockForPosting(ctx, { lines: p.lines, reversing: source(id) });
        const file = await attachment(input.attachment);
        await ctx.tx
          .update(docs)
          .set({
            ...p.row,
            ...(file !== undefined ? { attachment: file } : {}),
            updated_by: ctx.user?.user_id ?? null,
            updated_at: ctx.now,
          })
          .where(eq(docs.id, id));
        await repost(ctx, { date: p.row.date, source: source(id), description: p.description, lines: p.lines });
      },
    },
    remove: async (ctx, id) => {
      const [row] = await ctx.tx.select({ id: docs.id }).from(docs).where(eq(docs.id, id));
      if (!row) throw notFound();
      await lockForPosting(ctx, { reversing: source(id) });
      await reverse(ctx, source(id));
      await ctx.tx.delete(docs).where(eq(docs.id, id));
    },
  });
}
