import type { Feature } from "../../app/feature";
import { lazyScreen } from "../../shared/lazyScreen";

/** The dashboard: the first tile of the home grid, its charts' library loaded with this screen alone. */
export const DASHBOARD_FEATURES: Feature[] = [
  {
    key: "dashboard",
    path: "/dashboard",
    screen: lazyScreen(() => import("./DashboardPage"), "DashboardPage"),
    permission: "dashboard/show",
    menu: true,
    tile: true,
  },
];
