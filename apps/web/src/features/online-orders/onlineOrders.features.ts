import type { Feature } from "../../app/feature";
import { lazyScreen } from "../../shared/lazyScreen";

const page = lazyScreen;

/** Online orders in the sales section (SPEC §2): the current orders' board, the history and home delivery. */
export const ONLINE_ORDER_FEATURES: Feature[] = [
  {
    key: "onlineOrders",
    path: "/sales/online-orders",
    screen: page(() => import("./OnlineOrdersPage"), "OnlineOrdersPage"),
    permission: "online_orders/show",
    area: "sales",
    menu: true,
    tile: false,
  },
  {
    key: "orderHistory",
    path: "/sales/order-history",
    screen: page(() => import("./OrderHistoryPage"), "OrderHistoryPage"),
    permission: "online_orders/history",
    area: "sales",
    menu: true,
    tile: false,
  },
  {
    key: "homeDelivery",
    path: "/sales/home-delivery",
    screen: page(() => import("./HomeDeliveryPage"), "HomeDeliveryPage"),
    permission: "online_orders/home_delivery",
    area: "sales",
    menu: true,
    tile: true,
  },
];
