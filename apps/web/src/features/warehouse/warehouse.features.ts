import type { Feature } from "../../app/feature";
import { lazyScreen } from "../../shared/lazyScreen";

const page = lazyScreen;

/** Stock on hand and item transfers (the stock ledger's screens). */
export const STOCK_FEATURES: Feature[] = [
  {
    key: "warehouse",
    path: "/warehouse/warehouse",
    screen: page(() => import("./WarehousePage"), "WarehousePage"),
    permission: "stocks/index",
    area: "warehouse",
    menu: true,
    tile: true,
  },
  {
    key: "itemsTransfers",
    path: "/warehouse/items-transfers",
    screen: page(() => import("./ItemTransfersPage"), "ItemTransfersPage"),
    permission: "stock_transfers/index",
    area: "warehouse",
    menu: true,
    tile: false,
  },
];
