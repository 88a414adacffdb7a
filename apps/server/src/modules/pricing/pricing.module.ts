import { isKnownPermission, MSG, ZItemPricing, ZPriceQuote, ZPricingProfile, ZPromotion } from "@app/contracts";
import type { FastifyInstance } from "fastify";
import { bodyOf, docs, registerCrud, registerList } from "../../platform/crud.js";
import { parse } from "../../platform/errors.js";
import { ctxOf, inTx } from "../../platform/http.js";
import { answers, dropdownOf, rowOf } from "../../platform/openapi.js";
import type { AppModule } from "../index.js";
import { itemPricingsList, previewItemPricing, saveItemPricing } from "./item-pricings.js";
import { pricingProfiles } from "./pricing.tables.js";
import {
  createPricingProfile,
  deletePricingProfile,
  pricingProfileDropdown,
  pricingProfilesList,
  showPricingProfile,
  updatePricingProfile,
} from "./pricing-profiles.js";
import { createPromotion, deletePromotion, promotionDropdown, promotionsList, showPromotion, updatePromotion } from "./promotions.js";
import { quotePrices } from "./quote.js";

/** Dropdowns serve every screen whose form picks from them: index, store or update of those sections. */
const usedBy = (...sections: string[]) =>
  sections.flatMap((s) => ["index", "store", "update"].map((a) => `${s}/${a}`)).filter((k) => isKnownPermission(k));

/**
 * The permission catalogue has no section of its own for pricing profiles; SPEC's "Item pricing"
 * record carries the profile name and percentage, so profiles are managed under `item_pricings`
 * (its module log, `model_loges/item_pricings_log`, shows their changes).
 */
const SECTION = "item_pricings";

/** Whoever writes a sale, a quotation or a POS ticket may ask for a line's price (SPEC §6 `a##b`: any of them). */
const QUOTE_PERMISSION = ["sales", "salesman_sales", "quotations", "pos_sales"]
  .flatMap((s) => [`${s}/store`, `${s}/update`])
  .filter((k) => isKnownPermission(k))
  .join("##");

const ZProfile = rowOf(pricingProfiles);

export const pricingModule: AppModule = {
  name: "pricing",
  register(app: FastifyInstance) {
    app.get(
      "/api/pricing_profiles/list",
      {
        config: { permission: usedBy("customers", "item_pricings") },
        ...answers(dropdownOf(ZProfile.pick({ profile_id: true, profile_name: true, discount_percentage: true, apply_on: true }))),
      },
      async () => ({
        message: await pricingProfileDropdown(app.db),
      }),
    );
    registerCrud(app, {
      endpoint: "pricing_profiles",
      section: SECTION,
      list: pricingProfilesList,
      row: ZProfile,
      show: showPricingProfile,
      create: { schema: ZPricingProfile, run: createPricingProfile },
      update: { schema: ZPricingProfile, run: updatePricingProfile },
      remove: deletePricingProfile,
    });

    app.get(
      "/api/promotions/list",
      {
        config: {
          permission: [...usedBy("promotions", "sales", "quotations", "pos_sales"), "reports/promotions"].filter((k) =>
            isKnownPermission(k),
          ),
        },
      },
      async () => ({ message: await promotionDropdown(app.db) }),
    );
    registerCrud(app, {
      endpoint: "promotions",
      section: "promotions",
      list: promotionsList,
      show: showPromotion,
      create: { schema: ZPromotion, run: createPromotion },
      update: { schema: ZPromotion, run: updatePromotion },
      remove: deletePromotion,
    });

    app.post(
      "/api/pricing/quote",
      {
        config: { permission: QUOTE_PERMISSION },
        ...docs({ tags: ["pricing"], summary: "The price of sale lines with every step", body: ZPriceQuote }),
      },
      async (req) => {
        const input = parse(ZPriceQuote, bodyOf(req));
        const ctx = ctxOf(app, req);
        return { data: await quotePrices(ctx, input) };
      },
    );

    registerList(app, "/api/item_pricings", itemPricingsList, `${SECTION}/index`);
    app.post(
      "/api/item_pricings/preview",
      {
        config: { permission: `${SECTION}/store` },
        ...docs({ tags: ["item_pricings"], summary: "Every sale price a bulk change would set", body: ZItemPricing }),
      },
      async (req) => {
        const input = parse(ZItemPricing, bodyOf(req));
        return { data: await previewItemPricing(ctxOf(app, req), input) };
      },
    );
    app.post(
      "/api/item_pricings",
      {
        config: { permission: `${SECTION}/store` },
        ...docs({ tags: ["item_pricings"], summary: "Change sale prices in bulk", body: ZItemPricing }),
      },
      async (req, reply) => {
        const input = parse(ZItemPricing, bodyOf(req));
        const data = await inTx(app, req, (ctx) => saveItemPricing(ctx, input));
        return reply.status(201).send({ message: MSG.updated, data });
      },
    );
  },
};
