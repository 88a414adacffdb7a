/** Shared by the service worker and the page that registers it. */
export const POS_SHELL = "/settings/pos";
export const PAGES_CACHE = "souq-pos-page";
/** A server that does not answer the page within this long is taken as away. */
export const SHELL_NETWORK_TIMEOUT_S = 4;
export const SW_URL = "/sw.js";
