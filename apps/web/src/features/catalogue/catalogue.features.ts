import type { Feature } from "../../app/feature";
import { lazyScreen } from "../../shared/lazyScreen";

const page = lazyScreen;

/** Items and categories (issue 4), under the warehouse menu. */
export const CATALOGUE_FEATURES: Feature[] = [
  {
    key: "items",
    path: "/warehouse/items",
    screen: page(() => import("./ItemListPage"), "ItemListPage"),
    // ItemListPage's DataTable: no default sort.
    list: { endpoint: "items" },
    permission: "items/index",
    area: "warehouse",
    menu: true,
    tile: true,
  },
  {
    key: "categories",
    path: "/warehouse/categories",
    screen: page(() => import("./CategoriesPage"), "CategoriesPage"),
    permission: "categories/index",
    area: "warehouse",
    menu: true,
    tile: false,
  },
];
