import { SALE_TRANSFER_MSG, type SaleTransferInput } from "@app/contracts";
import { asc, eq, type SQL, sql } from "drizzle-orm";
import { intArray } from "../../db/bulk.js";
import { businessDay, withBusinessDate } from "../../platform/business-time.js";
import type { Ctx } from "../../platform/context.js";
import { assertOpenFor } from "../../platform/doc-closing.js";
import * as listColumns from "../../platform/document-list-columns.js";
import { HttpError, notFound } from "../../platform/errors.js";
import { moneyColumns } from "../../platform/money-columns.js";
import { assertInventoryAccess, inventoryScope, seesInventory } from "../catalogue/inventories.js";
import { inventoryDocumentList } from "../catalogue/inventory-lists.js";
import { lineUnits } from "../catalogue/item-units.js";
import { docDate } from "../ledger/dates.js";
import { createNumbered } from "../numbering/numbered-document.js";
import { assertCustomer } from "../parties/consumers.js";
import { quotePrices } from "../pricing/quote.js";
import { assertNotProtected, reverseStock } from "../stock/stock.reverse.js";
import { assertNotConsignment, consignmentInventory, movedValue, moveStock, storedLines } from "./consignment.js";
import { saleTransferLines, saleTransfers } from "./sale-transfers.tables.js";
import { transferLineBalances } from "./transfer-balances.js";

/** The goods leaving the sender's inventory, and the same goods arriving at the customer's consignment location. */
export const saleTransferSource = (id: number) => ({ type: "sale_transfer", id });
export const saleTransferInSource = (id: number) => ({ type: "sale_transfer_in", id });

/** The cost the goods left with (sent transfers), system currency. */
const costOf = (id: SQL, line?: SQL) => movedValue("sale_transfer", id, line, true);

export const saleTransfersList = inventoryDocumentList(
  "sale_transfers",
  "t",
  sql`from sale_transfers t join consumers c on c.consumer_id = t.consumer_fk join inventories i on i.inventory_id = t.inventory_fk
            join currencies cu on cu.currency_id = t.currency_id left join users cb on cb.user_id = t.created_by`,
  {
    ...listColumns.head("t"),
    ...listColumns.party("t"),
    ...listColumns.inventory("t"),
    ...listColumns.currency("t"),
    ...moneyColumns("t", "total"),
    cost: { expr: costOf(sql`t.id`), sortable: false },
    status: { expr: sql`t.status`, filter: "eq", notNull: true },
    is_closed: { expr: sql`t.is_closed`, filter: "bool" },
    ...listColumns.author("t"),
  },
  "total",
);

/** Checks the transfer and prices its lines through the one price function (customer, day, in-rate): what the goods would sell for. */
async function prepare(ctx: Ctx, input: SaleTransferInput) {
  await assertCustomer(ctx, input.consumer_fk);
  await assertInventoryAccess(ctx, input.inventory_fk);
  await assertNotConsignment(ctx, input.inventory_fk);
  const date = docDate(input.date, ctx.now);
  const units = await lineUnits(ctx, input.lines);
  for (const [i, l] of input.lines.entries()) {
    if (l.batch_fk == null) continue;
    const b = await ctx.tx.execute(sql`select 1 from stock_batches where batch_id = ${l.batch_fk} and item_fk = ${l.item_fk}`);
    if (!b.rows.length)
      throw new HttpError(422, "The selected batch is invalid.", { [`lines.${i}.batch_fk`]: ["The selected batch is invalid."] });
  }
  const priced = await quotePrices(
    ctx,
    {
      customer_id: input.consumer_fk,
      currency_id: input.currency_id,
      rate: input.rate ?? null,
      date: businessDay(date),
      lines: input.lines.map((l, i) => ({ item_unit_id: units[i]!.item_unit_id, quantity: l.quantity, discount: null })),
      invoice_discount: null,
    },
    { confirmed: input.confirmed },
  );
  return {
    row: {
      consumer_fk: input.consumer_fk,
      inventory_fk: input.inventory_fk,
      date,
      currency_id: priced.currency_id,
      rate: priced.rate,
      total: priced.total,
      note: input.note ?? null,
    },
    lines: storedLines(input.lines, units).map((l, i) => ({
      ...l,
      unit_price: priced.lines[i]!.unit_price,
      line_total: priced.lines[i]!.total,
    })),
  };
}

async function writeLines(ctx: Ctx, id: number, lines: Awaited<ReturnType<typeof prepare>>["lines"]) {
  await ctx.tx.delete(saleTransferLines).where(eq(saleTransferLines.transfer_fk, id));
  await ctx.tx.insert(saleTransferLines).values(lines.map((l) => ({ ...l, transfer_fk: id })));
}

export async function createSaleTransfer(ctx: Ctx, input: SaleTransferInput) {
  const p = await prepare(ctx, input);
  return createNumbered(ctx, saleTransfers, p.row, "STR", (id) => writeLines(ctx, id, p.lines));
}

/** The transfer's row, locked first by every change to it, so two people sending one transfer act one after the other. */
async function lockTransfer(ctx: Ctx, id: number) {
  const res = await ctx.tx.execute(sql`select id from sale_transfers where id = ${id} for no key update`);
  if (!res.rows.length) throw notFound();
  const [t] = await ctx.tx.select().from(saleTransfers).where(eq(saleTransfers.id, id));
  await assertInventoryAccess(ctx, t!.inventory_fk);
  // Closed, it is changed only by a user who may unclose (platform/doc-closing.ts).
  assertOpenFor(ctx, t!, "sale_transfers", SALE_TRANSFER_MSG.closed);
  return t!;
}

export async function updateSaleTransfer(ctx: Ctx, id: number, input: SaleTransferInput) {
  const t = await lockTransfer(ctx, id);
  if (t.status !== "pending") throw new HttpError(422, SALE_TRANSFER_MSG.notPending);
  const p = await prepare(ctx, input);
  await ctx.tx
    .update(saleTransfers)
    .set({ ...p.row, updated_by: ctx.user?.user_id ?? null, updated_at: ctx.now })
    .where(eq(saleTransfers.id, id));
  await writeLines(ctx, id, p.lines);
}

export async function deleteSaleTransfer(ctx: Ctx, id: number) {
  const t = await lockTransfer(ctx, id);
  if (t.status !== "pending") throw new HttpError(422, SALE_TRANSFER_MSG.notPending);
  await ctx.tx.delete(saleTransfers).where(eq(saleTransfers.id, id));
}

/**
 * Send: the goods leave the inventory (a line's batch or first expiry first out; expired batches
 * are not sent, as for a sale) at average cost and arrive at the customer's consignment location
 * (made on first use) with the same batches and cost. No entry: both places are the one
 * inventory account; revenue and cost of goods sold post when the goods are invoiced.
 */
export async function sendSaleTransfer(ctx: Ctx, id: number) {
  const t = await lockTransfer(ctx, id);
  if (t.status !== "pending") throw new HttpError(422, SALE_TRANSFER_MSG.notPending);
  const outlet = await ctx.tx.execute<{ outlet_fk: number | null }>(
    sql`select outlet_fk from inventories where inventory_id = ${t.inventory_fk}`,
  );
  const consignment = await consignmentInventory(ctx, t.consumer_fk, outlet.rows[0]?.outlet_fk ?? null);
  const lines = await ctx.tx
    .select()
    .from(saleTransferLines)
    .where(eq(saleTransferLines.transfer_fk, id))
    .orderBy(asc(saleTransferLines.position), asc(saleTransferLines.line_id));
  await moveStock(ctx, { out: saleTransferSource(id), into: saleTransferInSource(id) }, t.inventory_fk, consignment, lines, {
    purpose: "sale",
    date: t.date,
  });
  await ctx.tx
    .update(saleTransfers)
    .set({
      status: "sent",
      consignment_inventory_fk: consignment,
      sent_at: ctx.now,
      sent_by: ctx.user?.user_id ?? null,
      updated_at: ctx.now,
    })
    .where(eq(saleTransfers.id, id));
}

/** Return To Draft: the goods come back from the consignment location, unless some were invoiced or returned since. */
export async function saleTransferToDraft(ctx: Ctx, id: number) {
  const t = await lockTransfer(ctx, id);
  if (t.status !== "sent") throw new HttpError(422, SALE_TRANSFER_MSG.notSent);
  await assertNotProtected(ctx, saleTransferInSource(id));
  await reverseStock(ctx, saleTransferInSource(id), { date: t.date });
  await reverseStock(ctx, saleTransferSource(id), { date: t.date });
  await ctx.tx
    .update(saleTransfers)
    .set({ status: "pending", sent_at: null, sent_by: null, updated_by: ctx.user?.user_id ?? null, updated_at: ctx.now })
    .where(eq(saleTransfers.id, id));
}

export async function setSaleTransferClosed(ctx: Ctx, id: number, closed: boolean) {
  const res = await ctx.tx.execute<{ inventory_fk: number; is_closed: boolean }>(
    sql`select inventory_fk, is_closed from sale_transfers where id = ${id} for no key update`,
  );
  if (!res.rows[0]) throw notFound();
  await assertInventoryAccess(ctx, res.rows[0].inventory_fk);
  // Closing what is closed (a second tab, a double click) says so instead of passing for a change.
  if (res.rows[0].is_closed === closed) throw new HttpError(422, closed ? SALE_TRANSFER_MSG.alreadyClosed : SALE_TRANSFER_MSG.alreadyOpen);
  await ctx.tx
    .update(saleTransfers)
    .set({ is_closed: closed, updated_by: ctx.user?.user_id ?? null, updated_at: ctx.now })
    .where(eq(saleTransfers.id, id));
}

/** A sale transfer with its lines (item, unit, batch, the cost each left with) and names, as the screens show and print it. */
export async function showSaleTransfer(ctx: Ctx, id: number) {
  const res = await ctx.tx.execute(sql`
    select t.*, c.consumer_name, c.mobile as customer_mobile, i.inventory_name, ci.inventory_name as consignment_inventory_name,
           cu.currency_name, cb.user_name as created_by_name, ${costOf(sql`t.id`)} as cost
      from sale_transfers t join consumers c on c.consumer_id = t.consumer_fk join inventories i on i.inventory_id = t.inventory_fk
      left join inventories ci on ci.inventory_id = t.consignment_inventory_fk
      join currencies cu on cu.currency_id = t.currency_id left join users cb on cb.user_id = t.created_by
     where t.id = ${id}`);
  const t = res.rows[0] as (Record<string, unknown> & { date: Date; inventory_fk: number }) | undefined;
  if (!t) return undefined;
  if (!(await seesInventory(ctx, t.inventory_fk))) return undefined;
  const lines = await ctx.tx.execute(sql`
    select l.*, it.item_name, it.item_code, u.unit_name, b.batch_no, to_char(b.expire_date, 'YYYY-MM-DD') as expire_date,
           ${costOf(sql`l.transfer_fk`, sql`l.line_id`)} as cost
      from sale_transfer_lines l join items it on it.item_id = l.item_fk join units u on u.unit_id = l.unit_fk
      left join stock_batches b on b.batch_id = l.batch_fk
     where l.transfer_fk = ${id} order by l.position, l.line_id`);
  // What is left of each line: sent, less invoiced, less returned (nothing of a pending transfer is out yet).
  const left = new Map((await transferLineBalances(ctx.tx, sql`l.transfer_fk = ${id}`)).map((b) => [b.line_id, b]));
  const sent = t.status === "sent";
  const withLeft = lines.rows.map((l) => {
    const b = left.get(Number(l.line_id));
    return {
      ...l,
      invoiced_quantity: b?.invoiced ?? "0",
      returned_quantity: b?.returned ?? "0",
      left_quantity: sent ? (b?.left ?? "0") : "0",
    };
  });
  return withBusinessDate({ ...t, lines: withLeft } as Record<string, unknown> & { date: Date });
}

/**
 * The lines of a customer's sent sale transfers with something left to invoice or return, oldest
 * first, optionally of one item: what the consignment invoice offers, in each line's unit and price.
 */
export async function openTransferLines(ctx: Ctx, consumerId: number, itemId?: number) {
  const rows = await transferLineBalances(
    ctx.tx,
    sql`t.consumer_fk = ${consumerId} and t.status = 'sent' ${itemId ? sql`and l.item_fk = ${itemId}` : sql``}
        and ${inventoryScope(ctx, sql`t.inventory_fk`) ?? sql`true`}`,
  );
  const names = await ctx.tx.execute<{ line_id: number; unit_name: string; currency_name: string }>(sql`
    select l.line_id, u.unit_name, cu.currency_name from sale_transfer_lines l join units u on u.unit_id = l.unit_fk
      join sale_transfers t on t.id = l.transfer_fk join currencies cu on cu.currency_id = t.currency_id
     where l.line_id = any(${intArray(rows.map((r) => r.line_id))})`);
  const byLine = new Map(names.rows.map((n) => [Number(n.line_id), n]));
  return rows
    .filter((r) => Number(r.left) > 0)
    .map((r) => ({
      line_id: r.line_id,
      transfer_id: r.transfer_fk,
      number: r.number,
      item_id: r.item_fk,
      unit_id: r.unit_fk,
      unit_name: byLine.get(r.line_id)?.unit_name ?? "",
      currency_id: r.currency_id,
      currency_name: byLine.get(r.line_id)?.currency_name ?? "",
      unit_price: r.unit_price,
      quantity: r.quantity,
      invoiced: r.invoiced,
      returned: r.returned,
      left: r.left,
    }));
}
