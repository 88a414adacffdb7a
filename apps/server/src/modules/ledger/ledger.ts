import { CURRENCY_IQD, MSG } from "@app/contracts";
import { eq, isNotNull, sql } from "drizzle-orm";
import { PgTransaction } from "drizzle-orm/pg-core";
import type { DbOrTx } from "../../db/client.js";
import { addDays, businessDay, endOfBusinessDay, startOfBusinessDay } from "../../platform/business-time.js";
import type { Ctx } from "../../platform/context.js";
import { HttpError } from "../../platform/errors.js";
import { assertYearOpen } from "../../platform/periods.js";
import { accounts } from "./accounts.tables.js";
import { atCarryingValue, type Carrying, type JournalLineRow, type RuleLine, reversalLines, toJournalLines } from "./journal.js";
import { accountBalances, accountMonthBalances, journalEntries, journalLines } from "./ledger.tables.js";
import { D, round4 } from "./money.js";

export interface Source {
  type: string;
  id: number;
}

export interface PostInput {
  date: Date;
  source: Source;
  description?: string | null;
  lines: RuleLine[];
}

const readOnce = new WeakMap<object, Map<string, Promise<unknown>>>();

/**
 * Within one transaction, the system currency and the system accounts are read once: a sale asked
 * for them a dozen times, each a round trip made while its account locks were held. Outside a
 * transaction (the pool itself) every call reads afresh. A failed read is not kept.
 */
function onceInTx<T>(tx: DbOrTx, key: string, read: () => Promise<T>): Promise<T> {
  if (!(tx instanceof PgTransaction)) return read();
  let mine = readOnce.get(tx);
  if (!mine) readOnce.set(tx, (mine = new Map()));
  let p = mine.get(key) as Promise<T> | undefined;
  if (!p) {
    p = read();
    mine.set(key, p);
    p.catch(() => mine.delete(key));
  }
  return p;
}

export async function systemCurrency(tx: DbOrTx): Promise<number> {
  return onceInTx(tx, "system_currency", async () => {
    const res = await tx.execute<{ currency_fk: number }>(sql`select currency_fk from system_config where id = 1`);
    return Number(res.rows[0]?.currency_fk ?? CURRENCY_IQD);
  });
}

/**
 * A system account by its key. Within a transaction every system account is read in one statement
 * the first time one is asked for (a sale asks for six); one made later in the transaction (the
 * seed's) is read by itself.
 */
export async function accountByKey(tx: DbOrTx, key: string) {
  const all = await onceInTx(tx, "system_accounts", async () => {
    const rows = await tx.select().from(accounts).where(isNotNull(accounts.system_key));
    return new Map(rows.map((r) => [r.system_key!, r]));
  });
  const a =
    all.get(key) ??
    (await onceInTx(tx, `account:${key}`, async () => {
      const [row] = await tx.select().from(accounts).where(eq(accounts.system_key, key));
      if (!row) throw new HttpError(500, `The system account ${key} is missing`);
      return row;
    }));
  return { ...a };
}

/** A leaf account under a system group (cash_and_banks, receivables, payables, incomes, expenses); its code is the parent's code dot its id. */
export async function createAccount(tx: DbOrTx, opts: { parentKey: string; name: string; currency_id: number; code?: string | null }) {
  const parent = await accountByKey(tx, opts.parentKey);
  const code = opts.code || (await nextChildCode(tx, parent));
  const [row] = await tx
    .insert(accounts)
    .values({ code, account_name: opts.name, parent_id: parent.account_id, type: parent.type, currency_id: opts.currency_id })
    .returning({ id: accounts.account_id });
  return row!.id;
}

/** Advisory lock key: accounts made under one parent take their codes one at a time. */
const ACCOUNT_CODE_LOCK = 727276;

/**
 * The next code under a parent, in the chart's own pattern: the parent's code and a running number
 * as wide as its siblings' (two digits at first), so 11 has 1101, 1102 ... and never "11.24".
 * Codes of another shape among the children are passed over.
 */
async function nextChildCode(tx: DbOrTx, parent: { account_id: number; code: string }): Promise<string> {
  await tx.execute(sql`select pg_advisory_xact_lock(${ACCOUNT_CODE_LOCK}, ${parent.account_id})`);
  const res = await tx.execute<{ code: string }>(
    sql`select code from accounts where parent_id = ${parent.account_id} and code ~ ${`^${parent.code.replace(/\W/g, "\\$&")}[0-9]+$`}`,
  );
  const suffixes = res.rows.map((r) => r.code.slice(parent.code.length));
  const width = Math.max(2, ...suffixes.map((x) => x.length));
  let next = suffixes.reduce((m, x) => Math.max(m, Number(x)), 0) + 1;
  let code = `${parent.code}${String(next).padStart(width, "0")}`;
  // A code of that shape may stand elsewhere in the chart (a hand-made one): take the next free.
  while ((await tx.execute(sql`select 1 from accounts where code = ${code}`)).rows.length) {
    next++;
    code = `${parent.code}${String(next).padStart(width, "0")}`;
  }
  return code;
}

/** The rates in force at `date` (the latest at or before it, else the earliest): `rate` is the out-rate, `in_rate` the in-rate. */
export async function ratesAt(tx: DbOrTx, date: Date): Promise<{ rate: string; in_rate: string }> {
  return ratesFrom((await tx.execute<{ rate: string; in_rate: string }>(ratesSql(date))).rows);
}

export const ratesSql = (date: Date) => sql`
    (select rate::text, in_rate::text from currency_rates where date <= ${date.toISOString()}::timestamptz order by date desc, rate_id desc limit 1)
    union all
    (select rate::text, in_rate::text from currency_rates order by date asc, rate_id asc limit 1)`;

/** The rates `ratesSql` read; 422 when there is none at all. */
export function ratesFrom(rows: { rate: string; in_rate: string }[]): { rate: string; in_rate: string } {
  const r = rows[0];
  if (!r) throw new HttpError(422, "A currency rate is required.", { rate: ["A currency rate is required."] });
  return { rate: D(r.rate).toFixed(), in_rate: D(r.in_rate).toFixed() };
}

/** The day an entry counts on in the per-day balances: the business's day (`TIME_ZONE`). */
const dayOf = (d: Date) => businessDay(d);
/** The first day of the month of a `YYYY-MM-DD` day: the key of the per-month balances. */
export const monthOf = (day: string) => `${day.slice(0, 7)}-01`;

interface LockedAccount {
  account_id: number;
  currency_id: number;
  is_group: boolean;
  /** A cash, bank or remittance account: it may never go below zero. */
  is_cash: boolean;
  /** Held `FOR SHARE` (see `lockAccounts`), not `FOR NO KEY UPDATE`. */
  shared: boolean;
}

/** The accounts each open transaction holds locked, with what posting needs to know of them. */
const held = new WeakMap<object, Map<number, LockedAccount>>();
/** Transactions that reverse an entry: every account they lock from then on is locked exclusively. */
const exclusiveTx = new WeakSet<object>();

type AccountFacts = Omit<LockedAccount, "shared"> & { is_system: boolean; foreign: boolean };

/**
 * Whether a posting may hold the account `FOR SHARE`: a system account in the system currency
 * that is not cash (sales, discounts, tax, cost of goods sold, inventory, commissions, exchange
 * differences...), or a cash account the posting only puts money into. Nothing checks such an
 * account's balance or reads it to price a line, so postings to it need not wait for each other:
 * the per-day and per-month balance rows, added to in one statement at the end, keep the sums
 * right. Every other account (a party's, a salesman's, an expense type's, cash money leaves,
 * any foreign-currency account, whose carrying value a line may take) and every account of a
 * transaction that reverses an entry is locked `FOR NO KEY UPDATE`.
 */
function mayShare(tx: object, a: AccountFacts, credited: boolean): boolean {
  if (exclusiveTx.has(tx) || a.foreign || a.is_group) return false;
  if (a.is_cash) return !credited;
  return a.is_system;
}

/**
 * Locks accounts in ascending id order and remembers them for the transaction: `FOR NO KEY
 * UPDATE`, which serialises postings to one account (so a balance checked after writing is the
 * true one), or `FOR SHARE` where `mayShare` allows it, which still makes a transaction that
 * reverses an entry (and locks every account exclusively) wait for the postings under way, and
 * them for it. Either leaves the foreign-key share locks that document and journal rows take on
 * the account free, so inserting those rows never waits for, or upgrades, a lock. `credited`:
 * the accounts the posting takes money out of (unknown: all of them). Accounts already held
 * strongly enough are skipped; unknown ids are simply absent from the answer. With `exchange`,
 * the exchange-difference account comes too when a foreign-currency account is among them.
 */
export async function lockAccounts(
  ctx: Ctx,
  ids: Iterable<number>,
  opts: { credited?: ReadonlySet<number>; exchange?: boolean } = {},
): Promise<Map<number, LockedAccount>> {
  let mine = held.get(ctx.tx);
  if (!mine) {
    mine = new Map();
    held.set(ctx.tx, mine);
  }
  const want = [...new Set(ids)];
  const unknown = want.filter((id) => !mine.has(id));
  const facts = new Map<number, AccountFacts>();
  if (unknown.length) {
    const res = await ctx.tx.execute<AccountFacts>(sql`
      select a.account_id, a.currency_id, a.is_group, a.system_key is not null as is_system,
             a.currency_id <> (select currency_fk from system_config where id = 1) as foreign,
             coalesce(a.parent_id = (select c.account_id from accounts c where c.system_key = 'cash_and_banks'), false) as is_cash
        from accounts a where a.account_id = any(${intArray(unknown)})`);
    for (const r of res.rows)
      facts.set(Number(r.account_id), { ...r, account_id: Number(r.account_id), currency_id: Number(r.currency_id) });
    if (opts.exchange && res.rows.some((r) => r.foreign)) {
      const ex = await accountByKey(ctx.tx, "exchange_diff");
      if (!mine.has(ex.account_id) && !facts.has(ex.account_id)) {
        facts.set(ex.account_id, {
          account_id: ex.account_id,
          currency_id: ex.currency_id,
          is_group: ex.is_group,
          is_system: true,
          foreign: ex.currency_id !== (await systemCurrency(ctx.tx)),
          is_cash: false,
        });
      }
    }
  }
  const credited = (id: number) => !opts.credited || opts.credited.has(id);
  // What to lock and how: the accounts not held yet, and those held FOR SHARE that now want more
  // (rare: a posting the first lock did not foresee; it may deadlock, and the retry pays for it).
  const plan: { id: number; shared: boolean; facts: AccountFacts }[] = [];
  for (const [id, f] of facts) plan.push({ id, shared: mayShare(ctx.tx, f, credited(id)), facts: f });
  for (const id of want) {
    const h = mine.get(id);
    if (h?.shared && !mayShare(ctx.tx, { ...h, is_system: !h.is_cash, foreign: false }, credited(id)))
      plan.push({ id, shared: false, facts: { ...h, is_system: false, foreign: false } });
  }
  plan.sort((a, b) => a.id - b.id);
  // In ascending id order whatever the strength: consecutive accounts of one strength in one statement.
  for (let i = 0; i < plan.length; ) {
    let j = i;
    while (j < plan.length && plan[j]!.shared === plan[i]!.shared) j++;
    const run = plan.slice(i, j);
    const strength = run[0]!.shared ? sql`for share of a` : sql`for no key update of a`;
    await ctx.tx.execute(
      sql`select a.account_id from accounts a where a.account_id = any(${intArray(run.map((p) => p.id))}) order by a.account_id ${strength}`,
    );
    for (const p of run) {
      const { is_system: _s, foreign: _f, ...a } = p.facts;
      mine.set(p.id, { ...a, shared: p.shared });
    }
    i = j;
  }
  return mine;
}

const intArray = (ids: number[]) => sql`${`{${ids.map((n) => Math.trunc(n)).join(",")}}`}::int[]`;

/** Accounts of the entries of `source` that are live (posted and not yet reversed). */
async function liveAccounts(tx: DbOrTx, source: Source): Promise<number[]> {
  const res = await tx.execute<{ account_id: number }>(sql`
    select distinct l.account_id from journal_lines l join journal_entries e on e.entry_id = l.entry_id
     where e.source_type = ${source.type} and e.source_id = ${source.id} and e.reversal_of is null
       and not exists (select 1 from journal_entries r where r.reversal_of = e.entry_id)`);
  return res.rows.map((r) => Number(r.account_id));
}

/**
 * The first lock a document that posts takes, before it writes anything: every account its new
 * lines touch, every account of the entries it will reverse, and the exchange-difference account
 * when a foreign-currency account is among them, all in one ascending order, each as strongly as
 * `lockAccounts` says (docs/architecture/ledger.md, "Locking"). A document that reverses locks
 * every account exclusively.
 */
export async function lockForPosting(ctx: Ctx, opts: { lines?: RuleLine[]; reversing?: Source }): Promise<void> {
  const ids = new Set<number>();
  const credited = new Set<number>();
  for (const l of opts.lines ?? []) {
    ids.add(l.account_id);
    // A line named without its amounts may go either way: money may leave.
    const unknown = l.credit === undefined && l.debit === undefined;
    if (unknown || D(l.credit ?? 0).gt(0) || D(l.debit ?? 0).lt(0)) credited.add(l.account_id);
  }
  if (opts.reversing) {
    exclusiveTx.add(ctx.tx);
    for (const id of await liveAccounts(ctx.tx, opts.reversing)) ids.add(id);
  }
  if (!ids.size) return;
  await lockAccounts(ctx, ids, { credited, exchange: true });
}

async function insertEntry(
  ctx: Ctx,
  date: Date,
  source: Source,
  description: string | null | undefined,
  rows: JournalLineRow[],
  reversalOf: number | null,
) {
  const tx = ctx.tx;
  const credited = new Set(rows.filter((r) => D(r.credit).gt(0) || D(r.sys_credit).gt(0)).map((r) => r.account_id));
  let locked = await lockAccounts(
    ctx,
    rows.map((r) => r.account_id),
    { credited },
  );
  // Balances read under the account locks: no other posting can move them until commit.
  const sys = await systemCurrency(tx);
  const foreign = [...new Set(rows.map((r) => r.account_id))].filter((id) => {
    const a = locked.get(id);
    return a && a.currency_id !== sys;
  });
  if (foreign.length) {
    const carrying = new Map<number, Carrying>();
    for (const id of foreign) carrying.set(id, await accountBalance(tx, id));
    const ex = await accountByKey(tx, "exchange_diff");
    rows = atCarryingValue(rows, carrying, sys, { account_id: ex.account_id, currency_id: ex.currency_id });
    locked = await lockAccounts(ctx, [ex.account_id], { credited });
  }
  // Cash accounts this entry takes money out of: checked once the lines are written.
  const guarded = [...new Set(rows.filter((r) => D(r.credit).gt(r.debit)).map((r) => r.account_id))]
    .map((id) => locked.get(id))
    .filter((a): a is LockedAccount => !!a?.is_cash);
  const [entry] = await tx
    .insert(journalEntries)
    .values({
      date,
      source_type: source.type,
      source_id: source.id,
      description: description ?? null,
      reversal_of: reversalOf,
      created_by: ctx.user?.user_id ?? null,
    })
    .returning({ id: journalEntries.entry_id });
  const entryId = entry!.id;
  if (rows.length) {
    await tx.insert(journalLines).values(rows.map((r) => ({ ...r, entry_id: entryId })));
    const byAccount = new Map<
      number,
      { debit: ReturnType<typeof D>; credit: ReturnType<typeof D>; sd: ReturnType<typeof D>; sc: ReturnType<typeof D> }
    >();
    for (const r of rows) {
      const s = byAccount.get(r.account_id) ?? { debit: D(0), credit: D(0), sd: D(0), sc: D(0) };
      byAccount.set(r.account_id, {
        debit: s.debit.plus(r.debit),
        credit: s.credit.plus(r.credit),
        sd: s.sd.plus(r.sys_debit),
        sc: s.sc.plus(r.sys_credit),
      });
    }
    const day = dayOf(date);
    // In ascending account order: the balance rows of shared accounts are taken here, by every
    // posting in the same order.
    const sums = [...byAccount]
      .sort(([a], [b]) => a - b)
      .map(([account_id, s]) => ({
        account_id,
        debit: s.debit.toFixed(),
        credit: s.credit.toFixed(),
        sys_debit: s.sd.toFixed(),
        sys_credit: s.sc.toFixed(),
      }));
    await tx
      .insert(accountBalances)
      .values(sums.map((s) => ({ ...s, day })))
      .onConflictDoUpdate({
        target: [accountBalances.account_id, accountBalances.day],
        set: {
          debit: sql`${accountBalances.debit} + excluded.debit`,
          credit: sql`${accountBalances.credit} + excluded.credit`,
          sys_debit: sql`${accountBalances.sys_debit} + excluded.sys_debit`,
          sys_credit: sql`${accountBalances.sys_credit} + excluded.sys_credit`,
        },
      });
    await tx
      .insert(accountMonthBalances)
      .values(sums.map((s) => ({ ...s, month: monthOf(day) })))
      .onConflictDoUpdate({
        target: [accountMonthBalances.account_id, accountMonthBalances.month],
        set: {
          debit: sql`${accountMonthBalances.debit} + excluded.debit`,
          credit: sql`${accountMonthBalances.credit} + excluded.credit`,
          sys_debit: sql`${accountMonthBalances.sys_debit} + excluded.sys_debit`,
          sys_credit: sql`${accountMonthBalances.sys_credit} + excluded.sys_credit`,
        },
      });
  }
  for (const g of guarded) {
    const bal = await accountBalance(tx, g.account_id);
    if (bal.balance.isNeg()) {
      const msg = g.currency_id === CURRENCY_IQD ? MSG.noEnoughBalanceIqd : MSG.noEnoughBalanceUsd;
      throw new HttpError(422, msg, { account_id: [msg] });
    }
  }
  return entryId;
}

/**
 * THE posting function: every financial document posts through here, in its own transaction.
 * Converts each line to the system currency at its rate, lets money leave a foreign-currency
 * account at its carrying value, books the differences to exchange differences, keeps the
 * per-day and per-month balances, and refuses to overdraw a cash account.
 */
export async function post(ctx: Ctx, input: PostInput): Promise<number> {
  await assertYearOpen(ctx.tx, input.date);
  await lockForPosting(ctx, { lines: input.lines });
  const locked = held.get(ctx.tx) ?? new Map<number, LockedAccount>();
  for (const l of input.lines) {
    const a = locked.get(l.account_id);
    if (!a) throw new HttpError(422, "The account does not exist.", { account_id: ["The account does not exist."] });
    if (a.is_group) throw new HttpError(422, "A group account cannot take postings.");
  }
  const ex = await accountByKey(ctx.tx, "exchange_diff");
  const rows = toJournalLines(input.lines, (id) => locked.get(id)!.currency_id, await systemCurrency(ctx.tx), {
    account_id: ex.account_id,
    currency_id: ex.currency_id,
  });
  return insertEntry(ctx, input.date, input.source, input.description, rows, null);
}

/** Reverses the live entries of a document (posted and not yet reversed), each on its own date. */
export async function reverse(ctx: Ctx, source: Source): Promise<void> {
  exclusiveTx.add(ctx.tx);
  const live = await ctx.tx.execute<{ entry_id: number; date: Date | string; description: string | null }>(sql`
    select e.entry_id, e.date, e.description from journal_entries e
     where e.source_type = ${source.type} and e.source_id = ${source.id} and e.reversal_of is null
       and not exists (select 1 from journal_entries r where r.reversal_of = e.entry_id)
     order by e.entry_id`);
  for (const e of live.rows) {
    const date = new Date(e.date);
    await assertYearOpen(ctx.tx, date);
    const lines = await ctx.tx
      .select({
        account_id: journalLines.account_id,
        debit: journalLines.debit,
        credit: journalLines.credit,
        rate: journalLines.rate,
        sys_debit: journalLines.sys_debit,
        sys_credit: journalLines.sys_credit,
      })
      .from(journalLines)
      .where(eq(journalLines.entry_id, e.entry_id));
    await insertEntry(ctx, date, source, `Reversal: ${e.description ?? ""}`.trim(), reversalLines(lines), e.entry_id);
  }
}

export interface RevaluedAccount {
  account_id: number;
  /** In the account's currency, at the end of the day. */
  balance: string;
  /** In the system currency: the carrying value, and the balance at the revaluation's rate. */
  sys_before: string;
  sys_after: string;
  /** Gain positive (for an asset; for a liability a positive figure is a loss). */
  difference: string;
}

/**
 * An exchange-rate revaluation: each foreign-currency account's balance at the end of `day`,
 * restated at `rate`, the unrealized difference against exchange differences, in an entry at the
 * day's last instant that is reversed at the next day's first instant (both posted now), so
 * the accounts carry their moving-average value again from the next day on.
 */
export async function postRevaluation(
  ctx: Ctx,
  input: { day: string; rate: string; accountIds: number[]; source: Source; description: string },
): Promise<RevaluedAccount[]> {
  const at = endOfBusinessDay(input.day);
  const next = startOfBusinessDay(addDays(input.day, 1));
  await assertYearOpen(ctx.tx, at);
  await assertYearOpen(ctx.tx, next);
  const sys = await systemCurrency(ctx.tx);
  const ex = await accountByKey(ctx.tx, "exchange_diff");
  const locked = await lockAccounts(ctx, [...input.accountIds, ex.account_id]);
  const invalid = "The selected account is invalid.";
  for (const id of input.accountIds) {
    const a = locked.get(id);
    if (!a || a.is_group || a.currency_id === sys) throw new HttpError(422, invalid, { account_ids: [invalid] });
  }
  const rate = D(input.rate);
  const out: RevaluedAccount[] = [];
  const rows: JournalLineRow[] = [];
  let total = D(0); // system-currency debits the account lines add
  for (const id of [...new Set(input.accountIds)].sort((a, b) => a - b)) {
    const b = await accountBalance(ctx.tx, id, at);
    const after = round4(sys === CURRENCY_IQD ? b.balance.mul(rate) : b.balance.div(rate));
    const diff = after.minus(b.sys_balance);
    out.push({
      account_id: id,
      balance: b.balance.toFixed(),
      sys_before: b.sys_balance.toFixed(),
      sys_after: after.toFixed(),
      difference: diff.toFixed(),
    });
    if (diff.isZero()) continue;
    total = total.plus(diff);
    rows.push({
      account_id: id,
      debit: "0",
      credit: "0",
      rate: rate.toFixed(),
      sys_debit: diff.isPos() ? diff.toFixed() : "0",
      sys_credit: diff.isNeg() ? diff.neg().toFixed() : "0",
    });
  }
  if (!total.isZero()) {
    const same = ex.currency_id === sys;
    const amount = total.abs().toFixed();
    rows.push({
      account_id: ex.account_id,
      debit: total.isNeg() && same ? amount : "0",
      credit: total.isPos() && same ? amount : "0",
      rate: "1",
      sys_debit: total.isNeg() ? amount : "0",
      sys_credit: total.isPos() ? amount : "0",
    });
  }
  if (rows.length) {
    const entry = await insertEntry(ctx, at, input.source, input.description, rows, null);
    await insertEntry(ctx, next, input.source, `Reversal: ${input.description}`, reversalLines(rows), entry);
  }
  return out;
}

/** A changed document: the old entry is reversed and the new one posted. */
export async function repost(ctx: Ctx, input: PostInput): Promise<number> {
  await reverse(ctx, input.source);
  return post(ctx, input);
}

/**
 * Balance of one account (debit − credit), in its own currency and in the system currency: whole
 * months from the per-month sums, and the days of the last month from the per-day sums.
 */
export async function accountBalance(tx: DbOrTx, accountId: number, until?: Date) {
  const cols = sql`coalesce(sum(debit),0) d, coalesce(sum(credit),0) c, coalesce(sum(sys_debit),0) sd, coalesce(sum(sys_credit),0) sc`;
  const day = until ? dayOf(until) : undefined;
  const q = day
    ? sql`select sum(d)::text d, sum(c)::text c, sum(sd)::text sd, sum(sc)::text sc from (
        select ${cols} from account_month_balances where account_id = ${accountId} and month < ${monthOf(day)}::date
        union all
        select ${cols} from account_balances where account_id = ${accountId} and day >= ${monthOf(day)}::date and day <= ${day}::date) x`
    : sql`select d::text d, c::text c, sd::text sd, sc::text sc from (select ${cols} from account_month_balances where account_id = ${accountId}) x`;
  const r = (await tx.execute<{ d: string; c: string; sd: string; sc: string }>(q)).rows[0]!;
  return { debit: D(r.d), credit: D(r.c), balance: D(r.d).minus(r.c), sys_balance: D(r.sd).minus(r.sc) };
}
