import type { Feature } from "../../app/feature";
import { lazyScreen } from "../../shared/lazyScreen";

const page = lazyScreen;

/** Purchase orders and reorder suggestions, in the purchases section, shaped as the purchases' routes (SPEC §2). */
export const PURCHASE_ORDER_FEATURES: Feature[] = [
  {
    key: "purchaseOrders",
    path: "/purchases/purchase-orders",
    screen: page(() => import("./PurchaseOrdersPage"), "PurchaseOrdersPage"),
    permission: "purchases/order",
    area: "purchases",
    menu: true,
    tile: false,
  },
  {
    key: "purchaseOrderUpsert",
    path: "/purchases/purchase-orders/upsert/:id/:isUpdate/:from/:newTab",
    screen: page(() => import("./PurchaseOrderUpsertPage"), "PurchaseOrderUpsertPage"),
    permission: "purchases/order",
    area: "purchases",
    menu: false,
    tile: false,
  },
  {
    key: "purchaseOrderView",
    path: "/purchases/purchase-orders/view/:id/:newTab",
    screen: page(() => import("./PurchaseOrderViewPage"), "PurchaseOrderViewPage"),
    permission: "purchases/order",
    area: "purchases",
    menu: false,
    tile: false,
  },
  {
    key: "purchaseOrderReceive",
    path: "/purchases/purchase-orders/receive/:id/:newTab",
    screen: page(() => import("./PurchaseOrderReceivePage"), "PurchaseOrderReceivePage"),
    permission: "purchases/order",
    area: "purchases",
    menu: false,
    tile: false,
  },
  {
    key: "reorderSuggestions",
    path: "/purchases/reorder-suggestions",
    screen: page(() => import("./ReorderSuggestionsPage"), "ReorderSuggestionsPage"),
    permission: "purchases/order",
    area: "purchases",
    menu: true,
    tile: false,
  },
];
