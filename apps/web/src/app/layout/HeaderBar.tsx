import { PRODUCT_NAME } from "@app/contracts";
import {
  ActionIcon,
  Avatar,
  Burger,
  Group,
  Kbd,
  Menu,
  Text,
  Tooltip,
  UnstyledButton,
  useMantineColorScheme,
  VisuallyHidden,
} from "@mantine/core";
import { useFullscreenDocument } from "@mantine/hooks";
import {
  IconLayoutSidebarLeftCollapse,
  IconLayoutSidebarLeftExpand,
  IconLogout,
  IconMaximize,
  IconMinimize,
  IconMoon,
  IconSearch,
  IconSun,
  IconUserCircle,
} from "@tabler/icons-react";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { api } from "../../shared/api/client";
import { Logo } from "../../shared/Logo";
import { useSession } from "../session";
import { DebugMenu } from "./DebugMenu";
import { LanguageMenu } from "./LanguageMenu";

interface Props {
  mobileOpened: boolean;
  onToggleMobile: () => void;
  sidebarShown: boolean;
  onToggleSidebar: () => void;
  onOpenNavigation: () => void;
}

const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => w[0]?.toUpperCase())
    .join("");

export function HeaderBar({ mobileOpened, onToggleMobile, sidebarShown, onToggleSidebar, onOpenNavigation }: Props) {
  const { t } = useTranslation("nav");
  const { me, systemConfig } = useSession();
  const { colorScheme, setColorScheme } = useMantineColorScheme();
  const { toggle: toggleFullscreen, fullscreen } = useFullscreenDocument();
  const saveProfile = (body: Record<string, string>) => {
    api("auth/profile", { method: "POST", body }).catch((err: unknown) => console.error(err));
  };
  const dark = colorScheme === "dark";
  // A browser that never chose a theme takes the one saved in the profile.
  useEffect(() => {
    if (localStorage.getItem("theme") === null) setColorScheme(me.theme);
  }, [me.theme, setColorScheme]);
  const displayName = me.user_full_name || me.user_name;

  return (
    <Group h="100%" px="md" justify="space-between" wrap="nowrap">
      <Group gap="sm" wrap="nowrap">
        <Burger opened={mobileOpened} onClick={onToggleMobile} hiddenFrom="sm" size="sm" aria-label={t("toggleMenu")} />
        <Tooltip label={sidebarShown ? t("hideMenu") : t("showMenu")}>
          <ActionIcon
            variant="subtle"
            color="gray"
            size="lg"
            visibleFrom="sm"
            onClick={onToggleSidebar}
            aria-label={sidebarShown ? t("hideMenu") : t("showMenu")}
            data-testid="sidebar-toggle"
          >
            {sidebarShown ? (
              <IconLayoutSidebarLeftCollapse size={20} className="flip-rtl" />
            ) : (
              <IconLayoutSidebarLeftExpand size={20} className="flip-rtl" />
            )}
          </ActionIcon>
        </Tooltip>
        <Link to="/" className="brand">
          <Logo size={30} />
          <div>
            <Text fw={700} lh={1.1}>
              {PRODUCT_NAME}
            </Text>
            {systemConfig.shop_name && systemConfig.shop_name !== PRODUCT_NAME && (
              <Text size="xs" c="dimmed" lh={1.1}>
                <bdi>{systemConfig.shop_name}</bdi>
              </Text>
            )}
          </div>
        </Link>
      </Group>

      <Group gap={6} wrap="nowrap">
        <UnstyledButton onClick={onOpenNavigation} className="nav-search-button" visibleFrom="md">
          <Group gap={8} wrap="nowrap">
            <IconSearch size={16} aria-hidden />
            <Text size="sm" c="dimmed">
              {t("searchScreens")}
            </Text>
            <Kbd size="xs" dir="ltr">
              {t("shortcut")}
            </Kbd>
          </Group>
        </UnstyledButton>
        <Tooltip label={fullscreen ? t("exitFullscreen") : t("fullscreen")}>
          <ActionIcon variant="subtle" color="gray" size="lg" onClick={() => void toggleFullscreen()} aria-label={t("fullscreen")}>
            {fullscreen ? <IconMinimize size={20} /> : <IconMaximize size={20} />}
          </ActionIcon>
        </Tooltip>
        <DebugMenu />
        <Tooltip label={dark ? t("lightTheme") : t("darkTheme")}>
          <ActionIcon
            variant="subtle"
            color="gray"
            size="lg"
            aria-label={dark ? t("lightTheme") : t("darkTheme")}
            data-testid="theme-toggle"
            onClick={() => {
              const next = dark ? "light" : "dark";
              setColorScheme(next);
              saveProfile({ theme: next });
            }}
          >
            {dark ? <IconSun size={20} /> : <IconMoon size={20} />}
          </ActionIcon>
        </Tooltip>
        <LanguageMenu onChange={(lang) => saveProfile({ lang })} />
        <Menu position="bottom-end" withinPortal>
          <Menu.Target>
            <UnstyledButton data-testid="user-menu">
              <Group gap={8} wrap="nowrap">
                <Avatar radius="xl" size={34} color="teal" aria-hidden>
                  {initials(displayName)}
                </Avatar>
                <Text size="sm" fw={500} visibleFrom="sm">
                  {displayName}
                </Text>
                <VisuallyHidden>{t("account")}</VisuallyHidden>
              </Group>
            </UnstyledButton>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Label>{me.email}</Menu.Label>
            <Menu.Item component={Link} to="/profile" leftSection={<IconUserCircle size={16} />}>
              {t("items.profile")}
            </Menu.Item>
            <Menu.Divider />
            <Menu.Item component={Link} to="/user-logout" color="red" leftSection={<IconLogout size={16} />} data-testid="logout">
              {t("logout")}
            </Menu.Item>
          </Menu.Dropdown>
        </Menu>
      </Group>
    </Group>
  );
}
