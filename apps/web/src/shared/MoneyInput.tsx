import { TextInput, type TextInputProps } from "@mantine/core";
import { useLayoutEffect, useRef } from "react";
import { orZero } from "./money";
import { caretAfter, moneyForDisplay, moneyFromTyped, significantBefore } from "./moneyText";

type Props = Omit<TextInputProps, "value" | "onChange" | "onBlur"> & {
  /** Plain decimal text ("750000.5"), as forms send it. */
  value: string;
  onChange: (value: string) => void;
  /** Required money fields fall back to 0 when left empty (SPEC §4). */
  zeroWhenEmpty?: boolean;
};

/**
 * The one money input: shows thousands separators as you type (`750,000`), takes them and
 * Arabic-Indic digits when typed or pasted, and hands the form plain decimal text. Its message
 * shows under it.
 */
export function MoneyInput({ value, onChange, zeroWhenEmpty = true, ...rest }: Props) {
  const input = useRef<HTMLInputElement>(null);
  const caret = useRef<number | null>(null);
  const display = moneyForDisplay(value);

  // Separators come and go as digits are typed; the caret stays after the same digit.
  useLayoutEffect(() => {
    const el = input.current;
    if (el && caret.current !== null && document.activeElement === el) {
      const at = caretAfter(display, caret.current);
      el.setSelectionRange(at, at);
    }
    caret.current = null;
  }, [display]);

  return (
    <TextInput
      ref={input}
      inputMode="decimal"
      dir="ltr"
      {...rest}
      value={display}
      onChange={(e) => {
        const typed = e.currentTarget.value;
        caret.current = significantBefore(typed, e.currentTarget.selectionStart ?? typed.length);
        onChange(moneyFromTyped(typed));
      }}
      onBlur={() => zeroWhenEmpty && onChange(orZero(value))}
    />
  );
}
