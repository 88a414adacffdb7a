import { documentInstant } from "../../platform/business-time.js";
import { HttpError } from "../../platform/errors.js";

/**
 * A document's date from `YYYY-MM-DD` (with an optional `hh:mm[:ss]`, or a separate time), read
 * as wall-clock time in the business's time zone (`TIME_ZONE`); unset means now. Per-day and
 * per-month balances count the business's days.
 */
export function docDate(date: string | null | undefined, now: Date, time?: string | null): Date {
  const d = documentInstant(date, now, time);
  if (!d) throw new HttpError(422, "must be a valid date", { date: ["must be a valid date"] });
  return d;
}
