import type { Icon } from "@tabler/icons-react";
import { useMemo } from "react";
import { FEATURES } from "../../features";
import { AREAS, type Feature } from "../feature";
import { useCan } from "../session";
import { AREA_ICONS, SCREEN_ICONS } from "./menuIcons";

/** A screen as the menu and the tiles show it: with its icon. */
export type MenuEntry = Feature & { icon: Icon };

export interface MenuArea {
  key: string;
  icon: Icon;
  items: MenuEntry[];
}

const withIcon = (f: Feature): MenuEntry => {
  const icon = SCREEN_ICONS[f.key];
  if (!icon) throw new Error(`The screen ${f.key} is in the menu without an icon (app/layout/menuIcons.ts).`);
  return { ...f, icon };
};

/** The side menu as the user may see it: top-level entries and non-empty areas, by permission. */
export function useMenu() {
  const can = useCan();
  return useMemo(() => {
    const visible = FEATURES.filter((f) => f.menu && can(f.permission)).map(withIcon);
    const top = visible.filter((f) => !f.area);
    const areas: MenuArea[] = AREAS.map((a) => ({
      key: a.key,
      icon: AREA_ICONS[a.key],
      items: visible.filter((f) => f.area === a.key),
    })).filter((a) => a.items.length > 0);
    const tiles = FEATURES.filter((f) => f.tile && can(f.permission)).map(withIcon);
    return { top, areas, all: visible, tiles };
  }, [can]);
}
