import { DateInput, type DateInputProps } from "@mantine/dates";
import { useState } from "react";
import { DATE_FORMAT } from "./format";
import { parseTypedDate } from "./typedDate";

/**
 * A date input that shows dates as every screen writes them (`DATE_FORMAT`, DD/MM/YYYY in all
 * three languages) and reads typed dates day first, or year first as a date copied from a
 * document's data is, never through the browser's guess (which took `15/11/2026` for 2001 and
 * `5/11/2026` for 11 May). Its calendar names months and weekdays in the screen's language
 * (`DatesByLanguage`).
 *
 * A whole date typed closes the calendar, as Enter and Esc do: left open, it covered what comes
 * after the field (a line's expiry hid the form's Save button). A click, or typing something that
 * is no whole date, opens it again.
 */
export function DateField({ popoverProps, onInput, onKeyDown, onClick, onFocus, ...props }: DateInputProps) {
  const [typedShut, setTypedShut] = useState(false);
  return (
    <DateInput
      valueFormat={DATE_FORMAT}
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
