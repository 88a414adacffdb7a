import { MSG } from "@app/contracts";
import { type SQL, sql } from "drizzle-orm";
import { addDays, businessDay, sqlBusinessDateTime } from "../../platform/business-time.js";
import type { Ctx } from "../../platform/context.js";
import { HttpError, notFound, unprocessable } from "../../platform/errors.js";
import { parseDateRange, type RawQuery } from "../../platform/list.js";
import { one } from "../../platform/query-params.js";
import type { DynamicList } from "./dynamic-list.js";
import { systemCurrency } from "./ledger.js";
import { D } from "./money.js";
import { balanceRows } from "./reports.js";

/**
 * The number of the document an entry posts, for the documents that carry one; other sources
 * (the opening balance, a revaluation, later documents) answer null and are named by type and id.
 */
export const sourceNumber = (type: SQL, id: SQL): SQL => sql`case ${type}
    when 'expenses' then (select x.number from expenses x where x.id = ${id})
    when 'incomes' then (select x.number from incomes x where x.id = ${id})
    when 'cash_transaction' then (select x.transaction_no from cash_transactions x where x.transaction_id = ${id})
    when 'customer_transaction' then (select x.transaction_no from consumer_transactions x where x.transaction_id = ${id})
    when 'supplier_transaction' then (select x.transaction_no from consumer_transactions x where x.transaction_id = ${id})
    when 'sale' then (select x.number from sales x where x.id = ${id})
    when 'sale_return' then (select x.number from sale_returns x where x.id = ${id})
    when 'purchase' then (select x.number from purchases x where x.id = ${id})
    when 'purchase_return' then (select x.number from purchase_returns x where x.id = ${id})
    when 'item_transfer' then (select x.transfer_no from item_transfers x where x.transfer_id = ${id})
    when 'item_transfer_receive' then (select x.transfer_no from item_transfers x where x.transfer_id = ${id})
    when 'inventory_adjustment' then (select x.number from inventory_adjustments x where x.id = ${id})
    when 'asset_disposal' then (select x.number from asset_disposals x where x.id = ${id})
    when 'inventory_opening_balance' then (select x.number from inventory_opening_balances x where x.id = ${id})
    when 'sale_transfer' then (select x.number from sale_transfers x where x.id = ${id})
    when 'sale_transfer_in' then (select x.number from sale_transfers x where x.id = ${id})
    when 'sale_transfer_return' then (select x.number from sale_transfer_returns x where x.id = ${id})
    when 'sale_transfer_return_in' then (select x.number from sale_transfer_returns x where x.id = ${id})
    when 'pos_change' then (select x.number from sales x where x.id = ${id})
    when 'closing_drawers' then (select x.number from closing_drawers x where x.id = ${id})
    when 'drawer_floats' then (select x.number from drawer_floats x where x.id = ${id})
  end`;

/** `account_id` (or filter[account_id]): a positive integer, else "Please select an item to view its transactions". */
function accountParam(raw: RawQuery): number {
  const s = one(raw.account_id) ?? one(raw["filter[account_id]"]);
  if (s === undefined || !/^[1-9]\d{0,9}$/.test(s) || Number(s) > 2_147_483_647)
    throw new HttpError(422, MSG.selectItemForTransactions, { account_id: [MSG.selectItemForTransactions] });
  return Number(s);
}

/**
 * The general ledger of one account: the balance before the period as its first row (when a
 * period is given), then every journal line of the period with the running balance. A group
 * account shows the lines of its whole subtree in the system currency; a leaf account its own
 * lines in its own currency (with the system-currency figures beside). The lines are read by
 * account and entry (`journal_lines_account_entry_idx`), the opening balance from the per-month
 * and per-day balances, never from every earlier line.
 */
export async function generalLedger(ctx: Ctx, raw: RawQuery): Promise<DynamicList> {
  const accountId = accountParam(raw);
  const errors: Record<string, string[]> = {};
  const range = parseDateRange(raw, ctx.now, errors);
  if (Object.keys(errors).length) throw unprocessable(errors);
  const acc = await ctx.tx.execute<{
    account_id: number;
    code: string;
    account_name: string;
    system_key: string | null;
    currency_id: number;
    currency_name: string;
    ids: number[];
    has_children: boolean;
    is_group: boolean;
  }>(sql`with recursive sub as (
          select account_id, 1 as depth from accounts where account_id = ${accountId}
          union all
          select c.account_id, s.depth + 1 from accounts c join sub s on c.parent_id = s.account_id where s.depth < 32)
        select a.account_id, a.code, a.account_name, a.system_key, a.currency_id, cu.currency_name, a.is_group,
               (select array_agg(account_id order by account_id) from sub) ids,
               exists (select 1 from accounts c where c.parent_id = a.account_id) has_children
          from accounts a join currencies cu on cu.currency_id = a.currency_id where a.account_id = ${accountId}`);
  const account = acc.rows[0];
  if (!account) throw notFound();
  const group = account.is_group || account.has_children;
  const system = await systemCurrency(ctx.tx);
  const currencyId = group ? system : account.currency_id;
  const ids = sql`(${sql.join(
    account.ids.map((id) => sql`${Number(id)}`),
    sql`, `,
  )})`;
  // A group's accounts may hold different currencies: only the system currency adds up.
  const [dr, cr] = group ? [sql`l.sys_debit`, sql`l.sys_credit`] : [sql`l.debit`, sql`l.credit`];

  let opening = { amount: "0", sys: "0" };
  if (range) {
    const before = addDays(businessDay(range[0]), -1);
    const res = await ctx.tx.execute<{ amount: string; sys: string }>(
      sql`select coalesce(sum(${group ? sql`b.sys_debit - b.sys_credit` : sql`b.debit - b.credit`}), 0)::text amount,
                 coalesce(sum(b.sys_debit - b.sys_credit), 0)::text sys
            from (${sql.join(balanceRows(undefined, before, sql`true`), sql` union all `)}) b where b.account_id in ${ids}`,
    );
    opening = res.rows[0] ?? opening;
  }
  const openingRow = range
    ? sql`select 0 as line_id, null::int as entry_id, ${range[0].toISOString()}::timestamptz as date, 'opening' as source_type,
                 null::int as source_id, null::text as description, null::int as reversal_of, null::int as account_id,
                 greatest(${opening.amount}::numeric, 0) as debit, greatest(-${opening.amount}::numeric, 0) as credit,
                 greatest(${opening.sys}::numeric, 0) as sys_debit, greatest(-${opening.sys}::numeric, 0) as sys_credit, true as is_opening
          union all `
    : sql``;
  const period = range ? sql`and e.date between ${range[0].toISOString()}::timestamptz and ${range[1].toISOString()}::timestamptz` : sql``;
  const from = sql`from (select g.*, sum(g.debit - g.credit) over w as balance, sum(g.sys_debit - g.sys_credit) over w as sys_balance
        from (${openingRow}
              select l.line_id, e.entry_id, e.date, e.source_type, e.source_id, e.description, e.reversal_of, l.account_id,
                     ${dr} as debit, ${cr} as credit, l.sys_debit, l.sys_credit, false as is_opening
                from journal_lines l join journal_entries e on e.entry_id = l.entry_id
               where l.account_id in ${ids} ${period}) g
       window w as (order by g.date, g.line_id rows between unbounded preceding and current row)) gl
       left join accounts la on la.account_id = gl.account_id`;
  const { account_id: _a, "filter[account_id]": _b, "filter[date_filter]": _c, "filter[date_between]": _d, ...rest } = raw;
  return {
    raw: rest,
    model: {
      model: "general_ledger",
      from,
      idColumn: "line_id",
      defaultSort: "date",
      defaultDir: "asc",
      amountColumn: sql`greatest(gl.debit, gl.credit)`,
      columns: {
        line_id: { expr: sql`gl.line_id` },
        entry_id: { expr: sql`gl.entry_id`, filter: "eq" },
        date: { expr: sqlBusinessDateTime(sql`gl.date`), sortExpr: sql`gl.date`, notNull: true },
        is_opening: { expr: sql`gl.is_opening`, sortable: false },
        source_type: { expr: sql`gl.source_type`, filter: "eq" },
        source_id: { expr: sql`gl.source_id`, sortable: false },
        source_no: { expr: sourceNumber(sql`gl.source_type`, sql`gl.source_id`), sortable: false, search: true },
        description: { expr: sql`gl.description`, search: true, sortable: false },
        is_reversal: { expr: sql`gl.reversal_of is not null`, filter: "bool", sortable: false },
        account_code: { expr: sql`la.code`, sortable: false },
        account_name: { expr: sql`la.account_name`, sortable: false },
        account_system_key: { expr: sql`la.system_key`, sortable: false },
        debit: { expr: sql`gl.debit` },
        credit: { expr: sql`gl.credit` },
        balance: { expr: sql`gl.balance`, sortable: false },
        sys_debit: { expr: sql`gl.sys_debit`, sortable: false },
        sys_credit: { expr: sql`gl.sys_credit`, sortable: false },
        sys_balance: { expr: sql`gl.sys_balance`, sortable: false },
        // Footer sums of the period's lines only (the opening row is shown, not added).
        footer_debit: { expr: sql`case when gl.is_opening then 0 else gl.debit end`, sum: true, sortable: false },
        footer_credit: { expr: sql`case when gl.is_opening then 0 else gl.credit end`, sum: true, sortable: false },
      },
    },
    footer: (f) => {
      const debit = D(f.footer_debit ?? "0");
      const credit = D(f.footer_credit ?? "0");
      return {
        opening: D(opening.amount).toFixed(),
        debit: debit.toFixed(),
        credit: credit.toFixed(),
        closing: D(opening.amount).plus(debit).minus(credit).toFixed(),
        account_id: String(account.account_id),
        code: account.code,
        account_name: account.account_name,
        system_key: account.system_key ?? "",
        currency_id: String(currencyId),
        currency_name: group ? (system === account.currency_id ? account.currency_name : "") : account.currency_name,
        is_group: group ? "1" : "0",
      };
    },
  };
}

/**
 * The journal: every entry with its lines (account, debit and credit in the account's currency and
 * in the system currency) and the document it posts. Filters: period, source type, account (entries
 * touching it), reversals.
 */
export function journalList(): DynamicList["model"] {
  return {
    model: "journal",
    from: sql`from journal_entries e left join users u on u.user_id = e.created_by`,
    idColumn: "entry_id",
    defaultSort: "date",
    defaultDir: "desc",
    dateColumn: sql`e.date`,
    columns: {
      entry_id: { expr: sql`e.entry_id`, notNull: true },
      date: { expr: sqlBusinessDateTime(sql`e.date`), sortExpr: sql`e.date`, notNull: true },
      source_type: { expr: sql`e.source_type`, filter: "eq", search: true },
      source_id: { expr: sql`e.source_id`, filter: "eq" },
      source_no: { expr: sourceNumber(sql`e.source_type`, sql`e.source_id`), sortable: false },
      description: { expr: sql`e.description`, search: true, sortable: false },
      reversal_of: { expr: sql`e.reversal_of`, sortable: false },
      is_reversal: { expr: sql`e.reversal_of is not null`, filter: "bool", sortable: false },
      created_by_name: { expr: sql`u.user_name`, sortable: false },
      amount: {
        expr: sql`(select coalesce(sum(jl.sys_debit), 0) from journal_lines jl where jl.entry_id = e.entry_id)`,
        sortable: false,
      },
      lines: {
        expr: sql`(select coalesce(json_agg(json_build_object(
                    'line_id', jl.line_id, 'account_id', jl.account_id, 'code', a.code, 'account_name', a.account_name,
                    'system_key', a.system_key, 'currency_id', a.currency_id, 'debit', jl.debit::text, 'credit', jl.credit::text,
                    'rate', jl.rate::text, 'sys_debit', jl.sys_debit::text, 'sys_credit', jl.sys_credit::text) order by jl.line_id), '[]'::json)
                   from journal_lines jl join accounts a on a.account_id = jl.account_id where jl.entry_id = e.entry_id)`,
        sortable: false,
      },
    },
    filters: {
      account_id: (v) => {
        if (!/^[1-9]\d{0,9}$/.test(v)) throw unprocessable({ "filter.account_id": ["The filter is not allowed."] });
        return sql`exists (select 1 from journal_lines jl where jl.entry_id = e.entry_id and jl.account_id = ${Number(v)})`;
      },
    },
  };
}
