import { type ClosingDrawerInput, CURRENCY_IQD, CURRENCY_USD, can, MSG } from "@app/contracts";
import { sql } from "drizzle-orm";
import { sqlBusinessDateTime } from "../../platform/business-time.js";
import type { Ctx } from "../../platform/context.js";
import { HttpError } from "../../platform/errors.js";
import type { ListModel } from "../../platform/list.js";
import { accountBalance, accountByKey, lockAccounts, post, ratesAt, systemCurrency } from "../ledger/ledger.js";
import { D } from "../ledger/money.js";
import { nextNumber } from "../numbering/numbering.js";
import { closingEntryLines, type DrawerCount, drawerDifference } from "./closing.rule.js";
import { closingFloats } from "./drawer-floats.js";
import { closingDrawerCash, closingDrawers } from "./pos.tables.js";
import { cashierPlace, drawerAccounts } from "./pos-session.js";

export const closingSource = (id: number) => ({ type: "closing_drawers", id });

/** Only a manager (`pos_admin_sales/view_all`) closes another cashier's drawer. */
const mayCloseOthers = (ctx: Ctx) =>
  !!ctx.user && can({ user_id: ctx.user.user_id, permissions: ctx.user.permissions }, "pos_admin_sales/view_all");

export const closingDrawersList: ListModel = {
  model: "closing_drawers",
  from: sql`from closing_drawers z join users u on u.user_id = z.user_fk left join outlets o on o.outlet_id = z.outlet_fk`,
  scope: (ctx) => (mayCloseOthers(ctx) ? undefined : sql`z.user_fk = ${ctx.user?.user_id ?? 0}`),
  idColumn: "id",
  defaultSort: "closed_at",
  dateColumn: sql`z.closed_at`,
  amountColumn: sql`z.sales_total`,
  columns: {
    id: { expr: sql`z.id`, filter: "eq" },
    number: { expr: sql`z.number`, search: true, filter: "eq" },
    code: { expr: sql`z.code`, search: true, filter: "eq" },
    closed_at: { expr: sqlBusinessDateTime(sql`z.closed_at`), sortExpr: sql`z.closed_at`, notNull: true },
    opened_at: { expr: sqlBusinessDateTime(sql`z.opened_at`), sortExpr: sql`z.opened_at` },
    user_id: { expr: sql`z.user_fk`, filter: "eq" },
    user_name: { expr: sql`u.user_name`, search: true, filter: "like" },
    outlet_name: { expr: sql`o.outlet_name` },
    receipts_count: { expr: sql`z.receipts_count`, sum: true },
    invoices_count: { expr: sql`z.invoices_count`, sum: true },
    sales_total: { expr: sql`z.sales_total`, sum: true },
    discount_total: { expr: sql`z.discount_total`, sum: true },
    returns_total: { expr: sql`z.returns_total`, sum: true },
    difference_total: { expr: sql`z.difference_total`, sum: true },
    note: { expr: sql`z.note`, search: true },
  },
};

/**
 * Closes a cashier's drawer (Z report): every POS sale and return of theirs not yet in a closing
 * joins this one, and so does every opening float given to the drawer since the last closing
 * (the float is in the drawer's books, so the cash expected includes it); per currency the cash
 * the books hold in the drawer is expected, the cash
 * counted is entered, and the difference posts to Cash Over and Short, so the drawer's books
 * start the next drawer at the cash counted. The drawer rows are locked `FOR UPDATE` first: a
 * sale of this cashier in flight finishes before (and is in this closing) or waits and belongs
 * to the next drawer.
 */
export async function closeDrawer(ctx: Ctx, input: ClosingDrawerInput): Promise<{ id: number }> {
  const me = ctx.user;
  if (!me) throw new HttpError(401, MSG.unauthorized);
  const userId = input.user_fk ?? me.user_id;
  if (userId !== me.user_id && !mayCloseOthers(ctx)) throw new HttpError(403, MSG.forbidden);
  const who = await ctx.tx.execute<{ user_code: string | null; outlet_fk: number | null }>(
    sql`select user_code, outlet_fk from users where user_id = ${userId}`,
  );
  if (!who.rows[0]) throw new HttpError(422, "The selected user is invalid.", { user_fk: ["The selected user is invalid."] });
  const drawer = await drawerAccounts(ctx, userId, "update");
  const overShort = await accountByKey(ctx.tx, "cash_over_short");
  const iqd = drawer.get(CURRENCY_IQD)!;
  const usd = drawer.get(CURRENCY_USD)!;
  await lockAccounts(ctx, [iqd, usd, overShort.account_id]);

  const sums = await ctx.tx.execute<{ receipts: number; invoices: number; sales: string; discounts: string; returns: string }>(sql`
    select count(*) filter (where kind = 'sale')::int as receipts,
           count(*) filter (where kind = 'return')::int as invoices,
           coalesce(sum(total_sys) filter (where kind = 'sale'), 0)::text as sales,
           coalesce(sum(discount_sys) filter (where kind = 'sale'), 0)::text as discounts,
           coalesce(sum(total_sys) filter (where kind = 'return'), 0)::text as returns
      from pos_sale_info where user_fk = ${userId} and closing_fk is null`);
  const s = sums.rows[0]!;
  const { in_rate } = await ratesAt(ctx.tx, ctx.now);
  const counts: DrawerCount[] = [];
  for (const [currency, account, counted] of [
    [CURRENCY_IQD, iqd, input.counted_iqd],
    [CURRENCY_USD, usd, input.counted_usd],
  ] as const) {
    const { balance } = await accountBalance(ctx.tx, account);
    counts.push({ currency_id: currency, account_id: account, expected: balance.toFixed(), counted, rate: in_rate });
  }
  const sys = await systemCurrency(ctx.tx);
  const lines = closingEntryLines(counts, overShort.account_id, sys);
  // Over is the over/short account's credit, short its debit.
  const differenceSys = lines
    .filter((l) => l.account_id === overShort.account_id)
    .reduce((t, l) => t.plus(D(l.credit)).minus(D(l.debit)), D(0));
  const prev = await ctx.tx.execute<{ n: number; last: Date | null }>(
    sql`select count(*)::int as n, max(closed_at) as last from closing_drawers where user_fk = ${userId}`,
  );
  const place = await cashierPlace(ctx.tx, { ...me, outlet_fk: who.rows[0].outlet_fk });
  const number = await nextNumber(ctx, "closing_drawer", "ZC");
  const [row] = await ctx.tx
    .insert(closingDrawers)
    .values({
      number,
      code: `${who.rows[0].user_code ?? userId}-${Number(prev.rows[0]?.n ?? 0) + 1}`,
      user_fk: userId,
      outlet_fk: place.outlet_id,
      opened_at: prev.rows[0]?.last ? new Date(prev.rows[0].last) : null,
      closed_at: ctx.now,
      receipts_count: s.receipts,
      invoices_count: s.invoices,
      sales_total: s.sales,
      discount_total: s.discounts,
      returns_total: s.returns,
      difference_total: differenceSys.toFixed(),
      note: input.note ?? null,
      created_by: me.user_id,
    })
    .returning({ id: closingDrawers.id });
  const id = row!.id;
  await ctx.tx.insert(closingDrawerCash).values(
    counts.map((c) => ({
      closing_fk: id,
      currency_id: c.currency_id,
      account_fk: c.account_id,
      expected: String(c.expected),
      counted: String(c.counted),
      difference: drawerDifference(c).toFixed(),
      rate: c.currency_id === sys ? "1" : String(c.rate),
    })),
  );
  if (lines.length) await post(ctx, { date: ctx.now, source: closingSource(id), description: `Drawer closing ${number}`, lines });
  await ctx.tx.execute(sql`update pos_sale_info set closing_fk = ${id} where user_fk = ${userId} and closing_fk is null`);
  await ctx.tx.execute(sql`update drawer_floats set closing_fk = ${id} where user_fk = ${userId} and closing_fk is null`);
  return { id };
}

/**
 * The drawers a manager may close: every active cashier's, and anyone's with POS receipts or
 * returns not yet in a closing, with how many of each wait (the Z report's counts so far).
 */
export async function openDrawers(ctx: Ctx) {
  const res = await ctx.tx.execute<{ user_id: number; user_name: string; receipts: number; returns: number }>(sql`
    select u.user_id, u.user_name,
           count(pi.kind) filter (where pi.kind = 'sale')::int as receipts,
           count(pi.kind) filter (where pi.kind = 'return')::int as returns
      from users u left join pos_sale_info pi on pi.user_fk = u.user_id and pi.closing_fk is null
     where (u.is_cashier and u.status = 'active') or pi.user_fk is not null
     group by u.user_id, u.user_name
     order by lower(u.user_name), u.user_id`);
  return res.rows.map((r) => ({ ...r, user_id: Number(r.user_id) }));
}

export async function showClosing(ctx: Ctx, id: number) {
  const res = await ctx.tx.execute<Record<string, unknown>>(sql`
    select z.id, z.number, z.code, z.user_fk, u.user_name, z.outlet_fk, o.outlet_name, z.opened_at, z.closed_at,
           z.receipts_count, z.invoices_count, z.sales_total::text, z.discount_total::text, z.returns_total::text,
           z.difference_total::text, z.note, z.created_by, cb.user_name as created_by_name
      from closing_drawers z join users u on u.user_id = z.user_fk
      left join outlets o on o.outlet_id = z.outlet_fk left join users cb on cb.user_id = z.created_by
     where z.id = ${id} ${mayCloseOthers(ctx) ? sql`` : sql`and z.user_fk = ${ctx.user?.user_id ?? 0}`}`);
  const row = res.rows[0];
  if (!row) return undefined;
  const cash = await ctx.tx.execute<Record<string, unknown>>(sql`
    select c.currency_id, cu.currency_name, c.account_fk, c.expected::text, c.counted::text, c.difference::text, c.rate::text,
           (select coalesce(sum(f.amount), 0) from drawer_floats f where f.closing_fk = c.closing_fk and f.currency_id = c.currency_id)::text as opening_float
      from closing_drawer_cash c join currencies cu on cu.currency_id = c.currency_id
     where c.closing_fk = ${id} order by c.currency_id`);
  const iso = (v: unknown) => (v ? new Date(v as string).toISOString() : null);
  return { ...row, opened_at: iso(row.opened_at), closed_at: iso(row.closed_at), cash: cash.rows, floats: await closingFloats(ctx, id) };
}
