import { LOG_GROUP } from "@app/contracts";
import { ActionIcon, Group, Menu, Stack, Text, Tooltip, useMantineColorScheme } from "@mantine/core";
import { notifications } from "@mantine/notifications/store";
import { IconBug, IconClipboardCopy, IconEraser, IconRefresh } from "@tabler/icons-react";
import { useQueryClient } from "@tanstack/react-query";
import { type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";
import { useFormat } from "../../shared/format";
import { isPosTerminal } from "../config";
import {
  APP_VERSION,
  apiOrigin,
  BUILD_TIME,
  clearCachedData,
  type Diagnostics,
  diagnosticText,
  reloadEssentialData,
  tokenExpiry,
} from "../debug";
import { isRtl } from "../i18n";
import { nextRefreshAt, useCan, useSession, useToken } from "../session";

/**
 * Who sees the debug menu. The catalogue has no key of its own for it; the module logs group
 * (`_model_loges`, held by anyone who may read a log) is the closest to SPEC's "system log view".
 * The super user passes every check.
 */
export const DEBUG_MENU_PERMISSION = LOG_GROUP;

function Row({ label, value, testId }: { label: string; value: ReactNode; testId?: string }) {
  return (
    <Group justify="space-between" gap="md" wrap="nowrap" align="flex-start">
      <Text size="xs" c="dimmed" style={{ whiteSpace: "nowrap" }}>
        {label}
      </Text>
      <Text size="xs" ta="end" style={{ wordBreak: "break-word" }} data-testid={testId}>
        {value}
      </Text>
    </Group>
  );
}

/** SPEC §2's debug menu: what this app is, whom it serves and how, and a few ways out of a stuck state. */
export function DebugMenu() {
  const { t, i18n } = useTranslation("nav");
  const fmt = useFormat();
  const can = useCan();
  const { me, systemConfig } = useSession();
  const token = useToken();
  const { colorScheme } = useMantineColorScheme();
  const queryClient = useQueryClient();
  // Render again when the menu opens, so the times shown are current.
  const [, setOpenedAt] = useState(0);
  if (!can(DEBUG_MENU_PERMISSION)) return null;

  const info: Diagnostics = {
    version: APP_VERSION,
    buildTime: BUILD_TIME,
    apiOrigin: apiOrigin(),
    userId: me.user_id,
    language: i18n.language,
    direction: isRtl(i18n.language) ? "rtl" : "ltr",
    theme: colorScheme,
    userAgent: navigator.userAgent,
    posTerminal: isPosTerminal(systemConfig.pos_terminal_marker),
    tokenExpiresAt: tokenExpiry(token),
    nextRefreshAt: nextRefreshAt(),
  };
  const time = (ms: number | null) => (ms === null ? t("debug.none") : fmt.dateTime(new Date(ms)));
  const done = (message: string) => notifications.show({ color: "teal", message });

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(diagnosticText(info));
      done(t("debug.copied"));
    } catch {
      notifications.show({ color: "red", message: t("debug.copyFailed") });
    }
  };

  return (
    <Menu position="bottom-end" width={380} withinPortal closeOnItemClick onOpen={() => setOpenedAt(Date.now())}>
      <Menu.Target>
        <Tooltip label={t("debug.title")}>
          <ActionIcon variant="subtle" color="gray" size="lg" aria-label={t("debug.title")} data-testid="debug-menu">
            <IconBug size={20} />
          </ActionIcon>
        </Tooltip>
      </Menu.Target>
      <Menu.Dropdown data-testid="debug-panel">
        <Menu.Label>{t("debug.title")}</Menu.Label>
        <Stack gap={4} px="sm" pb="xs">
          <Row label={t("debug.version")} value={<span dir="ltr">{info.version}</span>} testId="debug-version" />
          <Row label={t("debug.buildTime")} value={time(Date.parse(info.buildTime))} />
          <Row label={t("debug.api")} value={<span dir="ltr">{info.apiOrigin}</span>} />
          <Row label={t("debug.userId")} value={info.userId} testId="debug-user-id" />
          <Row label={t("debug.language")} value={info.language} />
          <Row label={t("debug.direction")} value={t(`debug.directions.${info.direction}`)} />
          <Row label={t("debug.theme")} value={t(`debug.themes.${info.theme}`)} />
          <Row label={t("debug.userAgent")} value={<span dir="ltr">{info.userAgent}</span>} />
          <Row label={t("debug.posTerminal")} value={info.posTerminal ? t("common:yes") : t("common:no")} />
          <Row label={t("debug.tokenExpiry")} value={time(info.tokenExpiresAt)} testId="debug-token-expiry" />
          <Row label={t("debug.nextRefresh")} value={time(info.nextRefreshAt)} />
        </Stack>
        <Menu.Divider />
        <Menu.Item leftSection={<IconClipboardCopy size={16} />} onClick={() => void copy()} data-testid="debug-copy">
          {t("debug.copy")}
        </Menu.Item>
        <Menu.Item
          leftSection={<IconEraser size={16} />}
          onClick={() => void clearCachedData(queryClient).then(() => done(t("debug.cacheCleared")))}
          data-testid="debug-clear-cache"
        >
          {t("debug.clearCache")}
        </Menu.Item>
        <Menu.Item
          leftSection={<IconRefresh size={16} />}
          onClick={() => void reloadEssentialData(queryClient).then(() => done(t("debug.reloaded")))}
          data-testid="debug-reload"
        >
          {t("debug.reload")}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
