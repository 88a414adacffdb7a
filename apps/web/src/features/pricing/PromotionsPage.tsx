import { PROMO_AMOUNT_RULE_TYPES, PROMO_CUSTOMER_RULES, PROMO_PRODUCT_RULES, PROMO_REWARD_TYPES, ZPromotion } from "@app/contracts";
import { Button, Group, Select, Switch, TextInput } from "@mantine/core";
import { IconDiscount, IconPlus } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useCan } from "../../app/session";
import { ActiveBadge } from "../../shared/ActiveBadge";
import { Autocomplete, type Choice } from "../../shared/Autocomplete";
import { categoryTreeQuery } from "../../shared/api/catalogue";
import { brandsListQuery } from "../../shared/api/settings";
import { categoryOptions } from "../../shared/categoryOptions";
import { useCrud } from "../../shared/crud";
import { type Column, DataTable, editDeleteActions, type FilterField } from "../../shared/DataTable";
import { DateField } from "../../shared/DateField";
import { FormDialog } from "../../shared/FormDialog";
import { useFormat } from "../../shared/format";
import { PageHeader } from "../../shared/PageHeader";
import { useConfirmDelete } from "../../shared/useConfirmDelete";
import { useZodForm } from "../../shared/useZodForm";
import { PROMOTIONS_EP, type PromotionRow, pricingProfilesDropdown } from "./pricing.queries";

const choice = (value: number | null, label: string | null): Choice | null => (value ? { value, label: label ?? "" } : null);

function PromotionForm({ row, onClose }: { row: PromotionRow | null; onClose: () => void }) {
  const { t } = useTranslation("sales");
  const form = useZodForm({
    title: row?.title ?? "",
    customer_rule: row?.customer_rule ?? "all",
    customer: choice(row?.customer_fk ?? null, row?.customer_name ?? null),
    profile_fk: row?.profile_fk ? String(row.profile_fk) : "",
    product_rule: row?.product_rule ?? "all",
    category_fk: row?.category_fk ? String(row.category_fk) : "",
    brand_fk: row?.brand_fk ? String(row.brand_fk) : "",
    item: choice(row?.item_fk ?? null, row?.item_name ?? null),
    amount_rule_type: row?.amount_rule_type ?? "none",
    rule_value: row?.rule_value ?? "",
    reward_type: row?.reward_type ?? "get_discount",
    reward_value: row?.reward_value ?? "",
    start_date: row?.start_date ?? "",
    end_date: row?.end_date ?? "",
    is_active: row?.is_active ?? true,
  });
  const v = form.values;
  const profiles = useQuery({ ...pricingProfilesDropdown, enabled: v.customer_rule === "profile" });
  const tree = useQuery({ ...categoryTreeQuery, enabled: v.product_rule === "category" });
  const brands = useQuery({ ...brandsListQuery, enabled: v.product_rule === "brand" });
  const { create, update } = useCrud(PROMOTIONS_EP, { onInvalid: form.applyServerErrors });
  const submit = () => {
    const { customer, item, ...rest } = v;
    const body = form.validate(ZPromotion, { ...rest, customer_fk: customer?.value ?? null, item_fk: item?.value ?? null });
    if (!body) return;
    if (row) update.mutate({ id: row.promotion_id, body }, { onSuccess: onClose });
    else create.mutate(body, { onSuccess: onClose });
  };
  const select = <K extends "customer_rule" | "product_rule" | "amount_rule_type" | "reward_type">(
    key: K,
    values: readonly string[],
    labels: string,
  ) => (
    <Select
      label={t(`promotions.fields.${key}`)}
      withAsterisk
      allowDeselect={false}
      name={key}
      data={values.map((value) => ({ value, label: t(`promotions.${labels}.${value}`) }))}
      value={v[key]}
      onChange={(next) => next && form.set(key, next as (typeof v)[K])}
      error={form.error(key)}
    />
  );
  return (
    <FormDialog
      title={row ? t("promotions.edit") : t("promotions.add")}
      icon={<IconDiscount size={20} />}
      onClose={onClose}
      onSubmit={submit}
      saving={create.isPending || update.isPending}
      testId="promotion-form"
      saveTestId="promotion-save"
      size="lg"
    >
      <TextInput label={t("promotions.fields.title")} withAsterisk data-autofocus maxLength={100} {...form.text("title")} />
      <Group grow align="flex-start">
        <DateField
          label={t("promotions.fields.start_date")}
          withAsterisk
          value={v.start_date || null}
          onChange={(val) => form.set("start_date", val ?? "")}
          error={form.error("start_date")}
          data-testid="promotion-start"
        />
        <DateField
          label={t("promotions.fields.end_date")}
          withAsterisk
          value={v.end_date || null}
          onChange={(val) => form.set("end_date", val ?? "")}
          error={form.error("end_date")}
          data-testid="promotion-end"
        />
      </Group>
      <Group grow align="flex-start">
        {select("customer_rule", PROMO_CUSTOMER_RULES, "customerRule")}
        {v.customer_rule === "customer" && (
          <Autocomplete<{ consumer_id: number; consumer_name: string }>
            endpoint="customers"
            label={t("promotions.fields.customer")}
            toChoice={(c) => ({ value: c.consumer_id, label: c.consumer_name })}
            value={v.customer}
            onChange={(c) => form.set("customer", c)}
            error={form.error("customer_fk")}
          />
        )}
        {v.customer_rule === "profile" && (
          <Select
            label={t("promotions.fields.profile")}
            withAsterisk
            searchable
            name="profile_fk"
            data={(profiles.data ?? []).map((p) => ({ value: String(p.profile_id), label: p.profile_name }))}
            value={v.profile_fk || null}
            onChange={(next) => form.set("profile_fk", next ?? "")}
            error={form.error("profile_fk")}
          />
        )}
      </Group>
      <Group grow align="flex-start">
        {select("product_rule", PROMO_PRODUCT_RULES, "productRule")}
        {v.product_rule === "category" && (
          <Select
            label={t("promotions.fields.category")}
            withAsterisk
            searchable
            name="category_fk"
            {...categoryOptions(tree.data ?? [])}
            value={v.category_fk || null}
            onChange={(next) => form.set("category_fk", next ?? "")}
            error={form.error("category_fk")}
          />
        )}
        {v.product_rule === "brand" && (
          <Select
            label={t("promotions.fields.brand")}
            withAsterisk
            searchable
            name="brand_fk"
            data={(brands.data ?? []).map((b) => ({ value: String(b.brand_id), label: b.brand_name }))}
            value={v.brand_fk || null}
            onChange={(next) => form.set("brand_fk", next ?? "")}
            error={form.error("brand_fk")}
          />
        )}
        {v.product_rule === "item" && (
          <Autocomplete<{ item_id: number; item_name: string }>
            endpoint="items"
            label={t("promotions.fields.item")}
            toChoice={(i) => ({ value: i.item_id, label: i.item_name })}
            value={v.item}
            onChange={(i) => form.set("item", i)}
            error={form.error("item_fk")}
          />
        )}
      </Group>
      <Group grow align="flex-start">
        {select("amount_rule_type", PROMO_AMOUNT_RULE_TYPES, "amountRule")}
        {v.amount_rule_type !== "none" && (
          <TextInput
            label={t("promotions.fields.rule_value")}
            withAsterisk
            inputMode="decimal"
            dir="ltr"
            description={t(`promotions.ruleHint.${v.amount_rule_type}`)}
            data-testid="promotion-rule-value"
            {...form.text("rule_value")}
          />
        )}
      </Group>
      <Group grow align="flex-start">
        {select("reward_type", PROMO_REWARD_TYPES, "reward")}
        <TextInput
          label={t("promotions.fields.reward_value")}
          withAsterisk
          inputMode="decimal"
          dir="ltr"
          description={t(`promotions.rewardHint.${v.reward_type}`)}
          {...form.text("reward_value")}
        />
      </Group>
      <Switch
        label={t("promotions.fields.is_active")}
        checked={v.is_active}
        onChange={(e) => form.set("is_active", e.currentTarget.checked)}
      />
    </FormDialog>
  );
}

/** Promotions (SPEC §3 "Promotion rules"): who, which items, from how much, the reward, between two days. */
export function PromotionsPage() {
  const { t } = useTranslation("sales");
  const can = useCan();
  const fmt = useFormat();
  const [editing, setEditing] = useState<PromotionRow | "new" | null>(null);
  const del = useConfirmDelete<PromotionRow>(PROMOTIONS_EP, { idOf: (r) => r.promotion_id, nameOf: (r) => r.title });
  const target = (rule: string, name: string | null) => (name ? `${rule}: ${name}` : rule);
  const columns: Column<PromotionRow>[] = [
    { key: "title", label: "sales:promotions.fields.title" },
    {
      key: "customer_rule",
      label: "sales:promotions.fields.customer_rule",
      text: (r) => target(t(`promotions.customerRule.${r.customer_rule}`), r.customer_name ?? r.profile_name),
    },
    {
      key: "product_rule",
      label: "sales:promotions.fields.product_rule",
      text: (r) => target(t(`promotions.productRule.${r.product_rule}`), r.category_name ?? r.brand_name ?? r.item_name),
    },
    {
      key: "amount_rule_type",
      label: "sales:promotions.fields.amount_rule_type",
      text: (r) =>
        r.amount_rule_type === "none"
          ? t("promotions.amountRule.none")
          : `${t(`promotions.amountRule.${r.amount_rule_type}`)} ${fmt.amount(r.rule_value)}`,
    },
    {
      key: "reward_type",
      label: "sales:promotions.fields.reward_type",
      text: (r) => t(`promotions.rewardShort.${r.reward_type}`, { value: fmt.amount(r.reward_value) }),
    },
    { key: "start_date", label: "sales:promotions.fields.start_date", format: "date" },
    { key: "end_date", label: "sales:promotions.fields.end_date", format: "date" },
    {
      key: "is_active",
      label: "sales:promotions.fields.is_active",
      text: (r) => t(r.is_active ? "common:status.active" : "common:status.inactive"),
      render: (r) => <ActiveBadge on={r.is_active} />,
    },
  ];
  const filters: FilterField[] = [
    {
      key: "reward_type",
      label: "sales:promotions.fields.reward_type",
      type: "select",
      options: PROMO_REWARD_TYPES.map((v) => ({ value: v, label: `sales:promotions.reward.${v}` })),
    },
    {
      key: "is_active",
      label: "sales:promotions.fields.is_active",
      type: "select",
      options: [
        { value: "1", label: "common:status.active" },
        { value: "0", label: "common:status.inactive" },
      ],
    },
  ];
  return (
    <>
      <PageHeader title={t("promotions.title")} description={t("promotions.description")} />
      <DataTable<PromotionRow>
        endpoint={PROMOTIONS_EP}
        model={PROMOTIONS_EP}
        title="sales:promotions.title"
        columns={columns}
        rowKey={(r) => r.promotion_id}
        filters={filters}
        defaultSort="promotion_id"
        toolbar={
          can(`${PROMOTIONS_EP}/store`) && (
            <Button data-list-add leftSection={<IconPlus size={16} />} onClick={() => setEditing("new")} data-testid="promotion-add">
              {t("promotions.add")}
            </Button>
          )
        }
        actions={editDeleteActions<PromotionRow>(PROMOTIONS_EP, setEditing, del.ask)}
      />
      {editing !== null && <PromotionForm row={editing === "new" ? null : editing} onClose={() => setEditing(null)} />}
      {del.dialog}
    </>
  );
}
