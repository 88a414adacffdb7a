import { can, isKnownPermission, MSG, ZItemPricing, ZPriceQuote, ZPricingProfile, ZPromotion } from "@app/contracts";
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import type { AppModule } from "../../platform/app-module.js";
import { bodyOf, docs, registerCrud, registerList, tableDropdown } from "../../platform/crud.js";
import { parse } from "../../platform/errors.js";
import { ctxOf, inTx } from "../../platform/http.js";
import { dataOf, rowOf, savedOf, zDate, zDecimal } from "../../platform/openapi.js";
import { itemPricingsList, previewItemPricing, saveItemPricing } from "./item-pricings.js";
import { pricingProfiles } from "./pricing.tables.js";
import {
  createPricingProfile,
  deletePricingProfile,
  pricingProfilesList,
  showPricingProfile,
  updatePricingProfile,
} from "./pricing-profiles.js";
import { createPromotion, deletePromotion, promotionDropdown, promotionsList, showPromotion, updatePromotion } from "./promotions.js";
import { promotions } from "./promotions.tables.js";
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

const ZPromotionShown = rowOf(promotions)
  .pick({
    promotion_id: true,
    title: true,
    customer_rule: true,
    customer_fk: true,
    profile_fk: true,
    product_rule: true,
    category_fk: true,
    brand_fk: true,
    item_fk: true,
    amount_rule_type: true,
    rule_value: true,
    reward_type: true,
    reward_value: true,
    is_active: true,
  })
  .extend({
    customer_name: z.string().nullable(),
    profile_name: z.string().nullable(),
    category_name: z.string().nullable(),
    brand_name: z.string().nullable(),
    item_name: z.string().nullable(),
    start_date: z.string(),
    end_date: z.string(),
  });
const money = ["gross", "discount", "net", "tax", "total"] as const;
const ZStep = z.object({
  step: z.enum(["unit_price", "profile", "promotion", "line_discount", "invoice_discount", "tax"]),
  amount: zDecimal,
  change: zDecimal,
  unit_price: zDecimal.optional(),
  percent: zDecimal.optional(),
  profile_id: z.number().int().optional(),
  profile_name: z.string().optional(),
  apply_on: z.enum(["sale_price", "cost"]).optional(),
  promotion_id: z.number().int().optional(),
  title: z.string().optional(),
  reward_type: z.string().optional(),
  free_quantity: zDecimal.optional(),
  discount_type: z.enum(["amount", "percent"]).optional(),
  skipped: z.enum(["outside_amounts", "no_cost"]).optional(),
  manual: z.boolean().optional(),
});
const ZQuote = z.object({
  currency_id: z.number().int(),
  rate: zDecimal,
  date: zDate,
  customer_id: z.number().int().nullable(),
  profile: z
    .object({
      profile_id: z.number().int(),
      profile_name: z.string(),
      discount_percentage: zDecimal,
      apply_on: z.enum(["sale_price", "cost"]),
      discount_start_amount: zDecimal.nullable(),
      discount_end_amount: zDecimal.nullable(),
    })
    .nullable(),
  ...Object.fromEntries(money.map((k) => [k, zDecimal])),
  invoice_discount: zDecimal,
  lines: z.array(
    z.object({
      item_unit_id: z.number().int(),
      item_id: z.number().int(),
      item_name: z.string(),
      unit_name: z.string(),
      promotion_title: z.string().nullable(),
      promotion_id: z.number().int().nullable(),
      price_editable: z.boolean(),
      ...Object.fromEntries([...money, "quantity", "free_quantity", "sale_price", "unit_price"].map((k) => [k, zDecimal])),
      steps: z.array(ZStep),
    }),
  ),
});
const priceChange = {
  item_unit_id: z.number().int(),
  item_name: z.string(),
  unit_name: z.string(),
  old_price: zDecimal,
  new_price: zDecimal,
};
const ZPricingPreview = z.object({
  rows: z.array(z.object({ ...priceChange, item_id: z.number().int(), unit_qty: zDecimal, below_zero: z.boolean() })),
  count: z.number().int(),
  below_zero: z.boolean(),
});
const ZPricingSaved = z.object({ item_pricing_id: z.number().int(), count: z.number().int(), rows: z.array(z.object(priceChange)) });

export const pricingModule: AppModule = {
  name: "pricing",
  register(app: FastifyInstance) {
    registerCrud(app, {
      endpoint: "pricing_profiles",
      section: SECTION,
      // The dropdown of customer forms: active profiles by name.
      dropdown: {
        permission: usedBy("customers", "item_pricings"),
        ...tableDropdown(
          app.db,
          pricingProfiles,
          ["profile_id", "profile_name", "discount_percentage", "apply_on"],
          pricingProfiles.profile_name,
          eq(pricingProfiles.is_active, true),
        ),
      },
      list: pricingProfilesList,
      row: ZProfile,
      show: showPricingProfile,
      create: { schema: ZPricingProfile, run: createPricingProfile },
      update: { schema: ZPricingProfile, run: updatePricingProfile },
      remove: deletePricingProfile,
    });

    registerCrud(app, {
      endpoint: "promotions",
      dropdown: {
        permission: [...usedBy("promotions", "sales", "quotations", "pos_sales"), "reports/promotions"].filter((k) => isKnownPermission(k)),
        row: z.object({ section_id: z.number().int(), promotion_id: z.number().int(), title: z.string() }),
        load: () => promotionDropdown(app.db),
      },
      list: promotionsList,
      row: ZPromotionShown,
      show: showPromotion,
      create: { schema: ZPromotion, run: createPromotion },
      update: { schema: ZPromotion, run: updatePromotion },
      remove: deletePromotion,
    });

    app.post(
      "/api/pricing/quote",
      {
        config: { permission: QUOTE_PERMISSION },
        ...docs({ tags: ["pricing"], summary: "The price of sale lines with every step", body: ZPriceQuote, response: dataOf(ZQuote) }),
      },
      async (req) => {
        const input = parse(ZPriceQuote, bodyOf(req));
        const ctx = ctxOf(app, req);
        // The Discount permission of any selling screen lets a price be set by hand (SPEC §6).
        const mayDiscount = can(ctx.user, ["sales/discount", "salesman_sales/discount", "pos_sales/discount"]);
        return { data: await quotePrices(ctx, input, { mayDiscount, confirmed: true }) };
      },
    );

    registerList(app, "/api/item_pricings", itemPricingsList, `${SECTION}/index`);
    app.post(
      "/api/item_pricings/preview",
      {
        config: { permission: `${SECTION}/store` },
        ...docs({
          tags: ["item_pricings"],
          summary: "Every sale price a bulk change would set",
          body: ZItemPricing,
          response: dataOf(ZPricingPreview),
        }),
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
        ...docs({
          tags: ["item_pricings"],
          summary: "Change sale prices in bulk",
          body: ZItemPricing,
          response: savedOf(ZPricingSaved),
          status: 201,
        }),
      },
      async (req, reply) => {
        const input = parse(ZItemPricing, bodyOf(req));
        const data = await inTx(app, req, (ctx) => saveItemPricing(ctx, input));
        return reply.status(201).send({ message: MSG.updated, data });
      },
    );
  },
};
