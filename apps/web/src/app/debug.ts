import type { QueryClient } from "@tanstack/react-query";
import { API_BASE } from "../shared/api/client";
import { LANG_STORAGE_KEY } from "./i18n";
import { meQuery, systemConfigQuery } from "./session";

/** What the debug menu shows and "Copy diagnostic info" copies. Never the token itself. */
export interface Diagnostics {
  version: string;
  buildTime: string;
  apiOrigin: string;
  userId: number;
  language: string;
  direction: string;
  theme: string;
  userAgent: string;
  posTerminal: boolean;
  /** When the session's token expires (epoch ms), from its `exp`; null without a readable token. */
  tokenExpiresAt: number | null;
  /** When the token is next refreshed (epoch ms); null while no refresh is scheduled. */
  nextRefreshAt: number | null;
}

export const APP_VERSION = __APP_VERSION__;
export const BUILD_TIME = __BUILD_TIME__;

/** The API's address as the browser reaches it (the app and the API share one origin). */
export const apiOrigin = (origin: string = window.location.origin) => `${origin}${API_BASE}`;

/** The `exp` of a JWT in epoch ms, read without checking the signature (only to show it). */
export function tokenExpiry(token: string | null): number | null {
  const payload = token?.split(".")[1];
  if (!payload) return null;
  try {
    const json = atob(
      payload
        .replace(/-/g, "+")
        .replace(/_/g, "/")
        .padEnd(Math.ceil(payload.length / 4) * 4, "="),
    );
    const exp = (JSON.parse(json) as { exp?: unknown }).exp;
    return typeof exp === "number" && Number.isFinite(exp) ? exp * 1000 : null;
  } catch {
    return null;
  }
}

const when = (ms: number | null) => (ms === null ? "-" : new Date(ms).toISOString());

/**
 * The plain-text summary a user pastes into a support request. It is in English whatever the
 * interface language, so whoever reads it can; it names the token's expiry, never the token.
 */
export function diagnosticText(d: Diagnostics): string {
  return [
    `Version: ${d.version}`,
    `Build time: ${d.buildTime}`,
    `API: ${d.apiOrigin}`,
    `User id: ${d.userId}`,
    `Language: ${d.language}`,
    `Direction: ${d.direction}`,
    `Theme: ${d.theme}`,
    `User agent: ${d.userAgent}`,
    `POS terminal: ${d.posTerminal ? "yes" : "no"}`,
    `Token expires: ${when(d.tokenExpiresAt)}`,
    `Next token refresh: ${when(d.nextRefreshAt)}`,
    `Copied at: ${new Date().toISOString()}`,
  ].join("\n");
}

/** Local storage keys that are the session or the person's own choices, kept by "Clear cached data". */
const KEPT_STORAGE_KEYS = new Set(["token", "profile", LANG_STORAGE_KEY, "theme"]);

const ESSENTIAL_KEYS: readonly (readonly unknown[])[] = [meQuery.queryKey, systemConfigQuery.queryKey];
const isEssential = (key: readonly unknown[]) => ESSENTIAL_KEYS.some((e) => e.every((part, i) => key[i] === part));

/**
 * Forgets every cached server answer (lists, hidden columns, the side menu's state, ...) and the
 * UI state remembered in the browser, but not the session, the profile or the language and
 * theme; what is on screen loads again.
 */
export async function clearCachedData(queryClient: QueryClient) {
  for (const key of Object.keys(localStorage)) if (!KEPT_STORAGE_KEYS.has(key)) localStorage.removeItem(key);
  queryClient.getMutationCache().clear();
  await queryClient.resetQueries({ predicate: (q) => !isEssential(q.queryKey) });
}

/** Loads the profile (permissions included) and the system settings again. */
export async function reloadEssentialData(queryClient: QueryClient) {
  await Promise.all([
    queryClient.refetchQueries({ queryKey: meQuery.queryKey, exact: true }),
    queryClient.refetchQueries({ queryKey: systemConfigQuery.queryKey, exact: true }),
  ]);
}
