import { normalizeDigits } from "@app/contracts";
import { type FormEvent, type KeyboardEvent, useEffect, useRef } from "react";
import { dialogShown } from "../../shared/dialogShown";
import "./pos.css";

/** A whole code committed at once (an input method, a wedge app, a paste) is this long at least. */
const MIN_COMMIT = 4;
/** How long a code that came as text waits for its Enter before it counts by itself. */
const COMMIT_WAIT_MS = 150;

/** A scanned or typed code as the catalogue keeps it: ASCII digits, no spaces or direction marks. */
export const scannedCode = (text: string) => normalizeDigits(text.replace(/[\s\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, ""));

/** Whether a key event is in the till's scan field while it is empty (the till's own keys still act). */
export const inEmptyScanField = (target: EventTarget | null) =>
  target instanceof HTMLInputElement && target.dataset.scanField !== undefined && target.value === "";

/**
 * Where a code arrives when it comes as text rather than as keys: an input method or a
 * keyboard-wedge app that commits the characters, or a paste, in ASCII or Arabic-Indic digits.
 * It holds the focus whenever nothing else does (a scanner's keys land here too), and a code ends
 * with Enter, or, when it came in one piece, by itself a moment later.
 */
export function ScanField({ onScan, label, testId }: { onScan: (code: string) => void; label: string; testId: string }) {
  const ref = useRef<HTMLInputElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const handler = useRef(onScan);
  handler.current = onScan;

  const submit = () => {
    clearTimeout(timer.current);
    const input = ref.current;
    if (!input) return;
    const code = scannedCode(input.value);
    input.value = "";
    if (code) handler.current(code);
  };

  useEffect(() => {
    ref.current?.focus({ preventScroll: true });
    return () => clearTimeout(timer.current);
  }, []);

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key !== "Enter" || e.nativeEvent.isComposing) return;
    e.preventDefault();
    submit();
  };
  const onInput = (e: FormEvent<HTMLInputElement>) => {
    clearTimeout(timer.current);
    const ev = e.nativeEvent as InputEvent;
    const whole =
      ev.inputType === "insertFromPaste" ||
      ev.inputType === "insertFromDrop" ||
      (ev.data ?? "").length >= MIN_COMMIT ||
      /[\r\n]/.test(ev.data ?? "");
    if (whole) timer.current = setTimeout(submit, COMMIT_WAIT_MS);
  };
  // Focus left for nowhere (a click on the page, a line removed): it comes back here.
  const onBlur = (e: { relatedTarget: EventTarget | null }) => {
    if (e.relatedTarget) return;
    setTimeout(() => {
      const active = document.activeElement;
      if ((!active || active === document.body) && !dialogShown()) ref.current?.focus({ preventScroll: true });
    }, 0);
  };

  return (
    <input
      ref={ref}
      className="pos-scan"
      type="text"
      dir="ltr"
      autoComplete="off"
      spellCheck={false}
      aria-label={label}
      placeholder={label}
      data-scan-field=""
      data-testid={testId}
      onKeyDown={onKeyDown}
      onInput={onInput}
      onBlur={onBlur}
    />
  );
}
