import { MSG, ZArrangement, ZCancellationMessage, ZMobileAppSettings, ZMobileSection, ZOnlineCustomerAdd } from "@app/contracts";
import { sql } from "drizzle-orm";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { z } from "zod";
import type { AppModule } from "../../platform/app-module.js";
import { audit } from "../../platform/audit.js";
import { bodyOf, registerAction, registerCrud } from "../../platform/crud.js";
import { parse } from "../../platform/errors.js";
import { issuedImage } from "../../platform/files.js";
import { ctxOf, inTx } from "../../platform/http.js";
import { answers, dataOf, rowOf, savedOf, zDateTime, zDecimal } from "../../platform/openapi.js";
import { usedBy } from "../catalogue/catalogue.schemas.js";
import { showMobileAppSettings, updateMobileAppSettings } from "./app-settings.js";
import { saveArrangement } from "./arrangement.js";
import {
  activeCancellationMessages,
  cancellationMessagesList,
  createCancellationMessage,
  deleteCancellationMessage,
  showCancellationMessage,
  updateCancellationMessage,
} from "./cancellation-messages.js";
import { orderCancellationMessages } from "./mobile-app.tables.js";
import {
  createMobileSection,
  deleteMobileSection,
  homeSections,
  mobileSectionsList,
  showMobileSection,
  updateMobileSection,
} from "./mobile-sections.js";
import { addOnlineCustomer, onlineCustomersList, setOnlineCustomerBlocked, showOnlineCustomer } from "./online-customers.js";

const ZItemRef = z.object({ item_id: z.number(), item_name: z.string() });
const ZSectionShown = z.object({
  section_id: z.number(),
  kind: z.enum(["section", "slider"]),
  title: z.string(),
  description: z.string().nullable(),
  source: z.enum(["items", "filters"]),
  start_price: zDecimal.nullable(),
  end_price: zDecimal.nullable(),
  category_fk: z.number().nullable(),
  category_name: z.string().nullable(),
  brand_fk: z.number().nullable(),
  brand_name: z.string().nullable(),
  image: z.string().nullable(),
  active: z.boolean(),
  arrangement: z.number(),
  items: z.array(ZItemRef),
  item_ids: z.array(z.number()),
});
const ZHomeSection = z.object({
  section_id: z.number(),
  kind: z.enum(["section", "slider"]),
  title: z.string(),
  description: z.string().nullable(),
  image: z.string().nullable(),
  items: z.array(ZItemRef.extend({ price: z.union([z.string(), z.number()]).nullable() })),
});
const ZAppSettingsShown = z.object({
  online_order_accepted_minutes: z.number(),
  out_of_stock_min_qty: zDecimal,
  shop_open: z.boolean(),
  min_order_amount: zDecimal,
  delivery_fee_mode: z.enum(["flat", "per_city"]),
  delivery_fee: zDecimal,
  city_fees: z.array(z.object({ city_fk: z.number(), city_name: z.string(), fee: zDecimal })),
  currency_ids: z.array(z.number()),
  contact_phone: z.string().nullable(),
  updated_at: zDateTime,
});
const ZOnlineCustomer = z.object({
  customer_id: z.number(),
  name: z.string().nullable(),
  mobile: z.string(),
  status: z.enum(["active", "blocked"]),
  consumer_fk: z.number(),
  created_at: zDateTime,
  last_seen: zDateTime.nullable(),
  orders_count: z.number(),
});
const ZArranged = z.object({ message: z.string(), data: z.array(z.object({ id: z.number(), arrangement: z.number() })) });

/** `POST /api/{endpoint}/arrange`: the rows' new order, saved whole in one transaction. */
function registerArrange(
  app: FastifyInstance,
  endpoint: "order_cancellation_messages" | "mobile_app_sections",
  table: "order_cancellation_messages" | "mobile_sections",
  idColumn: string,
) {
  app.post(
    `/api/${endpoint}/arrange`,
    { config: { permission: `${endpoint}/update` }, ...answers(ZArranged, { body: ZArrangement }) },
    async (req) => {
      const { ids } = parse(ZArrangement, bodyOf(req));
      const data = await inTx(app, req, async (ctx) => {
        await saveArrangement(ctx, table, idColumn, ids);
        const id = sql.identifier(idColumn);
        const res = await ctx.tx.execute<{ id: number; arrangement: number }>(
          sql`select ${id} as id, arrangement from ${sql.identifier(table)} order by arrangement, ${id}`,
        );
        await audit(ctx, { module: endpoint, action: "arrange", record_id: null, after: { ids } });
        return res.rows;
      });
      return { message: MSG.updated, data };
    },
  );
}

export const mobileAppModule: AppModule = {
  name: "mobile-app",
  register(app: FastifyInstance) {
    // ------------------------------------------------------------ order cancellation messages
    registerCrud(app, {
      endpoint: "order_cancellation_messages",
      // SPEC §7 order_cancellation_messages/list: the active messages, for the cancel dialogs.
      dropdown: {
        permission: usedBy("order_cancellation_messages", "online_orders"),
        row: z.object({ message_id: z.number(), message: z.string() }),
        load: (req) => activeCancellationMessages(ctxOf(app, req)),
      },
      list: cancellationMessagesList,
      row: rowOf(orderCancellationMessages),
      show: showCancellationMessage,
      create: { schema: ZCancellationMessage, run: createCancellationMessage },
      update: { schema: ZCancellationMessage, run: updateCancellationMessage },
      remove: deleteCancellationMessage,
    });
    registerArrange(app, "order_cancellation_messages", "order_cancellation_messages", "message_id");

    // ------------------------------------------------------------ home sections and sliders
    registerCrud(app, {
      endpoint: "mobile_app_sections",
      list: mobileSectionsList,
      row: ZSectionShown,
      show: showMobileSection,
      create: {
        schema: ZMobileSection,
        run: (ctx, input) => createMobileSection(ctx, checkedImage(app, input)),
      },
      update: {
        schema: ZMobileSection,
        run: (ctx, id, input) => updateMobileSection(ctx, id, checkedImage(app, input)),
      },
      remove: deleteMobileSection,
    });
    registerArrange(app, "mobile_app_sections", "mobile_sections", "section_id");
    app.get(
      "/api/mobile_app/home",
      { config: { permission: "mobile_app/show" }, ...answers(dataOf(z.array(ZHomeSection))) },
      async (req) => ({
        data: await homeSections(ctxOf(app, req)),
      }),
    );

    // ------------------------------------------------------------ online customers
    registerCrud(app, {
      endpoint: "online_customers",
      // SPEC §7 online_customers/list: the customers to pick from (the order board, a customer's filter).
      dropdown: {
        permission: usedBy("online_customers", "online_orders"),
        row: z.object({ customer_id: z.number(), name: z.string().nullable(), mobile: z.string() }),
        load: async (req) =>
          (
            await ctxOf(app, req).tx.execute(sql`
              select oc.customer_id, coalesce(oc.name, c.consumer_name) as name, oc.mobile
              from online_customers oc join consumers c on c.consumer_id = oc.consumer_fk
              order by oc.customer_id desc limit 1000`)
          ).rows,
      },
      list: onlineCustomersList,
      row: ZOnlineCustomer,
      show: showOnlineCustomer,
      create: { schema: ZOnlineCustomerAdd, run: addOnlineCustomer },
    });
    for (const [name, blocked] of [
      ["block", true],
      ["unblock", false],
    ] as const)
      registerAction(app, {
        endpoint: "online_customers",
        name,
        permission: "online_customers/update",
        show: showOnlineCustomer,
        row: ZOnlineCustomer,
        run: (ctx, id) => setOnlineCustomerBlocked(ctx, id, blocked),
      });

    // ------------------------------------------------------------ the shop app's settings
    app.get(
      "/api/mobile_app_settings",
      { config: { permission: "mobile_app_settings/show" }, ...answers(dataOf(ZAppSettingsShown)) },
      async (req) => ({ data: await showMobileAppSettings(ctxOf(app, req)) }),
    );
    const saveSettings = async (req: FastifyRequest) => {
      const input = parse(ZMobileAppSettings, bodyOf(req));
      const data = await inTx(app, req, async (ctx) => {
        const before = await showMobileAppSettings(ctx);
        await updateMobileAppSettings(ctx, input);
        const after = await showMobileAppSettings(ctx);
        await audit(ctx, { module: "mobile_app_settings", action: "update", record_id: 1, before, after });
        return after;
      });
      return { message: MSG.updated, data };
    };
    const settingsUpdate = {
      config: { permission: "mobile_app_settings/update" },
      ...answers(savedOf(ZAppSettingsShown), { body: ZMobileAppSettings }),
    };
    app.put("/api/mobile_app_settings", settingsUpdate, saveSettings);
    app.patch("/api/mobile_app_settings", settingsUpdate, saveSettings);
  },
};

/** A slider's picture must be a name the server issued (`POST /api/images` checked its content). */
function checkedImage(app: FastifyInstance, input: z.output<typeof ZMobileSection>) {
  return { ...input, image: input.image ? issuedImage(app.config.uploadDir, input.image, "image") : null };
}
