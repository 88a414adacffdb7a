import { useCallback, useEffect, useRef, useState } from "react";
import { type CatalogueIndex, findBarcode, loadIndex, syncCatalogue } from "./catalogue";

type Hit = NonNullable<ReturnType<typeof findBarcode>>;

/**
 * The till's catalogue (items, units, barcodes, prices, promotions, customers): the one stored in
 * IndexedDB first, so that a till that starts offline still sells, then the server's changes, at
 * once and every `syncMs`.
 *
 * `lookup` finds a scanned code. A scan made before the catalogue is ready (the stored one loaded
 * and, when it held nothing, as on a till's first visit, the first sync tried) waits for it
 * instead of being lost, and those waiting are answered in the order they came. A code the stored catalogue
 * does not know may be an item added since the last sync: online, the till syncs at once and
 * looks again.
 */
export function useCatalogue(syncMs: number) {
  const [index, setIndex] = useState<CatalogueIndex | null>(null);
  const current = useRef<CatalogueIndex | null>(null);
  const live = useRef(true);
  const readiness = useRef<{ promise: Promise<void>; resolve: () => void } | null>(null);
  if (!readiness.current) {
    let resolve = () => {};
    const promise = new Promise<void>((r) => {
      resolve = r;
    });
    readiness.current = { promise, resolve };
  }
  const syncing = useRef<Promise<CatalogueIndex | null> | null>(null);

  const show = useCallback((next: CatalogueIndex) => {
    current.current = next;
    if (live.current) setIndex(next);
  }, []);

  /** One sync at a time; answers the catalogue after it, or null when nothing changed or it failed. */
  const syncNow = useCallback((): Promise<CatalogueIndex | null> => {
    syncing.current ??= (async () => {
      try {
        if (!(await syncCatalogue())) return null;
        const next = await loadIndex();
        show(next);
        return next;
      } catch {
        // Offline: keep selling from what is stored; the next round tries again.
        return null;
      } finally {
        syncing.current = null;
      }
    })();
    return syncing.current;
  }, [show]);

  useEffect(() => {
    live.current = true;
    const ready = readiness.current!;
    void (async () => {
      // Without a stored catalogue (the browser's storage refused), the server's is the first.
      const stored = await loadIndex().catch(() => null);
      if (stored) show(stored);
      if (stored?.items.size) ready.resolve();
      await syncNow();
      ready.resolve();
    })();
    const timer = setInterval(() => void syncNow(), syncMs);
    return () => {
      live.current = false;
      clearInterval(timer);
    };
  }, [show, syncNow, syncMs]);

  const lookup = useCallback(
    async (code: string): Promise<Hit | null> => {
      await readiness.current!.promise;
      const stored = current.current;
      const hit = stored && findBarcode(stored, code);
      if (hit) return hit;
      const next = navigator.onLine ? await syncNow() : null;
      return (next && findBarcode(next, code)) ?? null;
    },
    [syncNow],
  );

  return { index, lookup };
}
