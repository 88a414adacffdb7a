/**
 * Times at the till on the shop's clock: the business's time zone from the settings (the till's
 * own may differ), in the screen's language, as the receipt prints them. Intl alone, so that the
 * till's code carries no date library.
 */

/** The business's time zone, when the browser knows it. */
export function zoneOf(zone: string | undefined | null): string | undefined {
  try {
    return zone ? new Intl.DateTimeFormat("en", { timeZone: zone }).resolvedOptions().timeZone : undefined;
  } catch {
    return undefined;
  }
}

/** A moment on the shop's clock; date and time unless `opts` asks for less. */
export function shopTime(
  at: string | number | Date,
  lang: string,
  zone: string | undefined | null,
  opts: Intl.DateTimeFormatOptions = {},
): string {
  return new Date(at).toLocaleString(lang === "en" ? "en-GB" : `${lang}-IQ`, { ...opts, timeZone: zoneOf(zone) });
}
