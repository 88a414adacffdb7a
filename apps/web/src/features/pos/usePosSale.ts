import { confirmationAsked } from "@app/contracts";
import { useCallback, useState } from "react";
import { useTranslation } from "react-i18next";
import { translateMessage } from "../../app/i18n";
import { useSeededLabels } from "../../shared/seededLabels";
import type { PaidChange } from "./PaidPanel";
import { queueStore } from "./posDb";
import type { PosSession } from "./posSession";
import { ConfirmationAsked, enqueue, type QueuedSale, type QueueEvent } from "./queue";
import { lastReceipt, newKey, type ReceiptData, receiptOf } from "./receipt";
import type { PosBillState } from "./usePosBill";

export interface PrintJob {
  receipt: ReceiptData;
  /** 0: ready on paper's page for the print view only; else printed (a new number prints again). */
  n: number;
}

/** The receipt the till holds for printing; a queued sale's number is written on it once booked. */
export function usePrintJob() {
  const [printJob, setPrintJob] = useState<PrintJob | null>(null);
  const onNumber = useCallback(
    (key: string, number: string) => setPrintJob((j) => (j && j.receipt.key === key ? { ...j, receipt: { ...j.receipt, number } } : j)),
    [],
  );
  return { printJob, setPrintJob, onNumber };
}

/**
 * Takes a paid bill: queued with its key, sent at once when online (a refusal throws, and the
 * bill stays to be put right), then its receipt made and the bill cleared.
 */
export function usePosSale(opts: {
  session: PosSession | undefined;
  bill: PosBillState;
  systemCurrency: number;
  rate: string;
  online: boolean;
  queue: QueuedSale[];
  flushNow: (own?: string) => Promise<QueueEvent | undefined>;
  refreshQueue: () => Promise<void>;
  setPrintJob: (job: PrintJob) => void;
  /** The bill is paid: its receipt, and the change as the server booked it (as the till worked it out when queued). */
  onSold: (receipt: ReceiptData, change: PaidChange) => void;
}) {
  const { t } = useTranslation("pos");
  const names = useSeededLabels();
  const { session: s, systemCurrency, rate, online, queue, flushNow, refreshQueue, setPrintJob, onSold } = opts;
  const { bill, named, clearBill } = opts.bill;

  return async (payments: ReceiptData["payments"], change: ReceiptData["change"], confirmed: boolean) => {
    if (!bill || !s) return;
    const key = newKey();
    const body = {
      client_created_at: new Date().toISOString(),
      // Fixed when the sale is made: a resend must carry the very same body as the first try.
      offline: !online || queue.some((q) => q.state === "pending"),
      customer_fk: named ? named.consumer_id : null,
      lines: bill.lines.map((l) => ({
        item_fk: l.item.item_id,
        unit_fk: l.unit.unit_id,
        quantity: l.state.quantity,
        ...(l.item.sale_price_editable && l.state.unit_price ? { unit_price: l.state.unit_price } : {}),
        ...(l.state.discount ? { discount_type: l.state.discount.type, discount: l.state.discount.value } : {}),
      })),
      payments: payments.map((p) => ({ method: p.method, currency_id: p.currency_id, amount: p.amount })),
      change_currency_id: change.change_currency_id,
      // The cashier said yes to cash a banknote or more above the bill (the server asks otherwise).
      ...(confirmed ? { confirmed: true } : {}),
    };
    await enqueue(queueStore, key, body);
    // Online, the sale is booked before the bill clears: a refusal (stock gone, the customer's
    // credit, a price the till may not give) is shown in the payment and the bill stays to be put
    // right. Not reached, it stays queued as a sale made offline.
    const answer = body.offline ? undefined : await flushNow(key);
    const asked = answer?.kind === "refused" ? confirmationAsked(answer.answer.body) : null;
    if (asked) throw new ConfirmationAsked(translateMessage(asked));
    if (answer?.kind === "refused") throw new Error(translateMessage(answer.answer.body.message ?? "") || t("queue.state.refused"));
    const data = answer?.kind === "booked" ? (answer.answer.body.data as { number?: string; change?: PaidChange } | undefined) : undefined;
    const booked = data?.number;
    const made = receiptOf(bill, {
      key,
      cashier: s.cashier.user_name,
      customer: named ? named.consumer_name : null,
      system_currency_id: systemCurrency,
      rate,
      payments,
      change,
    });
    // Printed in the till's language: a seeded unit ("Piece") by its translated name.
    const receipt = { ...made, lines: made.lines.map((l) => ({ ...l, unit: names.unit(l.unit) })) };
    if (booked) receipt.number = String(booked);
    lastReceipt.set(receipt);
    // Ready on paper's page for the print view; printed with F7.
    setPrintJob({ receipt, n: 0 });
    clearBill();
    onSold(
      receipt,
      data?.change ?? { currency_id: change.change_currency_id, amount: change.change, amount_iqd: change.change_iqd ?? "0" },
    );
    if (body.offline) {
      await refreshQueue();
      void flushNow();
    }
  };
}
