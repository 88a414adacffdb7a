import { notifications } from "@mantine/notifications/store";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { Navigate, Outlet, useLocation, useNavigate } from "react-router";
import { session } from "../shared/api/session";

/** Top of every route: drops a trailing slash and sends the user to /login whenever the session ends. */
export function Root() {
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { t } = useTranslation();

  useEffect(
    () =>
      session.onLogout((reason) => {
        queryClient.clear();
        if (reason === "inactive") notifications.show({ color: "yellow", message: t("auth:loggedOutIdle") });
        void navigate("/login", { replace: true });
      }),
    [navigate, queryClient, t],
  );

  if (location.pathname.length > 1 && location.pathname.endsWith("/")) {
    return <Navigate to={{ ...location, pathname: location.pathname.replace(/\/+$/, "") || "/" }} replace />;
  }
  return <Outlet />;
}
