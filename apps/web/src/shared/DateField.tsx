import { DateInput, type DateInputProps } from "@mantine/dates";
import { useFormat } from "./format";

/** A date input that writes dates as the page reads them: DD/MM/YYYY, or YYYY-MM-DD right to left (SPEC §9). */
export function DateField(props: DateInputProps) {
  const fmt = useFormat();
  return <DateInput valueFormat={fmt.rtl ? "YYYY-MM-DD" : "DD/MM/YYYY"} {...props} />;
}
