import { ZConsumer } from "@app/contracts";
import { Divider, SegmentedControl, Select, SimpleGrid, Stack, Switch, Text, Textarea, TextInput } from "@mantine/core";
import { IconTruck, IconUser } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { useCan } from "../../app/session";
import { api } from "../../shared/api/client";
import { useInvalidateLedger } from "../../shared/api/ledger";
import { PARTY, type PartyKind, type PartyRow } from "../../shared/api/parties";
import type { DataBody, MessageBody } from "../../shared/api/types";
import { useCrud } from "../../shared/crud";
import { FormDialog } from "../../shared/FormDialog";
import { ltrProps } from "../../shared/ltr";
import { MoneyInput } from "../../shared/MoneyInput";
import { useSeededNames } from "../../shared/seededNames";
import { useZodForm } from "../../shared/useZodForm";

const EMPTY = {
  consumer_name: "",
  code: "",
  mobile: "",
  office_phone: "",
  address: "",
  city_fk: "",
  note: "",
  allowed_debit_amount: "",
  pricing_profile_fk: "",
  pending_amount: "",
  overdue_type: "all" as "all" | "custom",
  overdue_days: "",
  balance_status: "positive" as "positive" | "negative",
  is_active: true,
};
type Values = typeof EMPTY;

const fromRow = (r: PartyRow): Values => ({
  consumer_name: r.consumer_name,
  code: r.code ?? "",
  mobile: r.mobile ?? "",
  office_phone: r.office_phone ?? "",
  address: r.address ?? "",
  city_fk: r.city_fk ? String(r.city_fk) : "",
  note: r.note ?? "",
  allowed_debit_amount: r.allowed_debit_amount ?? "",
  pricing_profile_fk: r.pricing_profile_fk ? String(r.pricing_profile_fk) : "",
  pending_amount: r.pending_amount ?? "",
  overdue_type: r.overdue_type ?? "all",
  overdue_days: r.overdue_days === null || r.overdue_days === undefined ? "" : String(r.overdue_days),
  balance_status: r.balance_status ?? "positive",
  is_active: r.is_active,
});

const orNull = (v: string) => (v.trim() === "" ? null : v.trim());

const citiesQuery = {
  queryKey: ["cities", "list"],
  queryFn: async () => (await api<MessageBody<{ city_id: number; city_name: string }[]>>("cities/list")).message,
  retry: false,
  meta: { silent: true },
};

const pricingProfilesQuery = {
  queryKey: ["pricing_profiles", "list"],
  queryFn: async () => (await api<MessageBody<{ profile_id: number; profile_name: string }[]>>("pricing_profiles/list")).message,
  retry: false,
  meta: { silent: true },
};

/** Every SPEC §3 field of a customer or supplier; customers add credit terms and a pricing list. */
export function PartyForm({ kind, id, onClose }: { kind: PartyKind; id: number | null; onClose: () => void }) {
  const cfg = PARTY[kind];
  const can = useCan();
  const { t } = useTranslation("parties");
  const names = useSeededNames();
  const customer = kind === "customer";
  const record = useQuery({
    queryKey: [cfg.endpoint, "show", id],
    queryFn: async () => (await api<DataBody<PartyRow>>(`${cfg.endpoint}/${id}`)).data,
    enabled: id !== null,
  });
  const profiles = useQuery({ ...pricingProfilesQuery, enabled: customer });
  const cities = useQuery(citiesQuery);
  const form = useZodForm<Values>(EMPTY);
  const { create, update } = useCrud(cfg.endpoint, { onInvalid: form.applyServerErrors });
  const invalidateLedger = useInvalidateLedger();
  const { load } = form;
  useEffect(() => {
    if (record.data) load(fromRow(record.data));
  }, [record.data, load]);

  const submit = () => {
    const v = form.values;
    const payload: Record<string, unknown> = {
      consumer_name: v.consumer_name.trim(),
      code: orNull(v.code),
      mobile: orNull(v.mobile),
      address: orNull(v.address),
      city_fk: v.city_fk ? Number(v.city_fk) : null,
      note: orNull(v.note),
      is_active: v.is_active,
    };
    if (customer) {
      Object.assign(payload, {
        office_phone: orNull(v.office_phone),
        allowed_debit_amount: orNull(v.allowed_debit_amount),
        pricing_profile_fk: v.pricing_profile_fk ? Number(v.pricing_profile_fk) : null,
        pending_amount: orNull(v.pending_amount),
        overdue_type: v.overdue_type,
        overdue_days: v.overdue_type === "custom" ? orNull(v.overdue_days) : null,
        balance_status: v.balance_status,
      });
    }
    // The schema's output goes out: digits typed in Arabic-Indic or Persian are already ASCII and
    // the mobile is in its stored form.
    const body = form.validate(ZConsumer, payload);
    if (!body) return;
    const done = () => {
      invalidateLedger();
      onClose();
    };
    if (id === null) create.mutate(body, { onSuccess: done });
    else update.mutate({ id, body }, { onSuccess: done });
  };

  // Money typed as people do: thousands separators and Arabic-Indic digits; left empty it stays unset.
  const money = (key: "allowed_debit_amount" | "pending_amount") => (
    <MoneyInput
      label={t(`fields.${key}`)}
      zeroWhenEmpty={false}
      value={form.values[key]}
      onChange={(v) => form.set(key, v)}
      error={form.error(key)}
      name={key}
    />
  );

  const text = (key: keyof Values & string, opts: { required?: boolean; inputMode?: "numeric" | "tel" } = {}) => (
    <TextInput
      label={t(`fields.${key}`)}
      withAsterisk={opts.required}
      inputMode={opts.inputMode}
      {...ltrProps(key)}
      value={String(form.values[key])}
      onChange={(e) => form.set(key, e.currentTarget.value as never)}
      error={form.error(key)}
      name={key}
    />
  );

  // One of two ways, its help under its label: how overdue is counted, which balance the customer may run.
  const choice = <K extends "overdue_type" | "balance_status">(key: K, words: string, options: Values[K][]) => (
    <Stack gap={4}>
      <Text size="sm" fw={500}>
        {t(`fields.${key}`)}
      </Text>
      <Text size="xs" c="dimmed">
        {t(`help.${key}`)}
      </Text>
      <SegmentedControl
        value={form.values[key]}
        onChange={(v) => form.set(key, v as Values[K])}
        data={options.map((value) => ({ value, label: t(`${words}.${value}`) }))}
      />
    </Stack>
  );

  return (
    <FormDialog
      title={t(`${cfg.ns}.${id === null ? "add" : "edit"}`)}
      icon={customer ? <IconUser size={20} /> : <IconTruck size={20} />}
      onClose={onClose}
      size="xl"
      onSubmit={submit}
      saving={create.isPending || update.isPending}
      loading={id !== null && record.isPending}
      testId="party-form"
      saveTestId="party-save"
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        {text("consumer_name", { required: true })}
        {text("code")}
        {text("mobile", { inputMode: "tel" })}
        {customer && text("office_phone", { inputMode: "tel" })}
        {text("address")}
        <Select
          label={t("fields.city_fk")}
          clearable
          searchable
          data={(cities.data ?? []).map((c) => ({ value: String(c.city_id), label: names.city(c.city_name) }))}
          value={form.values.city_fk || null}
          onChange={(v) => form.set("city_fk", v ?? "")}
          nothingFoundMessage={t("messages:nothingFound")}
          error={form.error("city_fk")}
          name="city_fk"
          data-testid="party-city"
        />
        <Switch
          mt={{ sm: 30 }}
          label={t("fields.is_active")}
          checked={form.values.is_active}
          // Making a party inactive or active again is its section's activate (the server refuses it without).
          disabled={!can(`${cfg.endpoint}/activate`)}
          onChange={(e) => form.set("is_active", e.currentTarget.checked)}
        />
      </SimpleGrid>
      {customer && (
        <>
          <Divider label={t("creditTerms")} labelPosition="left" />
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
            {money("allowed_debit_amount")}
            {money("pending_amount")}
            <Select
              label={t("fields.pricing_profile_fk")}
              clearable
              searchable
              data={(profiles.data ?? []).map((p) => ({ value: String(p.profile_id), label: p.profile_name }))}
              value={form.values.pricing_profile_fk || null}
              onChange={(v) => form.set("pricing_profile_fk", v ?? "")}
              nothingFoundMessage={t("messages:nothingFound")}
              error={form.error("pricing_profile_fk")}
              name="pricing_profile_fk"
            />
            {choice("overdue_type", "overdueTypes", ["all", "custom"])}
            <TextInput
              label={t("fields.overdue_days")}
              disabled={form.values.overdue_type !== "custom"}
              inputMode="numeric"
              value={form.values.overdue_days}
              onChange={(e) => form.set("overdue_days", e.currentTarget.value)}
              error={form.error("overdue_days")}
              name="overdue_days"
            />
            {choice("balance_status", "balanceStatuses", ["positive", "negative"])}
          </SimpleGrid>
        </>
      )}
      <Textarea label={t("fields.note")} autosize minRows={2} {...form.text("note")} />
    </FormDialog>
  );
}
