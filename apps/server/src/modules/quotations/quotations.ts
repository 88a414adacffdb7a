import { QUOTATION_MSG, type QuotationInput } from "@app/contracts";
import { asc, eq, sql } from "drizzle-orm";
import { businessDay, sqlBusinessDay, withBusinessDate } from "../../platform/business-time.js";
import type { Ctx } from "../../platform/context.js";
import * as listColumns from "../../platform/document-list-columns.js";
import { HttpError, notFound } from "../../platform/errors.js";
import { moneyColumns } from "../../platform/money-columns.js";
import { assertInventoryAccess, defaultInventory, seesInventory } from "../catalogue/inventories.js";
import { inventoryDocumentList } from "../catalogue/inventory-lists.js";
import { lineUnits } from "../catalogue/item-units.js";
import { docDate } from "../ledger/dates.js";
import { createNumbered } from "../numbering/numbered-document.js";
import { assertCustomer } from "../parties/consumers.js";
import { quotePrices } from "../pricing/quote.js";
import { quotationLines, quotations } from "./quotations.tables.js";

/** open, converted, or expired (an open quotation past its valid-until day). */
const shownStatus = sql`case when q.status = 'open' and to_char(q.valid_until, 'YYYY-MM-DD') < ${sqlBusinessDay(sql`now()`)} then 'expired' else q.status end`;

export const quotationsList = inventoryDocumentList(
  "quotations",
  "q",
  sql`from quotations q join consumers c on c.consumer_id = q.consumer_fk join inventories i on i.inventory_id = q.inventory_fk
            join currencies cu on cu.currency_id = q.currency_id left join users cb on cb.user_id = q.created_by`,
  {
    ...listColumns.head("q"),
    valid_until: { expr: sql`to_char(q.valid_until, 'YYYY-MM-DD')`, sortExpr: sql`q.valid_until`, notNull: true },
    ...listColumns.party("q"),
    ...listColumns.inventory("q"),
    ...listColumns.currency("q"),
    ...moneyColumns("q", "total"),
    status: { expr: sql`q.status`, filter: "eq", notNull: true },
    shown_status: { expr: shownStatus, sortable: false },
    sale_id: { expr: sql`q.sale_fk` },
    ...listColumns.author("q"),
  },
  "total",
);

/** Prices the lines through the one price function, for the customer on the quotation's day at its in-rate. */
async function prepare(ctx: Ctx, input: QuotationInput) {
  await assertCustomer(ctx, input.consumer_fk);
  const inventory = input.inventory_fk ?? (await defaultInventory(ctx));
  await assertInventoryAccess(ctx, inventory);
  const date = docDate(input.date, ctx.now);
  const day = businessDay(date);
  if (input.valid_until < day)
    throw new HttpError(422, QUOTATION_MSG.validUntilBeforeDate, { valid_until: [QUOTATION_MSG.validUntilBeforeDate] });
  const units = await lineUnits(ctx, input.lines);
  const perItem = input.discount_type === "item";
  const priced = await quotePrices(
    ctx,
    {
      customer_id: input.consumer_fk,
      currency_id: input.currency_id,
      rate: input.rate ?? null,
      date: day,
      lines: input.lines.map((l, i) => ({
        item_unit_id: units[i]!.item_unit_id,
        quantity: l.quantity,
        discount: perItem && l.discount_type && Number(l.discount ?? 0) > 0 ? { type: l.discount_type, value: l.discount ?? "0" } : null,
      })),
      invoice_discount:
        !perItem && Number(input.invoice_discount ?? 0) > 0
          ? { type: input.invoice_discount_type, value: input.invoice_discount ?? "0" }
          : null,
    },
    { confirmed: input.confirmed },
  );
  return {
    row: {
      consumer_fk: input.consumer_fk,
      date,
      valid_until: input.valid_until,
      inventory_fk: inventory,
      currency_id: priced.currency_id,
      rate: priced.rate,
      discount_type: input.discount_type,
      invoice_discount_type: input.invoice_discount_type,
      invoice_discount: perItem ? "0" : (input.invoice_discount ?? "0"),
      subtotal: priced.gross,
      discount_amount: priced.discount,
      tax_amount: priced.tax,
      total: priced.total,
      note: input.note ?? null,
    },
    lines: input.lines.map((l, i) => {
      const p = priced.lines[i]!;
      return {
        item_fk: l.item_fk,
        unit_fk: l.unit_fk,
        unit_base_qty: units[i]!.quantity,
        quantity: l.quantity,
        free_quantity: p.free_quantity,
        unit_price: p.sale_price,
        discount_type: perItem ? (l.discount_type ?? null) : null,
        discount: perItem ? (l.discount ?? "0") : "0",
        discount_amount: p.discount,
        promotion_fk: p.promotion_id,
        tax_amount: p.tax,
        line_total: p.total,
        steps: p.steps,
        description: l.description ?? null,
        position: i,
      };
    }),
  };
}

async function writeLines(ctx: Ctx, id: number, lines: Awaited<ReturnType<typeof prepare>>["lines"]) {
  await ctx.tx.delete(quotationLines).where(eq(quotationLines.quotation_fk, id));
  await ctx.tx.insert(quotationLines).values(lines.map((l) => ({ ...l, quotation_fk: id })));
}

export async function createQuotation(ctx: Ctx, input: QuotationInput) {
  const p = await prepare(ctx, input);
  return createNumbered(ctx, quotations, p.row, "QT", (id) => writeLines(ctx, id, p.lines));
}

/** The quotation's row, locked (`for no key update`): changes and Convert To Sale of one quotation run one after the other. */
export async function lockQuotation(ctx: Ctx, id: number) {
  const res = await ctx.tx.execute(sql`select id from quotations where id = ${id} for no key update`);
  if (!res.rows.length) throw notFound();
  const [q] = await ctx.tx.select().from(quotations).where(eq(quotations.id, id));
  await assertInventoryAccess(ctx, q!.inventory_fk);
  return q!;
}

const assertOpen = (q: { status: string }) => {
  if (q.status === "converted") throw new HttpError(422, QUOTATION_MSG.converted);
};

export async function updateQuotation(ctx: Ctx, id: number, input: QuotationInput) {
  assertOpen(await lockQuotation(ctx, id));
  const p = await prepare(ctx, input);
  await ctx.tx
    .update(quotations)
    .set({ ...p.row, updated_by: ctx.user?.user_id ?? null, updated_at: ctx.now })
    .where(eq(quotations.id, id));
  await writeLines(ctx, id, p.lines);
}

/** A converted quotation stays as the record of what was offered. */
export async function deleteQuotation(ctx: Ctx, id: number) {
  assertOpen(await lockQuotation(ctx, id));
  await ctx.tx.delete(quotations).where(eq(quotations.id, id));
}

export async function quotationLinesOf(ctx: Ctx, id: number) {
  return ctx.tx
    .select()
    .from(quotationLines)
    .where(eq(quotationLines.quotation_fk, id))
    .orderBy(asc(quotationLines.position), asc(quotationLines.line_id));
}

/** A quotation with its lines (item, unit, promotion, the price steps) and names, as the screens show and print it. */
export async function showQuotation(ctx: Ctx, id: number) {
  const res = await ctx.tx.execute(sql`
    select q.*, to_char(q.valid_until, 'YYYY-MM-DD') as valid_until, ${shownStatus} as shown_status,
           c.consumer_name, c.mobile as customer_mobile, i.inventory_name, cu.currency_name, cb.user_name as created_by_name
      from quotations q join consumers c on c.consumer_id = q.consumer_fk join inventories i on i.inventory_id = q.inventory_fk
      join currencies cu on cu.currency_id = q.currency_id left join users cb on cb.user_id = q.created_by
     where q.id = ${id}`);
  const q = res.rows[0] as (Record<string, unknown> & { date: Date; inventory_fk: number }) | undefined;
  if (!q) return undefined;
  if (!(await seesInventory(ctx, q.inventory_fk))) return undefined;
  const lines = await ctx.tx.execute(sql`
    select l.*, it.item_name, it.item_code, u.unit_name, pr.title as promotion_title,
           (select iu.item_unit_id from item_units iu where iu.item_fk = l.item_fk and iu.unit_fk = l.unit_fk) as item_unit_id
      from quotation_lines l join items it on it.item_id = l.item_fk join units u on u.unit_id = l.unit_fk
      left join promotions pr on pr.promotion_id = l.promotion_fk
     where l.quotation_fk = ${id} order by l.position, l.line_id`);
  return withBusinessDate({ ...q, lines: lines.rows } as Record<string, unknown> & { date: Date });
}
