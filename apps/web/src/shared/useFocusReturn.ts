import { useEffect, useState } from "react";

/**
 * For dialogs shown by mounting them (`{editing && <Dialog opened />}`): Mantine gives focus back
 * only when `opened` turns false, never when the dialog is unmounted, so keyboard users would be
 * left on the page's start. Remembers what had focus when the dialog appeared and focuses it again
 * when the dialog goes, if it is still on the page.
 */
export function useFocusReturn() {
  const [opener] = useState(() => (typeof document === "undefined" ? null : (document.activeElement as HTMLElement | null)));
  useEffect(
    () => () => {
      if (!opener || opener === document.body) return;
      // After the dialog's own focus trap has let go.
      requestAnimationFrame(() => {
        if (opener.isConnected) opener.focus();
      });
    },
    [opener],
  );
}
