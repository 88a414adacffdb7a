import dayjs from "dayjs";

/**
 * The calendars' month and weekday names in the screen's language (Mantine's date pickers read
 * them from dayjs): Arabic with Iraq's month names (كانون الثاني, شباط ...), Kurdish Sorani with
 * the names of dayjs's `ku` (which is Sorani). Written out here rather than taken from dayjs's
 * locale files: those write every digit of a formatted date in Arabic-Indic (٢٠٣٠, beside amounts
 * in 0-9), `ar-iq` carries a stray space before November and counts noon as morning, and `ku`'s
 * file exports its locale in a shape the build's module interop read as nothing. Morning and
 * evening are the marks the product's texts use (`common:time`).
 */
type Locale = ILocale & { meridiem: (hour: number, minute: number, lowercase: boolean) => string };

/**
 * Registers a calendar of the product from its own names and marks, with what both keep alike:
 * short month names as the full ones, the week from Saturday, day before month and 12-hour times
 * with the day's mark.
 */
function calendar(own: Pick<Locale, "name" | "months" | "weekdays" | "weekdaysShort" | "weekdaysMin" | "meridiem">) {
  const locale: Locale = {
    ...own,
    monthsShort: own.months,
    weekStart: 6,
    formats: {
      LT: "hh:mm A",
      LTS: "hh:mm:ss A",
      L: "DD/MM/YYYY",
      LL: "D MMMM YYYY",
      LLL: "D MMMM YYYY hh:mm A",
      LLLL: "dddd D MMMM YYYY hh:mm A",
    },
    relativeTime: {},
  };
  dayjs.locale(locale, undefined, true);
}

calendar({
  name: "ar",
  months: ["كانون الثاني", "شباط", "آذار", "نيسان", "أيار", "حزيران", "تموز", "آب", "أيلول", "تشرين الأول", "تشرين الثاني", "كانون الأول"],
  weekdays: ["الأحد", "الإثنين", "الثلاثاء", "الأربعاء", "الخميس", "الجمعة", "السبت"],
  weekdaysShort: ["أحد", "إثنين", "ثلاثاء", "أربعاء", "خميس", "جمعة", "سبت"],
  weekdaysMin: ["ح", "ن", "ث", "ر", "خ", "ج", "س"],
  meridiem: (hour) => (hour < 12 ? "ص" : "م"),
});

calendar({
  name: "ckb",
  months: [
    "کانوونی دووەم",
    "شوبات",
    "ئادار",
    "نیسان",
    "ئایار",
    "حوزەیران",
    "تەممووز",
    "ئاب",
    "ئەیلوول",
    "تشرینی یەکەم",
    "تشرینی دووەم",
    "کانوونی یەکەم",
  ],
  weekdays: ["یەکشەممە", "دووشەممە", "سێشەممە", "چوارشەممە", "پێنجشەممە", "هەینی", "شەممە"],
  weekdaysShort: ["یەکشەم", "دووشەم", "سێشەم", "چوارشەم", "پێنجشەم", "هەینی", "شەممە"],
  weekdaysMin: ["ی", "د", "س", "چ", "پ", "هـ", "ش"],
  meridiem: (hour) => (hour < 12 ? "پ.ن" : "د.ن"),
});

/** The dayjs locale of a language of the product. */
export const dateLocale = (lang: string): string => (lang === "ar" || lang === "ckb" ? lang : "en");
