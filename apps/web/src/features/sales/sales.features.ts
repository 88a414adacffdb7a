import { type ComponentType, createElement } from "react";
import type { Feature } from "../../app/feature";
import type { SaleKind } from "../../shared/api/sales";
import { lazyScreen } from "../../shared/lazyScreen";

type KindScreen = ComponentType<{ kind: SaleKind }>;
/** A screen of one kind of sale: the same page, told which. */
const ofKind = <K extends string>(load: () => Promise<Record<K, KindScreen>>, name: K, kind: SaleKind) =>
  lazyScreen(async () => {
    const Screen = (await load())[name];
    return { screen: () => createElement(Screen, { kind }) };
  }, "screen");
const page = lazyScreen;

const screens = (kind: SaleKind, base: string, section: string, key: string): Feature[] => [
  {
    key,
    path: base,
    screen: ofKind(() => import("./SalesPage"), "SalesPage", kind),
    permission: `${section}/index`,
    area: "sales",
    menu: true,
    tile: kind === "sale",
  },
  {
    key: `${key}Upsert`,
    path: `${base}/upsert/:id/:isUpdate/:from/:newTab`,
    screen: ofKind(() => import("./SaleUpsertPage"), "SaleUpsertPage", kind),
    permission: [`${section}/store`, `${section}/update`],
    area: "sales",
    menu: false,
    tile: false,
  },
  {
    key: `${key}View`,
    path: `${base}/view/:id/:newTab`,
    screen: ofKind(() => import("./SaleViewPage"), "SaleViewPage", kind),
    permission: `${section}/show`,
    area: "sales",
    menu: false,
    tile: false,
  },
];

/** Invoice sales and salesman sales (SPEC §2), with SPEC's route shapes, and the salesmen's commissions. */
export const SALES_FEATURES: Feature[] = [
  ...screens("sale", "/sales/sales", "sales", "sales"),
  ...screens("salesman", "/sales/salesman-sales", "salesman_sales", "salesmanSales"),
  {
    key: "salesmanCommissions",
    path: "/sales/salesman-commissions",
    screen: page(() => import("./CommissionsPage"), "CommissionsPage"),
    permission: "salesman_sales/index",
    area: "sales",
    menu: true,
    tile: false,
  },
];
