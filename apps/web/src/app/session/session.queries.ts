import { CURRENCY_IQD, DEFAULT_PAGE_SIZE, type MeResponse, PAGE_SIZE_OPTIONS } from "@app/contracts";
import { queryOptions } from "@tanstack/react-query";
import { createContext, useContext, useSyncExternalStore } from "react";
import { api } from "../../shared/api/client";
import { session } from "../../shared/api/session";
import type { DataBody, SystemConfig } from "../../shared/api/types";

/** The settings a screen works with while the server's cannot be had. */
export const FALLBACK_CONFIG: SystemConfig = {
  currency_fk: CURRENCY_IQD,
  currency: { currency_id: CURRENCY_IQD, currency_name: "IQD", symbol: "IQD" },
  cashier_login_option: "Name",
  pagination_default: DEFAULT_PAGE_SIZE,
  pagination_options: PAGE_SIZE_OPTIONS.join(","),
  shop_name: "",
};

/** The signed-in user's profile, kept in local storage as it comes. */
export async function fetchMe(): Promise<MeResponse> {
  const body = await api<DataBody<MeResponse>>("auth/me", { method: "POST" });
  session.setProfile(body.data);
  return body.data;
}

export const fetchSystemConfig = async (): Promise<SystemConfig> => (await api<DataBody<SystemConfig>>("system_config")).data;

export const meQuery = queryOptions({
  queryKey: ["auth", "me"],
  queryFn: fetchMe,
  staleTime: Number.POSITIVE_INFINITY,
});

export const systemConfigQuery = queryOptions({
  queryKey: ["system_config"],
  queryFn: fetchSystemConfig,
  staleTime: 5 * 60_000,
});

export const sidebarQuery = queryOptions({
  queryKey: ["sidebar_setting"],
  queryFn: async () => (await api<DataBody<{ show_sidebar: boolean }>>("show_sidebar_setting")).data.show_sidebar,
  staleTime: Number.POSITIVE_INFINITY,
});

export const useToken = () => useSyncExternalStore(session.subscribe, session.getToken);

export interface SessionValue {
  me: MeResponse;
  systemConfig: SystemConfig;
}

export const SessionContext = createContext<SessionValue | null>(null);

/** The signed-in user and system settings; only inside the guarded part of the app. */
export function useSession(): SessionValue {
  const v = useContext(SessionContext);
  if (!v) throw new Error("useSession outside a signed-in route");
  return v;
}

/** Page sizes from the profile, else SPEC's 10/50/100/200. */
export function usePageSizes(): { sizes: number[]; initial: number } {
  const { me, systemConfig } = useSession();
  return pageSizesOf(me, systemConfig);
}

/** usePageSizes' answer from the profile and the settings (a page load's first list page, app/boot.ts). */
export function pageSizesOf(me: MeResponse, systemConfig: SystemConfig): { sizes: number[]; initial: number } {
  const raw = me.pagination_options || systemConfig.pagination_options;
  const parsed = (raw ?? "")
    .split(",")
    .map((s) => Number(s.trim()))
    .filter((n) => Number.isInteger(n) && n > 0);
  const sizes = parsed.length ? parsed : [...PAGE_SIZE_OPTIONS];
  const wanted = me.pagination_default || systemConfig.pagination_default;
  return { sizes, initial: sizes.includes(wanted) ? wanted : (sizes[0] ?? 10) };
}
