import { MSG, ZMobileAppSettings } from "@app/contracts";
import {
  ActionIcon,
  Button,
  Card,
  Group,
  MultiSelect,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Table,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { IconPlus, IconTrash } from "@tabler/icons-react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import Decimal from "decimal.js";
import { type ReactNode, useEffect } from "react";
import { useTranslation } from "react-i18next";
import { PageLoader } from "../../app/LoadingScreen";
import { useCan } from "../../app/session";
import { api } from "../../shared/api/client";
import { citiesListQuery, systemSettingsQuery } from "../../shared/api/settings";
import { currenciesQuery } from "../../shared/CurrencyPicker";
import { moneyFromTyped } from "../../shared/moneyText";
import { notifyError, notifySuccess } from "../../shared/notify";
import { SettingsForm } from "../../shared/SettingsForm";
import { useSeededNames } from "../../shared/seededNames";
import { useZodForm } from "../../shared/useZodForm";
import { type AppSettings, appSettingsQuery, MOBILE_ENDPOINTS } from "./mobileApp.queries";

interface Values extends Record<string, unknown> {
  shop_open: boolean;
  online_order_accepted_minutes: string;
  out_of_stock_min_qty: string;
  min_order_amount: string;
  delivery_fee_mode: "flat" | "per_city";
  delivery_fee: string;
  /** `key`: the row's own, kept while rows are added and removed. */
  city_fees: { key: number; city_fk: string; fee: string }[];
  currency_ids: string[];
  contact_phone: string;
}

let rowKeys = 0;
const nextKey = () => ++rowKeys;

/** A stored decimal as a person writes it (no trailing zeros). */
const plain = (v: string | null | undefined) => new Decimal(v ?? "0").toFixed();

const toValues = (s: AppSettings): Values => ({
  shop_open: s.shop_open,
  online_order_accepted_minutes: String(s.online_order_accepted_minutes),
  out_of_stock_min_qty: plain(s.out_of_stock_min_qty),
  min_order_amount: plain(s.min_order_amount),
  delivery_fee_mode: s.delivery_fee_mode,
  delivery_fee: plain(s.delivery_fee),
  city_fees: s.city_fees.map((f) => ({ key: nextKey(), city_fk: String(f.city_fk), fee: plain(f.fee) })),
  currency_ids: s.currency_ids.map(String),
  contact_phone: s.contact_phone ?? "",
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

/** The shop app's settings: open or closed, orders' minimum and delivery fee, currencies, contact, and the online order times. */
export function AppSettingsPage() {
  const { t } = useTranslation("mobileapp");
  const names = useSeededNames();
  const can = useCan();
  const queryClient = useQueryClient();
  const settings = useQuery(appSettingsQuery);
  const currencies = useQuery(currenciesQuery);
  const cities = useQuery(citiesListQuery);
  const readOnly = !can(`${MOBILE_ENDPOINTS.settings}/update`);
  const form = useZodForm<Values>({
    shop_open: true,
    online_order_accepted_minutes: "",
    out_of_stock_min_qty: "0",
    min_order_amount: "0",
    delivery_fee_mode: "flat",
    delivery_fee: "0",
    city_fees: [],
    currency_ids: [],
    contact_phone: "",
  });
  const { load } = form;
  useEffect(() => {
    if (settings.data) load(toValues(settings.data));
  }, [settings.data, load]);

  const save = useMutation({
    mutationFn: (body: Record<string, unknown>) => api<{ message?: string }>(MOBILE_ENDPOINTS.settings, { method: "PUT", body }),
    onSuccess: (res) => {
      notifySuccess(res?.message ?? MSG.updated);
      void queryClient.invalidateQueries({ queryKey: appSettingsQuery.queryKey });
      // The accepted time and the out-of-stock minimum are system settings too.
      void queryClient.invalidateQueries({ queryKey: systemSettingsQuery.queryKey });
    },
    onError: (err) => {
      if (!form.applyServerErrors(err)) notifyError(err);
    },
    meta: { silent: true },
  });

  const v = form.values;
  const submit = () => {
    const body = {
      shop_open: v.shop_open,
      online_order_accepted_minutes: v.online_order_accepted_minutes.trim(),
      out_of_stock_min_qty: moneyFromTyped(v.out_of_stock_min_qty.trim()) || "0",
      min_order_amount: moneyFromTyped(v.min_order_amount.trim()) || "0",
      delivery_fee_mode: v.delivery_fee_mode,
      delivery_fee: moneyFromTyped(v.delivery_fee.trim()) || "0",
      city_fees:
        v.delivery_fee_mode === "per_city"
          ? v.city_fees.filter((f) => f.city_fk).map((f) => ({ city_fk: Number(f.city_fk), fee: moneyFromTyped(f.fee.trim()) || "0" }))
          : [],
      currency_ids: v.currency_ids.map(Number),
      contact_phone: v.contact_phone.trim() || null,
    };
    if (form.validate(ZMobileAppSettings, body)) save.mutate(body);
  };

  if (settings.isPending) return <PageLoader />;

  const text = (key: keyof Values & string, hint?: string) => (
    <TextInput
      label={t(`fields.${key}`)}
      description={hint}
      value={String(v[key] ?? "")}
      onChange={(e) => form.set(key, e.currentTarget.value)}
      error={form.error(key)}
      disabled={readOnly}
      inputMode={key === "contact_phone" ? "tel" : "decimal"}
      data-testid={`field-${key}`}
    />
  );
  const setFee = (at: number, change: Partial<Values["city_fees"][number]>) =>
    form.set(
      "city_fees",
      v.city_fees.map((f, i) => (i === at ? { ...f, ...change } : f)),
    );
  const cityChoices = (cities.data ?? []).map((c) => ({ value: String(c.city_id), label: names.city(c.city_name) }));

  return (
    <SettingsForm
      title={t("settings.title")}
      description={t("settings.description")}
      canSave={!readOnly}
      saving={save.isPending}
      saveTestId="app-settings-save"
      onSubmit={submit}
    >
      <Stack>
        <Section title={t("settings.shop")} hint={t("settings.shopHint")}>
          <Stack>
            <Switch
              label={t("fields.shop_open")}
              description={t("settings.shopOpenHint")}
              checked={v.shop_open}
              onChange={(e) => form.set("shop_open", e.currentTarget.checked)}
              disabled={readOnly}
              data-testid="field-shop_open"
            />
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              {text("contact_phone")}
              <MultiSelect
                label={t("fields.currency_ids")}
                data={(currencies.data ?? []).map((c) => ({ value: String(c.currency_id), label: c.currency_name }))}
                value={v.currency_ids}
                onChange={(x) => form.set("currency_ids", x)}
                error={form.error("currency_ids")}
                disabled={readOnly}
                data-testid="field-currency_ids"
              />
            </SimpleGrid>
          </Stack>
        </Section>
        <Section title={t("settings.orders")} hint={t("settings.ordersHint")}>
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            {text("online_order_accepted_minutes", t("settings.acceptedHint"))}
            {text("out_of_stock_min_qty", t("settings.outOfStockHint"))}
            {text("min_order_amount", t("settings.minOrderHint"))}
          </SimpleGrid>
        </Section>
        <Section title={t("settings.delivery")} hint={t("settings.deliveryHint")}>
          <Stack>
            <SegmentedControl
              value={v.delivery_fee_mode}
              onChange={(x) => form.set("delivery_fee_mode", x as Values["delivery_fee_mode"])}
              disabled={readOnly}
              data={(["flat", "per_city"] as const).map((x) => ({ value: x, label: t(`feeModes.${x}`) }))}
              data-testid="field-delivery_fee_mode"
            />
            {text("delivery_fee", v.delivery_fee_mode === "per_city" ? t("settings.otherCitiesHint") : undefined)}
            {v.delivery_fee_mode === "per_city" && (
              <Stack gap="xs">
                {v.city_fees.length > 0 && (
                  <Table withTableBorder data-testid="city-fees">
                    <Table.Tbody>
                      {v.city_fees.map((f, at) => (
                        <Table.Tr key={f.key}>
                          <Table.Td>
                            <Select
                              aria-label={t("fields.city")}
                              data={cityChoices}
                              value={f.city_fk || null}
                              onChange={(x) => setFee(at, { city_fk: x ?? "" })}
                              error={form.error(`city_fees.${at}.city_fk`)}
                              searchable
                              disabled={readOnly}
                              nothingFoundMessage={t("messages:nothingFound")}
                            />
                          </Table.Td>
                          <Table.Td w={180}>
                            <TextInput
                              aria-label={t("fields.delivery_fee")}
                              inputMode="decimal"
                              value={f.fee}
                              onChange={(e) => setFee(at, { fee: e.currentTarget.value })}
                              error={form.error(`city_fees.${at}.fee`)}
                              disabled={readOnly}
                            />
                          </Table.Td>
                          <Table.Td w={48}>
                            {!readOnly && (
                              <ActionIcon
                                variant="subtle"
                                color="red"
                                aria-label={t("settings.removeCity")}
                                onClick={() =>
                                  form.set(
                                    "city_fees",
                                    v.city_fees.filter((_, i) => i !== at),
                                  )
                                }
                              >
                                <IconTrash size={16} />
                              </ActionIcon>
                            )}
                          </Table.Td>
                        </Table.Tr>
                      ))}
                    </Table.Tbody>
                  </Table>
                )}
                {form.error("city_fees") && (
                  <Text size="xs" c="red" role="alert">
                    {form.error("city_fees")}
                  </Text>
                )}
                {!readOnly && (
                  <Group>
                    <Button
                      variant="light"
                      leftSection={<IconPlus size={16} />}
                      onClick={() => form.set("city_fees", [...v.city_fees, { key: nextKey(), city_fk: "", fee: "" }])}
                      data-testid="city-fee-add"
                    >
                      {t("settings.addCity")}
                    </Button>
                  </Group>
                )}
              </Stack>
            )}
          </Stack>
        </Section>
      </Stack>
    </SettingsForm>
  );
}
