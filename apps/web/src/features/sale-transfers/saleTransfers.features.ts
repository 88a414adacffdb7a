import type { Feature } from "../../app/feature";
import { lazyScreen } from "../../shared/lazyScreen";

const page = lazyScreen;

/** Sale transfers on consignment and their returns (SPEC §2), with SPEC's route shapes, and what customers hold. */
export const SALE_TRANSFER_FEATURES: Feature[] = [
  {
    key: "saleTransfers",
    path: "/sales/sale-transfers",
    screen: page(() => import("./ConsignmentLists"), "SaleTransfersPage"),
    permission: "sale_transfers/index",
    area: "sales",
    menu: true,
    tile: false,
  },
  {
    key: "saleTransferUpsert",
    path: "/sales/sale-transfers/upsert/:id/:isUpdate/:from/:newTab",
    screen: page(() => import("./ConsignmentUpsert"), "SaleTransferUpsertPage"),
    permission: ["sale_transfers/store", "sale_transfers/update"],
    area: "sales",
    menu: false,
    tile: false,
  },
  {
    key: "saleTransferView",
    path: "/sales/sale-transfers/view/:id/:newTab",
    screen: page(() => import("./ConsignmentViews"), "SaleTransferViewPage"),
    permission: "sale_transfers/show",
    area: "sales",
    menu: false,
    tile: false,
  },
  {
    key: "consignments",
    path: "/sales/sale-transfers/consignments",
    screen: page(() => import("./ConsignmentLists"), "ConsignmentsPage"),
    permission: "sale_transfers/index",
    area: "sales",
    menu: true,
    tile: false,
  },
  {
    key: "saleTransferReturns",
    path: "/sales/sale-transfer-return",
    screen: page(() => import("./ConsignmentLists"), "SaleTransferReturnsPage"),
    permission: "sale_transfers/index",
    area: "sales",
    menu: true,
    tile: false,
  },
  {
    key: "saleTransferReturnUpsert",
    path: "/sales/sale-transfer-return/upsert/:id/:isUpdate/:from/:newTab",
    screen: page(() => import("./ConsignmentUpsert"), "SaleTransferReturnUpsertPage"),
    permission: ["sale_transfers/store", "sale_transfers/update"],
    area: "sales",
    menu: false,
    tile: false,
  },
  {
    key: "saleTransferReturnView",
    path: "/sales/sale-transfer-return/view/:id/:newTab",
    screen: page(() => import("./ConsignmentViews"), "SaleTransferReturnViewPage"),
    permission: "sale_transfers/show",
    area: "sales",
    menu: false,
    tile: false,
  },
];
