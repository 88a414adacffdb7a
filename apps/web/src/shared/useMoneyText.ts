import { type ChangeEvent, useLayoutEffect, useRef } from "react";
import { orZero } from "./money";
import { caretAfter, moneyForDisplay, moneyFromTyped, significantBefore } from "./moneyText";

/**
 * A money field's behaviour, for any text input: it shows thousands separators as you type
 * (`750,000`), takes them and Arabic-Indic digits when typed or pasted, keeps the caret after the
 * same digit, and hands on plain decimal text ("750000.5"). Required fields fall back to 0 when
 * left empty (SPEC §4).
 */
export function useMoneyText(value: string, onChange: (value: string) => void, zeroWhenEmpty: boolean) {
  const ref = useRef<HTMLInputElement>(null);
  const caret = useRef<number | null>(null);
  const display = moneyForDisplay(value);

  // Separators come and go as digits are typed; the caret stays after the same digit.
  useLayoutEffect(() => {
    const el = ref.current;
    if (el && caret.current !== null && document.activeElement === el) {
      const at = caretAfter(display, caret.current);
      el.setSelectionRange(at, at);
    }
    caret.current = null;
  }, [display]);

  return {
    ref,
    inputMode: "decimal" as const,
    dir: "ltr",
    value: display,
    onChange: (e: ChangeEvent<HTMLInputElement>) => {
      const typed = e.currentTarget.value;
      caret.current = significantBefore(typed, e.currentTarget.selectionStart ?? typed.length);
      onChange(moneyFromTyped(typed));
    },
    onBlur: () => zeroWhenEmpty && onChange(orZero(value)),
  };
}
