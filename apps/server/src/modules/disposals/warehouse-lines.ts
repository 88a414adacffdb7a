import { MSG } from "@app/contracts";
import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { intArray } from "../../db/bulk.js";
import { audit } from "../../platform/audit.js";
import type { Ctx } from "../../platform/context.js";
import { docs, parseId } from "../../platform/crud.js";
import { HttpError, notFound, unprocessable } from "../../platform/errors.js";
import { inTx } from "../../platform/http.js";
import { savedOf, zDecimal } from "../../platform/openapi.js";
import { assertInventoryAccess } from "../catalogue/inventories.js";

/** A line of a warehouse document as typed: item, and where the document has them, unit and batch. */
export interface TypedLine {
  item_id: number;
  unit_id?: number;
  batch_id?: number | null;
  batch_no?: string | null;
  expire_date?: string | null;
}

export interface CheckedItem {
  item_id: number;
  item_name: string;
  has_expire: boolean;
  /** The item's base unit: counts are in it. */
  base_unit_id: number;
}

/**
 * Checks the lines against the catalogue and the stock batches before anything is locked:
 * the item exists, the unit is one of the item's units, a named batch belongs to the item, and
 * (for goods coming in, `expiryRequired`) an item with expiry has its expiry date.
 * Answers every bad line at once, named `lines.N.field`.
 */
export async function checkLines(ctx: Ctx, lines: TypedLine[], opts: { expiryRequired?: boolean } = {}): Promise<Map<number, CheckedItem>> {
  const ids = [...new Set(lines.map((l) => l.item_id))];
  const found = new Map<number, CheckedItem & { units: number[] }>();
  if (ids.length) {
    const res = await ctx.tx.execute<{
      item_id: number;
      item_name: string;
      has_expire: boolean;
      base_unit_id: number;
      units: number[];
    }>(sql`
      select i.item_id, i.item_name, i.has_expire,
             (select u.unit_fk from item_units u where u.item_fk = i.item_id and u.is_base) as base_unit_id,
             array(select u.unit_fk from item_units u where u.item_fk = i.item_id) as units
        from items i where i.item_id = any(${intArray(ids)})`);
    for (const r of res.rows)
      found.set(Number(r.item_id), { ...r, item_id: Number(r.item_id), base_unit_id: Number(r.base_unit_id), units: r.units.map(Number) });
  }
  const batchIds = [...new Set(lines.map((l) => l.batch_id).filter((b): b is number => !!b))];
  const batchItem = new Map<number, number>();
  if (batchIds.length) {
    const res = await ctx.tx.execute<{ batch_id: number; item_fk: number }>(
      sql`select batch_id, item_fk from stock_batches where batch_id = any(${intArray(batchIds)})`,
    );
    for (const r of res.rows) batchItem.set(Number(r.batch_id), Number(r.item_fk));
  }
  const errors: Record<string, string[]> = {};
  lines.forEach((l, i) => {
    const item = found.get(l.item_id);
    if (!item) {
      errors[`lines.${i}.item_id`] = ["The selected item is invalid."];
      return;
    }
    if (l.unit_id !== undefined && !item.units.includes(l.unit_id)) errors[`lines.${i}.unit_id`] = ["The selected unit is invalid."];
    if (l.batch_id && batchItem.get(l.batch_id) !== l.item_id) errors[`lines.${i}.batch_id`] = ["The selected batch is invalid."];
    if (opts.expiryRequired && item.has_expire && !l.expire_date) errors[`lines.${i}.expire_date`] = ["The expire date field is required."];
  });
  if (Object.keys(errors).length) throw unprocessable(errors);
  return found;
}

/** A draft is the only state a document may be changed or deleted in. */
export function assertDraft(status: string | undefined) {
  if (status !== "draft")
    throw new HttpError(422, "Only a draft can be changed or deleted.", { status: ["Only a draft can be changed or deleted."] });
}

/**
 * A state change of a warehouse document (`POST /api/{endpoint}/{id}/{action}`, permission
 * `{endpoint}/{action}`): one transaction with its stock, its journal and its audit row.
 */
export function registerDocAction(
  app: FastifyInstance,
  opts: {
    endpoint: string;
    action: string;
    show: (ctx: Ctx, id: number) => Promise<Record<string, unknown> | undefined>;
    run: (ctx: Ctx, id: number) => Promise<void>;
    /** What `show` answers (OpenAPI). */
    row: z.ZodType;
    /** Keys the change checks for part of its work (`config.checks`). */
    checks?: readonly string[];
  },
) {
  app.post(
    `/api/${opts.endpoint}/:id/${opts.action}`,
    {
      config: { permission: `${opts.endpoint}/${opts.action}`, checks: opts.checks ?? [] },
      ...docs({
        tags: [opts.endpoint],
        summary: `${opts.action.replace(/_/g, " ")}: one of ${opts.endpoint}`,
        response: savedOf(opts.row),
      }),
    },
    async (req) => {
      const id = parseId((req.params as { id: string }).id);
      const data = await inTx(app, req, async (ctx) => {
        const before = await opts.show(ctx, id);
        if (!before) throw notFound();
        await opts.run(ctx, id);
        const after = await opts.show(ctx, id);
        await audit(ctx, { module: opts.endpoint, action: opts.action, record_id: id, before, after });
        return after;
      });
      return { message: MSG.updated, data };
    },
  );
}

/** A row of `batchesOnHand` (OpenAPI). */
export const ZBatchOnHand = z.object({
  item_id: z.number().int(),
  item_name: z.string(),
  item_code: z.string().nullable(),
  base_unit_name: z.string().nullable(),
  batch_id: z.number().int(),
  batch_no: z.string().nullable(),
  expire_date: z.string().nullable(),
  theoretical_qty: zDecimal,
  avg_cost: zDecimal,
});

/**
 * What an inventory holds per item and batch (the count sheet; the batches a write-off may name):
 * the quantity in base units and the item's average cost. One item when `itemId` is given.
 */
export async function batchesOnHand(ctx: Ctx, inventoryId: number, itemId?: number) {
  await assertInventoryAccess(ctx, inventoryId);
  const res = await ctx.tx.execute(sql`
    select b.item_fk as item_id, it.item_name, it.item_code, un.unit_name as base_unit_name, b.batch_fk as batch_id,
           sb.batch_no, to_char(sb.expire_date, 'YYYY-MM-DD') as expire_date, b.qty as theoretical_qty, coalesce(c.avg_cost, 0) as avg_cost
      from stock_balances b join items it on it.item_id = b.item_fk join stock_batches sb on sb.batch_id = b.batch_fk
      left join item_units iu on iu.item_fk = b.item_fk and iu.is_base left join units un on un.unit_id = iu.unit_fk
      left join stock_item_costs c on c.item_fk = b.item_fk
     where b.inventory_fk = ${inventoryId} and b.qty <> 0 ${itemId ? sql`and b.item_fk = ${itemId}` : sql``}
     order by it.item_name, sb.expire_date nulls last, sb.batch_no nulls first, b.batch_fk
     limit 5000`);
  return res.rows;
}
