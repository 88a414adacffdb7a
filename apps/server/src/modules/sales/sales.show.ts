import { can, overdueMessage, type SaleKind } from "@app/contracts";
import { type SQL, sql } from "drizzle-orm";
import { tablePresent } from "../../db/table-present.js";
import { withBusinessDate } from "../../platform/business-time.js";
import type { Ctx } from "../../platform/context.js";
import { inventoryScope } from "../catalogue/inventories.js";
import { customerCredit, customerOverdue } from "./sales.credit.js";
import { SALE_SECTIONS } from "./sales.list.js";

/** The customer's credit as the caller may read it: his balance only with customers/balance_view (SPEC §6); the limit and the warnings stay. */
async function creditAsSeen(ctx: Ctx, consumerId: number) {
  const credit = await customerCredit(ctx.tx, consumerId);
  return can(ctx.user, "customers/balance_view") ? credit : { ...credit, balance: null };
}

/** A sale as the screens show it, a customer as the sale form shows him, the salesmen. */

export const saleShownSql = (where: SQL) => sql`
    select s.*, c.consumer_name, i.inventory_name, cu.currency_name, a.account_name,
           coalesce(sm.sale_man_name, sm.user_name) as salesman_name, cb.user_name as created_by_name
      from sales s join consumers c on c.consumer_id = s.consumer_fk join inventories i on i.inventory_id = s.inventory_fk
      join currencies cu on cu.currency_id = s.currency_id left join accounts a on a.account_id = s.account_fk
      left join users sm on sm.user_id = s.salesman_fk left join users cb on cb.user_id = s.created_by
     where ${where}`;

/** Their lines, each sale's in order; `returned` is what each line had back. */
export const saleLinesShownSql = (where: SQL, returned: SQL) => sql`
    select l.*, to_char(l.expire_date, 'YYYY-MM-DD') as expire_date, it.item_name, it.item_code, u.unit_name,
           pr.title as promotion_title, ${returned} as returned_quantity,
           (select iu.item_unit_id from item_units iu where iu.item_fk = l.item_fk and iu.unit_fk = l.unit_fk) as item_unit_id
      from sale_lines l join items it on it.item_id = l.item_fk join units u on u.unit_id = l.unit_fk
      left join promotions pr on pr.promotion_id = l.promotion_fk
     where ${where} order by l.sale_fk, l.position, l.line_id`;

/** Their payments with the account's name. */
export const salePaymentsShownSql = (where: SQL) => sql`
    select p.*, a.account_name from sale_payments p join accounts a on a.account_id = p.account_fk
     where ${where} order by p.payment_id`;

/** What each line had back: the returns' quantities (the returns table is there from the sale returns module on). */
export const returnedQuantitySql = sql`coalesce((select sum(rl.quantity) from sale_return_lines rl where rl.sale_line_fk = l.line_id), 0)::text`;

/** A sale with its lines (item, unit, price steps, returned so far), payments, names, the customer's credit and warnings. */
export async function showSale(ctx: Ctx, id: number, kind?: SaleKind) {
  const res = await ctx.tx.execute(saleShownSql(sql`s.id = ${id}`));
  const s = res.rows[0] as
    | (Record<string, unknown> & { date: Date; inventory_fk: number; consumer_fk: number; kind: string; created_by: number | null })
    | undefined;
  if (!s || (kind && s.kind !== kind)) return undefined;
  // As in the list: without `view_all` a user reads, changes and prints only the invoice sales he made.
  if (kind === "sale" && ctx.user && !can(ctx.user, `${SALE_SECTIONS.sale}/view_all`) && Number(s.created_by) !== ctx.user.user_id)
    return undefined;
  const scope = inventoryScope(ctx, sql`${s.inventory_fk}::int`);
  if (scope && !(await ctx.tx.execute(sql`select 1 where ${scope}`)).rows.length) return undefined;
  const returned = (await tablePresent(ctx.tx, "sale_return_lines")) ? returnedQuantitySql : sql`'0'`;
  const lines = await ctx.tx.execute(saleLinesShownSql(sql`l.sale_fk = ${id}`, returned));
  const payments = await ctx.tx.execute(salePaymentsShownSql(sql`p.sale_fk = ${id}`));
  const credit = await creditAsSeen(ctx, s.consumer_fk);
  const overdue = await customerOverdue(ctx.tx, s.consumer_fk, ctx.now, id);
  return withBusinessDate({
    ...s,
    lines: lines.rows,
    payments: payments.rows,
    customer_credit: credit,
    warnings: overdue ? [overdueMessage(overdue.count, overdue.amount, overdue.days)] : [],
  } as Record<string, unknown> & { date: Date });
}

/** The customer as the sale form shows him: mobile, address, credit and overdue warnings. */
export async function customerInfo(ctx: Ctx, id: number) {
  const r = await ctx.tx.execute<{ consumer_id: number; consumer_name: string; mobile: string | null; address: string | null }>(
    sql`select consumer_id, consumer_name, mobile, address from consumers where consumer_id = ${id} and kind = 'customer'`,
  );
  const c = r.rows[0];
  if (!c) return undefined;
  const overdue = await customerOverdue(ctx.tx, id, ctx.now);
  return {
    ...c,
    customer_credit: await creditAsSeen(ctx, id),
    warnings: overdue ? [overdueMessage(overdue.count, overdue.amount, overdue.days)] : [],
  };
}

/** The active salesmen, for the salesman sale's picker. */
export async function salesmen(ctx: Ctx) {
  const r = await ctx.tx.execute<{ user_id: number; name: string; commission_type: string | null }>(sql`
    select user_id, coalesce(sale_man_name, user_name) as name, commission_type from users
     where is_salesman and status = 'active' order by lower(coalesce(sale_man_name, user_name)), user_id`);
  return r.rows;
}
