import { can, MSG, type SaleKind } from "@app/contracts";
import { sql } from "drizzle-orm";
import { tablePresent } from "../../db/table-present.js";
import { sqlBusinessDateTime } from "../../platform/business-time.js";
import type { Ctx } from "../../platform/context.js";
import { HttpError } from "../../platform/errors.js";
import type { ListModel } from "../../platform/list.js";
import { moneyColumns } from "../../platform/money-columns.js";
import { inventoryScope } from "../catalogue/inventories.js";

/** The sales' lists, their sections and the checks that protect a complete sale. */

export const saleSource = (id: number) => ({ type: "sale", id });

/** The permission section of each kind (sale returns and reports use them too). */
export const SALE_SECTIONS: Record<SaleKind, string> = { sale: "sales", salesman: "salesman_sales", pos: "pos_sales" };
export const PREFIX: Record<SaleKind, string> = { sale: "SAL", salesman: "SMS", pos: "POS" };

/**
 * Checks that refuse editing or deleting a complete sale (sale returns add theirs: a sale with
 * goods returned is protected). Each throws; the built-in one asks the returns table when it exists.
 */
export const saleGuards: ((ctx: Ctx, saleId: number) => Promise<void>)[] = [
  async (ctx, saleId) => {
    if (!(await tablePresent(ctx.tx, "sale_return_lines"))) return;
    const r = await ctx.tx.execute(sql`
      select 1 from sale_return_lines rl join sale_lines l on l.line_id = rl.sale_line_fk where l.sale_fk = ${saleId} limit 1`);
    if (r.rows.length) throw new HttpError(422, MSG.protectedDocument);
  },
];

/** The list of one kind of sale: a user without `view_all` sees the sales he made. */
export function salesList(kind: SaleKind): ListModel {
  const section = SALE_SECTIONS[kind];
  return {
    model: section,
    from: sql`from sales s join consumers c on c.consumer_id = s.consumer_fk join inventories i on i.inventory_id = s.inventory_fk
              join currencies cu on cu.currency_id = s.currency_id left join users cb on cb.user_id = s.created_by
              left join users sm on sm.user_id = s.salesman_fk`,
    scope: (ctx) => {
      const parts = [sql`s.kind = ${kind}`];
      const inv = inventoryScope(ctx, sql`s.inventory_fk`);
      if (inv) parts.push(inv);
      if (kind === "sale" && ctx.user && !can(ctx.user, `${section}/view_all`)) parts.push(sql`s.created_by = ${ctx.user.user_id}`);
      return sql.join(parts, sql` and `);
    },
    idColumn: "id",
    defaultSort: "date",
    dateColumn: sql`s.date`,
    amountColumn: sql`s.total`,
    columns: {
      id: { expr: sql`s.id`, filter: "eq" },
      number: { expr: sql`s.number`, search: true, filter: "eq" },
      date: { expr: sqlBusinessDateTime(sql`s.date`), sortExpr: sql`s.date`, notNull: true },
      consumer_id: { expr: sql`s.consumer_fk`, filter: "eq" },
      consumer_name: { expr: sql`c.consumer_name`, search: true, filter: "like" },
      customer_mobile: { expr: sql`s.customer_mobile`, search: true },
      salesman_id: { expr: sql`s.salesman_fk`, filter: "eq" },
      salesman_name: { expr: sql`coalesce(sm.sale_man_name, sm.user_name)`, filter: "like" },
      inventory_id: { expr: sql`s.inventory_fk`, filter: "eq" },
      inventory_name: { expr: sql`i.inventory_name` },
      currency_id: { expr: sql`s.currency_id`, filter: "eq" },
      currency_name: { expr: sql`cu.currency_name` },
      rate: { expr: sql`s.rate` },
      ...moneyColumns("s", "total"),
      ...moneyColumns("s", "paid_amount"),
      ...moneyColumns("s", "remaining"),
      ...moneyColumns("s", "discount_amount"),
      ...moneyColumns("s", "tax_amount"),
      discount_type: { expr: sql`s.discount_type`, filter: "eq" },
      payment_type: { expr: sql`s.payment_type`, filter: "eq" },
      payment_status: { expr: sql`s.payment_status`, filter: "eq" },
      status: { expr: sql`s.status`, filter: "eq" },
      is_closed: { expr: sql`s.is_closed`, filter: "bool" },
      commission: { expr: sql`s.commission`, sum: true },
      note: { expr: sql`s.note`, search: true },
      created_by_name: { expr: sql`cb.user_name` },
      created_at: { expr: sql`s.created_at` },
    },
  };
}

/**
 * The salesmen's commissions: one row per complete salesman sale, system currency: what the sale
 * earned, what its returns took back (read from their entries on the commissions account, so an
 * edited or deleted return counts as the books do) and what is left.
 */
export const commissionsList: ListModel = {
  model: "salesman_commissions",
  from: sql`from sales s join users sm on sm.user_id = s.salesman_fk join consumers c on c.consumer_id = s.consumer_fk
    left join lateral (
      select coalesce(sum(l.sys_credit - l.sys_debit), 0) as returned
        from sale_returns r
        join journal_entries e on e.source_type = 'sale_return' and e.source_id = r.id
        join journal_lines l on l.entry_id = e.entry_id
       where r.sale_fk = s.id and l.account_id = (select account_id from accounts where system_key = 'commissions')
    ) rc on true`,
  scope: (ctx) => {
    const parts = [sql`s.salesman_fk is not null and s.status = 'complete'`];
    const inv = inventoryScope(ctx, sql`s.inventory_fk`);
    if (inv) parts.push(inv);
    return sql.join(parts, sql` and `);
  },
  idColumn: "id",
  defaultSort: "date",
  dateColumn: sql`s.date`,
  amountColumn: sql`s.commission`,
  columns: {
    id: { expr: sql`s.id`, filter: "eq" },
    number: { expr: sql`s.number`, search: true, filter: "eq" },
    date: { expr: sqlBusinessDateTime(sql`s.date`), sortExpr: sql`s.date`, notNull: true },
    salesman_id: { expr: sql`s.salesman_fk`, filter: "eq" },
    salesman_name: { expr: sql`coalesce(sm.sale_man_name, sm.user_name)`, search: true, filter: "like" },
    commission_type: { expr: sql`sm.commission_type`, filter: "eq" },
    consumer_name: { expr: sql`c.consumer_name`, search: true },
    currency_id: { expr: sql`s.currency_id`, filter: "eq" },
    total: { expr: sql`s.total` },
    commission_base: { expr: sql`s.commission_base`, sum: true },
    cost_total: { expr: sql`s.cost_total`, sum: true },
    commission: { expr: sql`s.commission`, sum: true },
    commission_returned: { expr: sql`rc.returned`, sum: true },
    commission_net: { expr: sql`s.commission - rc.returned`, sum: true },
  },
};
