import type { Feature } from "../../app/feature";
import { lazyScreen } from "../../shared/lazyScreen";

const page = lazyScreen;

/** Quotations (SPEC §2 `/sales/sale-quotations`), with SPEC's route shapes. */
export const QUOTATION_FEATURES: Feature[] = [
  {
    key: "quotations",
    path: "/sales/sale-quotations",
    screen: page(() => import("./QuotationsPage"), "QuotationsPage"),
    permission: "quotations/index",
    area: "sales",
    menu: true,
    tile: false,
  },
  {
    key: "quotationUpsert",
    path: "/sales/sale-quotations/upsert/:id/:isUpdate/:from/:newTab",
    screen: page(() => import("./QuotationUpsertPage"), "QuotationUpsertPage"),
    permission: ["quotations/store", "quotations/update"],
    area: "sales",
    menu: false,
    tile: false,
  },
  {
    key: "quotationView",
    path: "/sales/sale-quotations/view/:id/:newTab",
    screen: page(() => import("./QuotationViewPage"), "QuotationViewPage"),
    permission: "quotations/show",
    area: "sales",
    menu: false,
    tile: false,
  },
];
