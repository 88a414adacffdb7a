import { type AssetDisposalInput, can, DOC_STATE_MSG, ZAssetDisposal } from "@app/contracts";
import { asc, eq, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import type { AppModule } from "../../platform/app-module.js";
import type { Ctx } from "../../platform/context.js";
import { parseId, registerCrud } from "../../platform/crud.js";
import { assertOpenFor } from "../../platform/doc-closing.js";
import { HttpError, parse } from "../../platform/errors.js";
import { ctxOf } from "../../platform/http.js";
import { answers, batchRef, docLineItem, dropdownOf, zDecimal } from "../../platform/openapi.js";
import { assertInventoryAccess } from "../catalogue/inventories.js";
import { docDate } from "../ledger/dates.js";
import { lockAccounts, lockForPosting, post, reverse } from "../ledger/ledger.js";
import { D } from "../ledger/money.js";
import { nextNumber } from "../numbering/numbering.js";
import { stockAccounts } from "../stock/stock.js";
import { adjustmentLines } from "../stock/stock.ledger.js";
import { stockOut } from "../stock/stock.out.js";
import { reverseStock } from "../stock/stock.reverse.js";
import { assetDisposalLines, assetDisposals } from "./disposals.tables.js";
import { lockWarehouseDoc, warehouseDocHead, warehouseDocList, warehouseDocShown } from "./warehouse-docs.js";
import { assertDraft, batchesOnHand, checkLines, registerDocAction, ZBatchOnHand } from "./warehouse-lines.js";

const ZBatchQuery = z.object({
  item_id: z.coerce.number().int("must be an integer").positive("must be greater than 0").max(2_147_483_647).optional(),
});

export const SOURCE_DISPOSAL = "asset_disposal";
const source = (id: number) => ({ type: SOURCE_DISPOSAL, id });

const DOC = { table: "asset_disposals", lines: "asset_disposal_lines", linesFk: "disposal_fk" };

const disposalsList = warehouseDocList(
  DOC,
  {
    disposal_type: { expr: sql`d.disposal_type`, filter: "eq" },
    status: { expr: sql`d.status`, filter: "eq" },
    total_loss: { expr: sql`d.total_loss`, sum: true },
    approval: { expr: sql`d.approval`, filter: "eq" },
    is_closed: { expr: sql`d.is_closed`, filter: "bool" },
  },
  { amountColumn: "total_loss" },
);

async function show(ctx: Ctx, id: number) {
  const head = await warehouseDocHead(ctx, DOC, id);
  if (!head) return undefined;
  const lines = await ctx.tx.execute(sql`
    select l.id, l.item_fk as item_id, it.item_name, l.unit_fk as unit_id, un.unit_name, l.quantity, l.batch_fk as batch_id,
           b.batch_no, to_char(b.expire_date, 'YYYY-MM-DD') as expire_date, l.description, l.loss
      from asset_disposal_lines l join items it on it.item_id = l.item_fk join units un on un.unit_id = l.unit_fk
      left join stock_batches b on b.batch_id = l.batch_fk
     where l.disposal_fk = ${id} order by l.id`);
  return { ...head, lines: lines.rows };
}

const ZDisposal = warehouseDocShown(assetDisposals, {
  id: z.number().int(),
  ...docLineItem,
  ...batchRef,
  description: z.string().nullable(),
  loss: zDecimal.nullable(),
});

/** The write-off's row, locked (404 unknown, 403 not the caller's inventory). */
async function lockDisposal(ctx: Ctx, id: number) {
  await lockWarehouseDoc(ctx, DOC, id);
  const [d] = await ctx.tx.select().from(assetDisposals).where(eq(assetDisposals.id, id));
  return d!;
}

const UNCLOSE = "asset_disposals/unclose";

/** Locked, and changeable by the caller: open, or the caller may unclose. */
async function changeable(ctx: Ctx, id: number) {
  const d = await lockDisposal(ctx, id);
  assertOpenFor(ctx, d, "asset_disposals", DOC_STATE_MSG.closed);
  return d;
}

async function prepare(ctx: Ctx, input: AssetDisposalInput) {
  await assertInventoryAccess(ctx, input.inventory_id);
  await checkLines(ctx, input.lines);
  return {
    row: {
      inventory_fk: input.inventory_id,
      date: docDate(input.date, ctx.now),
      disposal_type: input.disposal_type,
      note: input.note ?? null,
    },
    lines: input.lines.map((l) => ({
      item_fk: l.item_id,
      unit_fk: l.unit_id,
      quantity: l.quantity,
      batch_fk: l.batch_id ?? null,
      description: l.description ?? null,
    })),
  };
}

const assertDraftState = (d: { status: string }) => {
  if (d.status !== "draft") throw new HttpError(422, "The document is already done.", { status: ["The document is already done."] });
};

/**
 * Done (SPEC §4: damaged products and destructed assets are approved or disapproved). A
 * write-off approved, or Done by a user who may approve, goes out now; Done by anyone else waits
 * for approval and moves and posts nothing until a user holding `asset_disposals/approve`
 * approves it.
 */
async function complete(ctx: Ctx, id: number) {
  const d = await changeable(ctx, id);
  assertDraftState(d);
  const approver = can(ctx.user, "asset_disposals/approve");
  if (d.approval !== "approved" && !approver) {
    if (d.approval === "disapproved") throw new HttpError(422, DOC_STATE_MSG.disapproved, { approval: [DOC_STATE_MSG.disapproved] });
    if (d.approval === "pending") throw new HttpError(422, DOC_STATE_MSG.awaitingApproval, { approval: [DOC_STATE_MSG.awaitingApproval] });
    await ctx.tx
      .update(assetDisposals)
      .set({ approval: "pending", updated_by: ctx.user?.user_id ?? null, updated_at: ctx.now })
      .where(eq(assetDisposals.id, id));
    return;
  }
  if (d.approval !== "approved")
    await ctx.tx
      .update(assetDisposals)
      .set({ approval: "approved", approved_by: ctx.user?.user_id ?? null })
      .where(eq(assetDisposals.id, id));
  await goOut(ctx, id);
}

/** Approve: the write-off may go out; one waiting (Done asked) goes out now. */
async function approve(ctx: Ctx, id: number) {
  const d = await changeable(ctx, id);
  if (d.status !== "draft") throw new HttpError(422, DOC_STATE_MSG.onlyDraft, { status: [DOC_STATE_MSG.onlyDraft] });
  if (d.approval === "approved") throw new HttpError(422, DOC_STATE_MSG.alreadyApproved, { approval: [DOC_STATE_MSG.alreadyApproved] });
  await ctx.tx
    .update(assetDisposals)
    .set({ approval: "approved", approved_by: ctx.user?.user_id ?? null, updated_at: ctx.now })
    .where(eq(assetDisposals.id, id));
  if (d.approval === "pending") await goOut(ctx, id);
}

/** Disapprove: the write-off stays a draft and moves nothing; changing it asks again. */
async function disapprove(ctx: Ctx, id: number) {
  const d = await changeable(ctx, id);
  if (d.status !== "draft") throw new HttpError(422, DOC_STATE_MSG.onlyDraft, { status: [DOC_STATE_MSG.onlyDraft] });
  await ctx.tx
    .update(assetDisposals)
    .set({ approval: "disapproved", approved_by: ctx.user?.user_id ?? null, updated_at: ctx.now })
    .where(eq(assetDisposals.id, id));
}

/** Close or open (SPEC §4): a closed write-off is changed only by a user who may unclose. */
async function setClosed(ctx: Ctx, id: number, closed: boolean) {
  const d = await lockDisposal(ctx, id);
  if (d.is_closed === closed) {
    const msg = closed ? DOC_STATE_MSG.alreadyClosed : DOC_STATE_MSG.alreadyOpen;
    throw new HttpError(422, msg, { is_closed: [msg] });
  }
  await ctx.tx
    .update(assetDisposals)
    .set({ is_closed: closed, updated_by: ctx.user?.user_id ?? null, updated_at: ctx.now })
    .where(eq(assetDisposals.id, id));
}

/**
 * The goods leave the inventory through the one way stock goes out (purpose `disposal`, so an
 * expired batch may go) at their average cost, and the loss is posted, in one transaction.
 * Locks: the write-off's row (taken by the caller), the accounts, then the stock rows (inside
 * stockOut), nothing after.
 */
async function goOut(ctx: Ctx, id: number) {
  const [head] = await ctx.tx.select().from(assetDisposals).where(eq(assetDisposals.id, id));
  const lines = await ctx.tx
    .select()
    .from(assetDisposalLines)
    .where(eq(assetDisposalLines.disposal_fk, id))
    .orderBy(asc(assetDisposalLines.id));
  const acc = await stockAccounts(ctx.tx);
  await lockAccounts(ctx, [acc.inventory, acc.stock_losses]);
  const out = await stockOut(
    ctx,
    source(id),
    lines.map((l) => ({
      line_id: l.id,
      item_id: l.item_fk,
      inventory_id: head!.inventory_fk,
      unit_id: l.unit_fk,
      quantity: l.quantity,
      batch_id: l.batch_fk,
    })),
    { purpose: "disposal", date: head!.date },
  );
  for (const l of lines) {
    const loss = out.movements.filter((m) => m.line_id === l.id).reduce((sum, m) => sum.minus(m.value), D(0));
    await ctx.tx
      .update(assetDisposalLines)
      .set({ loss: loss.toFixed(4) })
      .where(eq(assetDisposalLines.id, l.id));
  }
  const rule = adjustmentLines(acc, 0, out.value);
  if (rule.length) await post(ctx, { date: head!.date, source: source(id), description: `Write-off ${head!.number ?? id}`, lines: rule });
  await ctx.tx
    .update(assetDisposals)
    .set({ status: "complete", total_loss: out.value, completed_by: ctx.user?.user_id ?? null, updated_at: ctx.now })
    .where(eq(assetDisposals.id, id));
}

/** Return To Draft: the goods come back and the loss is reversed, unless they have since left again. */
async function returnToDraft(ctx: Ctx, id: number) {
  const doc = await changeable(ctx, id);
  if (doc.status !== "complete")
    throw new HttpError(422, "Only a done document can return to draft.", { status: ["Only a done document can return to draft."] });
  await lockForPosting(ctx, { reversing: source(id) });
  await reverseStock(ctx, source(id));
  await reverse(ctx, source(id));
  await ctx.tx.update(assetDisposalLines).set({ loss: "0" }).where(eq(assetDisposalLines.disposal_fk, id));
  await ctx.tx
    .update(assetDisposals)
    // Done again, it is decided again.
    .set({ status: "draft", total_loss: "0", completed_by: null, approval: null, approved_by: null, updated_at: ctx.now })
    .where(eq(assetDisposals.id, id));
}

export const disposalsModule: AppModule = {
  name: "asset_disposals",
  register(app: FastifyInstance) {
    registerCrud(app, {
      endpoint: "asset_disposals",
      section: "asset_disposals",
      list: disposalsList,
      row: ZDisposal,
      show,
      create: {
        schema: ZAssetDisposal,
        run: async (ctx, input: AssetDisposalInput) => {
          const p = await prepare(ctx, input);
          const [row] = await ctx.tx
            .insert(assetDisposals)
            .values({ ...p.row, created_by: ctx.user?.user_id ?? null })
            .returning({ id: assetDisposals.id });
          const id = row!.id;
          await ctx.tx.insert(assetDisposalLines).values(p.lines.map((l) => ({ ...l, disposal_fk: id })));
          await ctx.tx
            .update(assetDisposals)
            .set({ number: await nextNumber(ctx, "asset_disposals", "DSP") })
            .where(eq(assetDisposals.id, id));
          return { id };
        },
      },
      update: {
        schema: ZAssetDisposal,
        run: async (ctx, id, input: AssetDisposalInput) => {
          assertDraft((await changeable(ctx, id)).status);
          const p = await prepare(ctx, input);
          await ctx.tx
            .update(assetDisposals)
            // A changed write-off is decided again.
            .set({ ...p.row, approval: null, approved_by: null, updated_by: ctx.user?.user_id ?? null, updated_at: ctx.now })
            .where(eq(assetDisposals.id, id));
          await ctx.tx.delete(assetDisposalLines).where(eq(assetDisposalLines.disposal_fk, id));
          await ctx.tx.insert(assetDisposalLines).values(p.lines.map((l) => ({ ...l, disposal_fk: id })));
        },
      },
      remove: async (ctx, id) => {
        assertDraft((await changeable(ctx, id)).status);
        await ctx.tx.delete(assetDisposals).where(eq(assetDisposals.id, id));
      },
      complete: { permission: "asset_disposals/complete", action: "complete", run: complete },
      // Closed, changed only by one who may unclose; Done without approve waits for approval.
      checks: { store: ["asset_disposals/approve"], update: [UNCLOSE, "asset_disposals/approve"], destroy: [UNCLOSE] },
    });

    app.get(
      "/api/asset_disposals/batches/:inventoryId",
      {
        config: { permission: ["asset_disposals/store", "asset_disposals/update"] },
        ...answers(dropdownOf(ZBatchOnHand), { querystring: ZBatchQuery }),
      },
      async (req) => {
        const inventoryId = parseId((req.params as { inventoryId: string }).inventoryId);
        const itemId = parse(ZBatchQuery, req.query).item_id;
        return { message: await batchesOnHand(ctxOf(app, req), inventoryId, itemId) };
      },
    );
    const checks = [UNCLOSE];
    registerDocAction(app, {
      endpoint: "asset_disposals",
      action: "complete",
      show,
      run: complete,
      row: ZDisposal,
      checks: [UNCLOSE, "asset_disposals/approve"],
    });
    registerDocAction(app, { endpoint: "asset_disposals", action: "return_to_draft", show, run: returnToDraft, row: ZDisposal, checks });
    registerDocAction(app, { endpoint: "asset_disposals", action: "approve", show, run: approve, row: ZDisposal, checks });
    registerDocAction(app, { endpoint: "asset_disposals", action: "disapprove", show, run: disapprove, row: ZDisposal, checks });
    registerDocAction(app, {
      endpoint: "asset_disposals",
      action: "close",
      show,
      run: (ctx, id) => setClosed(ctx, id, true),
      row: ZDisposal,
    });
    registerDocAction(app, {
      endpoint: "asset_disposals",
      action: "open",
      show,
      run: (ctx, id) => setClosed(ctx, id, false),
      row: ZDisposal,
    });
  },
};
