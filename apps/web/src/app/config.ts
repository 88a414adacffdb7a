import { INACTIVITY_CHECK_MS, INACTIVITY_LOGOUT_MS, REFRESH_CONFLICT_WAIT_MS, TOKEN_REFRESH_MINUTES } from "@app/contracts";

const num = (raw: string | undefined, fallback: number) => {
  const n = Number(raw);
  return raw !== undefined && raw !== "" && Number.isFinite(n) && n > 0 ? n : fallback;
};

/** Session timings and the POS marker; SPEC §4 defaults, overridable at build time. */
export const config = {
  tokenRefreshMs: num(import.meta.env.VITE_TOKEN_REFRESH_MINUTES, TOKEN_REFRESH_MINUTES) * 60_000,
  refreshConflictWaitMs: REFRESH_CONFLICT_WAIT_MS,
  inactivityLogoutMs: num(import.meta.env.VITE_INACTIVITY_LOGOUT_MS, INACTIVITY_LOGOUT_MS),
  inactivityCheckMs: num(import.meta.env.VITE_INACTIVITY_CHECK_MS, INACTIVITY_CHECK_MS),
  posUserAgentMarker: import.meta.env.VITE_POS_USER_AGENT_MARKER || "SouqPOS",
};

/** The POS screen: where a cashier's sign-in lands and where the POS terminal is kept. */
export const POS_PATH = "/settings/pos";

/** The desktop POS terminal is known by a marker in its user agent (the system setting wins over the build's). */
export const isPosTerminal = (marker: string | undefined, userAgent: string = navigator.userAgent) =>
  userAgent.includes(marker || config.posUserAgentMarker);
