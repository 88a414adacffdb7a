import { PRICING_APPLY_ON, type PricingApplyOn, ZPricingProfile } from "@app/contracts";
import { Button, Group, Select, Switch, Text, TextInput } from "@mantine/core";
import { IconPercentage, IconPlus } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useCan } from "../../app/session";
import { useCrud } from "../../shared/crud";
import { type Column, DataTable, editDeleteActions, type FilterField } from "../../shared/DataTable";
import { FormDialog } from "../../shared/FormDialog";
import { useFormat } from "../../shared/format";
import { MoneyInput } from "../../shared/MoneyInput";
import { PageHeader } from "../../shared/PageHeader";
import { useConfirmDelete } from "../../shared/useConfirmDelete";
import { useZodForm } from "../../shared/useZodForm";
import { PRICING_EP, PRICING_SECTION, type PricingProfileRow } from "./pricing.queries";
import "../../shared/amount.css";
import { ActiveBadge } from "../../shared/ActiveBadge";

function PricingProfileForm({ row, onClose }: { row: PricingProfileRow | null; onClose: () => void }) {
  const { t } = useTranslation("pricing");
  const form = useZodForm({
    profile_name: row?.profile_name ?? "",
    discount_percentage: row?.discount_percentage ?? "",
    apply_on: (row?.apply_on ?? "sale_price") as PricingApplyOn,
    discount_start_amount: row?.discount_start_amount ?? "",
    discount_end_amount: row?.discount_end_amount ?? "",
    is_active: row?.is_active ?? true,
  });
  const { create, update } = useCrud(PRICING_EP, { onInvalid: form.applyServerErrors });
  const submit = () => {
    const body = form.validate(ZPricingProfile);
    if (!body) return;
    if (row) update.mutate({ id: row.profile_id, body }, { onSuccess: onClose });
    else create.mutate(body, { onSuccess: onClose });
  };
  return (
    <FormDialog
      title={row ? t("edit") : t("add")}
      icon={<IconPercentage size={20} />}
      onClose={onClose}
      onSubmit={submit}
      saving={create.isPending || update.isPending}
      testId="pricing-form"
      saveTestId="pricing-save"
    >
      <TextInput label={t("fields.profile_name")} withAsterisk data-autofocus maxLength={100} {...form.text("profile_name")} />
      <TextInput
        label={t("fields.discount_percentage")}
        withAsterisk
        inputMode="decimal"
        rightSection={<IconPercentage size={16} />}
        {...form.text("discount_percentage")}
      />
      <Select
        label={t("fields.apply_on")}
        withAsterisk
        allowDeselect={false}
        name="apply_on"
        data={PRICING_APPLY_ON.map((v) => ({ value: v, label: t(`applyOn.${v}`) }))}
        value={form.values.apply_on}
        onChange={(v) => v && form.set("apply_on", v as PricingApplyOn)}
        description={t(`applyOnHint.${form.values.apply_on}`)}
        error={form.error("apply_on")}
      />
      <Group grow align="flex-start">
        <MoneyInput
          label={t("fields.discount_start_amount")}
          name="discount_start_amount"
          zeroWhenEmpty={false}
          value={form.values.discount_start_amount}
          onChange={(v) => form.set("discount_start_amount", v)}
          error={form.error("discount_start_amount")}
        />
        <MoneyInput
          label={t("fields.discount_end_amount")}
          name="discount_end_amount"
          zeroWhenEmpty={false}
          value={form.values.discount_end_amount}
          onChange={(v) => form.set("discount_end_amount", v)}
          error={form.error("discount_end_amount")}
        />
      </Group>
      <Text size="xs" c="dimmed" mt={-8}>
        {t("amountsHint")}
      </Text>
      <Switch
        label={t("fields.is_active")}
        checked={form.values.is_active}
        onChange={(e) => form.set("is_active", e.currentTarget.checked)}
      />
    </FormDialog>
  );
}

/** Customer price lists: a percentage off the sale price or on top of the cost, picked on each customer. */
export function PricingProfilesPage() {
  const { t } = useTranslation("pricing");
  const can = useCan();
  const fmt = useFormat();
  const [editing, setEditing] = useState<PricingProfileRow | "new" | null>(null);
  const del = useConfirmDelete<PricingProfileRow>(PRICING_EP, { idOf: (r) => r.profile_id, nameOf: (r) => r.profile_name });
  const columns: Column<PricingProfileRow>[] = [
    { key: "profile_name", label: "pricing:fields.profile_name" },
    {
      key: "discount_percentage",
      label: "pricing:fields.discount_percentage",
      format: "percent",
      render: (r) => <span className="amount">{fmt.percent(r.discount_percentage)}</span>,
    },
    { key: "apply_on", label: "pricing:fields.apply_on", text: (r) => t(`applyOn.${r.apply_on}`) },
    {
      key: "is_active",
      label: "pricing:fields.is_active",
      text: (r) => t(r.is_active ? "common:status.active" : "common:status.inactive"),
      render: (r) => <ActiveBadge on={r.is_active} />,
    },
  ];
  const filters: FilterField[] = [
    {
      key: "apply_on",
      label: "pricing:fields.apply_on",
      type: "select",
      options: PRICING_APPLY_ON.map((v) => ({ value: v, label: `pricing:applyOn.${v}` })),
    },
    {
      key: "is_active",
      label: "pricing:fields.is_active",
      type: "select",
      options: [
        { value: "1", label: "common:status.active" },
        { value: "0", label: "common:status.inactive" },
      ],
    },
  ];
  return (
    <>
      <PageHeader title={t("title")} description={t("description")} />
      <DataTable<PricingProfileRow>
        endpoint={PRICING_EP}
        model={PRICING_EP}
        title="pricing:title"
        columns={columns}
        rowKey={(r) => r.profile_id}
        filters={filters}
        defaultSort="profile_id"
        toolbar={
          can(`${PRICING_SECTION}/store`) && (
            <Button data-list-add leftSection={<IconPlus size={16} />} onClick={() => setEditing("new")} data-testid="pricing-add">
              {t("add")}
            </Button>
          )
        }
        actions={editDeleteActions<PricingProfileRow>(PRICING_SECTION, setEditing, del.ask)}
      />
      {editing !== null && <PricingProfileForm row={editing === "new" ? null : editing} onClose={() => setEditing(null)} />}
      {del.dialog}
    </>
  );
}
