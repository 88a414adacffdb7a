import type { Feature } from "../../app/feature";
import { lazyScreen } from "../../shared/lazyScreen";

const page = lazyScreen;

/** Sale returns (SPEC §2 `/sales/sales-returns`, the documents under `/sales/sale-returns/...`). */
export const SALE_RETURN_FEATURES: Feature[] = [
  {
    key: "saleReturns",
    path: "/sales/sales-returns",
    screen: page(() => import("./SaleReturnsPage"), "SaleReturnsPage"),
    permission: "sale_returns/index",
    area: "sales",
    menu: true,
    tile: false,
  },
  {
    key: "saleReturnUpsert",
    path: "/sales/sale-returns/upsert/:id/:isUpdate/:from/:newTab",
    screen: page(() => import("./SaleReturnUpsertPage"), "SaleReturnUpsertPage"),
    permission: ["sale_returns/store", "sale_returns/update"],
    area: "sales",
    menu: false,
    tile: false,
  },
  {
    key: "saleReturnView",
    path: "/sales/sale-returns/view/:id/:newTab",
    screen: page(() => import("./SaleReturnViewPage"), "SaleReturnViewPage"),
    permission: "sale_returns/show",
    area: "sales",
    menu: false,
    tile: false,
  },
];
