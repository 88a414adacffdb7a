import type { PermissionRequirement } from "@app/contracts";
import type { LazyScreen } from "../shared/lazyScreen";

/*
 * What the registry of screens (features/index.ts) is made of. A file of its own: each feature's
 * registrations import these types without importing the registry that imports them.
 */

/** Menu areas, in menu order; each becomes a submenu of the side menu. */
export const AREAS = [
  { key: "customers" },
  { key: "suppliers" },
  { key: "purchases" },
  { key: "warehouse" },
  { key: "accounting" },
  { key: "sales" },
  { key: "reports" },
  { key: "staff" },
  { key: "settings" },
] as const satisfies readonly { key: string }[];
export type AreaKey = (typeof AREAS)[number]["key"];

export interface Feature {
  /** Label key under nav:items and page title. */
  key: string;
  path: string;
  /** The screen; a feature is routed once its screen exists. A page load fetches its code early (app/boot.ts). */
  screen: LazyScreen;
  /** Needed to see the menu entry, the tile and the route; absent means any signed-in user. */
  permission?: PermissionRequirement;
  /** Submenu of the side menu; absent puts the entry at the top level. */
  area?: AreaKey;
  menu: boolean;
  /** Shown on the home tile grid. */
  tile: boolean;
  /** Full-page screens (POS, barcode price checker) render outside the main layout. */
  bare?: boolean;
  /**
   * The screen's list (its DataTable's endpoint and default sort): a page load asks for its first
   * page with the screen's code (app/boot.ts) instead of once the screen has rendered.
   */
  list?: { endpoint: string; defaultSort?: string; defaultDir?: "asc" | "desc" };
}
