import {
  ITEM_PRICING_AMOUNT_TYPES,
  ITEM_PRICING_APPLY_ON,
  ITEM_PRICING_DIRECTIONS,
  type ItemPricingInput,
  ZItemPricing,
} from "@app/contracts";
import { Alert, Button, Group, Paper, ScrollArea, SegmentedControl, Select, Stack, Table, Text } from "@mantine/core";
import { IconDeviceFloppy, IconEye, IconFileSpreadsheet } from "@tabler/icons-react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useCan } from "../../app/session";
import { Autocomplete, type Choice } from "../../shared/Autocomplete";
import { categoryTreeQuery } from "../../shared/api/catalogue";
import { api } from "../../shared/api/client";
import { brandsListQuery, countriesListQuery } from "../../shared/api/settings";
import { categoryOptions } from "../../shared/categoryOptions";
import { type Column, DataTable } from "../../shared/DataTable";
import { useFormat } from "../../shared/format";
import { MoneyInput } from "../../shared/MoneyInput";
import { notifyError, notifySuccess } from "../../shared/notify";
import { PageHeader } from "../../shared/PageHeader";
import { PRICES_EXPORT, PriceSheetDialog } from "../../shared/PriceSheet";
import { countryOptions, useSeededNames } from "../../shared/seededNames";
import { useZodForm } from "../../shared/useZodForm";
import { ITEM_PRICINGS_EP, type ItemPricingRow, type PriceChangeRow } from "./pricing.queries";

interface Preview {
  rows: PriceChangeRow[];
  count: number;
  below_zero: boolean;
}

/** The preview of a change, and the change it was made for: saving is offered only for what was previewed. */
function PreviewTable({ preview }: { preview: Preview }) {
  const { t } = useTranslation("sales");
  const fmt = useFormat();
  const names = useSeededNames();
  if (preview.count === 0) return <Alert color="gray">{t("itemsPricing.noChange")}</Alert>;
  return (
    <Stack gap="xs">
      <Text fw={500} data-testid="pricing-preview-count">
        {t("itemsPricing.previewCount", { count: preview.count })}
      </Text>
      {preview.below_zero && <Alert color="red">{t("itemsPricing.belowZero")}</Alert>}
      <ScrollArea.Autosize mah={360} type="auto" tabIndex={0} aria-label={t("itemsPricing.preview")}>
        <Table striped data-testid="pricing-preview">
          <Table.Thead>
            <Table.Tr>
              {(["item_name", "unit_name", "old_price", "new_price"] as const).map((k) => (
                <Table.Th key={k}>{t(`itemsPricing.columns.${k}`)}</Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {preview.rows.map((r) => (
              <Table.Tr key={r.item_unit_id} c={r.below_zero ? "red" : undefined}>
                <Table.Td>{r.item_name}</Table.Td>
                <Table.Td>{names.unit(r.unit_name)}</Table.Td>
                <Table.Td className="amount">{fmt.sysMoney(r.old_price)}</Table.Td>
                <Table.Td className="amount" fw={600}>
                  {fmt.sysMoney(r.new_price)}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollArea.Autosize>
    </Stack>
  );
}

/** Sale prices changed in bulk (SPEC "Item pricing"): every new price is previewed, then saved at once. */
export function ItemsPricingPage() {
  const { t, i18n } = useTranslation("sales");
  const can = useCan();
  const queryClient = useQueryClient();
  const form = useZodForm({
    apply_on: "category" as ItemPricingInput["apply_on"],
    category_fk: "",
    brand_fk: "",
    made_in_fk: "",
    item: null as Choice | null,
    amount_type: "percent" as ItemPricingInput["amount_type"],
    amount: "",
    direction: "up" as ItemPricingInput["direction"],
  });
  const v = form.values;
  const tree = useQuery({ ...categoryTreeQuery, enabled: v.apply_on === "category" });
  const brands = useQuery({ ...brandsListQuery, enabled: v.apply_on === "brand" });
  const countries = useQuery({ ...countriesListQuery, enabled: v.apply_on === "made_in" });
  const [preview, setPreview] = useState<{ body: ItemPricingInput; result: Preview } | null>(null);
  const [sheet, setSheet] = useState(false);

  const body = () => {
    const { item, ...rest } = v;
    return form.validate(ZItemPricing, { ...rest, item_fk: item?.value ?? null });
  };
  const previewing = useMutation({
    mutationFn: (b: ItemPricingInput) => api<{ data: Preview }>(`${ITEM_PRICINGS_EP}/preview`, { method: "POST", body: b }),
    onSuccess: (res, b) => setPreview({ body: b, result: res.data }),
    onError: (err) => form.applyServerErrors(err) || notifyError(err),
    meta: { silent: true },
  });
  const saving = useMutation({
    mutationFn: (b: ItemPricingInput) => api<{ data: { count: number } }>(ITEM_PRICINGS_EP, { method: "POST", body: b }),
    onSuccess: (res) => {
      notifySuccess(t("itemsPricing.saved", { count: res.data.count }));
      setPreview(null);
      void queryClient.invalidateQueries({ queryKey: [ITEM_PRICINGS_EP] });
      void queryClient.invalidateQueries({ queryKey: ["items"] });
    },
    onError: (err) => form.applyServerErrors(err) || notifyError(err),
    meta: { silent: true },
  });
  // Any change to the form makes the preview stale: it must be asked for again before saving.
  const set = <K extends keyof typeof v>(key: K, value: (typeof v)[K]) => {
    form.set(key, value);
    setPreview(null);
  };
  const selectTarget = (key: "category_fk" | "brand_fk" | "made_in_fk", data: { value: string; label: string }[], extra = {}) => (
    <Select
      label={t(`itemsPricing.fields.${key.replace("_fk", "")}`)}
      withAsterisk
      searchable
      name={key}
      data={data}
      {...extra}
      value={v[key] || null}
      onChange={(next) => set(key, next ?? "")}
      error={form.error(key)}
    />
  );

  const history: Column<ItemPricingRow>[] = [
    { key: "apply_on", label: "sales:itemsPricing.historyColumns.apply_on", text: (r) => t(`itemsPricing.applyOn.${r.apply_on}`) },
    { key: "target_name", label: "sales:itemsPricing.historyColumns.target_name" },
    {
      key: "amount",
      label: "sales:itemsPricing.historyColumns.amount",
      text: (r) => (r.amount_type === "percent" ? `${r.amount}%` : r.amount),
    },
    { key: "direction", label: "sales:itemsPricing.historyColumns.direction", text: (r) => t(`itemsPricing.direction.${r.direction}`) },
    { key: "changed_count", label: "sales:itemsPricing.historyColumns.changed_count" },
    { key: "recalculated_by_name", label: "sales:itemsPricing.historyColumns.recalculated_by_name" },
    { key: "recalculated_at", label: "sales:itemsPricing.historyColumns.recalculated_at", format: "datetime" },
  ];

  return (
    <>
      <PageHeader
        title={t("itemsPricing.title")}
        description={t("itemsPricing.description")}
        actions={
          can(PRICES_EXPORT) && (
            <Button
              variant="default"
              leftSection={<IconFileSpreadsheet size={16} />}
              onClick={() => setSheet(true)}
              data-testid="pricing-price-sheet"
            >
              {t("sheets:prices.open")}
            </Button>
          )
        }
      />
      {sheet && <PriceSheetDialog query={{}} onClose={() => setSheet(false)} />}
      {can(`${ITEM_PRICINGS_EP}/store`) && (
        <Paper withBorder p="md" mb="md">
          <form
            onSubmit={(e) => {
              e.preventDefault();
              const b = body();
              if (b) previewing.mutate(b);
            }}
          >
            <Stack>
              <Group grow align="flex-start">
                <Select
                  label={t("itemsPricing.fields.apply_on")}
                  withAsterisk
                  allowDeselect={false}
                  name="apply_on"
                  data={ITEM_PRICING_APPLY_ON.map((value) => ({ value, label: t(`itemsPricing.applyOn.${value}`) }))}
                  value={v.apply_on}
                  onChange={(next) => next && set("apply_on", next as ItemPricingInput["apply_on"])}
                  error={form.error("apply_on")}
                  data-autofocus
                />
                {v.apply_on === "category" && selectTarget("category_fk", [], categoryOptions(tree.data ?? []))}
                {v.apply_on === "brand" &&
                  selectTarget(
                    "brand_fk",
                    (brands.data ?? []).map((b) => ({ value: String(b.brand_id), label: b.brand_name })),
                  )}
                {v.apply_on === "made_in" && selectTarget("made_in_fk", countryOptions(i18n.language, countries.data ?? []))}
                {v.apply_on === "item" && (
                  <Autocomplete<{ item_id: number; item_name: string }>
                    endpoint="items"
                    label={t("itemsPricing.fields.item")}
                    toChoice={(i) => ({ value: i.item_id, label: i.item_name })}
                    value={v.item}
                    onChange={(c) => set("item", c)}
                    error={form.error("item_fk")}
                  />
                )}
              </Group>
              <Group grow align="flex-start">
                <Select
                  label={t("itemsPricing.fields.amount_type")}
                  withAsterisk
                  allowDeselect={false}
                  name="amount_type"
                  data={ITEM_PRICING_AMOUNT_TYPES.map((value) => ({ value, label: t(`itemsPricing.amountType.${value}`) }))}
                  value={v.amount_type}
                  onChange={(next) => next && set("amount_type", next as ItemPricingInput["amount_type"])}
                  error={form.error("amount_type")}
                />
                <MoneyInput
                  label={t("itemsPricing.fields.amount")}
                  withAsterisk
                  name="amount"
                  zeroWhenEmpty={false}
                  value={v.amount}
                  onChange={(next) => set("amount", next)}
                  error={form.error("amount")}
                />
                <Stack gap={4}>
                  <Text size="sm" fw={500} id="pricing-direction-label">
                    {t("itemsPricing.fields.direction")}
                  </Text>
                  <SegmentedControl
                    aria-labelledby="pricing-direction-label"
                    data={ITEM_PRICING_DIRECTIONS.map((value) => ({ value, label: t(`itemsPricing.direction.${value}`) }))}
                    value={v.direction}
                    onChange={(next) => set("direction", next as ItemPricingInput["direction"])}
                    data-testid="pricing-direction"
                  />
                </Stack>
              </Group>
              <Group>
                <Button
                  type="submit"
                  variant="light"
                  leftSection={<IconEye size={16} />}
                  loading={previewing.isPending}
                  data-testid="pricing-preview-button"
                >
                  {t("itemsPricing.preview")}
                </Button>
                <Button
                  leftSection={<IconDeviceFloppy size={16} />}
                  disabled={!preview || preview.result.count === 0 || preview.result.below_zero}
                  loading={saving.isPending}
                  onClick={() => preview && saving.mutate(preview.body)}
                  data-testid="pricing-save"
                >
                  {t("itemsPricing.save")}
                </Button>
              </Group>
              {preview && <PreviewTable preview={preview.result} />}
            </Stack>
          </form>
        </Paper>
      )}
      <DataTable<ItemPricingRow>
        endpoint={ITEM_PRICINGS_EP}
        model={ITEM_PRICINGS_EP}
        title="sales:itemsPricing.history"
        columns={history}
        rowKey={(r) => r.item_pricing_id}
        defaultSort="item_pricing_id"
      />
    </>
  );
}
