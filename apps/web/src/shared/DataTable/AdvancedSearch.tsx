import { DATE_FILTERS, type DateFilter, DEFAULT_START_DATE, MSG } from "@app/contracts";
import { Button, Group, Paper, Select, SimpleGrid, Text, TextInput } from "@mantine/core";
import dayjs from "dayjs";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { translateMessage } from "../../app/i18n";
import { businessToday } from "../businessTime";
import { DateField } from "../DateField";
import { useFormat } from "../format";
import { dateFilterRange } from "./dateFilters";

export interface FilterField {
  key: string;
  /** i18n key of the label. */
  label: string;
  type: "text" | "select";
  /** For selects: values with i18n keys of their labels. */
  options?: { value: string; label: string }[];
}

interface Props {
  fields: FilterField[];
  dateFilter: boolean;
  amountFilter: boolean;
  value: Record<string, string>;
  onApply: (filters: Record<string, string>) => void;
}

/** Field filters, a named or hand-picked date range and an amount range (SPEC §2, §3). */
export function AdvancedSearch({ fields, dateFilter, amountFilter, value, onApply }: Props) {
  const { t } = useTranslation("table");
  const fmt = useFormat();
  const [draft, setDraft] = useState<Record<string, string>>(value);
  const [dateError, setDateError] = useState<string | null>(null);
  const [from, to] = (draft.date_between ?? "").split(",");
  const [minAmount, maxAmount] = (draft.amount_between ?? "").split(",");
  const setKey = (k: string, v: string | null) =>
    setDraft((d) => {
      const { [k]: _old, ...rest } = d;
      return v ? { ...rest, [k]: v } : rest;
    });
  const namedRange =
    draft.date_filter && draft.date_filter !== "DATE_PERIOD"
      ? dateFilterRange(draft.date_filter as Exclude<DateFilter, "DATE_PERIOD">)
      : null;

  const apply = () => {
    const out = { ...draft };
    if (out.date_filter === "DATE_PERIOD") {
      // SPEC §5: a missing start is 1900-01-01 and a missing end is today; the end must follow the start.
      const start = from || DEFAULT_START_DATE;
      const end = to || businessToday();
      if (!dayjs(end).isAfter(dayjs(start))) {
        setDateError(translateMessage(MSG.endDateAfterStart));
        return;
      }
      out.date_between = `${start},${end}`;
    } else delete out.date_between;
    if (!minAmount && !maxAmount) delete out.amount_between;
    setDateError(null);
    onApply(out);
  };

  return (
    <Paper withBorder p="md" radius="md" data-testid="advanced-search">
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="sm">
        {fields.map((f) =>
          f.type === "select" ? (
            <Select
              key={f.key}
              label={t(f.label)}
              clearable
              data={(f.options ?? []).map((o) => ({ value: o.value, label: t(o.label) }))}
              value={draft[f.key] ?? null}
              onChange={(v) => setKey(f.key, v)}
              placeholder={t("any")}
            />
          ) : (
            <TextInput key={f.key} label={t(f.label)} value={draft[f.key] ?? ""} onChange={(e) => setKey(f.key, e.currentTarget.value)} />
          ),
        )}
        {dateFilter && (
          <Select
            label={t("dateFilter")}
            clearable
            placeholder={t("any")}
            data={DATE_FILTERS.map((d) => ({ value: d, label: t(`dateFilters.${d}`) }))}
            value={draft.date_filter ?? null}
            onChange={(v) => setKey("date_filter", v)}
            description={namedRange ? `${fmt.date(namedRange[0])} – ${fmt.date(namedRange[1])}` : undefined}
            data-testid="date-filter"
          />
        )}
        {dateFilter && draft.date_filter === "DATE_PERIOD" && (
          <>
            <DateField
              label={t("fromDate")}
              value={from || null}
              clearable
              onChange={(v) => setKey("date_between", `${v ?? ""},${to ?? ""}`)}
            />
            <DateField
              label={t("toDate")}
              value={to || null}
              clearable
              error={dateError}
              onChange={(v) => setKey("date_between", `${from ?? ""},${v ?? ""}`)}
            />
          </>
        )}
        {amountFilter && (
          <Group grow gap="xs" align="flex-start">
            <TextInput
              label={t("minAmount")}
              inputMode="decimal"
              value={minAmount ?? ""}
              onChange={(e) => setKey("amount_between", `${e.currentTarget.value},${maxAmount ?? ""}`)}
            />
            <TextInput
              label={t("maxAmount")}
              inputMode="decimal"
              value={maxAmount ?? ""}
              onChange={(e) => setKey("amount_between", `${minAmount ?? ""},${e.currentTarget.value}`)}
            />
          </Group>
        )}
      </SimpleGrid>
      {dateError && draft.date_filter !== "DATE_PERIOD" && (
        <Text c="red" size="sm" mt="xs">
          {dateError}
        </Text>
      )}
      <Group justify="flex-end" mt="md">
        <Button
          variant="default"
          onClick={() => {
            setDraft({});
            setDateError(null);
            onApply({});
          }}
        >
          {t("reset")}
        </Button>
        <Button onClick={apply} data-testid="advanced-apply">
          {t("apply")}
        </Button>
      </Group>
    </Paper>
  );
}
