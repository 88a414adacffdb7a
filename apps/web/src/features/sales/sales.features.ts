import { IconDiscount, IconTags } from "@tabler/icons-react";
import { type ComponentType, lazy } from "react";
import type { Feature } from "../index";

const page = <K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) =>
  lazy(async () => ({ default: (await load())[name] }));

/** Prices: promotions (sales) and bulk sale price changes (accounting). */
export const SALES_FEATURES: Feature[] = [
  {
    key: "promotions",
    path: "/sales/promotions",
    screen: page(() => import("./PromotionsPage"), "PromotionsPage"),
    icon: IconDiscount,
    permission: "promotions/index",
    area: "sales",
    menu: true,
    tile: false,
  },
  {
    key: "itemsPricing",
    path: "/accounting/items-pricing",
    screen: page(() => import("./ItemsPricingPage"), "ItemsPricingPage"),
    icon: IconTags,
    permission: "item_pricings/index",
    area: "accounting",
    menu: true,
    tile: false,
  },
];
