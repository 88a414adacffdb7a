import { useEffect } from "react";
import { refreshToken } from "../../shared/api/client";
import { session } from "../../shared/api/session";
import { config } from "../config";

const ACTIVITY_EVENTS = ["mousemove", "mousedown", "keydown", "touchstart", "wheel"] as const;

let nextRefresh: number | null = null;
/** When the token is next refreshed (epoch ms), or null while no session is being kept. */
export const nextRefreshAt = () => nextRefresh;

/**
 * Keeps the token fresh and ends an idle session (SPEC §4). Only the person's own input counts
 * as activity, so background polling never keeps a session alive.
 */
export function SessionKeeper() {
  useEffect(() => {
    let lastActivity = Date.now();
    const touch = () => {
      lastActivity = Date.now();
    };
    for (const e of ACTIVITY_EVENTS) window.addEventListener(e, touch, { passive: true });
    nextRefresh = Date.now() + config.tokenRefreshMs;
    const refresher = window.setInterval(() => {
      nextRefresh = Date.now() + config.tokenRefreshMs;
      refreshToken().catch((err: unknown) => console.error(err));
    }, config.tokenRefreshMs);
    const idleCheck = window.setInterval(() => {
      if (Date.now() - lastActivity > config.inactivityLogoutMs) session.end("inactive");
    }, config.inactivityCheckMs);
    return () => {
      for (const e of ACTIVITY_EVENTS) window.removeEventListener(e, touch);
      window.clearInterval(refresher);
      nextRefresh = null;
      window.clearInterval(idleCheck);
    };
  }, []);
  return null;
}
