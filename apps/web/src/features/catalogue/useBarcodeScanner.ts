import { normalizeDigits } from "@app/contracts";
import { useEffect, useRef } from "react";

/**
 * A scanner types a whole code faster than any person (a few ms a key); slower keys are someone
 * typing. The bound leaves room for a busy browser that delivers a scanner's keys late.
 */
const MAX_GAP_MS = 100;
const MIN_LENGTH = 4;

/**
 * Hears a barcode scanner anywhere on the page (it acts as a keyboard that ends with Enter) and
 * hands over the code. Keys typed into a field are left to that field.
 */
export function useBarcodeScanner(onScan: (code: string) => void) {
  const handler = useRef(onScan);
  handler.current = onScan;
  useEffect(() => {
    let buffer = "";
    let last = 0;
    const onKey = (e: KeyboardEvent) => {
      const target = e.target as HTMLElement | null;
      if (target && (target.isContentEditable || ["INPUT", "TEXTAREA", "SELECT"].includes(target.tagName))) return;
      if (document.querySelector("[role=dialog]")) return;
      const now = e.timeStamp;
      if (now - last > MAX_GAP_MS) buffer = "";
      last = now;
      if (e.key === "Enter") {
        if (buffer.length >= MIN_LENGTH) {
          e.preventDefault();
          handler.current(normalizeDigits(buffer));
        }
        buffer = "";
      } else if (e.key.length === 1) buffer += e.key;
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, []);
}
