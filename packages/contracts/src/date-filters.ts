import type { DateFilter } from "./enums.js";

/** `YYYY-MM-DD` of a calendar day given as year, month (1-12) and day; day 0 is the month before's last. */
function day(y: number, m: number, d: number): string {
  return new Date(Date.UTC(y, m - 1, d)).toISOString().slice(0, 10);
}

/**
 * The first and last day (`YYYY-MM-DD`) a named date filter of SPEC §3 covers, counted from
 * `today` (the business's day). Pure calendar arithmetic: the server and the web both use it,
 * each passing today on the business's clock. DATE_PERIOD is chosen by hand.
 */
export function dateFilterDays(filter: Exclude<DateFilter, "DATE_PERIOD">, today: string): [string, string] {
  const y = Number(today.slice(0, 4));
  const m = Number(today.slice(5, 7));
  const q = Math.floor((m - 1) / 3) * 3 + 1;
  switch (filter) {
    case "TODAY":
      return [today, today];
    case "THIS_MONTH":
      return [day(y, m, 1), day(y, m + 1, 0)];
    case "LAST_MONTH":
      return [day(y, m - 1, 1), day(y, m, 0)];
    case "THIS_QUARTER":
      return [day(y, q, 1), day(y, q + 3, 0)];
    case "LAST_QUARTER":
      return [day(y, q - 3, 1), day(y, q, 0)];
    case "THIS_YEAR":
      return [day(y, 1, 1), day(y, 12, 31)];
    case "LAST_YEAR":
      return [day(y - 1, 1, 1), day(y - 1, 12, 31)];
  }
}
