import { MSG, ZItemTransfer } from "@app/contracts";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import type { AppModule } from "../../platform/app-module.js";
import { audit } from "../../platform/audit.js";
import type { Ctx } from "../../platform/context.js";
import { docs, parseId, registerCrud, registerList } from "../../platform/crud.js";
import { notFound, parse } from "../../platform/errors.js";
import { ctxOf, inTx } from "../../platform/http.js";
import { answers, batchRef, docLineItem, dropdownOf, rowOf, savedOf, zDateTime, zDecimal } from "../../platform/openapi.js";
import { ITEM_PICKERS, ZItemPick, ZPage } from "../catalogue/catalogue.schemas.js";
import { assertInventoryAccess } from "../catalogue/inventories.js";
import { itemTransfers } from "./stock.tables.js";
import {
  createItemTransfer,
  decideItemTransfer,
  deleteItemTransfer,
  itemTransfersList,
  receiveItemTransfer,
  sendItemTransfer,
  showItemTransfer,
  updateItemTransfer,
} from "./transfers.js";
import { batchesInStock, stockBatches, stocksList } from "./warehouse.js";

const ZBatchesQuery = z.object({
  item_id: z.string({ error: MSG.idInvalid }),
  inventory_id: z.string({ error: MSG.idInvalid }),
});

const ZUnits = z
  .array(z.object({ unit_id: z.number().int(), unit_name: z.string(), quantity: zDecimal }))
  .nullable()
  .meta({ description: "The quantity in each unit of the item" });
const ZBatchInStock = z.object({
  batch_id: z.number().int(),
  batch_no: z.string().nullable(),
  expire_date: z.string().nullable(),
  days_to_expiry: z.number().int().nullable(),
  qty: zDecimal,
  units: ZUnits,
});
const ZTransfer = rowOf(itemTransfers)
  .pick({
    transfer_id: true,
    transfer_no: true,
    status: true,
    approved: true,
    note: true,
    sent_at: true,
    received_at: true,
    created_at: true,
  })
  .extend({
    date: z.string(),
    from_inventory_id: z.number().int(),
    from_inventory_name: z.string(),
    to_inventory_id: z.number().int(),
    to_inventory_name: z.string(),
    updated_at: zDateTime.nullable(),
    items: z.array(
      z.object({
        line_id: z.number().int(),
        ...docLineItem,
        item_code: z.string().nullable(),
        ...batchRef,
        value: zDecimal,
      }),
    ),
  });

export const stockModule: AppModule = {
  name: "stock",
  register(app: FastifyInstance) {
    app.get(
      "/api/items/list_with_expire/:inventoryId",
      {
        config: { permission: ITEM_PICKERS },
        ...answers(
          dropdownOf(ZBatchInStock.extend(ZItemPick.shape)).extend({
            inventory_id: z.number().int(),
            current_page: z.number().int(),
            per_page: z.number().int(),
            has_more: z.boolean(),
          }),
          { querystring: ZPage },
        ),
      },
      async (req) => {
        const inventoryId = parseId((req.params as { inventoryId: string }).inventoryId);
        const ctx = ctxOf(app, req);
        await assertInventoryAccess(ctx, inventoryId);
        const q = parse(ZPage, req.query);
        const { rows, hasMore } = await batchesInStock(ctx, inventoryId, { search: q.search, page: q.page, perPage: q.per_page });
        return { message: rows, inventory_id: inventoryId, current_page: q.page, per_page: q.per_page, has_more: hasMore };
      },
    );

    registerList(app, "/api/stocks", stocksList, "stocks/index");
    app.get(
      "/api/stocks/batches",
      {
        config: { permission: ["stocks/index", "stocks/show"] },
        ...docs({
          tags: ["stocks"],
          summary: "Batches of an item in an inventory",
          // Both ids are read as `parseId` reads a path id.
          querystring: z.object({ item_id: z.number().int().min(1), inventory_id: z.number().int().min(1) }),
          response: dropdownOf(
            ZBatchInStock.omit({ days_to_expiry: true }).extend({ days_to_expiry: z.number().int().nullable(), value: zDecimal }),
          ),
        }),
      },
      async (req) => {
        const q = parse(ZBatchesQuery, req.query);
        const itemId = parseId(q.item_id);
        const inventoryId = parseId(q.inventory_id);
        const ctx = ctxOf(app, req);
        await assertInventoryAccess(ctx, inventoryId);
        return { message: await stockBatches(ctx, itemId, inventoryId) };
      },
    );

    registerCrud(app, {
      endpoint: "stock_transfers",
      section: "stock_transfers",
      list: itemTransfersList,
      row: ZTransfer,
      show: showItemTransfer,
      create: { schema: ZItemTransfer, run: createItemTransfer },
      update: { schema: ZItemTransfer, run: updateItemTransfer },
      remove: deleteItemTransfer,
    });
    const action = (path: string, permission: string, run: (ctx: Ctx, id: number) => Promise<void>) =>
      app.post(
        `/api/stock_transfers/:id/${path}`,
        { config: { permission }, ...docs({ tags: ["stock_transfers"], summary: `Transfer: ${path}`, response: savedOf(ZTransfer) }) },
        async (req) => {
          const id = parseId((req.params as { id: string }).id);
          const data = await inTx(app, req, async (ctx) => {
            const before = await showItemTransfer(ctx, id);
            if (!before) throw notFound();
            await run(ctx, id);
            const after = await showItemTransfer(ctx, id);
            await audit(ctx, { module: "stock_transfers", action: path, record_id: id, before, after });
            return after;
          });
          return { message: MSG.updated, data };
        },
      );
    action("approve", "stock_transfers/approve", (ctx, id) => decideItemTransfer(ctx, id, true));
    action("disapprove", "stock_transfers/disapprove", (ctx, id) => decideItemTransfer(ctx, id, false));
    action("send", "stock_transfers/transfer", sendItemTransfer);
    action("receive", "stock_transfers/receive", receiveItemTransfer);
  },
};
