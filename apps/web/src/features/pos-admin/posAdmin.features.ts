import type { Feature } from "../../app/feature";
import { lazyScreen } from "../../shared/lazyScreen";

const page = lazyScreen;

/** The back office of the POS (SPEC §2): drawer closings and their Z reports, and offline sales kept for review. */
export const POS_ADMIN_FEATURES: Feature[] = [
  {
    key: "posSales",
    path: "/sales/pos-sales",
    screen: page(() => import("./PosSalesPage"), "PosSalesPage"),
    permission: "pos_sales/index##pos_admin_sales/index",
    area: "sales",
    menu: true,
    tile: false,
  },
  {
    key: "posSaleView",
    path: "/sales/pos-sales/view/:id/:newTab",
    screen: page(() => import("./PosSaleViewPage"), "PosSaleViewPage"),
    permission: "pos_sales/show##pos_admin_sales/show",
    area: "sales",
    menu: false,
    tile: false,
  },
  {
    key: "posSaleEdit",
    path: "/sales/pos-sales/edit/:id/:newTab",
    screen: page(() => import("./PosSaleEditPage"), "PosSaleEditPage"),
    permission: "pos_sales/update##pos_admin_sales/update",
    area: "sales",
    menu: false,
    tile: false,
  },
  {
    key: "closingDrawer",
    path: "/sales/closing-drawer",
    screen: page(() => import("./ClosingDrawersPage"), "ClosingDrawersPage"),
    permission: "closing_drawers/index",
    area: "sales",
    menu: true,
    tile: false,
  },
  {
    key: "closingDrawerView",
    path: "/sales/closing-drawer/view/:id/:newTab",
    screen: page(() => import("./ClosingDrawerViewPage"), "ClosingDrawerViewPage"),
    permission: "closing_drawers/show",
    area: "sales",
    menu: false,
    tile: false,
  },
  {
    key: "posReviews",
    path: "/sales/pos-reviews",
    screen: page(() => import("./PosReviewsPage"), "PosReviewsPage"),
    permission: "pos_admin_sales/view_all",
    area: "sales",
    menu: true,
    tile: false,
  },
];
