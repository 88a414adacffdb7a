import { MSG, PURCHASE_ORDER_MSG, type PurchaseOrderInput } from "@app/contracts";
import { eq, sql } from "drizzle-orm";
import { sqlBusinessDay, withBusinessDate } from "../../platform/business-time.js";
import type { Ctx } from "../../platform/context.js";
import * as listColumns from "../../platform/document-list-columns.js";
import { HttpError, notFound } from "../../platform/errors.js";
import { moneyColumns } from "../../platform/money-columns.js";
import { assertInventoryAccess, seesInventory } from "../catalogue/inventories.js";
import { inventoryDocumentList } from "../catalogue/inventory-lists.js";
import { docDate } from "../ledger/dates.js";
import { documentRate } from "../ledger/document-rate.js";
import { D } from "../ledger/money.js";
import { createNumbered } from "../numbering/numbered-document.js";
import { checkLines } from "../purchases/purchase.prepare.js";
import { lockOrder, orderLineReceipts } from "./order-receipts.js";
import { purchaseOrderLines, purchaseOrders } from "./purchase-orders.tables.js";

/**
 * Purchase orders: write (draft), Order (sent to the supplier), Return To Draft (nothing received
 * yet), Cancel The Rest (closed), delete (no receipts). Receiving is in `receive-order.ts`, the
 * reorder suggestions in `reorder.ts`.
 */

const from = sql`from purchase_orders o join consumers c on c.consumer_id = o.consumer_fk join inventories i on i.inventory_id = o.inventory_fk
            join currencies cu on cu.currency_id = o.currency_id left join users cb on cb.user_id = o.created_by`;

export const purchaseOrdersList = inventoryDocumentList(
  "purchase_orders",
  "o",
  from,
  {
    ...listColumns.head("o"),
    ...listColumns.party("o"),
    reference_no: { expr: sql`o.reference_no`, search: true, filter: "like" },
    expected_date: { expr: sql`to_char(o.expected_date, 'YYYY-MM-DD')`, sortExpr: sql`o.expected_date` },
    ...listColumns.inventory("o"),
    ...listColumns.currency("o"),
    ...moneyColumns("o", "total"),
    status: { expr: sql`o.status`, filter: "eq", notNull: true },
    receive_status: { expr: sql`o.receive_status`, filter: "eq", notNull: true },
    ...listColumns.author("o"),
  },
  "total",
);

async function assertSupplier(ctx: Ctx, consumerId: number) {
  const res = await ctx.tx.execute(sql`select 1 from consumers where consumer_id = ${consumerId} and kind = 'supplier'`);
  if (!res.rows.length) throw new HttpError(422, MSG.chooseFromList, { consumer_id: [MSG.chooseFromList] });
}

/** Checks an order as sent (supplier, inventory, rate, items and units, each item once) and works out its lines. */
async function prepare(ctx: Ctx, input: PurchaseOrderInput) {
  await assertSupplier(ctx, input.consumer_id);
  await assertInventoryAccess(ctx, input.inventory_id);
  const date = docDate(input.date, ctx.now);
  const rate = await documentRate(ctx.tx, {
    currency_id: input.currency_id,
    rate: input.rate,
    date,
    kind: "out",
    confirmed: input.confirmed,
  });
  const seen = new Map<number, number>();
  const twice: Record<string, string[]> = {};
  input.lines.forEach((l, i) => {
    if (seen.has(l.item_id)) twice[`lines.${i}.item_id`] = [PURCHASE_ORDER_MSG.itemTwice];
    seen.set(l.item_id, i);
  });
  if (Object.keys(twice).length) throw new HttpError(422, PURCHASE_ORDER_MSG.itemTwice, twice);
  const { bases } = await checkLines(ctx.tx, input.lines, "lines", false);
  const lines = input.lines.map((l, i) => {
    const price = D(l.unit_price ?? 0);
    return {
      item_fk: l.item_id,
      unit_fk: l.unit_id,
      unit_base_qty: bases[i]!,
      quantity: D(l.quantity).toFixed(),
      unit_price: price.toFixed(3),
      line_total: price.mul(l.quantity).toDecimalPlaces(3).toFixed(3),
      description: l.description ?? null,
      position: i,
    };
  });
  const total = lines.reduce((s, l) => s.plus(l.line_total), D(0)).toFixed(3);
  return {
    row: {
      consumer_fk: input.consumer_id,
      reference_no: input.reference_no ?? null,
      date,
      expected_date: input.expected_date ?? null,
      inventory_fk: input.inventory_id,
      currency_id: input.currency_id,
      rate,
      total,
      note: input.note ?? null,
    },
    lines,
  };
}

async function writeLines(ctx: Ctx, id: number, lines: Awaited<ReturnType<typeof prepare>>["lines"]) {
  await ctx.tx.delete(purchaseOrderLines).where(eq(purchaseOrderLines.order_fk, id));
  await ctx.tx.insert(purchaseOrderLines).values(lines.map((l) => ({ ...l, order_fk: id })));
}

export async function createPurchaseOrder(ctx: Ctx, input: PurchaseOrderInput) {
  const p = await prepare(ctx, input);
  return createNumbered(ctx, purchaseOrders, { ...p.row, status: "draft" }, "PO", (id) => writeLines(ctx, id, p.lines));
}

/** The order locked, in an inventory the user sees. */
async function locked(ctx: Ctx, id: number) {
  if (!(await lockOrder(ctx, id))) throw notFound();
  const [o] = await ctx.tx.select().from(purchaseOrders).where(eq(purchaseOrders.id, id));
  await assertInventoryAccess(ctx, o!.inventory_fk);
  return o!;
}

const assertDraft = (o: { status: string }) => {
  if (o.status !== "draft") throw new HttpError(422, PURCHASE_ORDER_MSG.notDraft, { status: [PURCHASE_ORDER_MSG.notDraft] });
};

export async function updatePurchaseOrder(ctx: Ctx, id: number, input: PurchaseOrderInput) {
  assertDraft(await locked(ctx, id));
  const p = await prepare(ctx, input);
  await ctx.tx
    .update(purchaseOrders)
    .set({ ...p.row, updated_by: ctx.user?.user_id ?? null, updated_at: ctx.now })
    .where(eq(purchaseOrders.id, id));
  await writeLines(ctx, id, p.lines);
}

async function receiptCount(ctx: Ctx, id: number) {
  const res = await ctx.tx.execute<{ n: number }>(sql`select count(*)::int as n from purchases where order_fk = ${id}`);
  return res.rows[0]!.n;
}

/** An order with receipts (in draft or complete) stays as their record. */
export async function deletePurchaseOrder(ctx: Ctx, id: number) {
  await locked(ctx, id);
  if (await receiptCount(ctx, id)) throw new HttpError(422, PURCHASE_ORDER_MSG.hasReceipts);
  await ctx.tx.delete(purchaseOrders).where(eq(purchaseOrders.id, id));
}

/** Order: the draft is sent to the supplier and can be received. */
export async function placeOrder(ctx: Ctx, id: number) {
  const o = await locked(ctx, id);
  if (o.status !== "draft") throw new HttpError(422, MSG.alreadyDone, { status: [MSG.alreadyDone] });
  await ctx.tx
    .update(purchaseOrders)
    .set({ status: "ordered", ordered_at: ctx.now, ordered_by: ctx.user?.user_id ?? null, updated_at: ctx.now })
    .where(eq(purchaseOrders.id, id));
}

/** Return To Draft: only while nothing has been received against it. */
export async function orderToDraft(ctx: Ctx, id: number) {
  const o = await locked(ctx, id);
  if (o.status !== "ordered") throw new HttpError(422, MSG.alreadyDone, { status: [MSG.alreadyDone] });
  if (await receiptCount(ctx, id)) throw new HttpError(422, PURCHASE_ORDER_MSG.hasReceipts);
  await ctx.tx
    .update(purchaseOrders)
    .set({ status: "draft", ordered_at: null, ordered_by: null, updated_at: ctx.now })
    .where(eq(purchaseOrders.id, id));
}

/** Cancel The Rest: what has not come will not; the order is closed and nothing more is received against it. */
export async function cancelRest(ctx: Ctx, id: number) {
  const o = await locked(ctx, id);
  if (o.status !== "ordered") throw new HttpError(422, PURCHASE_ORDER_MSG.notOrdered, { status: [PURCHASE_ORDER_MSG.notOrdered] });
  await ctx.tx
    .update(purchaseOrders)
    .set({ status: "closed", closed_at: ctx.now, closed_by: ctx.user?.user_id ?? null, updated_at: ctx.now })
    .where(eq(purchaseOrders.id, id));
}

export async function setOrderImages(ctx: Ctx, id: number, change: (images: string[]) => string[]) {
  const o = await locked(ctx, id);
  await ctx.tx
    .update(purchaseOrders)
    .set({ images: change(o.images), updated_by: ctx.user?.user_id ?? null, updated_at: ctx.now })
    .where(eq(purchaseOrders.id, id));
}

/**
 * An order as the screens show and print it: the supplier with its address, the lines with their
 * expected prices, what each has received and what is still to come, and its receipts.
 */
export async function showPurchaseOrder(ctx: Ctx, id: number) {
  const res = await ctx.tx.execute(sql`
    select o.*, to_char(o.expected_date, 'YYYY-MM-DD') as expected_date, c.consumer_name, c.code as consumer_code,
           c.mobile as supplier_mobile, c.address as supplier_address, ci.city_name as supplier_city,
           i.inventory_name, cu.currency_name, cb.user_name as created_by_name
      ${from} left join cities ci on ci.city_id = c.city_fk
     where o.id = ${id}`);
  const o = res.rows[0] as (Record<string, unknown> & { date: Date; inventory_fk: number; status: string }) | undefined;
  if (!o) return undefined;
  if (!(await seesInventory(ctx, o.inventory_fk))) return undefined;
  const lines = await ctx.tx.execute<Record<string, unknown> & { line_id: number }>(sql`
    select l.*, it.item_name, it.item_code, it.has_expire, u.unit_name
      from purchase_order_lines l join items it on it.item_id = l.item_fk join units u on u.unit_id = l.unit_fk
     where l.order_fk = ${id} order by l.position, l.line_id`);
  const received = new Map((await orderLineReceipts(ctx.tx, id)).map((r) => [r.line_id, r]));
  const receipts = await ctx.tx.execute(sql`
    select p.id, p.number, p.status, p.total, p.payment_status, p.currency_id, ${sqlBusinessDay(sql`p.date`)} as date
      from purchases p where p.order_fk = ${id} order by p.id`);
  const open = o.status === "ordered";
  return withBusinessDate({
    ...o,
    lines: lines.rows.map((l) => {
      const r = received.get(l.line_id)!;
      const left = D(r.quantity).minus(r.received);
      return { ...l, received_quantity: r.received, remaining_quantity: open && left.gt(0) ? left.toFixed(4) : "0.0000" };
    }),
    receipts: receipts.rows,
  } as Record<string, unknown> & { date: Date });
}
