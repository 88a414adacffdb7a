import type { Feature } from "../../app/feature";
import { lazyScreen } from "../../shared/lazyScreen";

const page = lazyScreen;

/** Purchases and purchase returns (SPEC §2), with SPEC's route shapes. */
export const PURCHASE_FEATURES: Feature[] = [
  {
    key: "purchases",
    path: "/purchases/purchases",
    screen: page(() => import("./PurchasesPage"), "PurchasesPage"),
    permission: "purchases/index",
    area: "purchases",
    menu: true,
    tile: true,
  },
  {
    key: "purchaseUpsert",
    path: "/purchases/purchases/upsert/:id/:isUpdate/:from/:newTab",
    screen: page(() => import("./PurchaseUpsertPage"), "PurchaseUpsertPage"),
    permission: ["purchases/store", "purchases/update"],
    area: "purchases",
    menu: false,
    tile: false,
  },
  {
    key: "purchaseView",
    path: "/purchases/purchases/view/:id/:newTab",
    screen: page(() => import("./PurchaseViewPage"), "PurchaseViewPage"),
    permission: "purchases/show",
    area: "purchases",
    menu: false,
    tile: false,
  },
  {
    key: "purchaseApplyCost",
    path: "/purchases/purchases/apply-cost/:id/:newTab",
    screen: page(() => import("./ApplyCostPage"), "ApplyCostPage"),
    permission: "purchases/apply_cost",
    area: "purchases",
    menu: false,
    tile: false,
  },
  {
    key: "purchaseSalePrices",
    path: "/purchases/purchases/modify-sales-price/:id/:newTab",
    screen: page(() => import("./ModifySalePricePage"), "ModifySalePricePage"),
    permission: "purchases/modify_sale_price",
    area: "purchases",
    menu: false,
    tile: false,
  },
  {
    key: "purchaseReturns",
    path: "/purchases/purchases-returns",
    screen: page(() => import("./PurchaseReturnsPage"), "PurchaseReturnsPage"),
    permission: "purchase_returns/index",
    area: "purchases",
    menu: true,
    tile: false,
  },
  {
    key: "purchaseReturnUpsert",
    path: "/purchases/purchase-return/upsert/:id/:isUpdate/:from/:newTab",
    screen: page(() => import("./PurchaseReturnUpsertPage"), "PurchaseReturnUpsertPage"),
    permission: ["purchase_returns/store", "purchase_returns/update"],
    area: "purchases",
    menu: false,
    tile: false,
  },
  {
    key: "purchaseReturnView",
    path: "/purchases/purchase-return/view/:id/:newTab",
    screen: page(() => import("./PurchaseReturnViewPage"), "PurchaseReturnViewPage"),
    permission: "purchase_returns/show",
    area: "purchases",
    menu: false,
    tile: false,
  },
];
