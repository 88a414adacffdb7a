import { MSG, ZItemTransfer } from "@app/contracts";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { audit } from "../../platform/audit.js";
import type { Ctx } from "../../platform/context.js";
import { docs, parseId, registerCrud, registerList } from "../../platform/crud.js";
import { notFound, parse } from "../../platform/errors.js";
import { ctxOf, inTx } from "../../platform/http.js";
import { ITEM_PICKERS, ZPage } from "../catalogue/catalogue.module.js";
import { assertInventoryAccess } from "../catalogue/inventories.js";
import type { AppModule } from "../index.js";
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

export const stockModule: AppModule = {
  name: "stock",
  register(app: FastifyInstance) {
    app.get("/api/items/list_with_expire/:inventoryId", { config: { permission: ITEM_PICKERS } }, async (req) => {
      const inventoryId = parseId((req.params as { inventoryId: string }).inventoryId);
      const ctx = ctxOf(app, req);
      await assertInventoryAccess(ctx, inventoryId);
      const q = parse(ZPage, req.query);
      const { rows, hasMore } = await batchesInStock(ctx, inventoryId, { search: q.search, page: q.page, perPage: q.per_page });
      return { message: rows, inventory_id: inventoryId, current_page: q.page, per_page: q.per_page, has_more: hasMore };
    });

    registerList(app, "/api/stocks", stocksList, "stocks/index");
    app.get(
      "/api/stocks/batches",
      {
        config: { permission: ["stocks/index", "stocks/show"] },
        ...docs({ tags: ["stocks"], summary: "Batches of an item in an inventory" }),
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
      show: showItemTransfer,
      create: { schema: ZItemTransfer, run: createItemTransfer },
      update: { schema: ZItemTransfer, run: updateItemTransfer },
      remove: deleteItemTransfer,
    });
    const action = (path: string, permission: string, run: (ctx: Ctx, id: number) => Promise<void>) =>
      app.post(
        `/api/stock_transfers/:id/${path}`,
        { config: { permission }, ...docs({ tags: ["stock_transfers"], summary: `Transfer: ${path}` }) },
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
