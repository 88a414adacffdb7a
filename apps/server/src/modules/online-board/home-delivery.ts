import { type AssignDriverInput, CURRENCY_IQD, CURRENCY_USD, type DriverSettlementInput, ONLINE_BOARD_MSG } from "@app/contracts";
import { sql } from "drizzle-orm";
import type { Ctx } from "../../platform/context.js";
import { HttpError, notFound } from "../../platform/errors.js";
import { CASH_SCOPE, cashAccount, IS_DRAWER } from "../cash/cashes.js";
import { transferLines } from "../cash/transfer.ledger.js";
import { accountBalance, accountByKey, lockAccounts, post, ratesAt, systemCurrency } from "../ledger/ledger.js";
import { D } from "../ledger/money.js";
import { nextNumber } from "../numbering/numbering.js";
import { closingEntryLines, type DrawerCount, drawerDifference } from "../pos/closing.rule.js";
import { driverAccounts } from "./driver-accounts.js";
import { lockOnlineOrder } from "./order-actions.js";

/**
 * Home delivery: a confirmed order is given a driver (a staff member), handed over to them (out
 * for delivery) and delivered (order-actions.ts: the sale is paid into the driver's cash
 * accounts). A settlement counts a driver's cash per currency into the shop's cash accounts.
 */

export const settlementSource = (id: number) => ({ type: "driver_settlements", id });

async function assertDriver(ctx: Ctx, driverId: number) {
  const r = await ctx.tx.execute(sql`select 1 from users where user_id = ${driverId} and status = 'active'`);
  if (!r.rows.length) throw new HttpError(422, ONLINE_BOARD_MSG.driverInvalid, { driver_id: [ONLINE_BOARD_MSG.driverInvalid] });
}

/** Assign a driver: a confirmed order not yet handed over; another driver may replace the first until then. */
export async function assignDriver(ctx: Ctx, id: number, input: AssignDriverInput) {
  const o = await lockOnlineOrder(ctx, id);
  if (o.status !== "confirmed") throw new HttpError(422, ONLINE_BOARD_MSG.notConfirmed, { status: [ONLINE_BOARD_MSG.notConfirmed] });
  await assertDriver(ctx, input.driver_id);
  const now = await ctx.tx.execute<{ driver_fk: number; handed_over_at: Date | null }>(
    sql`select driver_fk, handed_over_at from online_order_deliveries where order_fk = ${id}`,
  );
  const was = now.rows[0];
  if (was && Number(was.driver_fk) === input.driver_id) return;
  if (was?.handed_over_at) throw new HttpError(422, ONLINE_BOARD_MSG.alreadyOut, { driver_id: [ONLINE_BOARD_MSG.alreadyOut] });
  await ctx.tx.execute(sql`
    insert into online_order_deliveries (order_fk, driver_fk, assigned_at, assigned_by)
    values (${id}, ${input.driver_id}, ${ctx.now}, ${ctx.user?.user_id ?? null})
    on conflict (order_fk) do update set driver_fk = excluded.driver_fk, assigned_at = excluded.assigned_at, assigned_by = excluded.assigned_by`);
  await ctx.tx.execute(sql`
    insert into online_order_events (order_fk, action, status, user_fk, by_customer, note, at)
    values (${id}, 'driver_assigned', ${o.status}, ${ctx.user?.user_id ?? null}, false,
            (select user_name from users where user_id = ${input.driver_id}), ${ctx.now})`);
}

/** Hand over: the goods leave with the driver; the order is out for delivery. */
export async function handOver(ctx: Ctx, id: number) {
  const o = await lockOnlineOrder(ctx, id);
  if (o.status !== "confirmed") throw new HttpError(422, ONLINE_BOARD_MSG.notConfirmed, { status: [ONLINE_BOARD_MSG.notConfirmed] });
  const d = await ctx.tx.execute<{ handed_over_at: Date | null }>(
    sql`select handed_over_at from online_order_deliveries where order_fk = ${id}`,
  );
  if (!d.rows[0]) throw new HttpError(422, ONLINE_BOARD_MSG.noDriver, { driver_id: [ONLINE_BOARD_MSG.noDriver] });
  if (d.rows[0].handed_over_at) return;
  await ctx.tx.execute(sql`
    update online_order_deliveries set handed_over_at = ${ctx.now}, handed_over_by = ${ctx.user?.user_id ?? null} where order_fk = ${id}`);
  await ctx.tx.execute(sql`
    insert into online_order_events (order_fk, action, status, user_fk, by_customer, at)
    values (${id}, 'handed_over', ${o.status}, ${ctx.user?.user_id ?? null}, false, ${ctx.now})`);
}

/** Who may drive: the active staff. */
export async function staffForDriving(ctx: Ctx) {
  const res = await ctx.tx.execute<{ user_id: number; user_name: string }>(
    sql`select user_id, user_name from users where status = 'active' order by lower(user_name), user_id`,
  );
  return res.rows.map((r) => ({ user_id: Number(r.user_id), user_name: r.user_name }));
}

/** The cash accounts a settlement may take the cash into: neither a cashier's drawer nor a driver's own. */
export async function settlementAccounts(ctx: Ctx) {
  const res = await ctx.tx.execute<{ account_id: number; account_name: string; currency_id: number; system_key: string | null }>(sql`
    select a.account_id, a.account_name, a.currency_id, a.system_key from accounts a
     where ${CASH_SCOPE} and not ${IS_DRAWER}
       and not exists (select 1 from delivery_driver_accounts d where d.account_fk = a.account_id)
     order by a.currency_id, a.account_id`);
  return res.rows.map((r) => ({ ...r, account_id: Number(r.account_id), currency_id: Number(r.currency_id) }));
}

/**
 * The drivers and what each holds: the cash in hand per currency (their accounts' balances, the
 * ledger's figure), the orders out with them and the delivered ones not yet settled.
 */
export async function driversCash(ctx: Ctx) {
  const res = await ctx.tx.execute<{
    driver_id: number;
    user_name: string;
    iqd_account: number | null;
    usd_account: number | null;
    out_count: number;
    unsettled_count: number;
  }>(sql`
    select u.user_id as driver_id, u.user_name,
           (select account_fk from delivery_driver_accounts a where a.driver_fk = u.user_id and a.currency_id = ${CURRENCY_IQD}) as iqd_account,
           (select account_fk from delivery_driver_accounts a where a.driver_fk = u.user_id and a.currency_id = ${CURRENCY_USD}) as usd_account,
           count(*) filter (where o.status = 'confirmed' and d.handed_over_at is not null)::int as out_count,
           count(*) filter (where o.status = 'delivered' and d.settlement_fk is null)::int as unsettled_count
      from users u
      left join online_order_deliveries d on d.driver_fk = u.user_id
      left join online_orders o on o.order_id = d.order_fk
     where exists (select 1 from online_order_deliveries x where x.driver_fk = u.user_id)
        or exists (select 1 from delivery_driver_accounts x where x.driver_fk = u.user_id)
     group by u.user_id, u.user_name
     order by lower(u.user_name), u.user_id`);
  const out = [];
  for (const r of res.rows) {
    const bal = async (a: number | null) => (a ? (await accountBalance(ctx.tx, Number(a))).balance.toFixed(3) : "0.000");
    out.push({
      driver_id: Number(r.driver_id),
      user_name: r.user_name,
      cash_iqd: await bal(r.iqd_account),
      cash_usd: await bal(r.usd_account),
      out_count: r.out_count,
      unsettled_count: r.unsettled_count,
    });
  }
  return out;
}

/**
 * Settles a driver: per currency the cash the driver's account holds is expected and the cash
 * counted is entered; the difference posts to Cash Over and Short by the drawer closing's own rule
 * (pos/closing.rule.ts), and what was counted moves into the cash account chosen for the
 * currency, so the driver's accounts are empty afterwards. The delivered orders not yet settled
 * are this settlement's. The accounts are locked before their balances are read.
 */
export async function settleDriver(ctx: Ctx, input: DriverSettlementInput): Promise<{ id: number }> {
  await assertDriver(ctx, input.driver_id);
  const drv = await driverAccounts(ctx, input.driver_id);
  const overShort = await accountByKey(ctx.tx, "cash_over_short");
  const plan = [
    { currency: CURRENCY_IQD, counted: input.counted_iqd, accountId: input.account_iqd ?? null, field: "account_iqd" },
    { currency: CURRENCY_USD, counted: input.counted_usd, accountId: input.account_usd ?? null, field: "account_usd" },
  ];
  const cash = new Map<number, { account_id: number; currency_id: number; account_name: string }>();
  const errors: Record<string, string[]> = {};
  for (const p of plan) {
    if (!p.accountId) {
      if (D(p.counted).gt(0)) errors[p.field] = ["The account is required."];
      continue;
    }
    const a = await cashAccount(ctx.tx, p.accountId, p.field, { drawers: false });
    if (a.currency_id !== p.currency) errors[p.field] = [ONLINE_BOARD_MSG.accountCurrency];
    if ([...drv.values()].includes(a.account_id)) errors[p.field] = ["The selected account is invalid."];
    cash.set(p.currency, a);
  }
  if (Object.keys(errors).length) throw new HttpError(422, Object.values(errors)[0]![0]!, errors);
  await lockAccounts(ctx, [...drv.values(), overShort.account_id, ...[...cash.values()].map((a) => a.account_id)]);

  const { in_rate } = await ratesAt(ctx.tx, ctx.now);
  const sys = await systemCurrency(ctx.tx);
  const counts: (DrawerCount & { cash_account: number | null })[] = [];
  for (const p of plan) {
    const account = drv.get(p.currency)!;
    const { balance } = await accountBalance(ctx.tx, account);
    counts.push({
      currency_id: p.currency,
      account_id: account,
      expected: balance.toFixed(),
      counted: p.counted,
      rate: in_rate,
      cash_account: cash.get(p.currency)?.account_id ?? null,
    });
  }
  if (counts.every((c) => D(c.expected).isZero() && D(c.counted).isZero()))
    throw new HttpError(422, ONLINE_BOARD_MSG.nothingToSettle, { driver_id: [ONLINE_BOARD_MSG.nothingToSettle] });
  const lines = closingEntryLines(counts, overShort.account_id, sys);
  const differenceSys = lines
    .filter((l) => l.account_id === overShort.account_id)
    .reduce((t, l) => t.plus(D(l.credit ?? 0)).minus(D(l.debit ?? 0)), D(0));
  for (const c of counts) {
    if (!c.cash_account || D(c.counted).isZero()) continue;
    const rate = c.currency_id === sys ? 1 : c.rate;
    const info = (id: number) => ({ account_id: id, currency_id: c.currency_id });
    lines.push(
      ...transferLines({ from: info(c.account_id), to: info(c.cash_account), amount: c.counted, foreign_amount: c.counted, rate }),
    );
  }
  const number = await nextNumber(ctx, "driver_settlement", "DS");
  const res = await ctx.tx.execute<{ id: number }>(sql`
    insert into driver_settlements (number, driver_fk, settled_at, difference_total, note, created_by)
    values (${number}, ${input.driver_id}, ${ctx.now}, ${differenceSys.toFixed(4)}, ${input.note ?? null}, ${ctx.user?.user_id ?? null})
    returning id`);
  const id = Number(res.rows[0]!.id);
  for (const c of counts)
    await ctx.tx.execute(sql`
      insert into driver_settlement_cash (settlement_fk, currency_id, driver_account_fk, cash_account_fk, expected, counted, difference, rate)
      values (${id}, ${c.currency_id}, ${c.account_id}, ${c.cash_account}, ${D(c.expected).toFixed(3)}, ${D(c.counted).toFixed(3)},
              ${drawerDifference(c).toFixed(3)}, ${c.currency_id === sys ? "1" : String(c.rate)})`);
  if (lines.length) await post(ctx, { date: ctx.now, source: settlementSource(id), description: `Driver settlement ${number}`, lines });
  await ctx.tx.execute(sql`
    update online_order_deliveries d set settlement_fk = ${id}
      from online_orders o
     where o.order_id = d.order_fk and d.driver_fk = ${input.driver_id} and d.settlement_fk is null and o.status = 'delivered'`);
  return { id };
}

export async function showSettlement(ctx: Ctx, id: number) {
  const res = await ctx.tx.execute<Record<string, unknown>>(sql`
    select s.id, s.number, s.driver_fk, u.user_name as driver_name, s.settled_at, s.difference_total::text, s.note,
           s.created_by, cb.user_name as created_by_name
      from driver_settlements s join users u on u.user_id = s.driver_fk left join users cb on cb.user_id = s.created_by
     where s.id = ${id}`);
  const row = res.rows[0];
  if (!row) throw notFound();
  const cash = await ctx.tx.execute(sql`
    select c.currency_id, c.driver_account_fk, c.cash_account_fk, a.account_name as cash_account_name,
           c.expected::text, c.counted::text, c.difference::text, c.rate::text
      from driver_settlement_cash c left join accounts a on a.account_id = c.cash_account_fk
     where c.settlement_fk = ${id} order by c.currency_id`);
  const orders = await ctx.tx.execute(sql`
    select o.order_id, o.order_no, d.collected_currency_id, d.collected_amount::text
      from online_order_deliveries d join online_orders o on o.order_id = d.order_fk where d.settlement_fk = ${id} order by o.order_id`);
  return { ...row, settled_at: new Date(row.settled_at as string).toISOString(), cash: cash.rows, orders: orders.rows };
}
