import { HttpError } from "../../platform/errors.js";

/**
 * A document's date from `YYYY-MM-DD` (with an optional `hh:mm[:ss]`, or a separate time),
 * read as UTC; unset means now. Per-day balances count UTC days.
 */
export function docDate(date: string | null | undefined, now: Date, time?: string | null): Date {
  if (!date) {
    if (!time) return now;
    date = now.toISOString().slice(0, 10);
  }
  const day = date.slice(0, 10);
  const t = date.length > 10 ? date.slice(11) : (time ?? "00:00");
  const d = new Date(`${day}T${t.length === 5 ? `${t}:00` : t}Z`);
  if (Number.isNaN(d.getTime()) || d.toISOString().slice(0, 10) !== day)
    throw new HttpError(422, "must be a valid date", { date: ["must be a valid date"] });
  return d;
}
