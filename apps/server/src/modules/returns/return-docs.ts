import { CURRENCY_IQD, CURRENCY_USD } from "@app/contracts";
import type Decimal from "decimal.js";
import { type SQL, sql } from "drizzle-orm";
import { withBusinessDate } from "../../platform/business-time.js";
import type { Ctx } from "../../platform/context.js";
import { assertOpenFor } from "../../platform/doc-closing.js";
import * as listColumns from "../../platform/document-list-columns.js";
import { HttpError, notFound } from "../../platform/errors.js";
import type { ListColumn, ListModel } from "../../platform/list.js";
import { cashAccount } from "../cash/cashes.js";
import { assertInventoryAccess, inventoryScope } from "../catalogue/inventories.js";
import { inventoryDocumentList } from "../catalogue/inventory-lists.js";
import type { AccountInfo } from "../ledger/journal.js";
import { lockForPosting, reverse } from "../ledger/ledger.js";
import { D, ZERO } from "../ledger/money.js";
import type { StockSource } from "../stock/stock.js";
import { assertNotProtected, reverseStock } from "../stock/stock.reverse.js";

/**
 * What the sale returns and the purchase returns share: their list columns, the settlement account,
 * the limit of a line returned against the document it comes from, and the stored document's
 * closing, deleting and reading. Each document is named by its table (`sale_returns`), its lines'
 * table and its stock and journal source.
 */
export interface ReturnDoc {
  table: "sale_returns" | "purchase_returns";
  lines: "sale_return_lines" | "purchase_return_lines";
  source: (id: number) => StockSource;
  /** The text of the 422 an edit or a delete of a closed document answers. */
  closed: string;
  /** Its lines' expiry shown as the written day (`YYYY-MM-DD`) rather than as an instant. */
  expiryAsDay: boolean;
}

/** The currency, rate and totals (one column a currency, summed); `cu` is the return's currency. */
const returnMoneyColumns = (): Record<string, ListColumn> => ({
  ...listColumns.currency("r"),
  total: { expr: sql`r.total` },
  total_iqd: { expr: sql`case when r.currency_id = ${CURRENCY_IQD} then r.total else 0 end`, sum: true, sortable: false },
  total_usd: { expr: sql`case when r.currency_id = ${CURRENCY_USD} then r.total else 0 end`, sum: true, sortable: false },
});

/** Status, closed flag, note and author; `cb` is the user who created the return. */
const returnTailColumns = (): Record<string, ListColumn> => ({
  status: { expr: sql`r.status`, filter: "eq" },
  is_closed: { expr: sql`r.is_closed`, filter: "bool" },
  ...listColumns.author("r"),
});

/**
 * A return's list: the returns of the caller's inventories, by date, their amount the total.
 * `from` names the return `r`, its currency `cu` and its author `cb`; the columns are the head,
 * `own` (the document it answers, the party, the inventory), the money, `extra`, then the tail.
 */
export const returnList = (
  model: ReturnDoc["table"],
  from: SQL,
  own: Record<string, ListColumn>,
  extra: Record<string, ListColumn>,
): ListModel =>
  inventoryDocumentList(
    model,
    "r",
    from,
    { ...listColumns.head("r"), ...own, ...returnMoneyColumns(), ...extra, ...returnTailColumns() },
    "total",
  );

/**
 * The account a return settles with: the cash account chosen when paid in cash (checked, its
 * error on `field`), else the party's own account in the return's currency.
 */
export async function settlementAccount(
  ctx: Ctx,
  opts: { cash: boolean; account: number | null | undefined; field?: string; partyAccounts: Record<number, number>; currency_id: number },
) {
  const cash = opts.cash && opts.account ? await cashAccount(ctx.tx, opts.account, opts.field) : null;
  const account: AccountInfo = cash ?? { account_id: opts.partyAccounts[opts.currency_id]!, currency_id: opts.currency_id };
  return { cash, account };
}

/** What the lines of a return take of each line of its source document (several may name the same one). */
export interface Taken {
  /** The last of the return's lines naming it: the one an error is put on. */
  index: number;
  amounts: Decimal[];
}

/** Adds up per source line (`lineOf`) the amounts (`amountsOf`: quantity, bonus, ...) the return's lines take. */
export function takenPerLine<L>(lines: readonly L[], lineOf: (l: L) => number, amountsOf: (l: L) => Decimal.Value[]) {
  const taken = new Map<number, Taken>();
  lines.forEach((l, index) => {
    const k = lineOf(l);
    const had = taken.get(k);
    taken.set(k, { index, amounts: amountsOf(l).map((a, i) => D(a).plus(had?.amounts[i] ?? ZERO)) });
  });
  return taken;
}

/**
 * The limit of a return: each `want` may not pass what is `left` of its source line; every line
 * over it answers `message` on `lines.{index}.{field}`, all together in one 422.
 */
export function assertWithinLimits(
  limits: Iterable<{ index: number; field: string; want: Decimal.Value; left: Decimal.Value }>,
  message: string,
) {
  const errors: Record<string, string[]> = {};
  for (const l of limits) if (D(l.want).gt(l.left)) errors[`lines.${l.index}.${l.field}`] = [message];
  if (Object.keys(errors).length) throw new HttpError(422, message, errors);
}

/** The stored return, 404 when missing, 403 out of the caller's inventories, 422 when closed (but to a user who may unclose). */
export async function storedReturn(ctx: Ctx, doc: ReturnDoc, id: number) {
  const r = await returnRow(ctx, doc, id);
  // The return's table is its section's key (SPEC §6 sale_returns, purchase_returns).
  assertOpenFor(ctx, r, doc.table, doc.closed);
  return r;
}

async function returnRow(ctx: Ctx, doc: ReturnDoc, id: number) {
  const res = await ctx.tx.execute<{ inventory_fk: number; is_closed: boolean }>(
    sql`select inventory_fk, is_closed from ${sql.identifier(doc.table)} where id = ${id}`,
  );
  const r = res.rows[0];
  if (!r) throw notFound();
  await assertInventoryAccess(ctx, Number(r.inventory_fk));
  return r;
}

/**
 * Deletes a return: its entry and stock reversed, then the row (its lines go with it). With
 * `protect`, refused while goods it brought in have gone out again by another document.
 */
export async function deleteReturnDoc(ctx: Ctx, doc: ReturnDoc, id: number, opts: { protect?: boolean } = {}) {
  await storedReturn(ctx, doc, id);
  const source = doc.source(id);
  await lockForPosting(ctx, { reversing: source });
  if (opts.protect) await assertNotProtected(ctx, source);
  await reverseStock(ctx, source);
  await reverse(ctx, source);
  await ctx.tx.execute(sql`delete from ${sql.identifier(doc.table)} where id = ${id}`);
}

/** Closes or opens a return (a closed one may not be edited or deleted). */
export async function setReturnDocClosed(ctx: Ctx, doc: ReturnDoc, id: number, closed: boolean) {
  await returnRow(ctx, doc, id);
  await ctx.tx.execute(sql`
    update ${sql.identifier(doc.table)} set is_closed = ${closed}, updated_by = ${ctx.user?.user_id ?? null}, updated_at = ${ctx.now}
     where id = ${id}`);
}

/**
 * A return to show: its head (`head`, the query of one row with `inventory_fk` and `date`) and
 * its lines with their items' and units' names, in their order; undefined when missing or out of
 * the caller's inventories.
 */
export async function showReturnDoc(ctx: Ctx, doc: ReturnDoc, id: number, head: ReturnType<typeof sql>) {
  const res = await ctx.tx.execute(head);
  const r = res.rows[0] as (Record<string, unknown> & { date: Date; inventory_fk: number }) | undefined;
  if (!r) return undefined;
  const scope = inventoryScope(ctx, sql`${r.inventory_fk}::int`);
  if (scope && !(await ctx.tx.execute(sql`select 1 where ${scope}`)).rows.length) return undefined;
  const lines = await ctx.tx.execute(sql`
    select l.*, ${doc.expiryAsDay ? sql`to_char(l.expire_date, 'YYYY-MM-DD') as expire_date,` : sql``} it.item_name, it.item_code, u.unit_name
      from ${sql.identifier(doc.lines)} l join items it on it.item_id = l.item_fk join units u on u.unit_id = l.unit_fk
     where l.return_fk = ${id} order by l.position, l.line_id`);
  return withBusinessDate({ ...r, lines: lines.rows } as Record<string, unknown> & { date: Date });
}
