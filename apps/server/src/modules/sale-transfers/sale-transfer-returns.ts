import { SALE_TRANSFER_MSG, type SaleTransferReturnInput } from "@app/contracts";
import { eq, type SQL, sql } from "drizzle-orm";
import { withBusinessDate } from "../../platform/business-time.js";
import type { Ctx } from "../../platform/context.js";
import * as listColumns from "../../platform/document-list-columns.js";
import { HttpError, notFound } from "../../platform/errors.js";
import { assertInventoryAccess, seesInventory } from "../catalogue/inventories.js";
import { inventoryDocumentList } from "../catalogue/inventory-lists.js";
import { lineUnits } from "../catalogue/item-units.js";
import { docDate } from "../ledger/dates.js";
import { createNumbered } from "../numbering/numbered-document.js";
import { assertCustomer } from "../parties/consumers.js";
import { assertNotProtected, reverseStock } from "../stock/stock.reverse.js";
import { assertNotConsignment, existingConsignment, movedValue, moveStock, storedLines } from "./consignment.js";
import { saleTransferReturnLines, saleTransferReturns, saleTransfers } from "./sale-transfers.tables.js";

/** The goods leaving the customer's consignment location, and the same goods arriving in the chosen inventory. */
export const saleTransferReturnSource = (id: number) => ({ type: "sale_transfer_return", id });
export const saleTransferReturnInSource = (id: number) => ({ type: "sale_transfer_return_in", id });

/** The value the goods came back with, system currency. */
const returnedValue = (id: SQL, line?: SQL) => movedValue("sale_transfer_return_in", id, line);

export const saleTransferReturnsList = inventoryDocumentList(
  "sale_transfer_returns",
  "r",
  sql`from sale_transfer_returns r join consumers c on c.consumer_id = r.consumer_fk join inventories i on i.inventory_id = r.inventory_fk
            left join sale_transfers t on t.id = r.sale_transfer_fk left join users cb on cb.user_id = r.created_by`,
  {
    ...listColumns.head("r"),
    ...listColumns.party("r"),
    ...listColumns.inventory("r"),
    sale_transfer_id: { expr: sql`r.sale_transfer_fk`, filter: "eq" },
    sale_transfer_number: { expr: sql`t.number`, search: true },
    value: { expr: returnedValue(sql`r.id`), sortable: false },
    ...listColumns.author("r"),
  },
);

async function prepare(ctx: Ctx, input: SaleTransferReturnInput) {
  await assertCustomer(ctx, input.consumer_fk);
  const consignment = await existingConsignment(ctx, input.consumer_fk);
  await assertInventoryAccess(ctx, input.inventory_fk);
  await assertNotConsignment(ctx, input.inventory_fk);
  if (input.sale_transfer_fk != null) {
    const [t] = await ctx.tx.select().from(saleTransfers).where(eq(saleTransfers.id, input.sale_transfer_fk));
    if (!t || t.consumer_fk !== input.consumer_fk)
      throw new HttpError(422, SALE_TRANSFER_MSG.transferOfCustomer, { sale_transfer_fk: [SALE_TRANSFER_MSG.transferOfCustomer] });
    if (t.status !== "sent") throw new HttpError(422, SALE_TRANSFER_MSG.notSent, { sale_transfer_fk: [SALE_TRANSFER_MSG.notSent] });
  }
  const units = await lineUnits(ctx, input.lines);
  return {
    consignment,
    row: {
      consumer_fk: input.consumer_fk,
      sale_transfer_fk: input.sale_transfer_fk ?? null,
      inventory_fk: input.inventory_fk,
      consignment_inventory_fk: consignment,
      date: docDate(input.date, ctx.now),
      note: input.note ?? null,
    },
    lines: storedLines(input.lines, units),
  };
}

/**
 * Writes the lines and moves the goods back: out of the consignment location (a line's batch, or
 * first expiry first out; no more than the customer still holds) and into the chosen inventory
 * at the cost they left with. No entry (one inventory account).
 */
async function bringBack(ctx: Ctx, id: number, p: Awaited<ReturnType<typeof prepare>>) {
  await ctx.tx.delete(saleTransferReturnLines).where(eq(saleTransferReturnLines.return_fk, id));
  const lines = await ctx.tx
    .insert(saleTransferReturnLines)
    .values(p.lines.map((l) => ({ ...l, return_fk: id })))
    .returning();
  await moveStock(
    ctx,
    { out: saleTransferReturnSource(id), into: saleTransferReturnInSource(id) },
    p.consignment,
    p.row.inventory_fk,
    lines.sort((a, b) => a.position - b.position),
    { purpose: "transfer", date: p.row.date },
  );
}

/** Undoes a return's movements, unless the goods it brought back have left the inventory since. */
async function takeBack(ctx: Ctx, id: number) {
  await assertNotProtected(ctx, saleTransferReturnInSource(id));
  await reverseStock(ctx, saleTransferReturnInSource(id));
  await reverseStock(ctx, saleTransferReturnSource(id));
}

async function lockReturn(ctx: Ctx, id: number) {
  const res = await ctx.tx.execute<{ inventory_fk: number }>(
    sql`select inventory_fk from sale_transfer_returns where id = ${id} for no key update`,
  );
  if (!res.rows[0]) throw notFound();
  await assertInventoryAccess(ctx, res.rows[0].inventory_fk);
}

export async function createSaleTransferReturn(ctx: Ctx, input: SaleTransferReturnInput) {
  const p = await prepare(ctx, input);
  return createNumbered(ctx, saleTransferReturns, p.row, "STRR", (id) => bringBack(ctx, id, p));
}

export async function updateSaleTransferReturn(ctx: Ctx, id: number, input: SaleTransferReturnInput) {
  await lockReturn(ctx, id);
  const p = await prepare(ctx, input);
  await takeBack(ctx, id);
  await ctx.tx
    .update(saleTransferReturns)
    .set({ ...p.row, updated_by: ctx.user?.user_id ?? null, updated_at: ctx.now })
    .where(eq(saleTransferReturns.id, id));
  await bringBack(ctx, id, p);
}

export async function deleteSaleTransferReturn(ctx: Ctx, id: number) {
  await lockReturn(ctx, id);
  await takeBack(ctx, id);
  await ctx.tx.delete(saleTransferReturns).where(eq(saleTransferReturns.id, id));
}

export async function showSaleTransferReturn(ctx: Ctx, id: number) {
  const res = await ctx.tx.execute(sql`
    select r.*, c.consumer_name, c.mobile as customer_mobile, i.inventory_name, ci.inventory_name as consignment_inventory_name,
           t.number as sale_transfer_number, cb.user_name as created_by_name, ${returnedValue(sql`r.id`)} as value
      from sale_transfer_returns r join consumers c on c.consumer_id = r.consumer_fk join inventories i on i.inventory_id = r.inventory_fk
      left join inventories ci on ci.inventory_id = r.consignment_inventory_fk
      left join sale_transfers t on t.id = r.sale_transfer_fk left join users cb on cb.user_id = r.created_by
     where r.id = ${id}`);
  const r = res.rows[0] as (Record<string, unknown> & { date: Date; inventory_fk: number }) | undefined;
  if (!r) return undefined;
  if (!(await seesInventory(ctx, r.inventory_fk))) return undefined;
  const lines = await ctx.tx.execute(sql`
    select l.*, it.item_name, it.item_code, u.unit_name, b.batch_no, to_char(b.expire_date, 'YYYY-MM-DD') as expire_date,
           ${returnedValue(sql`l.return_fk`, sql`l.line_id`)} as value
      from sale_transfer_return_lines l join items it on it.item_id = l.item_fk join units u on u.unit_id = l.unit_fk
      left join stock_batches b on b.batch_id = l.batch_fk
     where l.return_fk = ${id} order by l.position, l.line_id`);
  return withBusinessDate({ ...r, lines: lines.rows } as Record<string, unknown> & { date: Date });
}
