import { isKnownPermission, ZPricingProfile } from "@app/contracts";
import type { FastifyInstance } from "fastify";
import { registerCrud } from "../../platform/crud.js";
import type { AppModule } from "../index.js";
import {
  createPricingProfile,
  deletePricingProfile,
  pricingProfileDropdown,
  pricingProfilesList,
  showPricingProfile,
  updatePricingProfile,
} from "./pricing-profiles.js";

/** Dropdowns serve every screen whose form picks from them: index, store or update of those sections. */
const usedBy = (...sections: string[]) =>
  sections.flatMap((s) => ["index", "store", "update"].map((a) => `${s}/${a}`)).filter((k) => isKnownPermission(k));

/**
 * The permission catalogue has no section of its own for pricing profiles; SPEC's "Item pricing"
 * record carries the profile name and percentage, so profiles are managed under `item_pricings`
 * (its module log, `model_loges/item_pricings_log`, shows their changes).
 */
const SECTION = "item_pricings";

export const pricingModule: AppModule = {
  name: "pricing",
  register(app: FastifyInstance) {
    app.get("/api/pricing_profiles/list", { config: { permission: usedBy("customers", "item_pricings") } }, async () => ({
      message: await pricingProfileDropdown(app.db),
    }));
    registerCrud(app, {
      endpoint: "pricing_profiles",
      section: SECTION,
      list: pricingProfilesList,
      show: showPricingProfile,
      create: { schema: ZPricingProfile, run: createPricingProfile },
      update: { schema: ZPricingProfile, run: updatePricingProfile },
      remove: deletePricingProfile,
    });
  },
};
