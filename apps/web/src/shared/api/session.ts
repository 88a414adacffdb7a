import type { MeResponse } from "@app/contracts";

/**
 * The session lives in local storage (SPEC §4) so that a refresh keeps the user signed in.
 * Components subscribe through useSyncExternalStore; the API client reads it directly.
 */
const TOKEN_KEY = "token";
const PROFILE_KEY = "profile";

type Listener = () => void;
const listeners = new Set<Listener>();
const logoutListeners = new Set<(reason: LogoutReason) => void>();

export type LogoutReason = "user" | "expired" | "inactive";

const emit = () => {
  for (const l of listeners) l();
};

export const session = {
  getToken: (): string | null => localStorage.getItem(TOKEN_KEY),
  setToken(token: string) {
    localStorage.setItem(TOKEN_KEY, token);
    emit();
  },
  getProfile(): MeResponse | null {
    const raw = localStorage.getItem(PROFILE_KEY);
    if (!raw) return null;
    try {
      return JSON.parse(raw) as MeResponse;
    } catch {
      return null;
    }
  },
  setProfile(profile: MeResponse) {
    localStorage.setItem(PROFILE_KEY, JSON.stringify(profile));
  },
  /** Forgets the token and the stored profile and tells the app to leave for /login. */
  end(reason: LogoutReason) {
    const had = localStorage.getItem(TOKEN_KEY) !== null;
    localStorage.removeItem(TOKEN_KEY);
    localStorage.removeItem(PROFILE_KEY);
    emit();
    if (had || reason === "user") for (const l of logoutListeners) l(reason);
  },
  subscribe(listener: Listener) {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  },
  onLogout(listener: (reason: LogoutReason) => void) {
    logoutListeners.add(listener);
    return () => {
      logoutListeners.delete(listener);
    };
  },
};
