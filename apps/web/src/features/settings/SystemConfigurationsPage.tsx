import { ACCOUNTING_OPTIONS, CASHIER_LOGIN_OPTIONS, MSG, ZSystemSettings } from "@app/contracts";
import { Card, Group, MultiSelect, SegmentedControl, Select, SimpleGrid, Stack, Switch, Text, TextInput, Title } from "@mantine/core";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import Decimal from "decimal.js";
import { type ReactNode, useEffect } from "react";
import { useTranslation } from "react-i18next";
import { PageLoader } from "../../app/LoadingScreen";
import { systemConfigQuery, useCan } from "../../app/session";
import { api } from "../../shared/api/client";
import { cashAccountsListQuery, inventoriesListQuery, type SystemSettings, systemSettingsQuery } from "../../shared/api/settings";
import { rolesListQuery } from "../../shared/api/staff";
import { currenciesQuery } from "../../shared/CurrencyPicker";
import { moneyFromTyped } from "../../shared/moneyText";
import { notifyError, notifySuccess } from "../../shared/notify";
import { SettingsForm } from "../../shared/SettingsForm";
import { useSeededNames } from "../../shared/seededNames";
import { useZodForm } from "../../shared/useZodForm";
import { PosSettingsCard } from "./PosSettingsCard";

interface Values extends Record<string, unknown> {
  currency_fk: string;
  default_inventory_fk: string;
  default_account_fk: string;
  cashier_login_option: string;
  accounting_option: string;
  allow_negative_stock: boolean;
  out_of_stock_min_qty: string;
  online_order_accepted_minutes: string;
  pagination_default: string;
  pagination_options: string;
  password_min_length: string;
  iqd_decimals: string;
  two_factor_super_user: boolean;
  two_factor_role_ids: string[];
}

const toValues = (s: SystemSettings): Values => ({
  currency_fk: String(s.currency_fk),
  default_inventory_fk: s.default_inventory_fk ? String(s.default_inventory_fk) : "",
  default_account_fk: s.default_account_fk ? String(s.default_account_fk) : "",
  cashier_login_option: s.cashier_login_option,
  accounting_option: s.accounting_option,
  allow_negative_stock: s.allow_negative_stock,
  // Stored with four decimals; shown as a person writes it.
  out_of_stock_min_qty: new Decimal(s.out_of_stock_min_qty ?? "0").toFixed(),
  online_order_accepted_minutes: String(s.online_order_accepted_minutes ?? ""),
  pagination_default: String(s.pagination_default ?? ""),
  pagination_options: s.pagination_options ?? "",
  password_min_length: String(s.password_min_length ?? ""),
  iqd_decimals: String(s.iqd_decimals ?? 0),
  two_factor_super_user: s.two_factor_super_user,
  two_factor_role_ids: (s.two_factor_role_ids ?? []).map(String),
});

function Section({ title, hint, children }: { title: string; hint: string; children: ReactNode }) {
  return (
    <Card withBorder radius="md" p="lg">
      <Title order={5}>{title}</Title>
      <Text size="sm" c="dimmed" mb="md">
        {hint}
      </Text>
      {children}
    </Card>
  );
}

/** System configuration (issue 4): currency, defaults, cashier login, stock and paging settings. */
/** Fields that show their message beneath them; any other goes to the line under the form. */
const UNDER_FIELD = new Set([
  "currency_fk",
  "default_account_fk",
  "default_inventory_fk",
  "out_of_stock_min_qty",
  "online_order_accepted_minutes",
  "pagination_default",
  "pagination_options",
  "password_min_length",
  "iqd_decimals",
  "two_factor_role_ids",
]);

export function SystemConfigurationsPage() {
  const { t } = useTranslation("settings");
  const names = useSeededNames();
  const can = useCan();
  const queryClient = useQueryClient();
  const settings = useQuery(systemSettingsQuery);
  const currencies = useQuery(currenciesQuery);
  const inventories = useQuery(inventoriesListQuery);
  const accounts = useQuery(cashAccountsListQuery);
  const roles = useQuery({ ...rolesListQuery, meta: { silent: true } });
  const form = useZodForm<Values>({
    currency_fk: "1",
    default_inventory_fk: "",
    default_account_fk: "",
    cashier_login_option: "Name",
    accounting_option: "Together",
    allow_negative_stock: false,
    out_of_stock_min_qty: "0",
    online_order_accepted_minutes: "",
    pagination_default: "",
    pagination_options: "",
    password_min_length: "",
    iqd_decimals: "0",
    two_factor_super_user: false,
    two_factor_role_ids: [],
  });
  const { load } = form;
  useEffect(() => {
    if (settings.data) load(toValues(settings.data));
  }, [settings.data, load]);
  const readOnly = !can("system_settings/update");

  const save = useMutation({
    mutationFn: (body: Record<string, unknown>) =>
      api<{ message?: string }>("system_settings_update/1", { method: "POST", body: { ...body, _method: "PATCH" } }),
    onSuccess: (res) => {
      notifySuccess(res?.message ?? MSG.updated);
      void queryClient.invalidateQueries({ queryKey: systemSettingsQuery.queryKey });
      // The start-up configuration (system currency, paging) follows at once.
      void queryClient.invalidateQueries({ queryKey: systemConfigQuery.queryKey });
    },
    onError: (err) => {
      if (!form.applyServerErrors(err)) notifyError(err);
    },
    meta: { silent: true },
  });

  const submit = () => {
    const v = form.values;
    const body = {
      currency_fk: Number(v.currency_fk),
      default_inventory_fk: v.default_inventory_fk,
      default_account_fk: v.default_account_fk,
      cashier_login_option: v.cashier_login_option,
      accounting_option: v.accounting_option,
      allow_negative_stock: v.allow_negative_stock,
      out_of_stock_min_qty: v.out_of_stock_min_qty.trim() || "0",
      online_order_accepted_minutes: v.online_order_accepted_minutes.trim(),
      pagination_default: v.pagination_default.trim(),
      pagination_options: v.pagination_options.replace(/\s+/g, ""),
      password_min_length: v.password_min_length.trim(),
      // Typed as people type: Arabic-Indic digits read as digits.
      iqd_decimals: moneyFromTyped(v.iqd_decimals.trim()),
      two_factor_super_user: v.two_factor_super_user,
      two_factor_role_ids: v.two_factor_role_ids.map(Number),
    };
    if (form.validate(ZSystemSettings, body)) save.mutate(body);
  };

  if (settings.isPending) return <PageLoader />;
  // Each message shows once: under its field, or here for the choices that have no message of their own.
  const elsewhere = Object.keys(form.errors).filter((k) => !UNDER_FIELD.has(k));

  const select = (key: keyof Values & string, data: { value: string; label: string }[]) => (
    <Select
      label={t(`fields.${key}`)}
      data={data}
      value={String(form.values[key] ?? "") || null}
      onChange={(x) => form.set(key, x ?? "")}
      error={form.error(key)}
      searchable
      allowDeselect={false}
      disabled={readOnly}
      nothingFoundMessage={t("messages:nothingFound")}
      data-testid={`field-${key}`}
    />
  );
  const text = (key: keyof Values & string, description?: string) => (
    <TextInput
      label={t(`fields.${key}`)}
      description={description}
      value={String(form.values[key] ?? "")}
      onChange={(e) => form.set(key, e.currentTarget.value)}
      error={form.error(key)}
      disabled={readOnly}
      inputMode="decimal"
      data-testid={`field-${key}`}
    />
  );
  const segmented = (key: "cashier_login_option" | "accounting_option", values: readonly string[], hint?: string) => (
    <Stack gap={4}>
      <Text size="sm" fw={500}>
        {t(`fields.${key}`)}
      </Text>
      {hint && (
        <Text size="xs" c="dimmed">
          {hint}
        </Text>
      )}
      <SegmentedControl
        value={form.values[key]}
        onChange={(x) => form.set(key, x)}
        disabled={readOnly}
        data={values.map((x) => ({ value: x, label: t(`options.${x}`) }))}
        data-testid={`field-${key}`}
      />
    </Stack>
  );

  return (
    <Stack gap="lg">
      <SettingsForm
        title={t("systemConfig.title")}
        description={t("systemConfig.description")}
        canSave={!readOnly}
        saving={save.isPending}
        saveTestId="settings-save"
        onSubmit={submit}
      >
        <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg">
          <Section title={t("systemConfig.money")} hint={t("systemConfig.moneyHint")}>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              {select(
                "currency_fk",
                (currencies.data ?? []).map((c) => ({ value: String(c.currency_id), label: c.currency_name })),
              )}
              {select(
                "default_account_fk",
                (accounts.data ?? []).map((a) => ({ value: String(a.account_id), label: names.account(a.account_name, a.system_key) })),
              )}
              {segmented("accounting_option", ACCOUNTING_OPTIONS, t("systemConfig.accountingOptionHint"))}
              {text("iqd_decimals", t("systemConfig.iqdDecimalsHint"))}
            </SimpleGrid>
          </Section>
          <Section title={t("systemConfig.stock")} hint={t("systemConfig.stockHint")}>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              {select(
                "default_inventory_fk",
                (inventories.data ?? []).map((i) => ({ value: String(i.inventory_id), label: names.inventory(i.inventory_name) })),
              )}
              {text("out_of_stock_min_qty")}
              <Switch
                mt="sm"
                label={t("fields.allow_negative_stock")}
                description={t("systemConfig.negativeHint")}
                checked={form.values.allow_negative_stock}
                onChange={(e) => form.set("allow_negative_stock", e.currentTarget.checked)}
                disabled={readOnly}
                data-testid="field-allow_negative_stock"
              />
            </SimpleGrid>
          </Section>
          <Section title={t("systemConfig.sales")} hint={t("systemConfig.salesHint")}>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              {segmented("cashier_login_option", CASHIER_LOGIN_OPTIONS)}
              {text("online_order_accepted_minutes", t("systemConfig.minutesHint"))}
            </SimpleGrid>
          </Section>
          <Section title={t("systemConfig.lists")} hint={t("systemConfig.listsHint")}>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              {text("pagination_default")}
              {text("pagination_options", t("systemConfig.optionsHint"))}
            </SimpleGrid>
          </Section>
          <Section title={t("systemConfig.security")} hint={t("systemConfig.securityHint")}>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              {text("password_min_length", t("systemConfig.passwordMinHint"))}
              <Switch
                mt="sm"
                label={t("fields.two_factor_super_user")}
                description={t("systemConfig.twoFactorSuperUserHint")}
                checked={form.values.two_factor_super_user}
                onChange={(e) => form.set("two_factor_super_user", e.currentTarget.checked)}
                disabled={readOnly}
                data-testid="field-two_factor_super_user"
              />
              <MultiSelect
                label={t("fields.two_factor_role_ids")}
                description={t("systemConfig.twoFactorRolesHint")}
                // A role the list cannot name (no right to see roles) still shows, by its number.
                data={[
                  ...(roles.data ?? []).map((r) => ({ value: String(r.role_id), label: names.role(r.role_name) })),
                  ...form.values.two_factor_role_ids
                    .filter((id) => !(roles.data ?? []).some((r) => String(r.role_id) === id))
                    .map((id) => ({ value: id, label: `#${id}` })),
                ]}
                value={form.values.two_factor_role_ids}
                onChange={(x) => form.set("two_factor_role_ids", x)}
                error={form.error("two_factor_role_ids")}
                searchable
                clearable
                disabled={readOnly}
                nothingFoundMessage={t("messages:nothingFound")}
                data-testid="field-two_factor_role_ids"
              />
            </SimpleGrid>
          </Section>
        </SimpleGrid>
        {elsewhere.length > 0 && (
          <Group mt="md">
            <Text c="red" size="sm" data-testid="settings-errors">
              {elsewhere.map((k) => form.error(k)).join(" · ")}
            </Text>
          </Group>
        )}
      </SettingsForm>
      <PosSettingsCard />
    </Stack>
  );
}
