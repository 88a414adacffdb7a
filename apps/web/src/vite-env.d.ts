/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Minutes between token refreshes (SPEC §4 reading B). */
  readonly VITE_TOKEN_REFRESH_MINUTES?: string;
  /** Idle time after which the user is logged out, in milliseconds. */
  readonly VITE_INACTIVITY_LOGOUT_MS?: string;
  /** How often idleness is checked, in milliseconds. */
  readonly VITE_INACTIVITY_CHECK_MS?: string;
  /** Text in the user agent that marks the desktop POS terminal. */
  readonly VITE_POS_USER_AGENT_MARKER?: string;
}

/** package.json's version, put in at build time. */
declare const __APP_VERSION__: string;
/** When the bundle was built (ISO 8601), put in at build time. */
declare const __BUILD_TIME__: string;

/** The notifications' store without their host (aliased in vite.config.ts). */
declare module "@mantine/notifications/store" {
  export { notifications, useNotifications } from "@mantine/notifications";
}
