import type { Page } from "@playwright/test";

/**
 * A barcode scanner read on the page itself (nothing focused): the code's keys and Enter in one
 * burst, as fast as a scanner sends them, whatever the load on the machine running the browser.
 *
 * The keys are made in the page, in one go: sent key by key from the test, each one waits for the
 * browser to answer the one before, and a busy machine spreads them out to a person's typing
 * speed, which the page rightly does not take for a scan. (Keys given their own times through a
 * DevTools session of the test's would keep the speed, but a second session undoes the offline
 * network the tests emulate.)
 */
export async function scan(page: Page, code: string) {
  await page.evaluate((keys) => {
    (document.activeElement as HTMLElement | null)?.blur();
    for (const key of [...keys, "Enter"]) {
      const code = key === "Enter" ? "Enter" : /^\d$/.test(key) ? `Digit${key}` : "";
      for (const type of ["keydown", "keyup"])
        document.body.dispatchEvent(new KeyboardEvent(type, { key, code, bubbles: true, cancelable: true, composed: true }));
    }
  }, code);
}
