/**
 * Times at the till on the shop's clock: the business's time zone from the settings (the till's
 * own may differ), written as the back office writes them (DD/MM/YYYY, 12-hour time with the
 * language's morning and evening marks, `common:time`) and in the digits the rest of the receipt
 * uses, 0-9, in every language: a receipt with its amounts in 0-9 and its date in ٠-٩ mixed two
 * digit systems (and a browser without Kurdish wrote the Kurdish one in English). Intl alone, so
 * that the till's code carries no date library.
 */

/** The business's time zone, when the browser knows it. */
export function zoneOf(zone: string | undefined | null): string | undefined {
  try {
    return zone ? new Intl.DateTimeFormat("en", { timeZone: zone }).resolvedOptions().timeZone : undefined;
  } catch {
    return undefined;
  }
}

export interface DayMarks {
  am: string;
  pm: string;
}

/** A moment on the shop's clock: date and time, or the time alone (with its seconds) when `timeOnly`. */
export function shopTime(at: string | number | Date, zone: string | undefined | null, marks: DayMarks, timeOnly = false): string {
  const parts = new Intl.DateTimeFormat("en-GB", {
    timeZone: zoneOf(zone),
    numberingSystem: "latn",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
    hourCycle: "h23",
  }).formatToParts(new Date(at));
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? "";
  const hour = Number(part("hour"));
  const h12 = String(hour % 12 === 0 ? 12 : hour % 12).padStart(2, "0");
  const mark = hour < 12 ? marks.am : marks.pm;
  if (timeOnly) return `${h12}:${part("minute")}:${part("second")} ${mark}`;
  return `${part("day")}/${part("month")}/${part("year")} ${h12}:${part("minute")} ${mark}`;
}
