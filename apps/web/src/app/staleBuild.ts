/**
 * A screen's code that can no longer be fetched because the product was updated while the page
 * was open: the new build's chunks have other names, and the old ones are gone. Chromium, Firefox
 * and Safari word the failed import differently.
 */
export function isStaleBuild(error: unknown): boolean {
  const message = error instanceof Error ? error.message : typeof error === "string" ? error : "";
  return /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS/i.test(
    message,
  );
}

const KEY = "stale-build-reload";
/** A second failure within this time is a real fault (the server down, say), shown, not reloaded again. */
const QUIET_MS = 15_000;

/**
 * Loads the page again, once, so that the user lands on the same address with the new build;
 * answers false when a reload for the same reason has just happened.
 */
export function reloadForNewBuild(
  storage: Pick<Storage, "getItem" | "setItem"> = sessionStorage,
  reload = () => window.location.reload(),
  now = Date.now(),
): boolean {
  const last = Number(storage.getItem(KEY) ?? 0);
  if (now - last < QUIET_MS) return false;
  storage.setItem(KEY, String(now));
  reload();
  return true;
}
