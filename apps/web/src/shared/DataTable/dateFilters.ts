import { type DateFilter, dateFilterDays } from "@app/contracts";
import type { Dayjs } from "dayjs";
import { businessNow } from "../businessTime";

/** The range a named date filter covers (SPEC §3), as YYYY-MM-DD, counted from today on the business's clock. */
export function dateFilterRange(filter: Exclude<DateFilter, "DATE_PERIOD">, now: Dayjs = businessNow()): [string, string] {
  return dateFilterDays(filter, now.format("YYYY-MM-DD"));
}
