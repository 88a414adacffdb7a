/// <reference lib="webworker" />
/**
 * The till's service worker (built by vite-plugin-pwa from this file, served as /sw.js): the POS
 * screen loads, and keeps selling into its IndexedDB queue, while the server cannot be reached.
 *
 * - The POS screen's files (its scripts, styles, texts, dialogs; listed by the build) are
 *   precached, each under its content hash; a new build replaces them and drops the old ones.
 * - The POS page itself comes from the network whenever it answers, and from the copy of its last
 *   answer otherwise. No other page and no API answer is ever taken from a cache: the back office
 *   and every figure the till shows come fresh from the server.
 */
import { clientsClaim } from "workbox-core";
import { cleanupOutdatedCaches, precacheAndRoute } from "workbox-precaching";
import { NavigationRoute, registerRoute } from "workbox-routing";
import { NetworkFirst } from "workbox-strategies";
import { PAGES_CACHE, POS_SHELL, SHELL_NETWORK_TIMEOUT_S } from "./rules";

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (string | { url: string; revision: string | null })[] };

void self.skipWaiting();
clientsClaim();
cleanupOutdatedCaches();
precacheAndRoute(self.__WB_MANIFEST);

// The page of the till, kept under one key: the app's page is the same document at any address.
const shell = new NetworkFirst({
  cacheName: PAGES_CACHE,
  networkTimeoutSeconds: SHELL_NETWORK_TIMEOUT_S,
  plugins: [{ cacheKeyWillBeUsed: async () => POS_SHELL }],
});
registerRoute(new NavigationRoute(shell, { allowlist: [/^\/settings\/pos\/?$/] }));

// The page is kept from the start, so that the very first reload without network finds it.
self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(PAGES_CACHE).then((cache) => cache.add(POS_SHELL)));
});
