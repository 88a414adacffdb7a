import {
  CONFIRM_FIELD,
  can,
  type DrawerFloatInput,
  FLOAT_IN_CLOSING,
  floatExcess,
  floatExcessMessage,
  MSG,
  NOT_A_CASHIER,
  SUPER_USER_ID,
} from "@app/contracts";
import { sql } from "drizzle-orm";
import { audit } from "../../platform/audit.js";
import type { Ctx } from "../../platform/context.js";
import { HttpError, notFound } from "../../platform/errors.js";
import { assertCashCovers, cashAccount } from "../cash/cashes.js";
import type { RuleLine } from "../ledger/journal.js";
import { accountBalance, lockForPosting, post, ratesAt, reverse, systemCurrency } from "../ledger/ledger.js";
import { D, round3 } from "../ledger/money.js";
import { nextNumber } from "../numbering/numbering.js";
import { drawerFloats } from "./drawer-floats.tables.js";
import { drawerAccounts } from "./pos-session.js";

export const SOURCE_FLOAT = "drawer_floats";
export const floatSource = (id: number) => ({ type: SOURCE_FLOAT, id });

/** A manager (`pos_admin_sales/view_all`) gives and takes back any cashier's float; anyone else only their own. */
const isManager = (ctx: Ctx) =>
  !!ctx.user && can({ user_id: ctx.user.user_id, permissions: ctx.user.permissions }, "pos_admin_sales/view_all");

function assertMayTouch(ctx: Ctx, userId: number) {
  const me = ctx.user;
  if (!me) throw new HttpError(401, MSG.unauthorized);
  if (userId !== me.user_id && !isManager(ctx)) throw new HttpError(403, MSG.forbidden);
}

/** The float's rate: 1 in the system currency, else the safe's carrying rate (so moving cash realises no difference), else today's in-rate. */
async function floatRate(ctx: Ctx, accountId: number, currencyId: number): Promise<string> {
  const sys = await systemCurrency(ctx.tx);
  if (currencyId === sys) return "1";
  const { balance, sys_balance } = await accountBalance(ctx.tx, accountId);
  if (balance.gt(0) && sys_balance.gt(0)) {
    // Rates are IQD per 1 USD whichever the system currency is.
    const r = sys === 1 ? sys_balance.div(balance) : balance.div(sys_balance);
    return r.toDecimalPlaces(4).toFixed();
  }
  return (await ratesAt(ctx.tx, ctx.now)).in_rate;
}

/**
 * Gives a cashier's drawer its opening float: the amount leaves the safe (a cash account that is
 * not a drawer, in the float's currency) and arrives in the cashier's drawer of that currency, in
 * one journal entry posted through the ledger. The drawer rows are locked `FOR SHARE` first, as a
 * sale does, so a closing of this drawer in flight either counts the float or leaves it to the
 * next drawer; the safe is locked before its balance is read, so concurrent floats from one safe
 * take it in turn and the one it can no longer cover is refused naming the safe and what it holds.
 */
export async function giveFloat(ctx: Ctx, input: DrawerFloatInput): Promise<{ id: number }> {
  assertMayTouch(ctx, input.user_fk);
  const who = await ctx.tx.execute<{ is_cashier: boolean }>(sql`select is_cashier from users where user_id = ${input.user_fk}`);
  const row = who.rows[0];
  if (!row || (!row.is_cashier && input.user_fk !== SUPER_USER_ID)) throw new HttpError(422, NOT_A_CASHIER, { user_fk: [NOT_A_CASHIER] });
  const amount = round3(input.amount).toFixed();
  if (floatExcess(amount, input.currency_id) && !input.confirmed) {
    const msg = floatExcessMessage(amount, input.currency_id);
    throw new HttpError(422, msg, { [CONFIRM_FIELD]: [msg], amount: [msg] });
  }
  const from = await cashAccount(ctx.tx, input.from_account_fk, "from_account_fk", { drawers: false });
  if (from.currency_id !== input.currency_id) {
    const msg = "The from account must be in the float's currency.";
    throw new HttpError(422, msg, { from_account_fk: [msg] });
  }
  const drawer = (await drawerAccounts(ctx, input.user_fk, "share")).get(input.currency_id)!;
  const preLines: RuleLine[] = [
    { account_id: drawer, debit: amount },
    { account_id: from.account_id, credit: amount },
  ];
  await lockForPosting(ctx, { lines: preLines });
  await assertCashCovers(ctx.tx, [{ account: from, amount, field: "amount" }]);
  const rate = await floatRate(ctx, from.account_id, input.currency_id);
  const lines = preLines.map((l) => ({ ...l, rate }));
  // Every account is locked by now: the number is the last lock, as for every document.
  const number = await nextNumber(ctx, "drawer_float", "FL");
  const [r] = await ctx.tx
    .insert(drawerFloats)
    .values({
      number,
      user_fk: input.user_fk,
      currency_id: input.currency_id,
      amount,
      from_account_fk: from.account_id,
      account_fk: drawer,
      note: input.note || null,
      created_by: ctx.user?.user_id ?? null,
    })
    .returning({ id: drawerFloats.id });
  const id = r!.id;
  await post(ctx, { date: ctx.now, source: floatSource(id), description: `Opening float ${number} from ${from.account_name}`, lines });
  await audit(ctx, { module: "drawer_floats", action: "create", record_id: id, after: await showFloat(ctx, id) });
  return { id };
}

const SELECT = sql`
  select f.id, f.number, f.user_fk, u.user_name, f.currency_id, cu.currency_name, f.amount::text as amount,
         f.from_account_fk, fa.account_name as from_account_name, f.account_fk, f.closing_fk, z.number as closing_number,
         f.note, f.created_by, cb.user_name as created_by_name, f.created_at
    from drawer_floats f join users u on u.user_id = f.user_fk
    join currencies cu on cu.currency_id = f.currency_id
    join accounts fa on fa.account_id = f.from_account_fk
    left join closing_drawers z on z.id = f.closing_fk
    left join users cb on cb.user_id = f.created_by`;

export interface FloatRow extends Record<string, unknown> {
  id: number;
  number: string;
  user_fk: number;
  user_name: string;
  currency_id: number;
  currency_name: string;
  amount: string;
  from_account_fk: number;
  from_account_name: string;
  account_fk: number;
  closing_fk: number | null;
  closing_number: string | null;
  note: string | null;
  created_by: number | null;
  created_by_name: string | null;
  created_at: string;
}

const shaped = (r: Record<string, unknown>): FloatRow =>
  ({
    ...r,
    id: Number(r.id),
    user_fk: Number(r.user_fk),
    currency_id: Number(r.currency_id),
    from_account_fk: Number(r.from_account_fk),
    account_fk: Number(r.account_fk),
    closing_fk: r.closing_fk == null ? null : Number(r.closing_fk),
    created_by: r.created_by == null ? null : Number(r.created_by),
    created_at: new Date(r.created_at as string).toISOString(),
  }) as FloatRow;

export async function showFloat(ctx: Ctx, id: number): Promise<FloatRow | undefined> {
  const res = await ctx.tx.execute<Record<string, unknown>>(sql`${SELECT} where f.id = ${id}`);
  return res.rows[0] ? shaped(res.rows[0]) : undefined;
}

/** Floats, newest first: one cashier's (a cashier sees only their own), those not yet in a closing, or one closing's. */
export async function listFloats(ctx: Ctx, opts: { user_fk?: number; open?: boolean; closing_fk?: number }): Promise<FloatRow[]> {
  const mine = isManager(ctx) ? undefined : (ctx.user?.user_id ?? 0);
  const where = [
    sql`true`,
    ...(mine !== undefined ? [sql`f.user_fk = ${mine}`] : []),
    ...(opts.user_fk ? [sql`f.user_fk = ${opts.user_fk}`] : []),
    ...(opts.open ? [sql`f.closing_fk is null`] : []),
    ...(opts.closing_fk ? [sql`f.closing_fk = ${opts.closing_fk}`] : []),
  ];
  const res = await ctx.tx.execute<Record<string, unknown>>(
    sql`${SELECT} where ${sql.join(where, sql` and `)} order by f.created_at desc, f.id desc limit 500`,
  );
  return res.rows.map(shaped);
}

/**
 * Takes back a float not yet in a closing: its entry is reversed (the cash goes back to the safe)
 * and the float deleted, in one transaction. The drawer must still hold the float; a float a
 * closing counted stays.
 */
export async function deleteFloat(ctx: Ctx, id: number): Promise<FloatRow> {
  const found = await showFloat(ctx, id);
  if (!found) throw notFound();
  assertMayTouch(ctx, found.user_fk);
  await drawerAccounts(ctx, found.user_fk, "share");
  const locked = await ctx.tx.execute<{ closing_fk: number | null }>(sql`select closing_fk from drawer_floats where id = ${id} for update`);
  if (!locked.rows[0]) throw notFound();
  if (locked.rows[0].closing_fk != null) throw new HttpError(422, FLOAT_IN_CLOSING, { id: [FLOAT_IN_CLOSING] });
  await lockForPosting(ctx, { reversing: floatSource(id) });
  const drawer = await cashAccount(ctx.tx, found.account_fk);
  await assertCashCovers(ctx.tx, [{ account: drawer, amount: D(found.amount), field: "amount" }]);
  await reverse(ctx, floatSource(id));
  await ctx.tx.execute(sql`delete from drawer_floats where id = ${id}`);
  await audit(ctx, { module: "drawer_floats", action: "delete", record_id: id, before: found });
  return found;
}

/** The floats of one closing per currency, and each of them, for the Z report. */
export async function closingFloats(ctx: Ctx, closingId: number) {
  const rows = await listFloats(ctx, { closing_fk: closingId });
  return rows.map((r) => ({
    id: r.id,
    number: r.number,
    currency_id: r.currency_id,
    amount: r.amount,
    from_account_name: r.from_account_name,
    note: r.note,
    created_at: r.created_at,
  }));
}
