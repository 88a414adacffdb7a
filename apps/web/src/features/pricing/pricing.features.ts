import type { Feature } from "../../app/feature";
import { lazyScreen } from "../../shared/lazyScreen";

const page = lazyScreen;

/** Prices: promotions (sales) and bulk sale price changes (accounting). */
export const PRICING_FEATURES: Feature[] = [
  {
    key: "promotions",
    path: "/sales/promotions",
    screen: page(() => import("./PromotionsPage"), "PromotionsPage"),
    permission: "promotions/index",
    area: "sales",
    menu: true,
    tile: false,
  },
  {
    key: "itemsPricing",
    path: "/accounting/items-pricing",
    screen: page(() => import("./ItemsPricingPage"), "ItemsPricingPage"),
    permission: "item_pricings/index",
    area: "accounting",
    menu: true,
    tile: false,
  },
];
