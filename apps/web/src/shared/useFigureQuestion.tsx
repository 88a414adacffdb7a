import { confirmationAsked } from "@app/contracts";
import { type ReactNode, useState } from "react";
import { translateMessage } from "../app/i18n";
import { ApiError } from "./api/client";
import { ConfirmFigure } from "./ConfirmDialog";

/**
 * The server's question about a figure far from what is usual (a document's rate ten times the
 * rate in force: a 422 with a message on `confirmed`), asked as the currency-rates screen asks it.
 * `ask(err, resend)` answers whether the error was such a question; if so the dialog opens with the
 * server's words, "Back" leaves the form as it was (the rate's field showing the message) and the
 * other button calls `resend`, which sends the same request again with `confirmed: true`. The page
 * renders `dialog`.
 */
export function useFigureQuestion(): { ask: (err: unknown, resend: () => void) => boolean; dialog: ReactNode } {
  const [asked, setAsked] = useState<{ text: string; resend: () => void } | null>(null);
  const ask = (err: unknown, resend: () => void) => {
    const question = err instanceof ApiError && err.status === 422 ? confirmationAsked(err.body) : null;
    if (!question) return false;
    setAsked({ text: translateMessage(question), resend });
    return true;
  };
  const dialog = (
    <ConfirmFigure
      opened={asked !== null}
      message={asked?.text ?? ""}
      loading={false}
      onClose={() => setAsked(null)}
      onConfirm={() => {
        const resend = asked?.resend;
        setAsked(null);
        resend?.();
      }}
    />
  );
  return { ask, dialog };
}
