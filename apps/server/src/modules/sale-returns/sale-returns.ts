import { SALE_MSG, SALE_RETURN_MSG, type SaleReturnInput } from "@app/contracts";
import { asc, eq, sql } from "drizzle-orm";
import { intArray } from "../../db/bulk.js";
import type { Ctx } from "../../platform/context.js";
import { HttpError } from "../../platform/errors.js";
import { assertInventoryAccess } from "../catalogue/inventories.js";
import { recordSaleReturn } from "../dashboard/dashboard.record.js";
import { docDate } from "../ledger/dates.js";
import { documentRate } from "../ledger/document-rate.js";
import type { AccountInfo } from "../ledger/journal.js";
import { accountByKey, lockForPosting, post, reverse, systemCurrency } from "../ledger/ledger.js";
import { convert, D, round3, round4 } from "../ledger/money.js";
import { nextNumber } from "../numbering/numbering.js";
import { consumerAccounts, isWalkIn } from "../parties/consumers.js";
import {
  assertWithinLimits,
  deleteReturnDoc,
  type ReturnDoc,
  returnList,
  setReturnDocClosed,
  settlementAccount,
  showReturnDoc,
  storedReturn,
  takenPerLine,
} from "../returns/return-docs.js";
import { stockIn } from "../stock/stock.in.js";
import type { StockInLine } from "../stock/stock.js";
import { assertNotProtected, reverseStock } from "../stock/stock.reverse.js";
import { type SoldSale, saleOf, soldBatches, soldLines } from "./returnable.js";
import { returnBatches, returnedCommission, returnedShare, type SaleReturnAccounts, saleReturnLines, sumOf } from "./sale-return.ledger.js";
import { saleReturnLines as returnLinesTable, saleReturns } from "./sale-returns.tables.js";

export const saleReturnSource = (id: number) => ({ type: "sale_return", id });

const doc: ReturnDoc = {
  table: "sale_returns",
  lines: "sale_return_lines",
  source: saleReturnSource,
  closed: SALE_RETURN_MSG.closed,
  expiryAsDay: true,
};

const fail = (field: string, message: string) => new HttpError(422, message, { [field]: [message] });

export const saleReturnsList = returnList(
  "sale_returns",
  sql`from sale_returns r join consumers c on c.consumer_id = r.consumer_fk join inventories i on i.inventory_id = r.inventory_fk
            join currencies cu on cu.currency_id = r.currency_id left join sales s on s.id = r.sale_fk
            left join accounts a on a.account_id = r.account_fk left join users cb on cb.user_id = r.created_by`,
  {
    sale_id: { expr: sql`r.sale_fk`, filter: "eq" },
    sale_number: { expr: sql`s.number`, search: true },
    consumer_id: { expr: sql`r.consumer_fk`, filter: "eq" },
    consumer_name: { expr: sql`c.consumer_name`, search: true, filter: "like" },
    inventory_id: { expr: sql`r.inventory_fk`, filter: "eq" },
    inventory_name: { expr: sql`i.inventory_name` },
  },
  {
    received_type: { expr: sql`r.received_type`, filter: "eq" },
    account_name: { expr: sql`a.account_name` },
  },
);

/** A line of a return without a sale, as the catalogue prices it: the unit's sale price and the item's revenue tax. */
async function catalogueLines(ctx: Ctx, input: SaleReturnInput, currency: number, rate: string, sys: number) {
  const ids = [...new Set(input.lines.map((l) => l.item_fk ?? 0))];
  const res = await ctx.tx.execute<{
    item_id: number;
    has_expire: boolean;
    tax: string | null;
    unit_fk: number;
    quantity: string;
    price: string;
    avg_cost: string;
  }>(sql`
    select i.item_id, i.has_expire, case when i.has_revenue_tax then i.revenue_tax_percent::text end as tax,
           iu.unit_fk, iu.quantity::text, iu.price::text, coalesce(sc.avg_cost, 0)::text as avg_cost
      from items i join item_units iu on iu.item_fk = i.item_id left join stock_item_costs sc on sc.item_fk = i.item_id
     where i.item_id = any(${intArray(ids)})`);
  const errors: Record<string, string[]> = {};
  const lines = input.lines.map((l, i) => {
    const rows = res.rows.filter((r) => Number(r.item_id) === l.item_fk);
    const u = rows.find((r) => Number(r.unit_fk) === l.unit_fk);
    if (!rows.length) errors[`lines.${i}.item_fk`] = ["The selected item is invalid."];
    else if (!u) errors[`lines.${i}.unit_fk`] = ["The selected unit is invalid."];
    else if (u.has_expire && !l.expire_date) errors[`lines.${i}.expire_date`] = ["The expiry date is required for this item."];
    if (!u) return null;
    const unitPrice = l.unit_price ?? round3(convert(u.price, sys, currency, rate)).toFixed();
    const revenue = round3(D(l.quantity).mul(unitPrice));
    const tax = u.tax ? round3(revenue.mul(u.tax).div(100)) : D(0);
    return {
      sale_line_fk: null,
      item_fk: l.item_fk!,
      unit_fk: l.unit_fk!,
      unit_base_qty: u.quantity,
      quantity: l.quantity,
      unit_price: unitPrice,
      revenue: revenue.toFixed(),
      discount_amount: "0",
      tax_amount: tax.toFixed(),
      line_total: revenue.plus(tax).toFixed(),
      batch_no: l.batch_no || null,
      expire_date: l.expire_date || null,
      cost_each: D(u.avg_cost).mul(u.quantity).toFixed(),
    };
  });
  if (Object.keys(errors).length) throw new HttpError(422, Object.values(errors)[0]![0]!, errors);
  return lines.map((l, position) => ({ ...l!, position }));
}

/** Reads and checks a return as sent (no locks): the sale, the customer, the accounts, the rate. */
async function prepare(ctx: Ctx, input: SaleReturnInput) {
  const sys = await systemCurrency(ctx.tx);
  const date = docDate(input.date, ctx.now);
  await assertInventoryAccess(ctx, input.inventory_fk);
  let sale: SoldSale | undefined;
  if (input.sale_fk) {
    sale = await saleOf(ctx, input.sale_fk);
    if (!sale) throw fail("sale_fk", SALE_RETURN_MSG.saleInvalid);
    await assertInventoryAccess(ctx, sale.inventory_fk);
    if (sale.status !== "complete") throw fail("sale_fk", SALE_RETURN_MSG.saleNotComplete);
    if (input.consumer_fk && input.consumer_fk !== sale.consumer_fk) throw fail("consumer_fk", SALE_RETURN_MSG.customerOfSale);
  } else if (input.lines.some((l) => l.sale_line_fk)) throw fail("lines.0.sale_line_fk", SALE_RETURN_MSG.lineNotOfSale);
  const consumer = sale?.consumer_fk ?? input.consumer_fk ?? (await walkIn(ctx));
  // Credited on account, the walk-in customer (anybody) would be owed: he is paid back in cash.
  if (input.received_type !== "Cash" && (await isWalkIn(ctx.tx, consumer))) throw fail("received_type", SALE_MSG.walkInNoBalance);
  const currency = sale?.currency_id ?? input.currency_id ?? sys;
  const rate = sale
    ? sale.rate
    : await documentRate(ctx.tx, { currency_id: currency, rate: input.rate, date, kind: "in", confirmed: input.confirmed });
  const { cash, account: creditor } = await settlementAccount(ctx, {
    cash: input.received_type === "Cash",
    account: input.account_fk,
    field: "account_fk",
    partyAccounts: await consumerAccounts(ctx.tx, "customer", consumer),
    currency_id: currency,
  });
  // Money paid back in the other currency from a sale in the system currency (booked at rate 1): at the day's in-rate.
  const creditorRate =
    creditor.currency_id === currency || currency !== sys
      ? rate
      : await documentRate(ctx.tx, { currency_id: creditor.currency_id, rate: null, date, kind: "in", confirmed: undefined });
  const key = async (k: string) => {
    const a = await accountByKey(ctx.tx, k);
    return { account_id: a.account_id, currency_id: a.currency_id };
  };
  const accounts: SaleReturnAccounts = {
    sales_returns: await key("sales_returns"),
    discounts: await key("discounts"),
    tax: await taxAccount(ctx),
    inventory: await key("inventory"),
    cogs: await key("cogs"),
  };
  return {
    sys,
    sale,
    creditor,
    creditorRate,
    accounts,
    commission: sale ? await commissionAccounts(ctx, sale.id) : null,
    catalogue: sale ? null : await catalogueLines(ctx, input, currency, rate, sys),
    row: {
      sale_fk: sale?.id ?? null,
      consumer_fk: consumer,
      date,
      inventory_fk: input.inventory_fk,
      currency_id: currency,
      rate,
      received_type: input.received_type,
      account_fk: cash?.account_id ?? null,
      status: "complete",
      note: input.note ?? null,
    },
  };
}
type Prepared = Awaited<ReturnType<typeof prepare>>;

/** A salesman sale that earned a commission: what it earned and the accounts it posted it to. */
async function commissionAccounts(ctx: Ctx, saleId: number) {
  const r = await ctx.tx.execute<{ commission: string; payable: number | null; payable_currency: number | null }>(sql`
    select s.commission::text, a.account_id as payable, a.currency_id as payable_currency
      from sales s left join salesman_accounts sa on sa.user_fk = s.salesman_fk left join accounts a on a.account_id = sa.account_fk
     where s.id = ${saleId}`);
  const row = r.rows[0];
  if (!row?.payable || !D(row.commission).gt(0)) return null;
  const expense = await accountByKey(ctx.tx, "commissions");
  return {
    earned: row.commission,
    expense: { account_id: expense.account_id, currency_id: expense.currency_id },
    payable: { account_id: Number(row.payable), currency_id: Number(row.payable_currency) },
  };
}

/** The commission this return takes back: its share of the sale's net revenue, after what other complete returns took. */
async function commissionBack(ctx: Ctx, p: Prepared, id: number, net: ReturnType<typeof D>) {
  const c = p.commission;
  if (!c || !p.sale) return null;
  const sold = await soldLines(ctx, p.sale.id, id);
  const saleNet = sumOf(sold, (l) => D(l.revenue).minus(l.discount));
  const r = await ctx.tx.execute<{ before: string }>(sql`
    select coalesce(sum(subtotal - discount_amount), 0)::text as before from sale_returns
     where sale_fk = ${p.sale.id} and status = 'complete' and id <> ${id}`);
  const amount = returnedCommission({ commission: c.earned, net: saleNet }, r.rows[0]!.before, net);
  return amount.gt(0) ? { amount, expense: c.expense, payable: c.payable } : null;
}

async function walkIn(ctx: Ctx): Promise<number> {
  const r = await ctx.tx.execute<{ id: number }>(
    sql`select consumer_id as id from consumers where kind = 'customer' and is_default order by consumer_id limit 1`,
  );
  if (!r.rows[0]) throw fail("consumer_fk", "The customer field is required.");
  return Number(r.rows[0].id);
}

/** The account the sales credit their tax to, when the chart has one. */
async function taxAccount(ctx: Ctx): Promise<AccountInfo | null> {
  const r = await ctx.tx.execute<{ account_id: number; currency_id: number }>(
    sql`select account_id, currency_id from accounts where system_key = 'sales_tax'`,
  );
  return r.rows[0] ? { account_id: Number(r.rows[0].account_id), currency_id: Number(r.rows[0].currency_id) } : null;
}

/**
 * The lines of a return from a sale, under the sale's row lock (so that two returns at once
 * cannot both take the last units): each names a line of the sale, no more than was sold less
 * what other complete returns took, and takes its share of the line's figures.
 */
async function saleLinesOf(ctx: Ctx, p: Prepared, input: SaleReturnInput, exceptReturn: number) {
  const sale = p.sale!;
  await ctx.tx.execute(sql`select 1 from sales where id = ${sale.id} for no key update`);
  const sold = new Map((await soldLines(ctx, sale.id, exceptReturn)).map((l) => [l.line_id, l]));
  const errors: Record<string, string[]> = {};
  input.lines.forEach((l, i) => {
    const s = l.sale_line_fk ? sold.get(l.sale_line_fk) : undefined;
    if (!s || (l.item_fk && l.item_fk !== s.item_fk) || (l.unit_fk && l.unit_fk !== s.unit_fk))
      errors[`lines.${i}.sale_line_fk`] = [SALE_RETURN_MSG.lineNotOfSale];
  });
  if (Object.keys(errors).length) throw new HttpError(422, SALE_RETURN_MSG.lineNotOfSale, errors);
  const taken = takenPerLine(
    input.lines,
    (l) => l.sale_line_fk!,
    (l) => [l.quantity],
  );
  assertWithinLimits(
    [...taken].map(([line, { index, amounts }]) => {
      const s = sold.get(line)!;
      return { index, field: "quantity", want: amounts[0]!, left: D(s.quantity).minus(s.returned) };
    }),
    SALE_RETURN_MSG.moreThanSold,
  );
  // Lines returning the same sale line count one after another.
  const before = new Map<number, ReturnType<typeof D>>();
  return input.lines.map((l, position) => {
    const s = sold.get(l.sale_line_fk!)!;
    const done = before.get(s.line_id) ?? s.returned;
    before.set(s.line_id, done.plus(l.quantity));
    const f = returnedShare(s, done, l.quantity);
    return {
      sale_line_fk: s.line_id,
      item_fk: s.item_fk,
      unit_fk: s.unit_fk,
      unit_base_qty: s.unit_base_qty,
      quantity: l.quantity,
      unit_price: s.unit_price,
      revenue: f.revenue.toFixed(),
      discount_amount: f.discount.toFixed(),
      tax_amount: f.tax.toFixed(),
      line_total: f.total.toFixed(),
      batch_no: s.batch_no,
      expire_date: s.expire_date,
      cost_each: null as string | null,
      position,
    };
  });
}

/** The goods back into stock (the sale's batches at the cost they left with, or the average cost) and the posting. */
async function bringBack(ctx: Ctx, id: number, p: Prepared) {
  const stored = await ctx.tx
    .select()
    .from(returnLinesTable)
    .where(eq(returnLinesTable.return_fk, id))
    .orderBy(asc(returnLinesTable.position));
  const inventory = p.row.inventory_fk;
  const stock: StockInLine[] = [];
  if (p.sale) {
    const { sold, back } = await soldBatches(ctx, p.sale.id, id);
    for (const l of stored) {
      const line = l.sale_line_fk!;
      const before = back.get(line) ?? new Map();
      for (const b of returnBatches(sold.get(line) ?? [], before, D(l.quantity).mul(l.unit_base_qty))) {
        stock.push({
          line_id: l.line_id,
          item_id: l.item_fk,
          inventory_id: inventory,
          batch_id: b.batch_id,
          quantity: b.qty,
          value: b.value,
        });
        const had = before.get(b.batch_id);
        before.set(b.batch_id, { qty: b.qty.plus(had?.qty ?? 0), value: b.value.plus(had?.value ?? 0) });
      }
      back.set(line, before);
    }
  } else
    for (const [i, l] of stored.entries())
      stock.push({
        line_id: l.line_id,
        item_id: l.item_fk,
        inventory_id: inventory,
        unit_id: l.unit_fk,
        quantity: l.quantity,
        batch_no: l.batch_no,
        expire_date: l.expire_date,
        value: round4(D(p.catalogue![i]!.cost_each).mul(l.quantity)),
      });
  const moved = await stockIn(ctx, saleReturnSource(id), stock, { date: p.row.date });
  for (const l of stored) {
    const cost = sumOf(
      moved.movements.filter((m) => m.line_id === l.line_id),
      (m) => m.value,
    );
    await ctx.tx.update(returnLinesTable).set({ cost: cost.toFixed() }).where(eq(returnLinesTable.line_id, l.line_id));
  }
  const figures = {
    revenue: sumOf(stored, (l) => l.revenue),
    discount: sumOf(stored, (l) => l.discount_amount),
    tax: sumOf(stored, (l) => l.tax_amount),
    total: sumOf(stored, (l) => l.line_total),
  };
  await ctx.tx
    .update(saleReturns)
    .set({
      subtotal: figures.revenue.toFixed(),
      discount_amount: figures.discount.toFixed(),
      tax_amount: figures.tax.toFixed(),
      total: figures.total.toFixed(),
      cost_total: moved.value,
    })
    .where(eq(saleReturns.id, id));
  const lines = saleReturnLines({
    accounts: p.accounts,
    creditor: p.creditor,
    currency_id: p.row.currency_id,
    rate: p.row.rate,
    creditor_rate: p.creditorRate,
    ...figures,
    cost: moved.value,
    commission: await commissionBack(ctx, p, id, figures.revenue.minus(figures.discount)),
  });
  // Named by its number, as a sale's entry is, so the customer's statement tells one return from another.
  const named = await ctx.tx.execute<{ name: string; number: string | null }>(
    sql`select c.consumer_name as name, r.number from consumers c, sale_returns r where c.consumer_id = ${p.row.consumer_fk} and r.id = ${id}`,
  );
  const { name = "", number = null } = named.rows[0] ?? {};
  await post(ctx, {
    date: p.row.date,
    source: saleReturnSource(id),
    description: `Sale return ${number ?? ""} from ${name}`.replace(/\s+/g, " ").trim(),
    lines,
  });
  const paid = lines.find((l) => l.account_id === p.creditor.account_id && l.credit !== undefined);
  return { account_id: p.creditor.account_id, currency_id: p.creditor.currency_id, amount: D(paid?.credit ?? 0) };
}

/** Locks every account the return posts to (and those of the entry an edit reverses), then the sale's row. */
async function lockAll(ctx: Ctx, p: Prepared, reversing?: number) {
  const a = p.accounts;
  await lockForPosting(ctx, {
    lines: [
      p.creditor,
      a.sales_returns,
      a.discounts,
      a.inventory,
      a.cogs,
      ...(a.tax ? [a.tax] : []),
      ...(p.commission ? [p.commission.expense, p.commission.payable] : []),
    ].map((x) => ({
      account_id: x.account_id,
    })),
    ...(reversing ? { reversing: saleReturnSource(reversing) } : {}),
  });
}

async function writeLines(ctx: Ctx, id: number, p: Prepared, input: SaleReturnInput, exceptReturn: number) {
  const lines = p.sale ? await saleLinesOf(ctx, p, input, exceptReturn) : p.catalogue!;
  await ctx.tx.delete(returnLinesTable).where(eq(returnLinesTable.return_fk, id));
  await ctx.tx.insert(returnLinesTable).values(lines.map(({ cost_each: _, ...l }) => ({ ...l, return_fk: id })));
}

/** A sale return, saved complete (the POS's returns come through here too), and what was paid back or credited, in the creditor's currency. */
export async function createSaleReturn(ctx: Ctx, input: SaleReturnInput) {
  const p = await prepare(ctx, input);
  await lockAll(ctx, p);
  const [row] = await ctx.tx
    .insert(saleReturns)
    .values({ ...p.row, created_by: ctx.user?.user_id ?? null })
    .returning({ id: saleReturns.id });
  const id = row!.id;
  await writeLines(ctx, id, p, input, 0);
  // Numbered before it posts, so its entry names it; the counter is still taken after the accounts (locked above).
  await ctx.tx
    .update(saleReturns)
    .set({ number: await nextNumber(ctx, "sale_returns", "SRT") })
    .where(eq(saleReturns.id, id));
  const paidBack = await bringBack(ctx, id, p);
  await recordSaleReturn(ctx, id, 1);
  return { id, paidBack };
}

/** Edit = the return's stock and entry reversed (unless the goods it brought back have gone again), then brought back as saved. */
export async function updateSaleReturn(ctx: Ctx, id: number, input: SaleReturnInput) {
  await storedReturn(ctx, doc, id);
  const p = await prepare(ctx, input);
  await lockAll(ctx, p, id);
  await assertNotProtected(ctx, saleReturnSource(id));
  // Its dashboard rows off as it stood, on again as saved (below).
  await recordSaleReturn(ctx, id, -1);
  // The sale's row (in writeLines) before the stock rows.
  await writeLines(ctx, id, p, input, id);
  await reverseStock(ctx, saleReturnSource(id), { date: p.row.date });
  await reverse(ctx, saleReturnSource(id));
  await ctx.tx
    .update(saleReturns)
    .set({ ...p.row, updated_by: ctx.user?.user_id ?? null, updated_at: ctx.now })
    .where(eq(saleReturns.id, id));
  await bringBack(ctx, id, p);
  await recordSaleReturn(ctx, id, 1);
}

export async function deleteSaleReturn(ctx: Ctx, id: number) {
  await recordSaleReturn(ctx, id, -1);
  await deleteReturnDoc(ctx, doc, id, { protect: true });
}

export async function setSaleReturnClosed(ctx: Ctx, id: number, closed: boolean) {
  await setReturnDocClosed(ctx, doc, id, closed);
}

export async function showSaleReturn(ctx: Ctx, id: number) {
  return showReturnDoc(
    ctx,
    doc,
    id,
    sql`
    select r.*, c.consumer_name, c.mobile as customer_mobile, i.inventory_name, cu.currency_name, a.account_name,
           a.system_key as account_system_key, s.number as sale_number, s.kind as sale_kind,
           cb.user_name as created_by_name
      from sale_returns r join consumers c on c.consumer_id = r.consumer_fk join inventories i on i.inventory_id = r.inventory_fk
      join currencies cu on cu.currency_id = r.currency_id left join accounts a on a.account_id = r.account_fk
      left join sales s on s.id = r.sale_fk left join users cb on cb.user_id = r.created_by
     where r.id = ${id}`,
  );
}
