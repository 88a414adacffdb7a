import {
  can,
  MSG,
  OVER_RECEIVE_PERMISSION,
  PURCHASE_ORDER_MSG,
  ZOrderImageRemove,
  ZOrderSuggestions,
  ZPurchaseOrder,
  ZPurchaseReceipt,
} from "@app/contracts";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { z } from "zod";
import type { AppModule } from "../../platform/app-module.js";
import { audit } from "../../platform/audit.js";
import type { Ctx } from "../../platform/context.js";
import { bodyOf, docs, parseId, registerList } from "../../platform/crud.js";
import { fieldError, HttpError, notFound, parse } from "../../platform/errors.js";
import { saveImage } from "../../platform/files.js";
import { ctxOf, inTx } from "../../platform/http.js";
import { answers, dataOf, rowOf, savedOf, ZMessage, zDecimal } from "../../platform/openapi.js";
import { showPurchase } from "../purchases/purchases.show.js";
import {
  cancelRest,
  createPurchaseOrder,
  deletePurchaseOrder,
  orderToDraft,
  placeOrder,
  purchaseOrdersList,
  setOrderImages,
  showPurchaseOrder,
  updatePurchaseOrder,
} from "./purchase-orders.js";
import { purchaseOrderLines, purchaseOrders } from "./purchase-orders.tables.js";
import { receiveOrder } from "./receive-order.js";
import { ordersFromSuggestions, reorderSuggestions } from "./reorder.js";

/** Every purchase-order route but its images' is under `purchases/order` (SPEC §6 "Order"). */
const ORDER = "purchases/order";
const IMAGES = "purchases/order_images";
const tags = ["purchase_orders"];

const ZOrderShown = rowOf(purchaseOrders).extend({
  date: z.string(),
  expected_date: z.string().nullable(),
  consumer_name: z.string(),
  consumer_code: z.string().nullable(),
  supplier_mobile: z.string().nullable(),
  supplier_address: z.string().nullable(),
  supplier_city: z.string().nullable(),
  inventory_name: z.string(),
  currency_name: z.string(),
  created_by_name: z.string().nullable(),
  lines: z.array(
    rowOf(purchaseOrderLines).extend({
      item_name: z.string(),
      item_code: z.string().nullable(),
      has_expire: z.boolean(),
      unit_name: z.string(),
      /** Received by the order's complete receipts, in the line's unit. */
      received_quantity: zDecimal,
      /** Still to come: none once the order is closed. */
      remaining_quantity: zDecimal,
    }),
  ),
  receipts: z.array(
    z.object({
      id: z.number().int(),
      number: z.string().nullable(),
      status: z.string(),
      total: zDecimal,
      payment_status: z.string(),
      currency_id: z.number().int(),
      date: z.string(),
    }),
  ),
});

const ZSuggestion = z.object({
  item_id: z.number().int(),
  item_name: z.string(),
  item_code: z.string().nullable(),
  shortage_alert: z.number().int(),
  on_hand: zDecimal,
  on_order: zDecimal,
  sold_30_days: zDecimal,
  consumer_id: z.number().int().nullable(),
  consumer_name: z.string().nullable(),
  last_unit_price: zDecimal.nullable(),
  last_currency_id: z.number().int().nullable(),
  last_purchase_date: z.string().nullable(),
  unit_id: z.number().int().nullable(),
  unit_name: z.string().nullable(),
  unit_base_qty: zDecimal,
  suggested_quantity: zDecimal,
});

const idOf = (req: FastifyRequest) => parseId((req.params as { id: string }).id);

export const purchaseOrdersModule: AppModule = {
  name: "purchase_orders",
  register(app: FastifyInstance) {
    /** One change of an order in one transaction, audited with the order before and after. */
    const change = async (req: FastifyRequest, action: string, run: (ctx: Ctx, id: number) => Promise<unknown>) => {
      const id = idOf(req);
      return inTx(app, req, async (ctx) => {
        const before = await showPurchaseOrder(ctx, id);
        if (!before) throw notFound();
        await run(ctx, id);
        const after = await showPurchaseOrder(ctx, id);
        await audit(ctx, { module: "purchase_orders", action, record_id: id, before, after });
        return after;
      });
    };

    app.get(
      "/api/purchase_orders/suggestions",
      { config: { permission: ORDER }, ...answers(dataOf(z.array(ZSuggestion))) },
      async (req) => ({ data: await reorderSuggestions(ctxOf(app, req), req.query as Record<string, unknown>) }),
    );
    app.post(
      "/api/purchase_orders/from_suggestions",
      {
        config: { permission: ORDER },
        ...docs({ tags, body: ZOrderSuggestions, response: savedOf(z.object({ ids: z.array(z.number().int()) })), status: 201 }),
      },
      async (req, reply) => {
        const input = parse(ZOrderSuggestions, bodyOf(req));
        const ids = await inTx(app, req, async (ctx) => {
          const made = await ordersFromSuggestions(ctx, input);
          for (const id of made)
            await audit(ctx, { module: "purchase_orders", action: "create", record_id: id, after: await showPurchaseOrder(ctx, id) });
          return made;
        });
        return reply.status(201).send({ message: MSG.added, data: { ids } });
      },
    );

    registerList(app, "/api/purchase_orders", purchaseOrdersList, ORDER);
    app.get(
      "/api/purchase_orders/:id",
      { config: { permission: ORDER, openapi: { kind: "show" } }, ...answers(dataOf(ZOrderShown)) },
      async (req) => {
        const found = await showPurchaseOrder(ctxOf(app, req), idOf(req));
        if (!found) throw notFound();
        return { data: found };
      },
    );
    app.post(
      "/api/purchase_orders",
      {
        config: { permission: ORDER, openapi: { kind: "create" } },
        ...docs({ tags, body: ZPurchaseOrder, response: savedOf(ZOrderShown), status: 201 }),
      },
      async (req, reply) => {
        const input = parse(ZPurchaseOrder, bodyOf(req));
        const data = await inTx(app, req, async (ctx) => {
          const { id } = await createPurchaseOrder(ctx, input);
          const after = await showPurchaseOrder(ctx, id);
          await audit(ctx, { module: "purchase_orders", action: "create", record_id: id, after });
          return after;
        });
        return reply.status(201).send({ message: MSG.added, data });
      },
    );
    const update = async (req: FastifyRequest) => {
      idOf(req);
      if (req.method === "POST") {
        const m = (req.body as Record<string, unknown> | undefined)?._method;
        if (typeof m !== "string" || !["PATCH", "PUT"].includes(m.toUpperCase())) throw new HttpError(405, "Use _method=PATCH to update.");
      }
      const input = parse(ZPurchaseOrder, bodyOf(req));
      return { message: MSG.updated, data: await change(req, "update", (ctx, id) => updatePurchaseOrder(ctx, id, input)) };
    };
    const updateDoc = (kind: "update" | "updateForm") => ({
      config: { permission: ORDER, openapi: { kind } },
      ...docs({ tags, body: ZPurchaseOrder, response: savedOf(ZOrderShown) }),
    });
    app.patch("/api/purchase_orders/:id", updateDoc("update"), update);
    app.post("/api/purchase_orders/:id", updateDoc("updateForm"), update);
    app.delete(
      "/api/purchase_orders/:id",
      { config: { permission: ORDER, openapi: { kind: "delete" } }, ...docs({ tags, response: ZMessage }) },
      async (req) => {
        const id = idOf(req);
        await inTx(app, req, async (ctx) => {
          const before = await showPurchaseOrder(ctx, id);
          if (!before) throw notFound();
          await deletePurchaseOrder(ctx, id);
          await audit(ctx, { module: "purchase_orders", action: "delete", record_id: id, before });
        });
        return { message: MSG.deleted };
      },
    );

    for (const [name, run] of [
      ["order", placeOrder],
      ["return_to_draft", orderToDraft],
      ["cancel_rest", cancelRest],
    ] as const) {
      app.post(
        `/api/purchase_orders/:id/${name}`,
        { config: { permission: ORDER }, ...docs({ tags, summary: `${name} one of purchase_orders`, response: savedOf(ZOrderShown) }) },
        async (req) => ({ message: MSG.updated, data: await change(req, name, run) }),
      );
    }

    // Receiving makes and completes a purchase: the purchases' own permissions are needed too.
    app.post(
      "/api/purchase_orders/:id/receive",
      {
        config: { permission: ORDER, checks: ["purchases/store", "purchases/complete", OVER_RECEIVE_PERMISSION] },
        ...docs({
          tags,
          body: ZPurchaseReceipt,
          response: savedOf(ZOrderShown.extend({ purchase: z.record(z.string(), z.unknown()) })),
          status: 201,
        }),
      },
      async (req, reply) => {
        if (!can(req.user, "purchases/store") || !can(req.user, "purchases/complete")) throw new HttpError(403, MSG.forbidden);
        const id = idOf(req);
        const input = parse(ZPurchaseReceipt, bodyOf(req));
        const data = await inTx(app, req, async (ctx) => {
          const before = await showPurchaseOrder(ctx, id);
          if (!before) throw notFound();
          const { purchase_id } = await receiveOrder(ctx, id, input);
          const purchase = await showPurchase(ctx, purchase_id);
          await audit(ctx, { module: "purchases", action: "create", record_id: purchase_id, after: purchase });
          const after = await showPurchaseOrder(ctx, id);
          await audit(ctx, { module: "purchase_orders", action: "receive", record_id: id, before, after });
          return { ...after!, purchase: purchase! };
        });
        return reply.status(201).send({ message: MSG.added, data });
      },
    );

    // The supplier's confirmation: photos or scans, checked by their content as every upload.
    app.post(
      "/api/purchase_orders/:id/images",
      // The supplier's confirmation as `image` (or `images`) file parts of a multipart form.
      { config: { permission: IMAGES, openapi: { files: ["image", "images"] } }, ...answers(savedOf(ZOrderShown), 201) },
      async (req, reply) => {
        idOf(req);
        const body = bodyOf(req);
        const values = [body.image, body.images].flat().filter((v) => v !== undefined);
        if (!values.length) throw fieldError("image", "The image field is required.");
        if (values.length > 10) throw fieldError("image", "At most 10 images.");
        const names: string[] = [];
        for (const v of values) names.push(await saveImage(app.config.uploadDir, v, "image"));
        const data = await change(req, "add_images", (ctx, orderId) => setOrderImages(ctx, orderId, (kept) => [...kept, ...names]));
        return reply.status(201).send({ message: MSG.added, data });
      },
    );
    app.post(
      "/api/purchase_orders/:id/remove_image",
      { config: { permission: IMAGES }, ...docs({ tags, body: ZOrderImageRemove, response: savedOf(ZOrderShown) }) },
      async (req) => {
        idOf(req);
        const input = parse(ZOrderImageRemove, bodyOf(req));
        const data = await change(req, "remove_image", (ctx, orderId) =>
          setOrderImages(ctx, orderId, (kept) => {
            if (!kept.includes(input.image)) throw fieldError("image", PURCHASE_ORDER_MSG.imageNotOfOrder);
            return kept.filter((n) => n !== input.image);
          }),
        );
        return { message: MSG.updated, data };
      },
    );
  },
};
