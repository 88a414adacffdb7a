import { NavLink, ScrollArea } from "@mantine/core";
import { IconChevronRight } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { NavLink as RouterLink, useLocation } from "react-router";
import { useMenu } from "./useMenu";

export function SideMenu({ onNavigate }: { onNavigate: () => void }) {
  const { t } = useTranslation("nav");
  const { top, areas } = useMenu();
  const { pathname } = useLocation();
  return (
    <ScrollArea type="scroll" px="xs" py="sm" component="nav" aria-label={t("menu")} data-testid="side-menu">
      {top.map((f) => (
        <NavLink
          key={f.key}
          component={RouterLink}
          to={f.path}
          end
          label={t(`items.${f.key}`)}
          leftSection={<f.icon size={18} stroke={1.6} />}
          active={pathname === f.path}
          onClick={onNavigate}
          className="menu-link"
        />
      ))}
      {areas.map((a) => (
        // A button, not a link: it opens a submenu, and aria-expanded is not allowed on links.
        <NavLink
          key={a.key}
          component="button"
          type="button"
          label={t(`areas.${a.key}`)}
          leftSection={<a.icon size={18} stroke={1.6} />}
          rightSection={<IconChevronRight size={14} className="flip-rtl" />}
          defaultOpened={a.items.some((f) => pathname.startsWith(f.path))}
          childrenOffset="md"
          className="menu-link"
        >
          {a.items.map((f) => (
            <NavLink
              key={f.key}
              component={RouterLink}
              to={f.path}
              label={t(`items.${f.key}`)}
              leftSection={<f.icon size={16} stroke={1.6} />}
              active={pathname === f.path || pathname.startsWith(`${f.path}/`)}
              onClick={onNavigate}
              className="menu-link"
            />
          ))}
        </NavLink>
      ))}
    </ScrollArea>
  );
}
