import { type ItemTransferInput, TRANSFER_NOT_APPROVED, TRANSFER_NOT_PENDING, TRANSFER_NOT_SENT } from "@app/contracts";
import { eq, sql } from "drizzle-orm";
import { sqlBusinessDateTime, withBusinessDate } from "../../platform/business-time.js";
import type { Ctx } from "../../platform/context.js";
import { HttpError, notFound } from "../../platform/errors.js";
import type { ListModel } from "../../platform/list.js";
import { assertInventoryAccess, inventoryScope } from "../catalogue/inventories.js";
import { docDate } from "../ledger/dates.js";
import { nextNumber } from "../numbering/numbering.js";
import { stockIn } from "./stock.in.js";
import { stockOut } from "./stock.out.js";
import { liveMovements } from "./stock.reverse.js";
import { itemTransferLines, itemTransfers } from "./stock.tables.js";

/** Item transfers between inventories: pending (approve / disapprove), sent (stock left), received (stock arrived). */
export const SOURCE_ITEM_TRANSFER = "item_transfer";
/** The goods arriving: a source of their own, so the send and the receive are undone apart. */
export const SOURCE_ITEM_TRANSFER_RECEIVE = "item_transfer_receive";

export const itemTransfersList: ListModel = {
  model: "stock_transfers",
  from: sql`from item_transfers t
            join inventories fi on fi.inventory_id = t.from_inventory_fk
            join inventories ti on ti.inventory_id = t.to_inventory_fk
            left join users u on u.user_id = t.created_by`,
  idColumn: "transfer_id",
  defaultSort: "date",
  defaultDir: "desc",
  dateColumn: sql`t.date`,
  scope: (ctx) => {
    const from = inventoryScope(ctx, sql`t.from_inventory_fk`);
    const to = inventoryScope(ctx, sql`t.to_inventory_fk`);
    return from && to ? sql`(${from} or ${to})` : undefined;
  },
  columns: {
    transfer_id: { expr: sql`t.transfer_id`, filter: "eq" },
    transfer_no: { expr: sql`t.transfer_no`, search: true },
    date: { expr: sqlBusinessDateTime(sql`t.date`), sortExpr: sql`t.date`, notNull: true },
    from_inventory_id: { expr: sql`t.from_inventory_fk`, filter: "eq" },
    from_inventory_name: { expr: sql`fi.inventory_name`, search: true },
    to_inventory_id: { expr: sql`t.to_inventory_fk`, filter: "eq" },
    to_inventory_name: { expr: sql`ti.inventory_name`, search: true },
    status: { expr: sql`t.status`, filter: "in", notNull: true },
    approved: { expr: sql`t.approved`, filter: "bool" },
    items_count: { expr: sql`(select count(*)::int from item_transfer_lines l where l.transfer_fk = t.transfer_id)`, sortable: false },
    /** The cost the goods left with (sent and received transfers). */
    value: {
      expr: sql`(select coalesce(-sum(m.value), 0)::text from stock_movements m
                  where m.source_type = ${SOURCE_ITEM_TRANSFER} and m.source_id = t.transfer_id and m.reversal_of is null)`,
      sortable: false,
    },
    note: { expr: sql`t.note`, search: true },
    created_by_name: { expr: sql`u.user_name` },
    created_at: { expr: sql`t.created_at` },
  },
};

export async function showItemTransfer(ctx: Ctx, id: number) {
  const res = await ctx.tx.execute(sql`
    select t.transfer_id, t.transfer_no, t.date, t.from_inventory_fk as from_inventory_id, fi.inventory_name as from_inventory_name,
           t.to_inventory_fk as to_inventory_id, ti.inventory_name as to_inventory_name, t.status, t.approved, t.note,
           t.sent_at, t.received_at, t.created_at, t.updated_at
      from item_transfers t
      join inventories fi on fi.inventory_id = t.from_inventory_fk
      join inventories ti on ti.inventory_id = t.to_inventory_fk
     where t.transfer_id = ${id}`);
  const row = res.rows[0] as (Record<string, unknown> & { date: Date }) | undefined;
  if (!row) return undefined;
  const lines = await ctx.tx.execute(sql`
    select l.line_id, l.item_fk as item_id, i.item_name, i.item_code, l.unit_fk as unit_id, un.unit_name, l.quantity::text as quantity,
           l.batch_fk as batch_id, b.batch_no, to_char(b.expire_date, 'YYYY-MM-DD') as expire_date,
           (select coalesce(-sum(m.value), 0)::text from stock_movements m
             where m.source_type = ${SOURCE_ITEM_TRANSFER} and m.source_id = l.transfer_fk and m.source_line = l.line_id and m.reversal_of is null) as value
      from item_transfer_lines l
      join items i on i.item_id = l.item_fk
      join units un on un.unit_id = l.unit_fk
      left join stock_batches b on b.batch_id = l.batch_fk
     where l.transfer_fk = ${id}
     order by l.line_id`);
  return { ...withBusinessDate(row), items: lines.rows };
}

/** Checks what a transfer names: inventories the user may use, items with that unit, batches of that item. */
async function check(ctx: Ctx, input: ItemTransferInput) {
  await assertInventoryAccess(ctx, input.from_inventory_id);
  const to = await ctx.tx.execute(sql`select 1 from inventories where inventory_id = ${input.to_inventory_id}`);
  if (!to.rows.length)
    throw new HttpError(422, "The selected to inventory is invalid.", { to_inventory_id: ["The selected to inventory is invalid."] });
  for (const [i, l] of input.items.entries()) {
    const unit = await ctx.tx.execute(sql`select 1 from item_units where item_fk = ${l.item_id} and unit_fk = ${l.unit_id}`);
    if (!unit.rows.length)
      throw new HttpError(422, "The selected unit is invalid.", { [`items.${i}.unit_id`]: ["The selected unit is invalid."] });
    if (l.batch_id != null) {
      const b = await ctx.tx.execute(sql`select 1 from stock_batches where batch_id = ${l.batch_id} and item_fk = ${l.item_id}`);
      if (!b.rows.length)
        throw new HttpError(422, "The selected batch is invalid.", { [`items.${i}.batch_id`]: ["The selected batch is invalid."] });
    }
  }
}

async function writeLines(ctx: Ctx, id: number, input: ItemTransferInput) {
  await ctx.tx.insert(itemTransferLines).values(
    input.items.map((l) => ({
      transfer_fk: id,
      item_fk: l.item_id,
      unit_fk: l.unit_id,
      quantity: l.quantity,
      batch_fk: l.batch_id ?? null,
    })),
  );
}

export async function createItemTransfer(ctx: Ctx, input: ItemTransferInput) {
  await check(ctx, input);
  const [r] = await ctx.tx
    .insert(itemTransfers)
    .values({
      date: docDate(input.date, ctx.now),
      from_inventory_fk: input.from_inventory_id,
      to_inventory_fk: input.to_inventory_id,
      note: input.note ?? null,
      created_by: ctx.user?.user_id ?? null,
    })
    .returning({ id: itemTransfers.transfer_id });
  const id = r!.id;
  await writeLines(ctx, id, input);
  await ctx.tx
    .update(itemTransfers)
    .set({ transfer_no: await nextNumber(ctx, "item_transfers", "IT") })
    .where(eq(itemTransfers.transfer_id, id));
  return { id };
}

/**
 * Takes the transfer's row lock (the first lock of every change to a transfer, so two people
 * sending or receiving it at once act one after the other) and checks its state.
 */
async function lockTransfer(ctx: Ctx, id: number) {
  const res = await ctx.tx.execute<{
    status: string;
    approved: boolean | null;
    from_inventory_fk: number;
    to_inventory_fk: number;
    date: Date;
  }>(
    sql`select status, approved, from_inventory_fk, to_inventory_fk, date from item_transfers where transfer_id = ${id} for no key update`,
  );
  const row = res.rows[0];
  if (!row) throw notFound();
  return row;
}

export async function updateItemTransfer(ctx: Ctx, id: number, input: ItemTransferInput) {
  const row = await lockTransfer(ctx, id);
  if (row.status !== "pending") throw new HttpError(422, TRANSFER_NOT_PENDING);
  await check(ctx, input);
  await ctx.tx
    .update(itemTransfers)
    .set({
      date: docDate(input.date, ctx.now),
      from_inventory_fk: input.from_inventory_id,
      to_inventory_fk: input.to_inventory_id,
      note: input.note ?? null,
      // A changed transfer is decided again.
      approved: null,
      updated_by: ctx.user?.user_id ?? null,
      updated_at: ctx.now,
    })
    .where(eq(itemTransfers.transfer_id, id));
  await ctx.tx.delete(itemTransferLines).where(eq(itemTransferLines.transfer_fk, id));
  await writeLines(ctx, id, input);
}

export async function deleteItemTransfer(ctx: Ctx, id: number) {
  const row = await lockTransfer(ctx, id);
  if (row.status !== "pending") throw new HttpError(422, TRANSFER_NOT_PENDING);
  await ctx.tx.delete(itemTransfers).where(eq(itemTransfers.transfer_id, id));
}

export async function decideItemTransfer(ctx: Ctx, id: number, approved: boolean) {
  const row = await lockTransfer(ctx, id);
  if (row.status !== "pending") throw new HttpError(422, TRANSFER_NOT_PENDING);
  await assertInventoryAccess(ctx, row.from_inventory_fk);
  await ctx.tx
    .update(itemTransfers)
    .set({ approved, updated_by: ctx.user?.user_id ?? null, updated_at: ctx.now })
    .where(eq(itemTransfers.transfer_id, id));
}

/** Send: the goods leave the from-inventory (first expiry first out unless a line names its batch), at average cost. */
export async function sendItemTransfer(ctx: Ctx, id: number) {
  const row = await lockTransfer(ctx, id);
  if (row.status !== "pending") throw new HttpError(422, TRANSFER_NOT_PENDING);
  if (row.approved !== true) throw new HttpError(422, TRANSFER_NOT_APPROVED);
  await assertInventoryAccess(ctx, row.from_inventory_fk);
  const lines = await ctx.tx
    .select()
    .from(itemTransferLines)
    .where(eq(itemTransferLines.transfer_fk, id))
    .orderBy(itemTransferLines.line_id);
  await stockOut(
    ctx,
    { type: SOURCE_ITEM_TRANSFER, id },
    lines.map((l) => ({
      line_id: l.line_id,
      item_id: l.item_fk,
      inventory_id: row.from_inventory_fk,
      unit_id: l.unit_fk,
      quantity: l.quantity,
      batch_id: l.batch_fk,
    })),
    { purpose: "transfer" },
  );
  await ctx.tx
    .update(itemTransfers)
    .set({ status: "sent", sent_at: ctx.now, sent_by: ctx.user?.user_id ?? null, updated_at: ctx.now })
    .where(eq(itemTransfers.transfer_id, id));
}

/** Receive: the goods that left arrive in the to-inventory, batch by batch, at the cost they left with. */
export async function receiveItemTransfer(ctx: Ctx, id: number) {
  const row = await lockTransfer(ctx, id);
  if (row.status !== "sent") throw new HttpError(422, TRANSFER_NOT_SENT);
  await assertInventoryAccess(ctx, row.to_inventory_fk);
  const sent = await liveMovements(ctx, { type: SOURCE_ITEM_TRANSFER, id });
  await stockIn(
    ctx,
    { type: SOURCE_ITEM_TRANSFER_RECEIVE, id },
    sent.map((m) => ({
      line_id: m.source_line,
      item_id: m.item_id,
      inventory_id: row.to_inventory_fk,
      batch_id: m.batch_id,
      quantity: m.qty.neg(),
      value: m.value.neg(),
    })),
  );
  await ctx.tx
    .update(itemTransfers)
    .set({ status: "received", received_at: ctx.now, received_by: ctx.user?.user_id ?? null, updated_at: ctx.now })
    .where(eq(itemTransfers.transfer_id, id));
}
