import { useMemo } from "react";
import { FEATURES } from "../../features";
import { AREAS, type Feature } from "../feature";
import { useCan } from "../session";

export interface MenuArea {
  key: string;
  icon: (typeof AREAS)[number]["icon"];
  items: Feature[];
}

/** The side menu as the user may see it: top-level entries and non-empty areas, by permission. */
export function useMenu() {
  const can = useCan();
  return useMemo(() => {
    const visible = FEATURES.filter((f) => f.menu && can(f.permission));
    const top = visible.filter((f) => !f.area);
    const areas: MenuArea[] = AREAS.map((a) => ({ ...a, items: visible.filter((f) => f.area === a.key) })).filter(
      (a) => a.items.length > 0,
    );
    const tiles = FEATURES.filter((f) => f.tile && can(f.permission));
    return { top, areas, all: visible, tiles };
  }, [can]);
}
