import { DateInput, type DateInputProps } from "@mantine/dates";
import { useState } from "react";
import { useFormat } from "./format";
import { parseTypedDate } from "./typedDate";

/**
 * A date input that shows dates as the page reads them (DD/MM/YYYY, or YYYY-MM-DD right to left,
 * SPEC §9) and reads typed dates the same way, never through the browser's guess (which took
 * `15/11/2026` for 2001 and `5/11/2026` for 11 May).
 *
 * A whole date typed closes the calendar, as Enter and Esc do: left open, it covered what comes
 * after the field (a line's expiry hid the form's Save button). A click, or typing something that
 * is no whole date, opens it again.
 */
export function DateField({ popoverProps, onInput, onKeyDown, onClick, onFocus, ...props }: DateInputProps) {
  const fmt = useFormat();
  const [typedShut, setTypedShut] = useState(false);
  return (
    <DateInput
      valueFormat={fmt.rtl ? "YYYY-MM-DD" : "DD/MM/YYYY"}
      dateParser={parseTypedDate}
      {...props}
      popoverProps={typedShut ? { ...popoverProps, opened: false } : popoverProps}
      onInput={(e) => {
        setTypedShut(parseTypedDate(e.currentTarget.value) !== null);
        onInput?.(e);
      }}
      onKeyDown={(e) => {
        if (e.key === "Enter") setTypedShut(true);
        onKeyDown?.(e);
      }}
      onClick={(e) => {
        setTypedShut(false);
        onClick?.(e);
      }}
      onFocus={(e) => {
        setTypedShut(false);
        onFocus?.(e);
      }}
    />
  );
}
