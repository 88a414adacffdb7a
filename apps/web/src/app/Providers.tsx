import { DirectionProvider, MantineProvider, useDirection } from "@mantine/core";
import { useNotifications } from "@mantine/notifications/store";
import { QueryClientProvider } from "@tanstack/react-query";
import { lazy, type ReactNode, Suspense, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { getStyleNonce } from "./csp";
import { isRtl } from "./i18n";
import { createQueryClient } from "./queryClient";
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
 * What every page of the app stands in: the theme, the reading direction, the query cache and the
 * notifications. The back office adds its date pickers' settings; the POS screen uses these alone.
 */
export function BaseProviders({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
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
          <QueryClientProvider client={queryClient}>
            <NotificationsHost />
            {children}
          </QueryClientProvider>
        </DirectionSync>
      </MantineProvider>
    </DirectionProvider>
  );
}
