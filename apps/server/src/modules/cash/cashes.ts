import { type CashAccount, CURRENCY_IQD, CURRENCY_USD, can, DRAWER_ACCOUNT_REFUSED, notEnoughBalanceMessage } from "@app/contracts";
import type Decimal from "decimal.js";
import { eq, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.js";
import type { Ctx } from "../../platform/context.js";
import { HttpError } from "../../platform/errors.js";
import type { ListModel } from "../../platform/list.js";
import { accounts } from "../ledger/accounts.tables.js";
import { accountBalance, createAccount } from "../ledger/ledger.js";
import { D } from "../ledger/money.js";
import { cashAccounts } from "./cash.tables.js";

/** Ledger accounts under cash_and_banks are the cash, bank and remittance accounts. */
export const CASH_SCOPE = sql`a.parent_id = (select account_id from accounts where system_key = 'cash_and_banks') and not a.is_group`;
const BAL = sql`(select coalesce(sum(b.debit - b.credit), 0) from account_balances b where b.account_id = a.account_id)`;

const allCashesList: ListModel = {
  model: "cashes",
  from: sql`from accounts a left join cash_accounts c on c.account_id = a.account_id join currencies cu on cu.currency_id = a.currency_id`,
  scope: () => CASH_SCOPE,
  idColumn: "account_id",
  defaultSort: "account_id",
  dateColumn: sql`a.created_at`,
  amountColumn: BAL,
  columns: {
    account_id: { expr: sql`a.account_id`, filter: "eq" },
    account_name: { expr: sql`a.account_name`, search: true, filter: "like" },
    system_key: { expr: sql`a.system_key`, sortable: false },
    code: { expr: sql`a.code`, search: true, filter: "eq" },
    cash_type: { expr: sql`coalesce(c.cash_type, 1)`, filter: "eq" },
    currency_id: { expr: sql`a.currency_id`, filter: "eq" },
    currency_name: { expr: sql`cu.currency_name` },
    account_no: { expr: sql`c.account_no`, search: true },
    bank_name: { expr: sql`c.bank_name`, search: true, filter: "like" },
    balance: { expr: BAL },
    is_default: { expr: sql`a.account_id = (select default_account_fk from system_config where id = 1)`, sortable: false },
    note: { expr: sql`c.note` },
    created_at: { expr: sql`a.created_at` },
  },
};

/** SPEC §6 balance view: the accounts' balances are answered only to a holder of `cashes/balance_view`. */
const { amountColumn: _a, columns: cashColumns, ...cashRest } = allCashesList;
const { balance: _b, ...withoutBalance } = cashColumns;
export const cashesList: ListModel = {
  ...allCashesList,
  guarded: { permission: "cashes/balance_view", model: { ...cashRest, columns: withoutBalance } },
};
const mayViewCashBalances = (ctx: Ctx) =>
  can(ctx.user ? { user_id: ctx.user.user_id, permissions: ctx.user.permissions } : null, "cashes/balance_view");

export async function showCash(ctx: Ctx, id: number) {
  const res = await ctx.tx.execute(
    sql`select ${sql.join(
      Object.entries((mayViewCashBalances(ctx) ? cashesList : cashesList.guarded!.model).columns).map(
        ([k, c]) => sql`${c.expr} as ${sql.identifier(k)}`,
      ),
      sql`, `,
    )} ${cashesList.from} where ${CASH_SCOPE} and a.account_id = ${id}`,
  );
  const row = res.rows[0];
  return row ? { ...row, currency: { currency_id: row.currency_id, currency_name: row.currency_name } } : undefined;
}

/** A cashier's drawer (one of the two accounts each cashier's till takes money into), as SQL over `a`. */
export const IS_DRAWER = sql`exists (select 1 from pos_drawers d where d.account_fk = a.account_id)`;

/**
 * The cash account or 422 on `field`: documents only move money through cash accounts. With
 * `drawers: false` (back-office sales, expenses and incomes) a cashier's drawer is refused: its
 * money is counted at the drawer's closing, and a document from the back office would make the
 * count come out wrong.
 */
export async function cashAccount(tx: DbOrTx, id: number, field = "account_id", opts: { drawers?: boolean } = {}) {
  const res = await tx.execute<{ account_id: number; currency_id: number; account_name: string; is_drawer: boolean }>(
    sql`select a.account_id, a.currency_id, a.account_name, ${IS_DRAWER} as is_drawer from accounts a where ${CASH_SCOPE} and a.account_id = ${id}`,
  );
  const row = res.rows[0];
  if (!row) throw new HttpError(422, "The selected account is invalid.", { [field]: ["The selected account is invalid."] });
  if (opts.drawers === false && row.is_drawer) throw new HttpError(422, DRAWER_ACCOUNT_REFUSED, { [field]: [DRAWER_ACCOUNT_REFUSED] });
  return { account_id: Number(row.account_id), currency_id: Number(row.currency_id), account_name: row.account_name };
}

/**
 * Refuses to take out of cash accounts more than they hold now: each need names its account, the
 * amount in the account's currency and the field it came from; the needs of one account are added
 * up, and every field of an account short of money gets the refusal naming the account and what
 * it holds. Called under the accounts' locks where the money leaves, so the balance read stays true.
 */
export async function assertCashCovers(
  tx: DbOrTx,
  needs: { account: { account_id: number; currency_id: number; account_name: string }; amount: Decimal.Value; field: string }[],
) {
  const byAccount = new Map<number, { account: (typeof needs)[number]["account"]; amount: Decimal; fields: string[] }>();
  for (const n of needs) {
    const s = byAccount.get(n.account.account_id) ?? { account: n.account, amount: D(0), fields: [] };
    byAccount.set(n.account.account_id, { ...s, amount: s.amount.plus(n.amount), fields: [...s.fields, n.field] });
  }
  const errors: Record<string, string[]> = {};
  for (const s of [...byAccount.values()].sort((a, b) => a.account.account_id - b.account.account_id)) {
    if (!s.amount.gt(0)) continue;
    const { balance } = await accountBalance(tx, s.account.account_id);
    if (balance.gte(s.amount)) continue;
    const msg = notEnoughBalanceMessage(s.account.account_name, balance.toFixed(), s.account.currency_id === CURRENCY_USD ? "USD" : "IQD");
    for (const f of s.fields) errors[f] = [msg];
  }
  const first = Object.values(errors)[0];
  if (first) throw new HttpError(422, first[0]!, errors);
}

export async function createCash(ctx: Ctx, input: CashAccount) {
  const id = await createAccount(ctx.tx, {
    parentKey: "cash_and_banks",
    name: input.account_name,
    currency_id: input.currency_id,
    code: input.code,
  });
  await ctx.tx.insert(cashAccounts).values({
    account_id: id,
    cash_type: input.cash_type,
    account_no: input.account_no ?? null,
    bank_name: input.bank_name ?? null,
    note: input.note ?? null,
    created_by: ctx.user?.user_id ?? null,
  });
  return { id };
}

async function hasPostings(tx: DbOrTx, id: number) {
  const res = await tx.execute(sql`select 1 from journal_lines where account_id = ${id} limit 1`);
  return res.rows.length > 0;
}

export async function updateCash(ctx: Ctx, id: number, input: CashAccount) {
  const [a] = await ctx.tx.select().from(accounts).where(eq(accounts.account_id, id));
  if (a && a.currency_id !== input.currency_id && (await hasPostings(ctx.tx, id))) {
    const msg = "The currency of an account with postings cannot change.";
    throw new HttpError(422, msg, { currency_id: [msg] });
  }
  await ctx.tx
    .update(accounts)
    .set({ account_name: input.account_name, currency_id: input.currency_id, ...(input.code ? { code: input.code } : {}) })
    .where(eq(accounts.account_id, id));
  const values = {
    cash_type: input.cash_type,
    account_no: input.account_no ?? null,
    bank_name: input.bank_name ?? null,
    note: input.note ?? null,
    updated_at: ctx.now,
  };
  await ctx.tx
    .insert(cashAccounts)
    .values({ account_id: id, ...values })
    .onConflictDoUpdate({ target: cashAccounts.account_id, set: values });
}

export async function deleteCash(ctx: Ctx, id: number) {
  const [a] = await ctx.tx.select().from(accounts).where(eq(accounts.account_id, id));
  const cfg = await ctx.tx.execute<{ default_account_fk: number | null }>(sql`select default_account_fk from system_config where id = 1`);
  if (a?.system_key || Number(cfg.rows[0]?.default_account_fk) === id) {
    throw new HttpError(422, "The default account cannot be deleted.", { id: ["The default account cannot be deleted."] });
  }
  if (await hasPostings(ctx.tx, id))
    throw new HttpError(422, "This record is in use by other records and cannot be changed or deleted.", {
      id: ["is in use by other records"],
    });
  await ctx.tx.delete(cashAccounts).where(eq(cashAccounts.account_id, id));
  await ctx.tx.delete(accounts).where(eq(accounts.account_id, id));
}

/** Balances of every cash account (in its own currency), from the per-day sums. */
export async function cashBalances(tx: DbOrTx, accountId?: number) {
  const res = await tx.execute<{
    account_id: number;
    account_name: string;
    system_key: string | null;
    code: string;
    currency_id: number;
    currency_name: string;
    balance: string;
    sys_balance: string;
  }>(sql`
    select a.account_id, a.account_name, a.system_key, a.code, a.currency_id, cu.currency_name,
           coalesce(sum(b.debit - b.credit), 0)::text balance, coalesce(sum(b.sys_debit - b.sys_credit), 0)::text sys_balance
      from accounts a join currencies cu on cu.currency_id = a.currency_id
      left join account_balances b on b.account_id = a.account_id
     where ${CASH_SCOPE} ${accountId ? sql`and a.account_id = ${accountId}` : sql``}
     group by a.account_id, cu.currency_name order by a.account_id`);
  return res.rows.map((r) => ({ ...r, account_id: Number(r.account_id), currency_id: Number(r.currency_id) }));
}

export async function totalCashBalance(tx: DbOrTx) {
  const rows = await cashBalances(tx);
  const res = await tx.execute<{ iqd: string; usd: string; sys: string }>(sql`
    select coalesce(sum(b.debit - b.credit) filter (where a.currency_id = ${CURRENCY_IQD}), 0)::text iqd,
           coalesce(sum(b.debit - b.credit) filter (where a.currency_id = ${CURRENCY_USD}), 0)::text usd,
           coalesce(sum(b.sys_debit - b.sys_credit), 0)::text sys
      from accounts a join account_balances b on b.account_id = a.account_id where ${CASH_SCOPE}`);
  const r = res.rows[0]!;
  return { total_iqd: r.iqd, total_usd: r.usd, total_in_system_currency: r.sys, accounts: rows };
}
