import { SW_URL } from "../../sw/rules";

/**
 * Installs the till's service worker (src/sw/sw.ts), which keeps the POS screen's files so that it
 * loads without network. Browsers have service workers only on https and on localhost; elsewhere
 * the screen goes on as before and an open till still sells offline, but a reload then needs the
 * server.
 */
export const workerAvailable = () => import.meta.env.PROD && "serviceWorker" in navigator && window.isSecureContext;

/** Registers the worker (once a page; the browser keeps it); false where there is none. */
export async function registerPosWorker(): Promise<boolean> {
  if (!workerAvailable()) return false;
  try {
    await navigator.serviceWorker.register(SW_URL, { scope: "/" });
    return true;
  } catch (err) {
    console.error(err);
    return false;
  }
}
