import {
  MSG,
  SHOP_MSG,
  ZShopAddress,
  ZShopAddressInput,
  ZShopCancelOrder,
  ZShopCart,
  ZShopDevice,
  ZShopOrder,
  ZShopOrderSummary,
  ZShopPlaceOrder,
  ZShopProfile,
  ZShopProfileUpdate,
  ZShopQuote,
  ZShopRequestCode,
  ZShopSession,
  ZShopVerifyCode,
} from "@app/contracts";
import { sql } from "drizzle-orm";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { z } from "zod";
import type { AppModule } from "../../platform/app-module.js";
import { bodyOf, docs, parseId } from "../../platform/crud.js";
import { HttpError, parse } from "../../platform/errors.js";
import { ctxOf, inTx, retryTx } from "../../platform/http.js";
import { idempotencyKey, runIdempotent } from "../../platform/idempotency.js";
import { dataOf, savedOf, ZMessage } from "../../platform/openapi.js";
import { homeSections } from "../mobile-app/mobile-sections.js";
import { deleteAddress, listAddresses, saveAddress, showAddress, showProfile, updateProfile } from "./shop-account.js";
import {
  type CodeSender,
  outboxSender,
  registerDevice,
  requestCode,
  type ShopCustomer,
  shopCustomer,
  signOut,
  verifyCode,
} from "./shop-auth.js";
import { priceCart, quoteAnswer } from "./shop-cart.js";
import { shopCategories, shopItems } from "./shop-catalogue.js";
import { cancelOwnOrder, expireOrders, listOwnOrders, placeOrder, showOwnOrder } from "./shop-orders.js";

declare module "fastify" {
  interface FastifyInstance {
    /** Sends a shop sign-in code; the default writes the outbox (see shop-auth.ts). */
    shopCodeSender?: CodeSender;
  }
}

const P = "/api/shop/v1";
const tags = ["shop"];
/** The shop API is open to the app: its routes check the app's own token themselves, never a back-office one. */
const OPEN = { permission: "public" } as const;
const SIGNED_IN = {
  ...OPEN,
  openapi: { refuses: { 401: "Not signed in to the shop: no token, or not a shop token", 403: "The customer is blocked" } },
} as const;
const THROTTLED = "Too many attempts: wait the seconds Retry-After says";

const ZMeta = z.object({ page: z.number().int(), per_page: z.number().int(), total: z.number().int() });
const ZPage = z.object({
  page: z.coerce.number({ error: "must be an integer" }).int("must be an integer").min(1, "must be at least 1").default(1),
  per_page: z.coerce
    .number({ error: "must be an integer" })
    .int("must be an integer")
    .min(1, "must be at least 1")
    .max(100, "may not be greater than 100")
    .default(20),
});
const ZItemsQuery = ZPage.extend({
  search: z.string().max(100, "may not be greater than 100 characters").optional(),
  category_id: z.coerce
    .number({ error: MSG.idInvalid })
    .int(MSG.idInvalid)
    .positive(MSG.idInvalid)
    .max(2_147_483_647, MSG.idInvalid)
    .optional(),
});
const ZShopItem = z.object({
  item_id: z.number(),
  item_name: z.string(),
  scientific_name: z.string().nullable(),
  description: z.string().nullable(),
  category_id: z.number().nullable(),
  images: z.array(z.string()),
  unit_id: z.number(),
  unit_name: z.string(),
  sale_price: z.string(),
  price: z.string(),
  in_stock: z.boolean(),
});
const ZCategory = z.object({ category_id: z.number(), category_name: z.string(), parent_id: z.number().nullable() });
const ZCity = z.object({ city_id: z.number(), city_name: z.string() });
/** A home section or slider as the settings' home sections arrange it. */
const ZHomeSection = z.object({
  section_id: z.number(),
  kind: z.enum(["section", "slider"]),
  title: z.string(),
  description: z.string().nullable(),
  image: z.string().nullable(),
  items: z.array(z.object({ item_id: z.number(), item_name: z.string(), price: z.union([z.string(), z.number()]).nullable() })),
});
const ZCancelMessage = z.object({ message_id: z.number(), message: z.string() });

const idOf = (req: FastifyRequest) => parseId((req.params as { id: string }).id);

export const onlineOrdersModule: AppModule = {
  name: "online_orders",
  register(app: FastifyInstance) {
    const me = (req: FastifyRequest): Promise<ShopCustomer> => shopCustomer(app, req);

    app.post(
      `${P}/auth/code`,
      {
        config: { ...OPEN, openapi: { refuses: { 429: THROTTLED } } },
        ...docs({ tags, summary: "Send a sign-in code to a mobile number", body: ZShopRequestCode, response: ZMessage, status: 202 }),
      },
      async (req, reply) => {
        const { mobile } = parse(ZShopRequestCode, bodyOf(req));
        await requestCode(app, req, mobile, app.shopCodeSender ?? outboxSender(app.log));
        return reply.status(202).send({ message: "The code was sent." });
      },
    );
    app.post(
      `${P}/auth/verify`,
      {
        config: { ...OPEN, openapi: { refuses: { 403: "The customer is blocked", 429: THROTTLED } } },
        ...docs({ tags, summary: "Sign in with the code: a shop token", body: ZShopVerifyCode, response: dataOf(ZShopSession) }),
      },
      async (req) => ({ data: await verifyCode(app, req, parse(ZShopVerifyCode, bodyOf(req))) }),
    );
    app.post(
      `${P}/auth/logout`,
      { config: SIGNED_IN, ...docs({ tags, summary: "Sign this app out", response: ZMessage }) },
      async (req) => {
        await me(req);
        await signOut(app, req);
        return { message: "Signed out." };
      },
    );

    app.get(`${P}/profile`, { config: SIGNED_IN, ...docs({ tags, response: dataOf(ZShopProfile) }) }, async (req) => ({
      data: await showProfile(app.db, (await me(req)).customer_id),
    }));
    app.patch(
      `${P}/profile`,
      { config: SIGNED_IN, ...docs({ tags, body: ZShopProfileUpdate, response: savedOf(ZShopProfile) }) },
      async (req) => {
        const customer = await me(req);
        const input = parse(ZShopProfileUpdate, bodyOf(req));
        const data = await retryTx(app, async (tx) => {
          await updateProfile(tx, customer, input);
          return showProfile(tx, customer.customer_id);
        });
        return { message: MSG.updated, data };
      },
    );

    app.get(`${P}/addresses`, { config: SIGNED_IN, ...docs({ tags, response: dataOf(z.array(ZShopAddress)) }) }, async (req) => ({
      data: await listAddresses(app.db, (await me(req)).customer_id),
    }));
    app.post(
      `${P}/addresses`,
      { config: SIGNED_IN, ...docs({ tags, body: ZShopAddressInput, response: savedOf(ZShopAddress), status: 201 }) },
      async (req, reply) => {
        const customer = await me(req);
        const input = parse(ZShopAddressInput, bodyOf(req));
        const data = await retryTx(app, async (tx) =>
          showAddress(tx, customer.customer_id, await saveAddress(tx, customer.customer_id, input)),
        );
        return reply.status(201).send({ message: MSG.added, data });
      },
    );
    app.patch(
      `${P}/addresses/:id`,
      { config: SIGNED_IN, ...docs({ tags, body: ZShopAddressInput, response: savedOf(ZShopAddress) }) },
      async (req) => {
        const id = idOf(req);
        const customer = await me(req);
        const input = parse(ZShopAddressInput, bodyOf(req));
        const data = await retryTx(app, async (tx) =>
          showAddress(tx, customer.customer_id, await saveAddress(tx, customer.customer_id, input, id)),
        );
        return { message: MSG.updated, data };
      },
    );
    app.delete(`${P}/addresses/:id`, { config: SIGNED_IN, ...docs({ tags, response: ZMessage }) }, async (req) => {
      const id = idOf(req);
      const customer = await me(req);
      await retryTx(app, (tx) => deleteAddress(tx, customer.customer_id, id));
      return { message: MSG.deleted };
    });

    app.post(
      `${P}/devices`,
      { config: SIGNED_IN, ...docs({ tags, summary: "Register this phone's push token", body: ZShopDevice, response: ZMessage }) },
      async (req) => {
        const customer = await me(req);
        const input = parse(ZShopDevice, bodyOf(req));
        await retryTx(app, (tx) => registerDevice(tx, customer.customer_id, input));
        return { message: MSG.added };
      },
    );

    app.get(`${P}/cities`, { config: OPEN, ...docs({ tags, response: dataOf(z.array(ZCity)) }) }, async () => ({
      data: (await app.db.execute(sql`select city_id, city_name from cities order by city_name, city_id`)).rows,
    }));
    app.get(`${P}/cancellation_messages`, { config: OPEN, ...docs({ tags, response: dataOf(z.array(ZCancelMessage)) }) }, async () => ({
      data: (
        await app.db.execute(sql`select message_id, message from order_cancellation_messages where active order by arrangement, message_id`)
      ).rows,
    }));
    app.get(
      `${P}/home`,
      { config: OPEN, ...docs({ tags, summary: "The home screen's sections and sliders", response: dataOf(z.array(ZHomeSection)) }) },
      async (req) => ({
        data: await homeSections(ctxOf(app, req)),
      }),
    );
    app.get(`${P}/categories`, { config: OPEN, ...docs({ tags, response: dataOf(z.array(ZCategory)) }) }, async (req) => ({
      data: await shopCategories(ctxOf(app, req)),
    }));
    app.get(
      `${P}/items`,
      { config: OPEN, ...docs({ tags, querystring: ZItemsQuery, response: z.object({ data: z.array(ZShopItem), meta: ZMeta }) }) },
      async (req) => shopItems(ctxOf(app, req), parse(ZItemsQuery, req.query)),
    );
    app.get(`${P}/items/:id`, { config: OPEN, ...docs({ tags, response: dataOf(ZShopItem) }) }, async (req) => {
      const id = idOf(req);
      const found = (await shopItems(ctxOf(app, req), { page: 1, per_page: 1 }, id)).data[0];
      if (!found) throw new HttpError(404, MSG.notFound);
      return { data: found };
    });

    app.post(
      `${P}/cart/quote`,
      {
        config: SIGNED_IN,
        ...docs({ tags, summary: "Price a cart and say what of it can be ordered", body: ZShopCart, response: dataOf(ZShopQuote) }),
      },
      async (req) => {
        const customer = await me(req);
        const input = parse(ZShopCart, bodyOf(req));
        return { data: quoteAnswer(await priceCart(ctxOf(app, req), customer.consumer_id, input.lines)) };
      },
    );

    app.post(
      `${P}/orders`,
      {
        config: SIGNED_IN,
        ...docs({
          tags,
          summary: "Place an order (Idempotency-Key: a retry answers the first order)",
          body: ZShopPlaceOrder,
          response: savedOf(ZShopOrder),
          status: 201,
        }),
      },
      async (req, reply) => {
        const customer = await me(req);
        const input = parse(ZShopPlaceOrder, bodyOf(req));
        const key = idempotencyKey(req);
        return runIdempotent(app, req, reply, `shop_order:${customer.customer_id}`, input, async (ctx) => {
          const id = await placeOrder(ctx, customer, input, key);
          return { status: 201, body: { message: MSG.added, data: await showOwnOrder(ctx.tx, customer.customer_id, id) } };
        });
      },
    );
    app.get(
      `${P}/orders`,
      { config: SIGNED_IN, ...docs({ tags, querystring: ZPage, response: z.object({ data: z.array(ZShopOrderSummary), meta: ZMeta }) }) },
      async (req) => {
        const customer = await me(req);
        const q = parse(ZPage, req.query);
        await retryTx(app, (tx) => expireOrders(tx, new Date(), customer.customer_id));
        return listOwnOrders(app.db, customer, q.page, q.per_page);
      },
    );
    app.get(`${P}/orders/:id`, { config: SIGNED_IN, ...docs({ tags, response: dataOf(ZShopOrder) }) }, async (req) => {
      const id = idOf(req);
      const customer = await me(req);
      await retryTx(app, (tx) => expireOrders(tx, new Date(), customer.customer_id));
      const found = await showOwnOrder(app.db, customer.customer_id, id);
      if (!found) throw new HttpError(404, SHOP_MSG.orderNotFound);
      return { data: found };
    });
    app.post(
      `${P}/orders/:id/cancel`,
      {
        config: SIGNED_IN,
        ...docs({ tags, summary: "Cancel my pending order, with a reason", body: ZShopCancelOrder, response: savedOf(ZShopOrder) }),
      },
      async (req) => {
        const id = idOf(req);
        const customer = await me(req);
        const input = parse(ZShopCancelOrder, bodyOf(req));
        const data = await inTx(app, req, async (ctx) => {
          await expireOrders(ctx.tx, ctx.now, customer.customer_id);
          await cancelOwnOrder(ctx, customer, id, input);
          return showOwnOrder(ctx.tx, customer.customer_id, id);
        });
        return { message: MSG.updated, data };
      },
    );

    // Orders left unconfirmed past the accepted time are cancelled every minute (and whenever their customer reads them).
    const timer = setInterval(() => {
      retryTx(app, (tx) => expireOrders(tx, new Date())).catch((err) => app.log.warn({ err }, "online order expiry failed"));
    }, 60_000);
    timer.unref();
    app.addHook("onClose", async () => clearInterval(timer));
  },
};
