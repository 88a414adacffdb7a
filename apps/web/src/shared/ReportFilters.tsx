import { CURRENCY_IQD, DATE_FILTERS, type DateFilter, DEFAULT_START_DATE, MSG } from "@app/contracts";
import { Group, Paper, SegmentedControl, Select, Stack, Text } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import dayjs from "dayjs";
import { type ReactNode, useMemo } from "react";
import { useTranslation } from "react-i18next";
import { useLocation, useSearchParams } from "react-router";
import { translateMessage } from "../app/i18n";
import { useSession } from "../app/session";
import type { Query } from "./api/client";
import { businessToday } from "./businessTime";
import { currenciesQuery } from "./CurrencyPicker";
import { dateFilterRange } from "./DataTable/dateFilters";
import { DateField } from "./DateField";
import { useFormat } from "./format";
import { liveParams } from "./liveParams";

export interface ReportFilterValue {
  dateFilter: DateFilter;
  /** YYYY-MM-DD,YYYY-MM-DD when dateFilter is DATE_PERIOD. */
  dateBetween: string;
  currencyId: number;
}

/**
 * Report filters live in the address as the list protocol's `filter[...]` keys, so a report
 * can be bookmarked and the DataTable beside it reads the same values.
 */
export function useReportFilters(defaultFilter: DateFilter = "THIS_YEAR") {
  const [params, setParams] = useSearchParams();
  const { pathname } = useLocation();
  const { systemConfig } = useSession();
  const read = (p: URLSearchParams): ReportFilterValue => {
    const raw = p.get("filter[date_filter]");
    const dateFilter = (DATE_FILTERS as readonly string[]).includes(raw ?? "") ? (raw as DateFilter) : defaultFilter;
    const currency = Number(p.get("filter[currency_id]"));
    return {
      dateFilter,
      dateBetween: p.get("filter[date_between]") ?? "",
      currencyId: Number.isInteger(currency) && currency > 0 ? currency : systemConfig.currency_fk,
    };
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: read depends only on the listed values
  const value: ReportFilterValue = useMemo(() => read(params), [params, defaultFilter, systemConfig.currency_fk]);

  /**
   * A change applied to the address as it is now, not as this render saw it: the router re-renders
   * in a transition that typing keeps putting off, so a "to" date typed right after the "from"
   * date would otherwise write the period back without it.
   */
  const set = (patch: Partial<ReportFilterValue> | ((current: ReportFilterValue) => Partial<ReportFilterValue>)) => {
    setParams(
      (rendered) => {
        const p = liveParams(rendered, pathname);
        const current = read(p);
        const next = { ...current, ...(typeof patch === "function" ? patch(current) : patch) };
        p.set("filter[date_filter]", next.dateFilter);
        if (next.dateFilter === "DATE_PERIOD" && next.dateBetween) p.set("filter[date_between]", next.dateBetween);
        else p.delete("filter[date_between]");
        p.set("filter[currency_id]", String(next.currencyId));
        p.delete("page");
        return p;
      },
      { replace: true },
    );
  };

  const query: Query = {
    "filter[date_filter]": value.dateFilter,
    "filter[date_between]": value.dateFilter === "DATE_PERIOD" ? value.dateBetween || undefined : undefined,
    "filter[currency_id]": value.currencyId,
  };
  return { value, set, query };
}

/** The period the filter covers, as two YYYY-MM-DD dates. */
export function periodOf(v: ReportFilterValue): [string, string] {
  if (v.dateFilter !== "DATE_PERIOD") return dateFilterRange(v.dateFilter);
  const [from, to] = v.dateBetween.split(",");
  return [from || DEFAULT_START_DATE, to || businessToday()];
}

/** Date presets (TODAY ... DATE_PERIOD), the period's own dates, and the report currency (unless the report has its own). */
export function ReportFilters({
  filters,
  children,
  currency = true,
}: {
  filters: ReturnType<typeof useReportFilters>;
  children?: ReactNode;
  currency?: boolean;
}) {
  const { t } = useTranslation("reports");
  const fmt = useFormat();
  const currencies = useQuery(currenciesQuery);
  const { value, set } = filters;
  const [from, to] = value.dateBetween.split(",");
  const [start, end] = periodOf(value);
  const badPeriod = value.dateFilter === "DATE_PERIOD" && !dayjs(end).isAfter(dayjs(start));
  // Each date changes its own side of the period, the other side read from the address as it is now.
  const setPeriod = (side: 0 | 1, day: string) =>
    set((current) => {
      const both = current.dateBetween.split(",");
      both[side] = day;
      return { dateBetween: `${both[0] ?? ""},${both[1] ?? ""}` };
    });

  return (
    <Paper withBorder radius="md" p="md" mb="lg" data-testid="report-filters">
      <Stack gap="sm">
        <Group align="flex-end" gap="md" wrap="wrap">
          {children}
          <Select
            label={t("period")}
            allowDeselect={false}
            data={DATE_FILTERS.map((d) => ({ value: d, label: t(`table:dateFilters.${d}`) }))}
            value={value.dateFilter}
            onChange={(v) => v && set({ dateFilter: v as DateFilter })}
            w={200}
            data-testid="report-date-filter"
          />
          {value.dateFilter === "DATE_PERIOD" && (
            <>
              <DateField
                label={t("table:fromDate")}
                value={from || null}
                onChange={(v) => setPeriod(0, v ?? "")}
                w={170}
                clearable
                data-testid="report-from"
              />
              <DateField
                label={t("table:toDate")}
                value={to || null}
                onChange={(v) => setPeriod(1, v ?? "")}
                error={badPeriod ? translateMessage(MSG.endDateAfterStart) : undefined}
                w={170}
                clearable
                data-testid="report-to"
              />
            </>
          )}
          {currency && (
            <Stack gap={4}>
              <Text size="sm" fw={500}>
                {t("currency")}
              </Text>
              <SegmentedControl
                value={String(value.currencyId)}
                onChange={(v) => set({ currencyId: Number(v) })}
                data={(currencies.data ?? [{ currency_id: CURRENCY_IQD, currency_name: "IQD", symbol: "" }]).map((c) => ({
                  value: String(c.currency_id),
                  label: c.currency_name,
                }))}
                data-testid="report-currency"
              />
            </Stack>
          )}
        </Group>
        <Text size="sm" c="dimmed" data-testid="report-period">
          {t("periodRange", { from: fmt.date(start), to: fmt.date(end) })}
        </Text>
      </Stack>
    </Paper>
  );
}
