import type { Page } from "@playwright/test";
import { expect } from "./fixtures";

/** What the page reports of the Content-Security-Policy it refused. */
export interface Violation {
  directive: string;
  blocked: string;
  sample: string;
  url: string;
}

/** Collects every securitypolicyviolation event of every page load, as the page reports it. */
export async function watchViolations(page: Page): Promise<Violation[]> {
  const seen: Violation[] = [];
  await page.exposeFunction("__cspViolation", (v: Violation) => seen.push(v));
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (e) => {
      (window as unknown as { __cspViolation: (v: unknown) => void }).__cspViolation({
        directive: e.violatedDirective,
        blocked: e.blockedURI,
        sample: e.sample,
        url: location.pathname,
      });
    });
  });
  return seen;
}

/** The title the page has while the next screen is on its way: every screen sets its own. */
const LEAVING = "leaving the screen";

/**
 * Goes to `url` inside the single-page app, as its links do (the history entry and the router's
 * popstate), without loading the page again: the screen's code still loads, under the same
 * policy, and the frame, the session and the essential data stay. Answers once the new screen is
 * shown (its title set).
 */
export async function openInApp(page: Page, url: string) {
  await page.evaluate(
    ([to, leaving]) => {
      document.title = leaving;
      const idx = ((history.state as { idx?: number } | null)?.idx ?? 0) + 1;
      history.pushState({ usr: null, key: Math.random().toString(36).slice(2, 10), idx }, "", to);
      dispatchEvent(new PopStateEvent("popstate", { state: history.state }));
      // Activity, as a person's mouse makes it: the app ends a session left idle for a minute.
      dispatchEvent(new MouseEvent("mousemove"));
    },
    [url, LEAVING] as const,
  );
  // Waited for in the page, frame by frame (an assertion looks only twice a second once it has
  // waited a little), then asserted.
  await page.waitForFunction((leaving) => document.title !== leaving, LEAVING, { timeout: 30_000 }).catch(() => {});
  await expect(page, url).not.toHaveTitle(LEAVING);
}
