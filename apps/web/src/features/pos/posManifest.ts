import { useEffect } from "react";

/** The till's web manifest (public/pos.webmanifest): its own name, and it opens at the POS screen. */
export const POS_MANIFEST = "/pos.webmanifest";

/**
 * Points the page's manifest link at the till's while the POS screen is shown, and back when it
 * leaves: the screen and the back office are one page, and a till installed from the POS screen
 * opens the POS screen, not the back office. The till's service worker is not this: it is
 * registered on its own (posWorker.ts).
 */
export function usePosManifest() {
  useEffect(() => {
    const link = document.querySelector<HTMLLinkElement>('link[rel="manifest"]');
    if (!link) return;
    const before = link.getAttribute("href");
    link.setAttribute("href", POS_MANIFEST);
    return () => {
      if (before === null) link.removeAttribute("href");
      else link.setAttribute("href", before);
    };
  }, []);
}
