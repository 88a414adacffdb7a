import { normalizeDigits } from "@app/contracts";
import { useEffect, useRef } from "react";
import { dialogShown } from "./dialogShown";

/**
 * A scanner types a whole code far faster than any person (a few ms a key) and ends it with
 * Enter. A burst counts as a scan when its keys came at least this fast on average: a busy
 * terminal that delivers one or two keys late still scans, a fast typist (100 ms a key and
 * more) does not.
 */
const MAX_AVERAGE_MS = 50;
/** A pause this long starts a new burst: whatever came before was not the same scan. */
const PAUSE_MS = 500;
const MIN_LENGTH = 4;

/**
 * Feeds keys (with their event time) to a scan detector: answers the scanned code on the Enter
 * that ends a fast enough burst of at least four characters, else undefined. A character that
 * went elsewhere (into a field or a dialog) breaks its burst up to the burst's Enter, so a scan
 * begun there never yields the rest of its code, which could be another item's barcode. A key
 * that types nothing (F8, Esc, Shift) is no part of any code, wherever it went: the till's keys
 * pressed in its scan field do not cost the scan that follows them.
 */
export function scanDetector() {
  let buffer = "";
  let first = 0;
  let last = Number.NEGATIVE_INFINITY;
  /** A key of this burst went elsewhere: the burst is not a scan, up to its Enter or a pause. */
  let broken = false;
  return (key: string, at: number, elsewhere = false): string | undefined => {
    if (at - last > PAUSE_MS) {
      buffer = "";
      broken = false;
    }
    last = at;
    if (elsewhere) {
      if (key !== "Enter" && key.length !== 1) return undefined;
      buffer = "";
      // Its Enter (a field's, say) ends that burst: the next one starts whole.
      broken = key !== "Enter";
      return undefined;
    }
    if (key === "Enter") {
      const code = buffer;
      const whole = !broken;
      buffer = "";
      broken = false;
      if (whole && code.length >= MIN_LENGTH && (at - first) / code.length <= MAX_AVERAGE_MS) return normalizeDigits(code);
      return undefined;
    }
    if (key.length === 1) {
      if (!buffer) first = at;
      buffer += key;
    }
    return undefined;
  };
}

/**
 * Hears a barcode scanner anywhere on the page (it acts as a keyboard that ends with Enter) and
 * hands over the code. Keys typed into a field or a dialog are left to it.
 */
export function useBarcodeScanner(onScan: (code: string) => void) {
  const handler = useRef(onScan);
  handler.current = onScan;
  useEffect(() => {
    const feed = scanDetector();
    const onKey = (e: KeyboardEvent) => {
      const target = e.target as HTMLElement | null;
      const elsewhere = target && (target.isContentEditable || ["INPUT", "TEXTAREA", "SELECT"].includes(target.tagName));
      if (elsewhere || dialogShown()) {
        feed(e.key, e.timeStamp, true);
        return;
      }
      const code = feed(e.key, e.timeStamp);
      if (code !== undefined) {
        e.preventDefault();
        handler.current(code);
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, []);
}
