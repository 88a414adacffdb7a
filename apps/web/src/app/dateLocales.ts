import dayjs from "dayjs";
import arIq from "dayjs/locale/ar-iq";
import ku from "dayjs/locale/ku";

/**
 * The calendars' month and weekday names in the screen's language (Mantine's date pickers read
 * them from dayjs). Arabic takes Iraq's month names (كانون الثاني, شباط ...), Kurdish dayjs's
 * `ku`, which is Sorani. Both keep the digits the rest of the product shows (0-9): dayjs's own
 * `ar` and `ku` turn every digit of a formatted date into Arabic-Indic ones, and would have
 * written "٢٠٣٠" beside amounts in 0-9. Morning and evening are the marks the product's texts use
 * (`common:time`), noon counted as evening (dayjs's `ar-iq` counts 12:00 as morning).
 */
type Locale = ILocale & {
  meridiem?: (hour: number, minute: number, lowercase: boolean) => string;
  preparse?: (text: string) => string;
  postformat?: (text: string) => string;
};

const trimmed = (names: string[] | undefined) => names?.map((m) => m.trim());

const ar: Locale = {
  ...arIq,
  name: "ar",
  // dayjs's list carries a stray space before November.
  months: trimmed(arIq.months),
  monthsShort: trimmed(arIq.monthsShort),
  weekStart: 6,
  meridiem: (hour) => (hour < 12 ? "ص" : "م"),
};

const ckb: Locale = {
  ...ku,
  name: "ckb",
  preparse: undefined,
  postformat: undefined,
  meridiem: (hour) => (hour < 12 ? "پ.ن" : "د.ن"),
};

dayjs.locale(ar, undefined, true);
dayjs.locale(ckb, undefined, true);

/** The dayjs locale of a language of the product. */
export const dateLocale = (lang: string): string => (lang === "ar" || lang === "ckb" ? lang : "en");
