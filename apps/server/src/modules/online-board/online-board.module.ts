import { ONLINE_ORDER_KEYS as K, MSG, ZAssignDriver, ZDriverSettlement, ZOnlineOrderCancel } from "@app/contracts";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import type { AppModule } from "../../platform/app-module.js";
import { audit } from "../../platform/audit.js";
import type { Ctx } from "../../platform/context.js";
import { bodyOf, docs, parseId, registerAction, registerList } from "../../platform/crud.js";
import { parse } from "../../platform/errors.js";
import { ctxOf, inTx } from "../../platform/http.js";
import { answers, dataOf, dropdownOf, savedOf, ZMessage } from "../../platform/openapi.js";
import { assignDriver, driversCash, handOver, settleDriver, settlementAccounts, showSettlement, staffForDriving } from "./home-delivery.js";
import { ZBoardOrder, ZDriverCash, ZOrderShown as ZOrder, ZSettlementShown } from "./online-board.schemas.js";
import { cancelOrder, confirmOrder, deliverOrder, returnToConfirm, returnToPending } from "./order-actions.js";
import { registerOrderStream } from "./order-stream.js";
import { boardOrders, orderHistoryList, pendingCount, showOnlineOrder } from "./orders-read.js";

const tags = ["online_orders"];
const show = (ctx: Ctx, id: number) => showOnlineOrder(ctx, id);

/**
 * The back office's online orders (SPEC §4, §6 online_orders, §7 pending_order_alert): the board
 * and the actions on an order, the history, home delivery with its drivers' cash, and the push of
 * new and changed orders.
 */
export const onlineBoardModule: AppModule = {
  name: "online_board",
  register(app: FastifyInstance) {
    app.get(
      "/api/online_orders/pending_order_alert",
      { config: { permission: K.show }, ...answers(ZMessage.extend({ message: z.number().int() })) },
      async (req) => ({ message: await pendingCount(ctxOf(app, req)) }),
    );
    registerOrderStream(app, "/api/online_orders/stream", K.show);
    app.get(
      "/api/online_orders/board",
      { config: { permission: [K.show, K.homeDelivery] }, ...answers(dataOf(z.array(ZBoardOrder))) },
      async (req) => ({ data: await boardOrders(ctxOf(app, req)) }),
    );
    registerList(app, "/api/online_orders", orderHistoryList, K.history);
    app.get(
      "/api/online_orders/:id",
      { config: { permission: [K.show, K.history, K.homeDelivery], openapi: { kind: "show" } }, ...answers(dataOf(ZOrder)) },
      async (req, reply) => {
        const found = await showOnlineOrder(ctxOf(app, req), parseId((req.params as { id: string }).id));
        if (!found) return reply.status(404).send({ message: MSG.notFound });
        return { data: found };
      },
    );

    registerAction(app, { endpoint: "online_orders", name: "confirm", permission: K.confirm, show, row: ZOrder, run: confirmOrder });
    registerAction(app, { endpoint: "online_orders", name: "deliver", permission: K.deliver, show, row: ZOrder, run: deliverOrder });
    registerAction(app, {
      endpoint: "online_orders",
      name: "return_to_pending",
      permission: K.update,
      show,
      row: ZOrder,
      run: returnToPending,
    });
    registerAction(app, {
      endpoint: "online_orders",
      name: "return_to_confirm",
      permission: K.update,
      show,
      row: ZOrder,
      run: returnToConfirm,
    });
    registerAction(app, {
      endpoint: "online_orders",
      name: "cancel",
      permission: K.cancel,
      show,
      row: ZOrder,
      body: ZOnlineOrderCancel,
      run: (ctx, id, input) => cancelOrder(ctx, id, input),
    });
    registerAction(app, {
      endpoint: "online_orders",
      name: "assign_driver",
      permission: K.homeDelivery,
      show,
      row: ZOrder,
      body: ZAssignDriver,
      run: (ctx, id, input) => assignDriver(ctx, id, input),
    });
    registerAction(app, { endpoint: "online_orders", name: "hand_over", permission: K.homeDelivery, show, row: ZOrder, run: handOver });

    app.get(
      "/api/home_delivery/drivers",
      {
        config: { permission: K.homeDelivery },
        ...answers(dataOf(z.array(ZDriverCash))),
      },
      async (req) => ({ data: await driversCash(ctxOf(app, req)) }),
    );
    app.get(
      "/api/home_delivery/staff",
      {
        config: { permission: K.homeDelivery },
        ...answers(dropdownOf(z.object({ user_id: z.number().int(), user_name: z.string() }))),
      },
      async (req) => ({ message: await staffForDriving(ctxOf(app, req)) }),
    );
    app.get(
      "/api/home_delivery/cash_accounts",
      {
        config: { permission: K.homeDelivery },
        ...answers(
          dropdownOf(
            z.object({
              account_id: z.number().int(),
              account_name: z.string(),
              currency_id: z.number().int(),
              system_key: z.string().nullable(),
            }),
          ),
        ),
      },
      async (req) => ({ message: await settlementAccounts(ctxOf(app, req)) }),
    );
    app.post(
      "/api/home_delivery/settlements",
      {
        config: { permission: K.homeDelivery },
        ...docs({ tags, body: ZDriverSettlement, response: savedOf(ZSettlementShown), status: 201 }),
      },
      async (req, reply) => {
        const input = parse(ZDriverSettlement, bodyOf(req));
        const data = await inTx(app, req, async (ctx) => {
          const { id } = await settleDriver(ctx, input);
          const after = await showSettlement(ctx, id);
          await audit(ctx, { module: "online_orders", action: "settle_driver", record_id: id, after });
          return after;
        });
        return reply.status(201).send({ message: MSG.added, data });
      },
    );
    app.get("/api/home_delivery/settlements/:id", { config: { permission: K.homeDelivery }, ...answers(dataOf(ZOrder)) }, async (req) => {
      return { data: await showSettlement(ctxOf(app, req), parseId((req.params as { id: string }).id)) };
    });
  },
};
