import {
  MSG,
  POS_PRINT_RECEIPT,
  ZClosingDrawer,
  ZOpenDrawer,
  ZPosReturn,
  ZPosReviewAnswer,
  ZPosSale,
  ZPosSaleEdit,
  ZPosSaleShown,
  ZPosSettings,
  ZResolveReview,
  ZSwitchCashier,
} from "@app/contracts";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { z } from "zod";
import type { AppModule } from "../../platform/app-module.js";
import { audit } from "../../platform/audit.js";
import { bodyOf, docs, parseId, registerCrud, registerList } from "../../platform/crud.js";
import { HttpError, notFound, parse } from "../../platform/errors.js";
import { clientIp, ctxOf, inTx } from "../../platform/http.js";
import { bodyHash, idempotencyKey, runIdempotent } from "../../platform/idempotency.js";
import { answers, dataOf, savedOf, zDecimal } from "../../platform/openapi.js";
import { readDevice, sendDevice } from "../auth/known-device.js";
import { ZSaleReturnShown } from "../sale-returns/sale-returns.schemas.js";
import { recordDrawerOpening, switchCashier } from "./cashier-actions.js";
import { closeDrawer, closingDrawersList, openDrawers, showClosing } from "./closing-drawer.js";
import { registerDrawerFloats } from "./drawer-floats.routes.js";
import { posBooker, sendAnswer } from "./pos-booker.js";
import { returnPosSale, shownPosReturn } from "./pos-returns.js";
import { editPosSale, posSaleByNumber, posSalesList, showPosSale } from "./pos-sales.js";
import { assertCashier, loadPosSettings, posSession, savePosSettings } from "./pos-session.js";
import { posReviewsList, resolveReview, showReview } from "./reviews.js";

const nullableId = z.number().int().nullable();
const ZSettingsShown = z.object({
  fib_account_fk: nullableId,
  fib_account_name: z.string().nullable(),
  smallest_iqd_amount: zDecimal,
  smallest_usd_amount: zDecimal,
  print_receipt: z.enum(POS_PRINT_RECEIPT),
  receipt_width: z.union([z.literal(80), z.literal(58)]),
});
const ZSession = z.object({
  cashier: z.object({ user_id: z.number().int(), user_name: z.string() }),
  outlet: z.object({ outlet_id: nullableId, outlet_name: z.string().nullable() }),
  inventory: z.object({ inventory_id: z.number().int(), inventory_name: z.string() }),
  system_currency_id: z.number().int(),
  rate: zDecimal,
  in_rate: zDecimal,
  fib_account: z.object({ account_id: z.number().int(), account_name: z.string() }).nullable(),
  smallest_iqd_amount: zDecimal,
  smallest_usd_amount: zDecimal,
  /** A paid bill's receipt: printed at once, asked about, or printed only when the cashier asks for it. */
  print_receipt: z.enum(POS_PRINT_RECEIPT),
  /** The receipt roll's width in millimetres. */
  receipt_width: z.union([z.literal(80), z.literal(58)]),
  walk_in_customer: z.object({ consumer_id: z.number().int(), consumer_name: z.string() }).nullable(),
  drawer: z.object({
    since: z.string().nullable(),
    receipts: z.number().int(),
    sales_total: zDecimal,
    cash: z.array(z.object({ currency_id: z.number().int(), account_id: z.number().int(), balance: zDecimal })),
  }),
  /** The financial year today falls in (null: none covers it, and a sale made now is refused). */
  financial_year: z.object({ name: z.string(), archived: z.boolean() }).nullable(),
  permissions: z.array(z.string()),
});
const ZOpening = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  user_name: z.string(),
  reason: z.string(),
  opened_at: z.string(),
});
const ZSwitched = z.object({
  access_token: z.string(),
  token_type: z.literal("bearer"),
  expires_in: z.number().int(),
  user_id: z.number().int(),
  user_name: z.string(),
});
const ZClosingShown = z.object({
  id: z.number().int(),
  number: z.string(),
  code: z.string(),
  user_fk: z.number().int(),
  user_name: z.string(),
  outlet_fk: nullableId,
  outlet_name: z.string().nullable(),
  opened_at: z.string().nullable(),
  closed_at: z.string(),
  receipts_count: z.number().int(),
  invoices_count: z.number().int(),
  sales_total: zDecimal,
  discount_total: zDecimal,
  returns_total: zDecimal,
  difference_total: zDecimal,
  note: z.string().nullable(),
  created_by: nullableId,
  created_by_name: z.string().nullable(),
  cash: z.array(
    z.object({
      currency_id: z.number().int(),
      currency_name: z.string(),
      account_fk: nullableId,
      expected: zDecimal,
      counted: zDecimal,
      difference: zDecimal,
      rate: zDecimal,
      /** The opening floats of this closing in the currency (already in `expected`). */
      opening_float: zDecimal,
    }),
  ),
  floats: z.array(
    z.object({
      id: z.number().int(),
      number: z.string(),
      currency_id: z.number().int(),
      amount: zDecimal,
      from_account_name: z.string(),
      note: z.string().nullable(),
      created_at: z.string(),
    }),
  ),
});
/** A POS return as saved: the sale return, what was paid back and from where, and the bill as it stands now. */
const ZPosReturnShown = ZSaleReturnShown.extend({
  refund: z.object({
    received_type: z.enum(["Cash", "On Account"]),
    currency_id: z.number().int(),
    amount: zDecimal,
    account_fk: nullableId,
  }),
  sale: ZPosSaleShown,
});
const ZReviewShown = z.object({
  id: z.number().int(),
  idempotency_key: z.string(),
  user_fk: z.number().int(),
  user_name: z.string(),
  body: z.unknown(),
  reason: z.string(),
  errors: z.unknown(),
  status: z.enum(["open", "booked", "dismissed"]),
  sale_fk: nullableId,
  resolution_note: z.string().nullable(),
  resolved_by: nullableId,
  resolved_by_name: z.string().nullable(),
  resolved_at: z.string().nullable(),
  created_at: z.string(),
  made_at: z.string().nullable(),
  customer_name: z.string().nullable(),
  lines: z.array(
    z.object({
      item_fk: nullableId,
      item_name: z.string().nullable(),
      unit_fk: nullableId,
      unit_name: z.string().nullable(),
      quantity: z.string().nullable(),
      unit_price: z.string().nullable(),
      discount_type: z.enum(["amount", "percent"]).nullable(),
      discount: z.string().nullable(),
    }),
  ),
});

const ZOpenDrawers = z.array(
  z.object({ user_id: z.number().int(), user_name: z.string(), receipts: z.number().int(), returns: z.number().int() }),
);

export const posModule: AppModule = {
  name: "pos",
  register(app: FastifyInstance) {
    app.get("/api/pos/session", { config: { permission: "pos_sales/store" }, ...answers(dataOf(ZSession)) }, async (req) => ({
      data: await posSession(ctxOf(app, req)),
    }));
    app.get(
      "/api/pos/settings",
      { config: { permission: "pos_sales/store##system_settings/show" }, ...answers(dataOf(ZSettingsShown)) },
      async () => ({ data: await loadPosSettings(app.db) }),
    );
    app.post(
      "/api/pos/settings",
      {
        config: { permission: "system_settings/update" },
        ...docs({ tags: ["pos"], summary: "POS settings", body: ZPosSettings, response: savedOf(ZSettingsShown) }),
      },
      async (req) => {
        const input = parse(ZPosSettings, bodyOf(req));
        return { message: MSG.updated, data: await inTx(app, req, (ctx) => savePosSettings(ctx, input)) };
      },
    );
    app.post(
      "/api/pos/open_drawer",
      {
        config: { permission: "pos_sales/open_drawer" },
        ...docs({
          tags: ["pos"],
          summary: "Record an opening of the cash drawer",
          body: ZOpenDrawer,
          response: savedOf(ZOpening),
          status: 201,
        }),
      },
      async (req, reply) => {
        const input = parse(ZOpenDrawer, bodyOf(req));
        const data = await inTx(app, req, (ctx) => recordDrawerOpening(ctx, input.reason));
        return reply.status(201).send({ message: MSG.added, data });
      },
    );
    app.post(
      "/api/pos/switch_cashier",
      {
        config: { permission: "pos_sales/store" },
        ...docs({ tags: ["pos"], summary: "Another cashier takes over by PIN", body: ZSwitchCashier, response: ZSwitched }),
      },
      async (req, reply) => {
        const device = await readDevice(app, req);
        const answer = await switchCashier(app, ctxOf(app, req), parse(ZSwitchCashier, bodyOf(req)), device);
        await sendDevice(app, reply, device);
        return answer;
      },
    );

    registerPosSales(app);
    registerDrawerFloats(app);

    app.get(
      "/api/closing_drawers/open",
      {
        config: { permission: "pos_admin_sales/view_all" },
        ...docs({
          tags: ["closing_drawers"],
          summary: "The drawers a manager may close, with their receipts and returns not yet closed",
          response: dataOf(ZOpenDrawers),
        }),
      },
      async (req) => ({ data: await openDrawers(ctxOf(app, req)) }),
    );

    registerCrud(app, {
      endpoint: "closing_drawers",
      section: "closing_drawers",
      list: closingDrawersList,
      row: ZClosingShown,
      show: showClosing,
      create: { schema: ZClosingDrawer, run: closeDrawer },
    });

    registerList(app, "/api/pos_reviews", posReviewsList, "pos_admin_sales/view_all");
    app.get(
      "/api/pos_reviews/:id",
      { config: { permission: "pos_admin_sales/view_all" }, ...answers(dataOf(ZReviewShown)) },
      async (req) => {
        const found = await showReview(ctxOf(app, req), parseId((req.params as { id: string }).id));
        if (!found) throw notFound();
        return { data: found };
      },
    );
    app.post(
      "/api/pos_reviews/:id/resolve",
      {
        config: { permission: "pos_admin_sales/view_all" },
        ...docs({ tags: ["pos_reviews"], summary: "Resolve a POS review", body: ZResolveReview, response: savedOf(ZReviewShown) }),
      },
      async (req) => {
        const id = parseId((req.params as { id: string }).id);
        const input = parse(ZResolveReview, bodyOf(req));
        const data = await inTx(app, req, async (ctx) => {
          const before = await showReview(ctx, id);
          if (!before) throw notFound();
          await resolveReview(ctx, id, input);
          const after = await showReview(ctx, id);
          await audit(ctx, { module: "pos_reviews", action: "resolve", record_id: id, before, after });
          return after;
        });
        return { message: MSG.updated, data };
      },
    );
  },
};

/** `/api/pos_sales`: the list, a receipt, its edit while the drawer is open, and the idempotent sale itself. */
function registerPosSales(app: FastifyInstance) {
  const tags = ["pos_sales"];
  const book = posBooker(app);
  // A cashier reads his own sales; `pos_admin_sales/index` or `view_all` reads every cashier's.
  registerList(app, "/api/pos_sales", posSalesList, "pos_sales/index##pos_admin_sales/index", ["pos_admin_sales/view_all"]);
  const shown = async (ctx: Parameters<typeof showPosSale>[0], id: number) => {
    const found = await showPosSale(ctx, id);
    if (!found) throw notFound();
    return found;
  };
  app.get(
    "/api/pos_sales/by_number/:number",
    { config: { permission: "pos_sales/return##pos_sales/show##pos_admin_sales/show" }, ...answers(dataOf(ZPosSaleShown)) },
    async (req) => ({ data: await posSaleByNumber(ctxOf(app, req), String((req.params as { number: string }).number).slice(0, 64)) }),
  );
  app.get(
    "/api/pos_sales/:id",
    {
      config: { permission: "pos_sales/show##pos_admin_sales/show", checks: ["pos_admin_sales/view_all"] },
      ...answers(dataOf(ZPosSaleShown)),
    },
    async (req) => ({ data: await shown(ctxOf(app, req), parseId((req.params as { id: string }).id)) }),
  );

  const edit = async (req: FastifyRequest) => {
    const id = parseId((req.params as { id: string }).id);
    const raw = req.body as Record<string, unknown> | undefined;
    if (req.method === "POST" && String(raw?._method ?? "").toUpperCase() !== "PATCH")
      throw new HttpError(405, "Use _method=PATCH to update.");
    const input = parse(ZPosSaleEdit, bodyOf(req));
    const data = await inTx(app, req, async (ctx) => {
      const before = await shown(ctx, id);
      await editPosSale(ctx, id, input);
      const after = await shown(ctx, id);
      await audit(ctx, { module: "pos_sales", action: "update", record_id: id, before, after });
      return after;
    });
    return { message: MSG.updated, data };
  };
  const editOpts = {
    config: { permission: "pos_sales/update##pos_admin_sales/update" },
    ...docs({ tags, summary: "Edit a POS sale while its drawer is open", body: ZPosSaleEdit, response: savedOf(ZPosSaleShown) }),
  };
  app.patch("/api/pos_sales/:id", editOpts, edit);
  app.post("/api/pos_sales/:id", editOpts, edit);

  const returned = docs({
    tags,
    summary: "Return a POS bill, paid back from the cashier's drawer (header Idempotency-Key)",
    body: ZPosReturn,
    response: savedOf(ZPosReturnShown),
    status: 201,
  });
  app.post("/api/pos_sales/:id/return", { config: { permission: "pos_sales/return" }, ...returned }, async (req, reply) => {
    const id = parseId((req.params as { id: string }).id);
    const raw = bodyOf(req);
    const key = idempotencyKey(req);
    const input = parse(ZPosReturn, raw);
    // The key answers for this bill's return only: the bill is part of what it hashes.
    return runIdempotent(app, req, reply, "pos_sale_returns", { sale: id, body: raw }, async (ctx) => {
      const done = await returnPosSale(ctx, id, input, key);
      const data = await shownPosReturn(ctx, id, done);
      await audit(ctx, { module: "pos_sales", action: "return", record_id: done.id, after: data });
      return { status: 201, body: { message: MSG.added, data } };
    });
  });

  const created = docs({
    tags,
    summary: "A POS sale (header Idempotency-Key)",
    body: ZPosSale,
    response: savedOf(ZPosSaleShown),
    status: 201,
  });
  app.post(
    "/api/pos_sales",
    {
      config: { permission: "pos_sales/store", checks: ["pos_sales/discount"], keepsUsers: true },
      ...created,
      schema: { ...created.schema, response: { ...created.schema.response, 202: savedOf(ZPosReviewAnswer) } },
    },
    async (req, reply) => {
      const raw = bodyOf(req);
      const key = idempotencyKey(req);
      const input = parse(ZPosSale, raw);
      // Every POS sale, online or offline, whatever its payment, through the one booking path.
      const user = assertCashier(req.user);
      return sendAnswer(reply, await book({ user, ip: clientIp(req), now: new Date(), input, body: raw, key, hash: bodyHash(raw) }));
    },
  );
}
