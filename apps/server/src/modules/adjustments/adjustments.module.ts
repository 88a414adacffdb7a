import { type InventoryAdjustmentInput, ZInventoryAdjustment } from "@app/contracts";
import { asc, eq, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import type { AppModule } from "../../platform/app-module.js";
import type { Ctx } from "../../platform/context.js";
import { parseId, registerCrud } from "../../platform/crud.js";
import { HttpError, unprocessable } from "../../platform/errors.js";
import { ctxOf } from "../../platform/http.js";
import { answers, dropdownOf, zDecimal } from "../../platform/openapi.js";
import { assertInventoryAccess } from "../catalogue/inventories.js";
import { lockWarehouseDoc, warehouseDocHead, warehouseDocList, warehouseDocShown } from "../disposals/warehouse-docs.js";
import { assertDraft, batchesOnHand, checkLines, registerDocAction, ZBatchOnHand } from "../disposals/warehouse-lines.js";
import { docDate } from "../ledger/dates.js";
import { nextNumber } from "../numbering/numbering.js";
import { inventoryAdjustmentLines, inventoryAdjustments } from "./adjustments.tables.js";
import { completeCount } from "./complete-count.js";

const DOC = { table: "inventory_adjustments", lines: "inventory_adjustment_lines", linesFk: "adjustment_fk" };

const adjustmentsList = warehouseDocList(DOC, {
  status: { expr: sql`d.status`, filter: "eq" },
  set_not_adjusted_to_zero: { expr: sql`d.set_not_adjusted_to_zero`, filter: "bool" },
  gain_value: { expr: sql`d.gain_value`, sum: true },
  loss_value: { expr: sql`d.loss_value`, sum: true },
});

async function show(ctx: Ctx, id: number) {
  const head = await warehouseDocHead(ctx, DOC, id);
  if (!head) return undefined;
  // A draft shows the quantity on hand now; a completed count the one it found.
  const lines = await ctx.tx.execute(sql`
    select l.id, l.item_fk as item_id, it.item_name, un.unit_name as base_unit_name, l.batch_fk as batch_id,
           coalesce(sb.batch_no, l.batch_no) as batch_no, to_char(coalesce(sb.expire_date, l.expire_date), 'YYYY-MM-DD') as expire_date, l.counted_qty,
           coalesce(l.theoretical_qty, coalesce(b.qty, 0)) as theoretical_qty,
           coalesce(l.difference, l.counted_qty - coalesce(b.qty, 0)) as difference, l.value
      from inventory_adjustment_lines l join inventory_adjustments d on d.id = l.adjustment_fk
      join items it on it.item_id = l.item_fk
      left join item_units iu on iu.item_fk = l.item_fk and iu.is_base left join units un on un.unit_id = iu.unit_fk
      left join stock_batches sb on sb.batch_id = l.batch_fk
      left join stock_balances b on b.item_fk = l.item_fk and b.inventory_fk = d.inventory_fk and b.batch_fk = l.batch_fk
     where l.adjustment_fk = ${id} order by it.item_name, l.id`);
  return { ...head, lines: lines.rows };
}

const ZAdjustment = warehouseDocShown(inventoryAdjustments, {
  id: z.number().int(),
  item_id: z.number().int(),
  item_name: z.string(),
  base_unit_name: z.string().nullable(),
  batch_id: z.number().int().nullable(),
  batch_no: z.string().nullable(),
  expire_date: z.string().nullable(),
  counted_qty: zDecimal,
  theoretical_qty: zDecimal,
  difference: zDecimal,
  value: zDecimal.nullable(),
});

const statusOf = (ctx: Ctx, id: number) => lockWarehouseDoc(ctx, DOC, id);

async function prepare(ctx: Ctx, input: InventoryAdjustmentInput) {
  await assertInventoryAccess(ctx, input.inventory_id);
  await checkLines(ctx, input.lines);
  // One line per item and batch: a batch counted twice would be booked twice.
  const seen = new Map<string, number>();
  const errors: Record<string, string[]> = {};
  input.lines.forEach((l, i) => {
    const key = l.batch_id ? `${l.item_id}:${l.batch_id}` : `${l.item_id}:${l.batch_no ?? ""}:${l.expire_date ?? ""}`;
    if (seen.has(key)) errors[`lines.${i}.item_id`] = [`The item is repeated (row ${i + 1}).`];
    seen.set(key, i);
  });
  if (Object.keys(errors).length) throw unprocessable(errors);
  return {
    row: {
      inventory_fk: input.inventory_id,
      date: docDate(input.date, ctx.now),
      set_not_adjusted_to_zero: input.set_not_adjusted_to_zero,
      note: input.note ?? null,
    },
    lines: input.lines.map((l) => ({
      item_fk: l.item_id,
      batch_fk: l.batch_id ?? null,
      batch_no: l.batch_id ? null : (l.batch_no ?? null),
      expire_date: l.batch_id ? null : (l.expire_date ?? null),
      counted_qty: l.counted_qty,
    })),
  };
}

async function writeLines(ctx: Ctx, id: number, lines: Awaited<ReturnType<typeof prepare>>["lines"]) {
  await ctx.tx.delete(inventoryAdjustmentLines).where(eq(inventoryAdjustmentLines.adjustment_fk, id));
  if (lines.length) await ctx.tx.insert(inventoryAdjustmentLines).values(lines.map((l) => ({ ...l, adjustment_fk: id })));
}

export const adjustmentsModule: AppModule = {
  name: "inventory_adjustments",
  register(app: FastifyInstance) {
    app.get(
      "/api/inventory_adjustments/sheet/:inventoryId",
      {
        config: { permission: ["inventory_adjustments/store", "inventory_adjustments/update", "inventory_adjustments/show"] },
        ...answers(dropdownOf(ZBatchOnHand)),
      },
      async (req) => {
        const inventoryId = parseId((req.params as { inventoryId: string }).inventoryId);
        return { message: await batchesOnHand(ctxOf(app, req), inventoryId) };
      },
    );
    registerCrud(app, {
      endpoint: "inventory_adjustments",
      section: "inventory_adjustments",
      list: adjustmentsList,
      row: ZAdjustment,
      show,
      create: {
        schema: ZInventoryAdjustment,
        run: async (ctx, input: InventoryAdjustmentInput) => {
          const p = await prepare(ctx, input);
          const [row] = await ctx.tx
            .insert(inventoryAdjustments)
            .values({ ...p.row, created_by: ctx.user?.user_id ?? null })
            .returning({ id: inventoryAdjustments.id });
          const id = row!.id;
          await writeLines(ctx, id, p.lines);
          await ctx.tx
            .update(inventoryAdjustments)
            .set({ number: await nextNumber(ctx, "inventory_adjustments", "ADJ") })
            .where(eq(inventoryAdjustments.id, id));
          return { id };
        },
      },
      update: {
        schema: ZInventoryAdjustment,
        run: async (ctx, id, input: InventoryAdjustmentInput) => {
          assertDraft((await statusOf(ctx, id)).status);
          const p = await prepare(ctx, input);
          await ctx.tx
            .update(inventoryAdjustments)
            .set({ ...p.row, updated_by: ctx.user?.user_id ?? null, updated_at: ctx.now })
            .where(eq(inventoryAdjustments.id, id));
          await writeLines(ctx, id, p.lines);
        },
      },
      remove: async (ctx, id) => {
        assertDraft((await statusOf(ctx, id)).status);
        await ctx.tx.delete(inventoryAdjustments).where(eq(inventoryAdjustments.id, id));
      },
    });
    registerDocAction(app, {
      endpoint: "inventory_adjustments",
      action: "complete",
      show,
      row: ZAdjustment,
      run: async (ctx, id) => {
        const doc = await statusOf(ctx, id);
        if (doc.status !== "draft")
          throw new HttpError(422, "The document is already done.", { status: ["The document is already done."] });
        const [head] = await ctx.tx.select().from(inventoryAdjustments).where(eq(inventoryAdjustments.id, id));
        const lines = await ctx.tx
          .select()
          .from(inventoryAdjustmentLines)
          .where(eq(inventoryAdjustmentLines.adjustment_fk, id))
          .orderBy(asc(inventoryAdjustmentLines.id));
        await completeCount(ctx, head!, lines);
      },
    });
  },
};
