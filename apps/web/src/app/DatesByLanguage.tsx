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
  const theme = useMemo(() => ({ components: { TimePicker: { defaultProps: { amPmLabels: { am, pm } } } } }), [am, pm]);
  return (
    <DatesProvider settings={{ locale, firstDayOfWeek: 6, weekendDays: [5, 6] }}>
      <MantineThemeProvider theme={theme}>{children}</MantineThemeProvider>
    </DatesProvider>
  );
}
