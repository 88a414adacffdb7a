import type { Feature } from "../../app/feature";
import { lazyScreen } from "../../shared/lazyScreen";

const page = lazyScreen;

/** Inventory counts, destructed assets (write-offs) and the inventory opening balance (SPEC §2). */
export const WAREHOUSE_DOC_FEATURES: Feature[] = [
  {
    key: "inventoryAdjustment",
    path: "/warehouse/inventory-adjustment",
    screen: page(() => import("./AdjustmentPage"), "AdjustmentPage"),
    permission: "inventory_adjustments/index",
    area: "warehouse",
    menu: true,
    tile: false,
  },
  {
    key: "inventoryAdjustmentView",
    path: "/warehouse/inventory-adjustment/view/:id",
    screen: page(() => import("./AdjustmentViewPage"), "AdjustmentViewPage"),
    permission: "inventory_adjustments/show",
    area: "warehouse",
    menu: false,
    tile: false,
  },
  {
    key: "destructedAssets",
    path: "/warehouse/destructed-assets",
    screen: page(() => import("./DestructedAssetsPage"), "DestructedAssetsPage"),
    permission: "asset_disposals/index",
    area: "warehouse",
    menu: true,
    tile: false,
  },
  {
    key: "destructedAssetsUpsert",
    path: "/warehouse/destructed-assets/upsert/:id/:isUpdate/:newTab",
    screen: page(() => import("./DestructedUpsertPage"), "DestructedUpsertPage"),
    permission: "asset_disposals/store##asset_disposals/update",
    area: "warehouse",
    menu: false,
    tile: false,
  },
  {
    key: "destructedAssetsView",
    path: "/warehouse/destructed-assets/view/:id/:newTab",
    screen: page(() => import("./DestructedViewPage"), "DestructedViewPage"),
    permission: "asset_disposals/show",
    area: "warehouse",
    menu: false,
    tile: false,
  },
  {
    key: "inventoryOpeningBalance",
    path: "/settings/opening-balance/inventory-opening-balance",
    screen: page(() => import("./OpeningStockPage"), "OpeningStockPage"),
    permission: "inventory_opening_balances/index",
    area: "settings",
    menu: true,
    tile: false,
  },
  {
    key: "inventoryOpeningBalanceView",
    path: "/settings/opening-balance/inventory-opening-balance/view/:id",
    screen: page(() => import("./OpeningStockViewPage"), "OpeningStockViewPage"),
    permission: "inventory_opening_balances/show",
    area: "settings",
    menu: false,
    tile: false,
  },
];
