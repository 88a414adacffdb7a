import { CURRENCY_IQD, currencyCode } from "@app/contracts";
import { useEffect, useId, useRef } from "react";
import { useTranslation } from "react-i18next";
import { formatAmount } from "../../shared/amount";
import type { ReceiptData } from "./receipt";
import { keyLabel } from "./usePosKeys";

/** The change of a paid bill as handed over: in its currency, and with change in USD the rest in IQD. */
export interface PaidChange {
  currency_id: number;
  amount: string;
  amount_iqd: string;
}

/** The bill just paid: its receipt and the change to hand over, shown until the next bill starts. */
export interface PaidBill {
  receipt: ReceiptData;
  change: PaidChange;
  /** The till asks whether to print the receipt (the POS settings say "ask"), until answered. */
  asking: boolean;
}

/** A button pressed: the focus goes back to the scan field, where the next item's code arrives. */
const backToScan = () => document.querySelector<HTMLInputElement>("[data-scan-field]")?.focus({ preventScroll: true });

const money = (v: string, cur: number) => formatAmount(v, cur === CURRENCY_IQD ? 0 : 2);

/** The change as a cashier reads it out: "4,250 IQD", or "3 USD + 1,250 IQD". */
export function changeText(c: PaidChange): string {
  const main = `${money(c.amount, c.currency_id)} ${currencyCode(c.currency_id)}`;
  return Number(c.amount_iqd) > 0 && c.currency_id !== CURRENCY_IQD
    ? `${main} + ${money(c.amount_iqd, CURRENCY_IQD)} ${currencyCode(CURRENCY_IQD)}`
    : main;
}

/**
 * What the till shows after a payment, in place of the empty bill: the change due, large, until
 * the next item is scanned or another bill starts, and a button that prints the receipt. When the
 * settings ask, the question "Print the receipt?" is shown above it: Enter prints, Esc does not,
 * and any other key (the next scan's first digit, an F key) leaves it unprinted and goes on as it
 * would. The scan field keeps the focus all along, so a scanner's keys go where they always go.
 */
export function PaidPanel({ paid, print, answered }: { paid: PaidBill; print: () => void; answered: () => void }) {
  const { t } = useTranslation("pos");
  const askId = useId();
  const asking = useRef(paid.asking);
  asking.current = paid.asking;
  const actions = useRef({ print, answered });
  actions.current = { print, answered };

  useEffect(() => {
    if (!paid.asking) return;
    const onKey = (e: KeyboardEvent) => {
      // A scan's keys come in one burst, before the till draws again: the first one answers.
      if (!asking.current || ["Shift", "Control", "Alt", "Meta"].includes(e.key)) return;
      asking.current = false;
      if (e.key === "Enter" || e.key === "Escape") {
        e.preventDefault();
        e.stopPropagation();
        if (e.key === "Enter") actions.current.print();
      }
      actions.current.answered();
    };
    window.addEventListener("keydown", onKey, true);
    return () => window.removeEventListener("keydown", onKey, true);
  }, [paid.asking]);

  const number = paid.receipt.number;
  return (
    <div className="pos-paid" data-testid="pos-paid">
      {paid.asking && (
        <div className="pos-cancel-ask pos-print-ask" role="alertdialog" aria-labelledby={askId} data-testid="pos-print-ask">
          <span id={askId}>{t("afterPay.ask")}</span>
          <button
            type="button"
            className="pos-cancel-yes"
            onClick={() => {
              print();
              answered();
              backToScan();
            }}
            data-testid="pos-print-ask-yes"
          >
            {t("afterPay.askPrint")} <kbd dir="ltr">{keyLabel("enter")}</kbd>
          </button>
          <button
            type="button"
            onClick={() => {
              answered();
              backToScan();
            }}
            data-testid="pos-print-ask-no"
          >
            {t("afterPay.askNo")} <kbd dir="ltr">{keyLabel("cancel")}</kbd>
          </button>
        </div>
      )}
      <div className="pos-paid-change" role="status" aria-live="polite" aria-atomic="true">
        <span className="pos-paid-label">{t("afterPay.change")}</span>
        <span className="pos-paid-amount" dir="ltr" data-testid="pos-paid-change">
          {changeText(paid.change)}
        </span>
        <span className="pos-paid-receipt">
          {number ? t("afterPay.receipt", { number }) : `${t("receipt")} (${t("queue.state.pending")})`}
        </span>
      </div>
      <button
        type="button"
        className="pos-paid-print"
        onClick={() => {
          print();
          backToScan();
        }}
        data-testid="pos-paid-print"
      >
        {t("afterPay.print")}
      </button>
    </div>
  );
}
