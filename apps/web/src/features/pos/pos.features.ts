import type { Feature } from "../../app/feature";
import { lazyScreen } from "../../shared/lazyScreen";

const page = lazyScreen;

/** The POS screen and the customer-facing price checker: both full screen, outside the layout. */
export const POS_FEATURES: Feature[] = [
  {
    key: "pos",
    path: "/settings/pos",
    screen: page(() => import("./PosPage"), "PosPage"),
    // Any cashier reaches the screen; the session says whether they may sell (SPEC §6).
    permission: "pos_sales/index",
    area: "sales",
    menu: true,
    tile: true,
    bare: true,
  },
  {
    key: "barcodePriceChecker",
    path: "/sales/barcode-price-checker",
    screen: page(() => import("./PriceCheckerPage"), "PriceCheckerPage"),
    permission: "pos_sales/index",
    area: "sales",
    menu: true,
    tile: false,
    bare: true,
  },
];
