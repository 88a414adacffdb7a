import "@mantine/core/styles.css";
import "@mantine/notifications/styles.css";
import "../../app/app.css";
import type { MeResponse } from "@app/contracts";
import { Button, Center, Stack, Text } from "@mantine/core";
import { StrictMode, startTransition, useEffect, useMemo } from "react";
import { createRoot } from "react-dom/client";
import { useTranslation } from "react-i18next";
import { POS_PATH } from "../../app/config";
import { loadLanguage, setTextScope, storedLanguage } from "../../app/i18n";
import { LoadingScreen } from "../../app/LoadingScreen";
import { ThemeProviders } from "../../app/Providers";
import { FALLBACK_CONFIG, fetchMe, fetchSystemConfig, SessionContext, SessionKeeper } from "../../app/session";
import { ApiError } from "../../shared/api/client";
import { session } from "../../shared/api/session";
import type { SystemConfig } from "../../shared/api/types";
import { useLoad } from "../../shared/useLoad";
import { PosPage } from "./PosPage";

const KEPT_CONFIG = "pos-system-config";

/** Reached the server and was answered (whatever the answer), as opposed to no network at all. */
const unreachable = (err: unknown) => err instanceof TypeError;

/**
 * The signed-in user and the system settings for the till. The last answers are kept, so a till
 * reloaded while the server cannot be reached opens and goes on selling: the profile the sign-in
 * stored (forgotten at sign-out) and the settings kept here.
 */
function useTillSession() {
  const me = useLoad(async (): Promise<MeResponse> => {
    try {
      return await fetchMe();
    } catch (err) {
      const kept = session.getProfile();
      if (kept && unreachable(err)) return kept;
      throw err;
    }
  });
  const cfg = useLoad(async (): Promise<SystemConfig> => {
    try {
      const fresh = await fetchSystemConfig();
      localStorage.setItem(KEPT_CONFIG, JSON.stringify(fresh));
      return fresh;
    } catch (err) {
      const kept = localStorage.getItem(KEPT_CONFIG);
      if (kept && unreachable(err)) return JSON.parse(kept) as SystemConfig;
      throw err;
    }
  });
  return { me, cfg };
}

/** The POS screen's own frame: the session, a sign-out that leaves for the sign-in page, the screen. */
function PosRoot() {
  const { t } = useTranslation();
  const { me, cfg } = useTillSession();
  const unauthorized = me.error instanceof ApiError && (me.error.status === 401 || me.error.status === 400);

  useEffect(
    () =>
      session.onLogout(() => {
        location.replace("/login");
      }),
    [],
  );
  useEffect(() => {
    if (unauthorized) session.end("expired");
  }, [unauthorized]);
  const value = useMemo(() => {
    if (!me.data) return null;
    return { me: me.data, systemConfig: cfg.data ?? FALLBACK_CONFIG };
  }, [me.data, cfg.data]);

  if (me.error && !me.data && !unauthorized) {
    return (
      <Center h="100dvh">
        <Stack align="center">
          <Text>{t("common:essentialDataFailed")}</Text>
          <Button onClick={() => void me.refetch()}>{t("common:retry")}</Button>
        </Stack>
      </Center>
    );
  }
  if (!value || cfg.isPending) return <LoadingScreen />;
  return (
    <SessionContext.Provider value={value}>
      <SessionKeeper />
      <PosPage />
    </SessionContext.Provider>
  );
}

/**
 * Starts the POS screen on its own: what the till needs and nothing of the back office. Without a
 * session it leaves for the sign-in page, which comes back here.
 */
export function mount(root: HTMLElement) {
  setTextScope("pos");
  if (session.getToken() === null) {
    location.replace(`/login/${encodeURIComponent(POS_PATH)}`);
    return;
  }
  // A transition, as the back office's first render (app/App.tsx): rendered in slices.
  void loadLanguage(storedLanguage(), "pos").then(() =>
    startTransition(() =>
      createRoot(root).render(
        <StrictMode>
          <ThemeProviders>
            <PosRoot />
          </ThemeProviders>
        </StrictMode>,
      ),
    ),
  );
}
