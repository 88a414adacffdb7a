import { DirectionProvider, MantineProvider, useDirection } from "@mantine/core";
import { useNotifications } from "@mantine/notifications/store";
import { lazy, type ReactNode, Suspense, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { getStyleNonce } from "./csp";
import { isRtl } from "./i18n";
import { colorSchemeManager, cssVariablesResolver, theme } from "./theme";

const Notifications = lazy(async () => ({ default: (await import("@mantine/notifications")).Notifications }));

/**
 * The notifications' host and its transitions load with the first notification shown: the store
 * queues it meanwhile, and most pages (the login page first) never show one.
 */
function NotificationsHost() {
  const { notifications, queue } = useNotifications();
  const [wanted, setWanted] = useState(false);
  const shown = wanted || notifications.length > 0 || queue.length > 0;
  useEffect(() => {
    if (shown) setWanted(true);
  }, [shown]);
  if (!shown) return null;
  return (
    <Suspense fallback={null}>
      <Notifications position="top-center" />
    </Suspense>
  );
}

/** Keeps Mantine's direction in step with the language (the <html> attributes are set by i18n). */
function DirectionSync({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  const { setDirection } = useDirection();
  const rtl = isRtl(i18n.language);
  useEffect(() => setDirection(rtl ? "rtl" : "ltr"), [rtl, setDirection]);
  return children;
}

/**
 * What every page of the app stands in: the theme, the reading direction and the notifications.
 * The back office adds the query cache (App.tsx) and its date pickers' settings (its frame,
 * layout/AppLayout.tsx); the POS screen
 * opened on its own uses these alone, its dialogs bringing the query cache when first opened.
 */
export function ThemeProviders({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  return (
    <DirectionProvider initialDirection={isRtl(i18n.language) ? "rtl" : "ltr"}>
      <MantineProvider
        theme={theme}
        cssVariablesResolver={cssVariablesResolver}
        colorSchemeManager={colorSchemeManager}
        defaultColorScheme="light"
        getStyleNonce={getStyleNonce}
      >
        <DirectionSync>
          <NotificationsHost />
          {children}
        </DirectionSync>
      </MantineProvider>
    </DirectionProvider>
  );
}
