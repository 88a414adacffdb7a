import { confirmationAsked, ZPastRate } from "@app/contracts";
import { Button, Card, Group, SimpleGrid, Stack, Text, ThemeIcon } from "@mantine/core";
import { DateTimePicker } from "@mantine/dates";
import { IconArrowDownLeft, IconArrowUpRight, IconCurrencyDollar, IconPlus } from "@tabler/icons-react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import dayjs from "dayjs";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { translateMessage } from "../../app/i18n";
import { useCan } from "../../app/session";
import { ApiError, api } from "../../shared/api/client";
import { type CurrencyRateRow, ENDPOINTS } from "../../shared/api/settings";
import { businessNow, businessToday } from "../../shared/businessTime";
import { ConfirmFigure } from "../../shared/ConfirmDialog";
import { lastRateQuery } from "../../shared/CurrencyPicker";
import { type Column, DataTable, editDeleteActions } from "../../shared/DataTable";
import { FormDialog } from "../../shared/FormDialog";
import { DATE_FORMAT, useFormat } from "../../shared/format";
import { MoneyInput } from "../../shared/MoneyInput";
import { notifyError, notifySuccess } from "../../shared/notify";
import { PageHeader } from "../../shared/PageHeader";
import { useConfirmDelete } from "../../shared/useConfirmDelete";
import { useZodForm } from "../../shared/useZodForm";

const columns: Column<CurrencyRateRow>[] = [
  { key: "rate_id", label: "settings:fields.id" },
  { key: "date", label: "settings:fields.date", format: "datetime" },
  { key: "rate", label: "settings:fields.rate", format: "rate" },
  { key: "in_rate", label: "settings:fields.in_rate", format: "rate" },
  { key: "created_by_name", label: "settings:fields.created_by" },
];

/**
 * Rates are IQD per 1 USD (SPEC §3): the out-rate for purchases and expenses, the in-rate for sales
 * and incomes. A mistyped rate is corrected or removed from its row; documents already saved keep
 * the rate they were booked with.
 */
export function CurrencyRatesPage() {
  const { t } = useTranslation("settings");
  const can = useCan();
  const fmt = useFormat();
  const queryClient = useQueryClient();
  const last = useQuery(lastRateQuery);
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<CurrencyRateRow | null>(null);
  const del = useConfirmDelete<CurrencyRateRow>(ENDPOINTS.currencyRates, {
    idOf: (r) => r.rate_id,
    nameOf: (r) => `${fmt.amount(r.rate)} / ${fmt.amount(r.in_rate)}`,
    onDeleted: () => void queryClient.invalidateQueries({ queryKey: lastRateQuery.queryKey }),
  });
  // The last-rate call also answers when the rate took effect.
  const lastDate = (last.data as { date?: string } | null | undefined)?.date;

  const card = (label: string, hint: string, value: string | undefined, Icon: typeof IconArrowUpRight, color: string) => (
    <Card withBorder radius="md" p="lg">
      <Group justify="space-between" align="flex-start">
        <Stack gap={2}>
          <Text size="sm" c="dimmed">
            {label}
          </Text>
          <Text fz={28} fw={700} data-testid={`last-${label}`}>
            {value ? fmt.amount(value) : "—"}
          </Text>
          <Text size="xs" c="dimmed">
            {hint}
          </Text>
        </Stack>
        <ThemeIcon size={44} radius="md" variant="light" color={color}>
          <Icon size={24} />
        </ThemeIcon>
      </Group>
    </Card>
  );

  return (
    <>
      <PageHeader title={t("currencyRates.title")} description={t("currencyRates.description")} />
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md" mb="lg">
        {card(t("fields.rate"), t("currencyRates.outHint"), last.data?.rate, IconArrowUpRight, "orange")}
        {card(t("fields.in_rate"), t("currencyRates.inHint"), last.data?.in_rate, IconArrowDownLeft, "teal")}
        <Card withBorder radius="md" p="lg">
          <Stack gap={2}>
            <Text size="sm" c="dimmed">
              {t("currencyRates.since")}
            </Text>
            <Text fz={20} fw={600}>
              {lastDate ? fmt.dateTime(lastDate) : "—"}
            </Text>
            <Text size="xs" c="dimmed">
              {t("currencyRates.perUsd")}
            </Text>
          </Stack>
        </Card>
      </SimpleGrid>
      <DataTable<CurrencyRateRow>
        endpoint={ENDPOINTS.currencyRates}
        model="currency_rates"
        title="settings:currencyRates.title"
        columns={columns}
        rowKey={(r) => r.rate_id}
        dateFilter
        defaultSort="date"
        actions={editDeleteActions<CurrencyRateRow>("currency_rates", setEditing, del.ask)}
        toolbar={
          can("currency_rates/store") && (
            <Button data-list-add leftSection={<IconPlus size={16} />} onClick={() => setAdding(true)} data-testid="rate-add">
              {t("currencyRates.add")}
            </Button>
          )
        }
      />
      <Text size="sm" c="dimmed" mt="sm" data-testid="rate-help">
        {t("currencyRates.help")}
      </Text>
      {adding && <PastRateForm onClose={() => setAdding(false)} />}
      {editing && <PastRateForm editing={editing} onClose={() => setEditing(null)} />}
      {del.dialog}
    </>
  );
}

interface Values extends Record<string, unknown> {
  date: string;
  rate: string;
  in_rate: string;
}

/** A new rate from a moment on, or (`editing`) a saved one corrected. */
function PastRateForm({ editing, onClose }: { editing?: CurrencyRateRow; onClose: () => void }) {
  const { t } = useTranslation("settings");
  const fmt = useFormat();
  const queryClient = useQueryClient();
  const last = useQuery(lastRateQuery);
  const form = useZodForm<Values>({
    date: editing?.date ?? businessNow().format("YYYY-MM-DD HH:mm:ss"),
    rate: editing ? String(Number(editing.rate)) : (last.data?.rate ?? ""),
    in_rate: editing ? String(Number(editing.in_rate)) : (last.data?.in_rate ?? ""),
  });
  /** The server's question about a rate far from the one before it, until answered. */
  const [asked, setAsked] = useState<{ text: string; body: Values } | null>(null);
  const save = useMutation({
    mutationFn: (body: Values & { confirmed?: boolean }) =>
      editing
        ? api<{ message?: unknown }>(`currency_rates/${editing.rate_id}`, { method: "PATCH", body })
        : api<{ message?: unknown }>("currency_rates/store_past_date", { method: "POST", body }),
    onSuccess: (res, body) => {
      if (editing) notifySuccess(t("currencyRates.corrected", { rate: fmt.amount(body.rate) }));
      else {
        // SPEC §7: the answer's message holds the new rate rather than a sentence.
        const m = res?.message;
        const rate = typeof m === "object" && m !== null && "rate" in m ? String((m as { rate: unknown }).rate) : body.rate;
        notifySuccess(t("currencyRates.saved", { rate: fmt.amount(rate) }));
      }
      void queryClient.invalidateQueries({ queryKey: [ENDPOINTS.currencyRates] });
      void queryClient.invalidateQueries({ queryKey: lastRateQuery.queryKey });
      setAsked(null);
      onClose();
    },
    onError: (err, body) => {
      const question = err instanceof ApiError && err.status === 422 ? confirmationAsked(err.body) : null;
      if (question) setAsked({ text: translateMessage(question), body });
      else if (!form.applyServerErrors(err)) notifyError(err);
    },
    meta: { silent: true },
  });

  const submit = () => {
    const body = { date: form.values.date, rate: form.values.rate.trim(), in_rate: form.values.in_rate.trim() };
    const missing = (["date", "rate", "in_rate"] as const).filter((k) => body[k] === "");
    if (missing.length) {
      form.setErrors(Object.fromEntries(missing.map((k) => [k, t("required")])));
      return;
    }
    if (form.validate(ZPastRate, body)) save.mutate(body);
  };

  return (
    <>
      <FormDialog
        title={editing ? t("currencyRates.edit") : t("currencyRates.add")}
        icon={<IconCurrencyDollar size={20} />}
        onClose={onClose}
        size="lg"
        onSubmit={submit}
        saving={save.isPending}
        testId="rate-form"
        saveTestId="rate-save"
      >
        <DateTimePicker
          label={t("fields.date")}
          withAsterisk
          withSeconds
          valueFormat={`${DATE_FORMAT} hh:mm A`}
          // 12-hour time in the calendar too, with the language's marks (`DatesByLanguage`).
          timePickerProps={{ format: "12h" }}
          value={form.values.date || null}
          onChange={(v) => form.set("date", v ? dayjs(v).format("YYYY-MM-DD HH:mm:ss") : "")}
          maxDate={businessToday()}
          error={form.error("date")}
          data-testid="field-date"
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <MoneyInput
            label={t("fields.rate")}
            description={t("currencyRates.outHint")}
            withAsterisk
            zeroWhenEmpty={false}
            value={form.values.rate}
            onChange={(v) => form.set("rate", v)}
            error={form.error("rate")}
            data-testid="field-rate"
          />
          <MoneyInput
            label={t("fields.in_rate")}
            description={t("currencyRates.inHint")}
            withAsterisk
            zeroWhenEmpty={false}
            value={form.values.in_rate}
            onChange={(v) => form.set("in_rate", v)}
            error={form.error("in_rate")}
            data-testid="field-in_rate"
          />
        </SimpleGrid>
        <Text size="xs" c="dimmed">
          {t("currencyRates.perUsd")} {t("currencyRates.help")}
        </Text>
      </FormDialog>
      <ConfirmFigure
        opened={asked !== null}
        message={asked?.text ?? ""}
        loading={save.isPending}
        onClose={() => setAsked(null)}
        onConfirm={() => asked && save.mutate({ ...asked.body, confirmed: true })}
      />
    </>
  );
}
