import type { PermissionRequirement } from "@app/contracts";
import {
  type Icon,
  IconCalculator,
  IconChartBar,
  IconPackageImport,
  IconPackages,
  IconSettings,
  IconShoppingCart,
  IconTruck,
  IconUserDollar,
  IconUsersGroup,
} from "@tabler/icons-react";
import type { LazyScreen } from "../shared/lazyScreen";

/*
 * What the registry of screens (features/index.ts) is made of. A file of its own: each feature's
 * registrations import these types without importing the registry that imports them.
 */

/** Menu areas, in menu order; each becomes a submenu of the side menu. */
export const AREAS = [
  { key: "customers", icon: IconUserDollar },
  { key: "suppliers", icon: IconTruck },
  { key: "purchases", icon: IconPackageImport },
  { key: "warehouse", icon: IconPackages },
  { key: "accounting", icon: IconCalculator },
  { key: "sales", icon: IconShoppingCart },
  { key: "reports", icon: IconChartBar },
  { key: "staff", icon: IconUsersGroup },
  { key: "settings", icon: IconSettings },
] as const satisfies readonly { key: string; icon: Icon }[];
export type AreaKey = (typeof AREAS)[number]["key"];

export interface Feature {
  /** Label key under nav:items and page title. */
  key: string;
  path: string;
  /** The screen; a feature is routed once its screen exists. A page load fetches its code early (app/boot.ts). */
  screen: LazyScreen;
  icon: Icon;
  /** Needed to see the menu entry, the tile and the route; absent means any signed-in user. */
  permission?: PermissionRequirement;
  /** Submenu of the side menu; absent puts the entry at the top level. */
  area?: AreaKey;
  menu: boolean;
  /** Shown on the home tile grid. */
  tile: boolean;
  /** Full-page screens (POS, barcode price checker) render outside the main layout. */
  bare?: boolean;
}
