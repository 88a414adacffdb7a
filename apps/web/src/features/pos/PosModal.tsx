import { type ReactNode, useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { errorText } from "../../shared/notify";

const WIDTHS = { md: 440, lg: 620, xl: 780 } as const;

/**
 * The till's dialogs, on the browser's own modal dialog: the page behind is inert (focus stays in
 * the dialog), Esc or a click beside it closes it, focus goes back to what opened it, and it takes
 * the page's direction. Focus starts on the element marked `data-autofocus`. No dialog framework
 * comes with it, so the dialogs cost the till's first load little (pos.css draws them).
 */
export function PosModal({
  title,
  onClose,
  size = "md",
  children,
}: {
  title: ReactNode;
  onClose: () => void;
  size?: keyof typeof WIDTHS;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const close = useRef(onClose);
  close.current = onClose;
  const live = useRef(false);
  const pressedBeside = useRef(false);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    live.current = true;
    if (!dialog.open) dialog.showModal();
    dialog.querySelector<HTMLElement>("[data-autofocus]")?.focus();
    return () => {
      live.current = false;
      if (dialog.open) dialog.close();
      if (opener?.isConnected) opener.focus();
    };
  }, []);

  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: a click on the backdrop closes it; from the keyboard, Esc does (the cancel event)
    <dialog
      ref={ref}
      className="pos-dialog"
      style={{ inlineSize: `min(${WIDTHS[size]}px, calc(100vw - 2rem))` }}
      aria-labelledby={titleId}
      onCancel={(e) => {
        // Esc: the screen closes the dialog (it unmounts), so it never lingers closed but mounted.
        e.preventDefault();
        close.current();
      }}
      onClose={() => {
        // The browser may close it without a cancel it lets the page refuse (Esc pressed twice).
        if (live.current) close.current();
      }}
      onPointerDown={(e) => {
        pressedBeside.current = e.target === e.currentTarget;
      }}
      onClick={(e) => {
        // A click on the backdrop (the dialog element itself, outside its padded body) closes it.
        if (pressedBeside.current && e.target === e.currentTarget) close.current();
        pressedBeside.current = false;
      }}
    >
      <div className="pos-dialog-body">
        <div className="pos-dialog-head">
          <h2 id={titleId} className="pos-dialog-title">
            {title}
          </h2>
          <button type="button" className="pos-dialog-close" aria-label={t("common:close")} onClick={() => close.current()}>
            <svg viewBox="0 0 15 15" width="16" height="16" aria-hidden="true">
              <path
                d="M11.78 4.28a.75.75 0 0 0-1.06-1.06L7.5 6.44 4.28 3.22a.75.75 0 0 0-1.06 1.06L6.44 7.5l-3.22 3.22a.75.75 0 1 0 1.06 1.06L7.5 8.56l3.22 3.22a.75.75 0 1 0 1.06-1.06L8.56 7.5l3.22-3.22Z"
                fill="currentColor"
              />
            </svg>
          </button>
        </div>
        {children}
      </div>
    </dialog>
  );
}

/**
 * A dialog's request to the server: pending meanwhile, and its failure kept as the text the back
 * office would notify, for the dialog to show inside itself (a notice would sit behind the dialog).
 */
export function useRequest<A extends unknown[]>(request: (...args: A) => Promise<void>) {
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const latest = useRef(request);
  latest.current = request;
  const run = (...args: A) => {
    setPending(true);
    setError(null);
    latest
      .current(...args)
      .catch((err: unknown) => setError(errorText(err)))
      .finally(() => setPending(false));
  };
  return { pending, error, run };
}

/** The failure of a dialog's request, read out when it appears. */
export function RequestError({ text }: { text: string | null }) {
  return text ? (
    <p className="pos-input-error pos-request-error" role="alert">
      {text}
    </p>
  ) : null;
}
