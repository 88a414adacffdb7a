import { type ConsumerInput, CURRENCY_IQD, CURRENCY_USD, can, MSG } from "@app/contracts";
import { and, eq, type SQL, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.js";
import { searchGrams } from "../../db/fold.js";
import type { Ctx } from "../../platform/context.js";
import { fieldError, HttpError } from "../../platform/errors.js";
import type { ListModel } from "../../platform/list.js";
import { foldedSearch } from "../../platform/search.js";
import { accounts } from "../ledger/accounts.tables.js";
import { createAccount } from "../ledger/ledger.js";
import { consumers } from "./parties.tables.js";

export type PartyKind = "customer" | "supplier";
export const parentKeyOf = (kind: PartyKind) => (kind === "customer" ? "receivables" : "payables");

/** Balance of one party account in its currency: what the customer owes us, or what we owe the supplier. */
const bal = (kind: PartyKind, col: "account_fk" | "account_usd_fk", sys = false) =>
  sql.raw(
    `(select coalesce(sum(${kind === "customer" ? (sys ? "b.sys_debit - b.sys_credit" : "b.debit - b.credit") : sys ? "b.sys_credit - b.sys_debit" : "b.credit - b.debit"}), 0) from account_balances b where b.account_id = c.${col})`,
  );

/**
 * The list's footer over every matching party: the count and the balances, summed over the
 * matching parties' accounts' balances instead of the columns' sub-queries per party, which a
 * search finding thousands would run four times a row.
 */
function consumersFooter(kind: PartyKind): { keys: SQL; totals: SQL } {
  const amount = (sys: boolean) =>
    sql.raw(
      kind === "customer"
        ? sys
          ? "b.sys_debit - b.sys_credit"
          : "b.debit - b.credit"
        : sys
          ? "b.sys_credit - b.sys_debit"
          : "b.credit - b.debit",
    );
  // The matching parties read once for the count and both account columns; each column's balances
  // are then looked up as one array through the balances' key, whatever the planner expects of the
  // search (a term of many grams is estimated at one row: as a join, it walked the balances once
  // for each matching party).
  const summed = (accounts: string) =>
    sql`(select coalesce(sum(${amount(false)}), 0) as own, coalesce(sum(${amount(true)}), 0) as sys
           from account_balances b where b.account_id = any(m.${sql.raw(accounts)}))`;
  return {
    keys: sql`c.account_fk, c.account_usd_fk`,
    totals: sql`select m.n::int as __total, iqd.own::text as balance_iqd, usd.own::text as balance_usd,
           (iqd.sys + usd.sys)::text as balance
      from (select count(*) as n, array_agg(account_fk) as iqd_accounts, array_agg(account_usd_fk) as usd_accounts from __matching) m,
           lateral ${summed("iqd_accounts")} iqd, lateral ${summed("usd_accounts")} usd`,
  };
}

/** The section of a kind of party: `customers/...` or `suppliers/...`. */
export const sectionOf = (kind: PartyKind) => (kind === "customer" ? "customers" : "suppliers");
/** The columns and filters a party's balances are read by: only for a holder of `balance_view`. */
const BALANCE_COLUMNS = ["balance_iqd", "balance_usd", "balance"];
const mayViewBalances = (ctx: Ctx, kind: PartyKind) =>
  can(ctx.user ? { user_id: ctx.user.user_id, permissions: ctx.user.permissions } : null, `${sectionOf(kind)}/balance_view`);

/** The parties' list; without `balance_view` the same list without their balances (SPEC §6 balance view). */
export function consumersList(kind: PartyKind): ListModel {
  const full = allConsumersList(kind);
  const { footer: _f, amountColumn: _a, filters, columns, ...rest } = full;
  const { balance_sign: _b, ...otherFilters } = filters ?? {};
  const without: ListModel = {
    ...rest,
    columns: Object.fromEntries(Object.entries(columns).filter(([k]) => !BALANCE_COLUMNS.includes(k))),
    filters: otherFilters,
  };
  return { ...full, guarded: { permission: `${sectionOf(kind)}/balance_view`, model: without } };
}

function allConsumersList(kind: PartyKind): ListModel {
  const balance = sql`(${bal(kind, "account_fk", true)} + ${bal(kind, "account_usd_fk", true)})`;
  return {
    model: kind === "customer" ? "customers" : "suppliers",
    from: sql`from consumers c`,
    scope: () => sql`c.kind = ${kind}`,
    idColumn: "consumer_id",
    defaultSort: "consumer_id",
    dateColumn: sql`c.created_at`,
    amountColumn: balance,
    footer: consumersFooter(kind),
    // consumer_name, code, mobile and office_phone: the columns marked search below.
    searchText: sql`c.search_text`,
    searchGrams: searchGrams(sql`c.search_text`),
    columns: {
      consumer_id: { expr: sql`c.consumer_id`, filter: "eq" },
      consumer_name: { expr: sql`c.consumer_name`, search: true, filter: "like" },
      code: { expr: sql`c.code`, search: true, filter: "eq" },
      mobile: { expr: sql`c.mobile`, search: true, filter: "like" },
      office_phone: { expr: sql`c.office_phone`, search: true },
      address: { expr: sql`c.address` },
      city_fk: { expr: sql`c.city_fk`, filter: "eq" },
      city_name: { expr: sql`(select ci.city_name from cities ci where ci.city_id = c.city_fk)` },
      allowed_debit_amount: { expr: sql`c.allowed_debit_amount` },
      pricing_profile_fk: { expr: sql`c.pricing_profile_fk`, filter: "eq" },
      pricing_profile_name: { expr: sql`(select p.profile_name from pricing_profiles p where p.profile_id = c.pricing_profile_fk)` },
      pending_amount: { expr: sql`c.pending_amount` },
      overdue_days: { expr: sql`c.overdue_days` },
      overdue_type: { expr: sql`c.overdue_type`, filter: "eq" },
      balance_status: { expr: sql`c.balance_status`, filter: "eq" },
      is_default: { expr: sql`c.is_default`, filter: "bool" },
      is_active: { expr: sql`c.is_active`, filter: "bool" },
      account_fk: { expr: sql`c.account_fk` },
      account_usd_fk: { expr: sql`c.account_usd_fk` },
      balance_iqd: { expr: bal(kind, "account_fk"), sum: true },
      balance_usd: { expr: bal(kind, "account_usd_fk"), sum: true },
      balance: { expr: balance, sum: true },
      created_at: { expr: sql`c.created_at` },
    },
    filters: {
      // A mobile is found by the way it is typed (0750…, +964750…, Arabic-Indic digits).
      mobile: (v) => foldedSearch([sql`c.mobile`], v),
      // positive: owes / is owed something; negative: the other way round
      balance_sign: (v) => (v === "negative" ? sql`${balance} < 0` : v === "zero" ? sql`${balance} = 0` : sql`${balance} > 0`),
    },
  };
}

export async function showConsumer(ctx: Ctx, kind: PartyKind, id: number) {
  const list = consumersList(kind);
  const model = mayViewBalances(ctx, kind) ? list : list.guarded!.model;
  const res = await ctx.tx.execute(
    sql`select ${sql.join(
      Object.entries(model.columns).map(([k, c]) => sql`${c.expr} as ${sql.identifier(k)}`),
      sql`, `,
    )} from consumers c where c.kind = ${kind} and c.consumer_id = ${id}`,
  );
  return res.rows[0];
}

/** True for the walk-in (default) customer: anybody, so he carries no balance (docs/architecture/sales.md, "Money rules"). */
export async function isWalkIn(tx: DbOrTx, consumerId: number): Promise<boolean> {
  const r = await tx.execute(sql`select 1 from consumers where consumer_id = ${consumerId} and kind = 'customer' and is_default`);
  return r.rows.length > 0;
}

/** The party's ledger accounts, made on first need (one per currency). */
export async function consumerAccounts(tx: DbOrTx, kind: PartyKind, id: number): Promise<Record<number, number>> {
  const [c] = await tx
    .select()
    .from(consumers)
    .where(and(eq(consumers.consumer_id, id), eq(consumers.kind, kind)));
  if (!c) throw new HttpError(422, MSG.chooseFromList, { consumer_id: [MSG.chooseFromList] });
  let iqd = c.account_fk;
  let usd = c.account_usd_fk;
  if (!iqd || !usd) {
    // One maker at a time per party.
    await tx.execute(sql`select 1 from consumers where consumer_id = ${id} for no key update`);
    const [again] = await tx.select().from(consumers).where(eq(consumers.consumer_id, id));
    iqd = again!.account_fk;
    usd = again!.account_usd_fk;
    if (!iqd) iqd = await createAccount(tx, { parentKey: parentKeyOf(kind), name: `${c.consumer_name} (IQD)`, currency_id: CURRENCY_IQD });
    if (!usd) usd = await createAccount(tx, { parentKey: parentKeyOf(kind), name: `${c.consumer_name} (USD)`, currency_id: CURRENCY_USD });
    await tx.update(consumers).set({ account_fk: iqd, account_usd_fk: usd }).where(eq(consumers.consumer_id, id));
  }
  return { [CURRENCY_IQD]: iqd, [CURRENCY_USD]: usd };
}

const fields = (input: ConsumerInput) => ({
  consumer_name: input.consumer_name,
  code: input.code || null,
  mobile: input.mobile ?? null,
  office_phone: input.office_phone ?? null,
  address: input.address ?? null,
  city_fk: input.city_fk ?? null,
  note: input.note ?? null,
  allowed_debit_amount: input.allowed_debit_amount ?? null,
  pricing_profile_fk: input.pricing_profile_fk ?? null,
  pending_amount: input.pending_amount ?? null,
  overdue_days: input.overdue_days ?? null,
  overdue_type: input.overdue_type ?? null,
  balance_status: input.balance_status ?? null,
  ...(input.is_active !== undefined ? { is_active: input.is_active } : {}),
});

/** The pricing list must be a stored profile (an inactive one stays valid on a customer that has it). */
async function assertPricingProfile(ctx: Ctx, id: number | null | undefined) {
  if (id == null) return;
  const res = await ctx.tx.execute(sql`select 1 from pricing_profiles where profile_id = ${id}`);
  if (!res.rows.length) throw fieldError("pricing_profile_fk", "The selected pricing list is invalid.");
}

async function assertCity(ctx: Ctx, id: number | null | undefined) {
  if (id == null) return;
  const res = await ctx.tx.execute(sql`select 1 from cities where city_id = ${id}`);
  if (!res.rows.length) throw fieldError("city_fk", "The selected city is invalid.");
}

/** SPEC §6 activate/inactivate: a party is made inactive, or active again, only by a holder of `activate`. */
function assertMayActivate(ctx: Ctx, kind: PartyKind, input: ConsumerInput, was: boolean) {
  if (input.is_active === undefined || input.is_active === was) return;
  const key = `${sectionOf(kind)}/activate`;
  if (!can(ctx.user ? { user_id: ctx.user.user_id, permissions: ctx.user.permissions } : null, key))
    throw new HttpError(403, MSG.forbidden, { is_active: [MSG.forbidden] });
}

export async function createConsumer(ctx: Ctx, kind: PartyKind, input: ConsumerInput) {
  assertMayActivate(ctx, kind, input, true);
  await assertPricingProfile(ctx, input.pricing_profile_fk);
  await assertCity(ctx, input.city_fk);
  const [row] = await ctx.tx
    .insert(consumers)
    .values({ ...fields(input), kind, created_by: ctx.user?.user_id ?? null })
    .returning({ id: consumers.consumer_id });
  await consumerAccounts(ctx.tx, kind, row!.id);
  return { id: row!.id };
}

export async function updateConsumer(ctx: Ctx, kind: PartyKind, id: number, input: ConsumerInput) {
  const [was] = await ctx.tx
    .select({ is_active: consumers.is_active })
    .from(consumers)
    .where(and(eq(consumers.consumer_id, id), eq(consumers.kind, kind)));
  assertMayActivate(ctx, kind, input, was?.is_active ?? true);
  await assertPricingProfile(ctx, input.pricing_profile_fk);
  await assertCity(ctx, input.city_fk);
  const [row] = await ctx.tx
    .update(consumers)
    .set({ ...fields(input), updated_by: ctx.user?.user_id ?? null, updated_at: ctx.now })
    .where(and(eq(consumers.consumer_id, id), eq(consumers.kind, kind)))
    .returning();
  if (row?.account_fk)
    await ctx.tx
      .update(accounts)
      .set({ account_name: `${input.consumer_name} (IQD)` })
      .where(eq(accounts.account_id, row.account_fk));
  if (row?.account_usd_fk)
    await ctx.tx
      .update(accounts)
      .set({ account_name: `${input.consumer_name} (USD)` })
      .where(eq(accounts.account_id, row.account_usd_fk));
}

export async function deleteConsumer(ctx: Ctx, kind: PartyKind, id: number) {
  const [c] = await ctx.tx
    .select()
    .from(consumers)
    .where(and(eq(consumers.consumer_id, id), eq(consumers.kind, kind)));
  if (!c) return;
  if (c.is_default)
    throw new HttpError(422, "The default customer cannot be deleted.", { id: ["The default customer cannot be deleted."] });
  const used = await ctx.tx.execute(
    sql`select 1 from journal_lines where account_id in (${c.account_fk ?? 0}, ${c.account_usd_fk ?? 0}) limit 1`,
  );
  if (used.rows.length)
    throw new HttpError(422, "This record is in use by other records and cannot be changed or deleted.", {
      id: ["is in use by other records"],
    });
  await ctx.tx.delete(consumers).where(eq(consumers.consumer_id, id));
  for (const a of [c.account_fk, c.account_usd_fk]) if (a) await ctx.tx.delete(accounts).where(eq(accounts.account_id, a));
}

/** The customer a document names is a customer (422 on the consumer field otherwise): its name. */
export async function assertCustomer(ctx: Ctx, consumerId: number) {
  const r = await ctx.tx.execute<{ consumer_name: string }>(
    sql`select consumer_name from consumers where consumer_id = ${consumerId} and kind = 'customer'`,
  );
  if (!r.rows[0]) throw new HttpError(422, MSG.chooseFromList, { consumer_fk: [MSG.chooseFromList] });
  return r.rows[0].consumer_name;
}
