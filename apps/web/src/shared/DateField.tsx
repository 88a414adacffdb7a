import { DateInput, type DateInputProps } from "@mantine/dates";
import { useFormat } from "./format";
import { parseTypedDate } from "./typedDate";

/**
 * A date input that shows dates as the page reads them (DD/MM/YYYY, or YYYY-MM-DD right to left,
 * SPEC §9) and reads typed dates the same way, never through the browser's guess (which took
 * `15/11/2026` for 2001 and `5/11/2026` for 11 May).
 */
export function DateField(props: DateInputProps) {
  const fmt = useFormat();
  return <DateInput valueFormat={fmt.rtl ? "YYYY-MM-DD" : "DD/MM/YYYY"} dateParser={parseTypedDate} {...props} />;
}
