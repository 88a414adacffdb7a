import { useCallback, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { answerTextsReady, translateMessage } from "../../app/i18n";
import { notifyWarning } from "../../shared/notify";
import { queueStore } from "./posDb";
import { sendSale } from "./posSession";
import { registerPosWorker } from "./posWorker";
import { flushOnce, type QueuedSale, type QueueEvent } from "./queue";
import { lastReceipt } from "./receipt";

const FLUSH_MS = 10_000;

// The dialogs, the payment and the receipt: one chunk of their own (built on the browser's own
// dialog and fields, so it is small), loaded when first opened. The till must open them even when
// the server can no longer be reached: the service worker keeps them (see below).
export const loadDialogs = () => import("./PosDialogs");

/**
 * The till's queue of sales to send and whether it is online: sends the waiting sales every ten
 * seconds and when the network returns. `onNumber`: a queued sale got its receipt number.
 */
export function usePosQueue(onNumber: (key: string, number: string) => void) {
  const { t } = useTranslation("pos");
  const [queue, setQueue] = useState<QueuedSale[]>([]);
  const [online, setOnline] = useState(navigator.onLine);

  const refreshQueue = useCallback(async () => {
    const all = await queueStore.all();
    // A sale refused or kept for review shows the server's message in the queue: its texts first.
    if (all.some((s) => s.message)) await answerTextsReady();
    setQueue(all);
  }, []);

  useEffect(() => {
    // Kept by the service worker since an earlier visit: the dialogs load when one is first opened.
    // Otherwise (the till's first visit, or no service worker) they are fetched now, so that a
    // till cut off right after it first opened still takes payments.
    const kept = "serviceWorker" in navigator && navigator.serviceWorker.controller !== null;
    void registerPosWorker();
    if (!kept) void loadDialogs();
  }, []);

  /**
   * Sends the waiting sales in order. `own`: the sale just paid at an online till, sent at once
   * (waiting for a run already going) and answered to the caller: refused, it leaves the queue
   * (nothing was booked) and its bill stays on screen.
   */
  const flushNow = useCallback(
    async (own?: string): Promise<QueueEvent | undefined> => {
      let mine: QueueEvent | undefined;
      const removals: Promise<void>[] = [];
      try {
        await flushOnce(
          queueStore,
          sendSale,
          (e) => {
            if (e.sale.key === own) mine = e;
            if (e.kind === "booked") {
              setOnline(true);
              const data = e.answer.body.data as { number?: string } | undefined;
              const last = lastReceipt.get();
              if (data?.number) {
                const number = String(data.number);
                if (last?.key === e.sale.key) lastReceipt.set({ ...last, number });
                onNumber(e.sale.key, number);
              }
            } else if (e.kind === "refused" && e.sale.key === own) {
              removals.push(queueStore.remove(e.sale.key));
            } else {
              const message = translateMessage(e.sale.message ?? "");
              notifyWarning(t(e.kind === "review" ? "queue.reviewNotice" : "queue.refusedNotice", { message }));
            }
          },
          { wait: !!own },
        );
      } finally {
        await Promise.all(removals);
        await refreshQueue();
      }
      return mine;
    },
    [refreshQueue, t, onNumber],
  );

  useEffect(() => {
    void refreshQueue();
    void flushNow();
    const timer = setInterval(() => void flushNow(), FLUSH_MS);
    const up = () => {
      setOnline(true);
      void flushNow();
    };
    const down = () => setOnline(false);
    window.addEventListener("online", up);
    window.addEventListener("offline", down);
    return () => {
      clearInterval(timer);
      window.removeEventListener("online", up);
      window.removeEventListener("offline", down);
    };
  }, [flushNow, refreshQueue]);

  return { queue, online, refreshQueue, flushNow };
}
