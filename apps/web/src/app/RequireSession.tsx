import { Button, Center, Stack, Text } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useEffect, useMemo } from "react";
import { useTranslation } from "react-i18next";
import { Navigate, Outlet, useLocation } from "react-router";
import { setIqdDecimals } from "../shared/amount";
import { ApiError } from "../shared/api/client";
import { session } from "../shared/api/session";
import { setBusinessTimeZone } from "../shared/businessTime";
import { isPosTerminal, POS_PATH } from "./config";
import { LoadingScreen } from "./LoadingScreen";
import { FALLBACK_CONFIG, meQuery, SessionContext, SessionKeeper, systemConfigQuery, useToken } from "./session";

/**
 * Every route but login needs a session (SPEC §2). Without a token the user goes to /login with
 * the current address as the redirect; with one, the profile and system settings load first
 * behind the "Loading Essential Data" screen.
 */
export function RequireSession() {
  const { t } = useTranslation();
  const token = useToken();
  const location = useLocation();
  const me = useQuery({ ...meQuery, enabled: token !== null });
  const cfg = useQuery({ ...systemConfigQuery, enabled: token !== null });
  const unauthorized = me.error instanceof ApiError && (me.error.status === 401 || me.error.status === 400);

  useEffect(() => {
    if (unauthorized) session.end("expired");
  }, [unauthorized]);

  const value = useMemo(() => {
    if (!me.data) return null;
    // Set before any screen renders, so their default dates are taken on the business's clock.
    setBusinessTimeZone(cfg.data?.time_zone);
    // And amounts in dinars with the decimals the settings ask for (0 unless set).
    setIqdDecimals(cfg.data?.iqd_decimals);
    return { me: me.data, systemConfig: cfg.data ?? FALLBACK_CONFIG };
  }, [me.data, cfg.data]);

  if (token === null) {
    const here = location.pathname + location.search;
    return <Navigate to={here === "/" ? "/login" : `/login/${encodeURIComponent(here)}`} replace />;
  }
  if (me.isError && !unauthorized) {
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
  if (isPosTerminal(value.systemConfig.pos_terminal_marker) && location.pathname !== POS_PATH) return <Navigate to={POS_PATH} replace />;
  return (
    <SessionContext.Provider value={value}>
      <SessionKeeper />
      <Outlet />
    </SessionContext.Provider>
  );
}
