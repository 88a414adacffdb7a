import { MantineThemeProvider } from "@mantine/core";
import { DatesProvider } from "@mantine/dates";
import { type ReactNode, useMemo } from "react";
import { useTranslation } from "react-i18next";
import { dateLocale } from "./dateLocales";

/**
 * The date pickers in the screen's language: month and weekday names (`dateLocales.ts`), the
 * 12-hour time's morning and evening marks, Friday and Saturday as the weekend and Saturday first.
 */
export function DatesByLanguage({ children }: { children: ReactNode }) {
  const { t, i18n } = useTranslation("common");
  const locale = dateLocale(i18n.language);
  const am = t("time.am");
  const pm = t("time.pm");
  // Each of the picker's fields is named for screen readers (axe-core: a select needs a name).
  const hours = t("time.hours");
  const minutes = t("time.minutes");
  const amPm = t("time.amPm");
  const theme = useMemo(
    () => ({
      components: {
        TimePicker: { defaultProps: { amPmLabels: { am, pm }, hoursInputLabel: hours, minutesInputLabel: minutes, amPmInputLabel: amPm } },
      },
    }),
    [am, pm, hours, minutes, amPm],
  );
  return (
    <DatesProvider settings={{ locale, firstDayOfWeek: 6, weekendDays: [5, 6] }}>
      <MantineThemeProvider theme={theme}>{children}</MantineThemeProvider>
    </DatesProvider>
  );
}
